// Shapes of the shared feed timer (POST /api/vega/feed/start|switch|stop|cancel) and the
// running Feed that live status carries.
import { z } from 'zod';
import { ChildId, ErrorBody, IanaZone } from './common.ts';

const LocalTs = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be a local timestamp YYYY-MM-DDTHH:MM:SS');

export const BreastSideSchema = z.enum(['left', 'right']);

export const FeedSchema = z
  .object({
    started_at: z.string().describe('local YYYY-MM-DDTHH:MM:SS the feed began: in live status (and beside it) in live’s `timezone`, else the family’s zone'),
    side: BreastSideSchema.describe('the side feeding now'),
    sides: z
      .object({ left_min: z.number().int(), right_min: z.number().int() })
      .describe('whole minutes on each side so far'),
    started_by: z.string().describe('username of the caregiver who started it'),
    elapsed_min: z.number().int().describe('whole minutes since started_at'),
    stale: z.boolean().describe('true after 3 hours: probably never stopped; stop then needs ts, the real end time'),
  })
  .describe('a running breastfeed, the same for every caregiver of the family')
  .meta({ id: 'Feed' });

export const FeedStartBody = z
  .strictObject({
    side: BreastSideSchema.describe('the side the feed starts on'),
    ts: LocalTs.nullish().describe('when it started (family-local, or in `timezone`); defaults to now; not in the future nor more than 3 hours ago'),
    timezone: IanaZone.nullish().describe("issue 27: the zone ts is written in, when not the family's (the phone's, when travelling)"),
    child: ChildId.optional().describe('whose feed: each child has a timer of their own (twins can feed together); defaults to the primary child'),
  })
  .meta({ id: 'FeedStartRequest' });

export const FeedSwitchBody = z
  .strictObject({ side: BreastSideSchema.nullish().describe('the side to switch to; defaults to the other one'), child: ChildId.optional() })
  .meta({ id: 'FeedSwitchRequest' });

export const FeedStopBody = z
  .strictObject({
    ts: LocalTs.nullish().describe('when the feed ended (family-local, or in `timezone`); defaults to now; required when the feed is stale'),
    timezone: IanaZone.nullish().describe("issue 27: the zone ts is written in (else the family's) and the feed is kept in, as POST /api/vega/log's timezone; without it the feed is kept in the zone the baby is in now (live.timezone)"),
    ml: z.number().int().min(0).max(500).nullish().describe('millilitres, when known (e.g. expressed milk); defaults to 0'),
    child: ChildId.optional(),
  })
  .meta({ id: 'FeedStopRequest' });

export const FeedCancelBody = z.strictObject({ child: ChildId.optional() }).meta({ id: 'FeedCancelRequest' });

/** Every 409 of the feed timer routes: feed_in_progress carries the running feed. */
export const FeedConflictBody = ErrorBody.extend({
  feed: FeedSchema.nullable().optional().describe('feed_in_progress: the feed already running'),
}).meta({ id: 'FeedConflictError' });
