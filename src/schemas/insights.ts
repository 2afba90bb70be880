import { z } from 'zod';

const Obj = z.record(z.string(), z.unknown());

export const LiveStatusSchema = z
  .looseObject({
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
    next_nap_window_at: Obj.nullable(),
    daily_milk_target_ml: z.number().int().nullable(),
    supplement_log: Obj.nullable(),
  })
  .meta({ id: 'LiveStatus' });
