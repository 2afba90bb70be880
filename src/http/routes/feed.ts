// The shared breastfeed timer: start, switch sides, stop (logs one milk event) or cancel.
// Every caregiver of the family sees the same running feed in live status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { cancelFeed, startFeed, stopFeed, switchFeed } from '../../services/log/feed-timer.ts';
import { FeedCancelBody, FeedConflictBody, FeedSchema, FeedStartBody, FeedStopBody, FeedSwitchBody } from '../../schemas/feed.ts';
import { MutationResponse } from '../../schemas/log.ts';
import { LiveStatusSchema } from '../../schemas/insights.ts';
import { ErrorBody, ErrorWithDetailBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Feed timer'];

const FeedResponse = z
  .object({ status: z.literal('ok'), feed: FeedSchema, live: LiveStatusSchema })
  .meta({ id: 'FeedResponse' });
const FeedCancelResponse = z
  .object({ status: z.literal('ok'), cancelled: FeedSchema.describe('the feed that was cancelled; nothing was logged'), live: LiveStatusSchema })
  .meta({ id: 'FeedCancelResponse' });

export function feedRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/vega/feed/start', {
    config: { idempotent: true, child: 'body' },
    schema: {
      tags,
      summary: 'Start a child’s breastfeed timer on one side',
      description:
        'One feed runs per child at a time, shared by every caregiver (live.feeding); twins can feed together, a timer each (`child`). 409 feed_in_progress, with the running feed, when one is already running for that child.',
      body: FeedStartBody,
      response: { 200: FeedResponse, 400: ErrorWithDetailBody, 404: ErrorBody, 409: FeedConflictBody },
    },
    handler: async (req) => startFeed(ctx, actorOf(req), req.body),
  });

  r.post('/api/vega/feed/switch', {
    config: { idempotent: true, child: 'body' },
    schema: {
      tags,
      summary: 'Switch the running feed to the other side (or the side given)',
      description: 'Each side’s minutes are kept; the new side counts from now. Naming the side already feeding changes nothing.',
      body: FeedSwitchBody,
      response: { 200: FeedResponse, 400: ErrorWithDetailBody, 404: ErrorBody, 409: FeedConflictBody },
    },
    handler: async (req) => switchFeed(ctx, actorOf(req), req.body ?? {}),
  });

  r.post('/api/vega/feed/stop', {
    config: { idempotent: true, child: 'body' },
    schema: {
      tags,
      summary: 'Stop the running feed and log it as one milk event',
      description:
        'Logs one milk event at the feed’s start time with side (the only side used, or both), duration_min (the whole feed, at least 1) and ml (0 unless given). ' +
        'A feed running for more than 3 hours is stale: stop then answers 409 feed_stale until ts gives the real end time.',
      body: FeedStopBody,
      response: {
        200: MutationResponse,
        400: ErrorWithDetailBody,
        404: ErrorBody,
        409: FeedConflictBody,
      },
    },
    handler: async (req) => stopFeed(ctx, actorOf(req), req.body ?? {}),
  });

  r.post('/api/vega/feed/cancel', {
    config: { idempotent: true, child: 'body' },
    schema: {
      tags,
      summary: 'Cancel the running feed without logging it',
      body: FeedCancelBody.nullish(),
      response: { 200: FeedCancelResponse, 404: ErrorBody, 409: FeedConflictBody },
    },
    handler: async (req) => cancelFeed(ctx, actorOf(req)),
  });
}
