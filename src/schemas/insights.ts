import { z } from 'zod';
import { FeedSchema } from './feed.ts';

const Range = z.object({ min: z.number(), max: z.number() });

export const SupplementStatus = z
  .object({
    given: z.boolean().describe('at least one entry logged today'),
    count_today: z.number().int(),
    ug_today: z.number().describe('sum of today’s ug values'),
    relevant: z.boolean().describe('the region’s guidance applies to this child as logged'),
    guidance_ug: z.number().nullable(),
    guidance_range_ug: Range.nullable(),
    source: z.string().nullable().describe('plain-words guidance with its source'),
  })
  .meta({ id: 'SupplementStatus' });

// Listed keys are always sent; more may be added (the spec allows it), hence
// additionalProperties: true in the document while the type stays exact for the code.
export const LiveStatusSchema = z
  .object({
    now: z.string(),
    asleep: z.boolean(),
    night_sleep: z.boolean().nullable(),
    awake_minutes: z.number().int().nullable(),
    alert_level: z.string().nullable(),
    alert_msg: z.string().nullable(),
    hungry_state: z.string().nullable().describe('not_yet, hungry_soon, overdue, dream_feed or unknown'),
    next_feed_at: z.string().nullable(),
    last_milk_ml: z.number().int().nullable(),
    ml_today: z.number().int().nullable(),
    feeds_today: z.number().int().nullable(),
    last_poop_hours_ago: z.number().nullable(),
    poop_status: z.string().nullable(),
    expected_bedtime_at: z.string().nullable(),
    next_nap_window_at: z
      .object({ start: z.string(), end: z.string() })
      .nullable()
      .describe('local timestamps: last wake plus the age band’s shortest and longest wake window'),
    daily_milk_target_ml: z.number().int().nullable(),
    supplement_log: z
      .object({ vitd: SupplementStatus, iron: SupplementStatus, multivitamin: SupplementStatus })
      .nullable()
      .describe('per supplement: given today, counts and the region’s guidance'),
    // Additional keys (the spec allows them; docs/insights.md).
    feeding: FeedSchema.nullable().describe('the running breastfeed (the shared feed timer), or null'),
    last_breast_side: z.enum(['left', 'right']).nullable().describe('the side the last breastfeed ended on; start the next on the other'),
    asleep_since: z.string().nullable().describe('family-local timestamp the open sleep began; null when awake'),
    check: z
      .object({
        kind: z.enum(['wake_not_logged', 'feed_timer_stale', 'nothing_logged']),
        since: z.string().describe('family-local timestamp the doubtful state began'),
        message: z.string().describe('asks rather than asserts'),
        fix: z.enum(['log_wake', 'stop_feed', 'log_event']).describe('the one-tap fix an app can offer'),
      })
      .nullable()
      .describe('the log is probably incomplete (docs/insights.md: thresholds and reasons); null when nothing looks amiss')
      .meta({ id: 'LiveCheck' }),
  })
  .meta({ id: 'LiveStatus', additionalProperties: true });
