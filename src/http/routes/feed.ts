// The shared breastfeed timer: start, switch sides, stop (logs one milk event) or cancel.
// Every caregiver of the family sees the same running feed in live status.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { cancelFeed, startFeed, stopFeed, switchFeed } from '../../services/log/feed-timer.ts';
import { FeedCancelBody, FeedSchema, FeedStartBody, FeedStopBody, FeedSwitchBody } from '../../schemas/feed.ts';
import { MutationResponse } from '../../schemas/log.ts';
import { LiveStatusSchema } from '../../schemas/insights.ts';
import { resource } from '../route.ts';

const FeedResponse = z
  .object({ status: z.literal('ok'), feed: FeedSchema, live: LiveStatusSchema })
  .meta({ id: 'FeedResponse' });
const FeedCancelResponse = z
  .object({ status: z.literal('ok'), cancelled: FeedSchema.describe('the feed that was cancelled; nothing was logged'), live: LiveStatusSchema })
  .meta({ id: 'FeedCancelResponse' });

// One child's timer (404 for an unknown child); a timer in the wrong state is a 409 carrying it.
const timer = { idempotent: true, child: 'body', errors: [404, 'FeedConflict'] } as const;

export function feedRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Feed timer']);

  r.post('/api/vega/feed/start', {
    texts: true,
    ...timer,
    summary: 'Start a child’s breastfeed timer on one side',
    description:
      'One feed runs per child at a time, shared by every caregiver (live.feeding); twins can feed together, a timer each (`child`). 409 feed_in_progress, with the running feed, when one is already running for that child.',
    body: FeedStartBody,
    response: FeedResponse,
    run: (actor, { body }) => startFeed(ctx, actor, body),
  });

  r.post('/api/vega/feed/switch', {
    texts: true,
    ...timer,
    summary: 'Switch the running feed to the other side (or the side given)',
    description: 'Each side’s minutes are kept; the new side counts from now. Naming the side already feeding changes nothing.',
    body: FeedSwitchBody,
    response: FeedResponse,
    run: (actor, { body }) => switchFeed(ctx, actor, body ?? {}),
  });

  r.post('/api/vega/feed/stop', {
    texts: true,
    ...timer,
    summary: 'Stop the running feed and log it as one milk event',
    description:
      'Logs one milk event at the feed’s start time with side (the only side used, or both), duration_min (the whole feed, at least 1) and ml (0 unless given). ' +
      'A feed running for more than 3 hours is stale: stop then answers 409 feed_stale until ts gives the real end time.',
    body: FeedStopBody,
    response: MutationResponse,
    run: (actor, { body }) => stopFeed(ctx, actor, body ?? {}),
  });

  r.post('/api/vega/feed/cancel', {
    texts: true,
    ...timer,
    summary: 'Cancel the running feed without logging it',
    body: FeedCancelBody.nullish(),
    response: FeedCancelResponse,
    run: (actor) => cancelFeed(ctx, actor),
  });
}
