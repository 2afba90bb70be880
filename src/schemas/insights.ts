import { z } from 'zod';
import { FeedSchema } from './feed.ts';
import { TEMPERATURE_METHODS } from '../domain/types.ts';

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

// 1.3.0 (issue 26): the live keys for the new event types (docs/insights.md).
export const LiveTemperature = z
  .object({
    celsius: z.number().describe('°C, one decimal'),
    fahrenheit: z.number().describe('°F, one decimal'),
    method: z.enum(TEMPERATURE_METHODS).nullable(),
    ts: z.string().describe('family-local time of the reading'),
    minutes_ago: z.number().int(),
    urgent: z.boolean().describe('this reading raises the urgent alert: 38.0 °C or more under 3 months, 39.0 °C or more at 3 to 6 months (age at the reading)'),
    message: z.string().describe('the reading and its time; when urgent, where to call (the same text as alert_msg)'),
  })
  .meta({ id: 'LiveTemperature' });

export const LiveMedicine = z
  .object({
    name: z.string().describe('the family’s name for it when the family set it, else as logged'),
    last_given_ts: z.string().describe('family-local time of the last dose'),
    last_given_by: z.string().describe('who logged the last dose'),
    last_amount: z.string().nullable().describe('e.g. "2.5 ml"; null when not logged'),
    doses_24h: z.number().int().describe('doses logged in the last 24 hours'),
    min_hours: z.number().nullable().describe('the family’s own setting; null: not set'),
    max_per_24h: z.number().int().nullable().describe('the family’s own setting; null: not set'),
    not_before: z.string().nullable().describe('HH:MM before which the family’s own minimum interval says not to give it again; null when not set or already passed'),
    not_before_ts: z.string().nullable().describe('not_before as a family-local timestamp'),
    message: z.string(),
  })
  .meta({ id: 'LiveMedicine' });

export const LiveTummyTime = z
  .object({
    minutes_today: z.number().int().describe('today’s tummy-time activities, duration_min summed'),
    target_minutes: z.number().int().describe('30: WHO 2019, infants not yet mobile'),
    met: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'LiveTummyTime' });

// Issue 27: toddlers (docs/insights.md, "Milk feeds and toddlers") and the next sleep.
export const LiveMilkNudges = z
  .object({
    applies: z.boolean().describe('milk feeds are timed (next_feed_at, hungry_state, the feed alerts): under 12 months, or from 12 months while the last 3 complete days average 4 or more milk feeds and solids fewer than 3 times a day; when false, next_feed_at and feed_interval_minutes are null and hungry_state is unknown'),
    basis: z.enum(['age', 'own_log']).describe('age: under 12 months, or 12 months and over with fewer than 2 of the last 3 days logged; own_log: the last 3 days decided'),
    milk_feeds_a_day: z.number().nullable().describe('from 12 months: milk feeds a day over the logged days of the last 3 (logs within 30 min are one), one decimal; null otherwise'),
    solids_a_day: z.number().nullable().describe('from 12 months: solid meals and snacks a day over the same days (logs within 30 min are one), one decimal; null otherwise'),
    message: z.string().nullable().describe('plain words for a parent; null under 12 months'),
  })
  .meta({ id: 'LiveMilkNudges' });

export const LiveNextSleep = z
  .object({
    kind: z.enum(['nap', 'bedtime']),
    at: z.string().describe('family-local timestamp: the nap window’s start, or the expected bedtime'),
    message: z.string().describe('e.g. "Next sleep: bedtime at 19:15."'),
  })
  .meta({ id: 'LiveNextSleep' });

// Listed keys are always sent; more may be added (the spec allows it), hence
// additionalProperties: true in the document while the type stays exact for the code.
export const LiveStatusSchema = z
  .object({
    now: z.string(),
    asleep: z.boolean(),
    night_sleep: z.boolean().nullable(),
    awake_minutes: z.number().int().nullable(),
    alert_level: z
      .string()
      .nullable()
      .describe('info, warn or (1.3.0) urgent: a temperature of 38.0 °C or more under 3 months, or 39.0 °C or more at 3 to 6 months, in the last 24 hours and not followed by a lower reading; urgent comes before any other alert'),
    alert_msg: z.string().nullable(),
    hungry_state: z.string().nullable().describe('not_yet, hungry_soon, overdue, dream_feed or unknown (also while milk feeds are not timed: milk_nudges)'),
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
      .describe('local timestamps: last wake plus the age band’s shortest and longest wake window, closing no later than the shortest wake window before expected_bedtime_at (never past it); null when no nap fits before bedtime (see next_sleep)'),
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
    temperature: LiveTemperature.nullable().describe('1.3.0: the last temperature logged in the past 24 hours, or null'),
    medicines: z.array(LiveMedicine).describe('1.3.0: per medicine given in the past 24 hours, most recent first; [] when none'),
    tummy_time: LiveTummyTime.nullable().describe('1.3.0: today’s tummy time against WHO’s 30 minutes; null from 12 months'),
    milk_nudges: LiveMilkNudges.describe('issue 27: whether milk feeds are still timed (the main food), and why'),
    next_sleep: LiveNextSleep.nullable().describe('issue 27: after a day wake, the next sleep (a nap or bedtime); null while asleep, after a night waking, with no wake logged, or when awake past the nap window well before bedtime'),
  })
  .meta({ id: 'LiveStatus', additionalProperties: true });

// The patterns' solid-food nutrient blocks stay open objects (their full shape is in
// docs/insights.md); these say what their numbers are. 1.3.x (issue 27): drops are counted.
const OpenBlock = z.record(z.string(), z.unknown());
const NUTRIENT_ENTRY =
  '{amount, target, pct, unit, from_food}; iron_mg and vitamin_d_ug also {from_drops, drops, drops_without_amount, target_range}. ' +
  'amount = from_food + from_drops (vitamin D and iron drops, supplement ug; iron in mg = ug ÷ 1000; a multivitamin counts toward nothing); ' +
  'pct is of amount, null when there is no target or when drops of that nutrient were logged without an amount';
export const NutrientsTodayBlock = OpenBlock.describe(
  `{} until solids start (drops or not). Else {date, portions, unknown_foods, nutrients: {<key>: ${NUTRIENT_ENTRY}}, ` +
    'drops: [{ts, kind, ug, counts_toward, amount}] (today’s supplement logs)}',
);
export const Nutrients7dBlock = OpenBlock.describe(
  '{} until solids start. Else {from, to, days: 7, days_with_solids, portions, unknown_foods, totals (food and drops), totals_from_drops, ' +
    `daily_average: {<key>: ${NUTRIENT_ENTRY}} (÷ 7), by_day: [{date, portions, nutrients, from_drops}], drops: {vitd|iron|multivitamin: {doses, days}}}`,
);
