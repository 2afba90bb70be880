// Shapes of /api/vega/reminders (issue 28): one caregiver's reminders, each opt-in with its own
// threshold, and quiet hours. The same shape is read (GET, every key) and updated (POST, any
// subset of the keys); an unknown key or a value out of range is refused, naming the field.
import { z } from 'zod';
import { HHMM_RE, REMINDER_LIMITS } from '../domain/reminders.ts';

const L = REMINDER_LIMITS;
const HHMM = z.string().regex(HHMM_RE, { message: 'must be a time of day as HH:MM (00:00 to 23:59)' });
const Enabled = z.boolean();
const whole = (lim: { min: number; max: number }, unit: string) =>
  z.number().int().min(lim.min).max(lim.max).describe(`${lim.min} to ${lim.max} ${unit}`);

const feedDue = {
  enabled: Enabled,
  minutes_before: whole(L.feed_due.minutes_before, 'minutes before the next feed is due (live status next_feed_at)'),
};
const feedTimer = { enabled: Enabled, after_minutes: whole(L.feed_timer.after_minutes, 'minutes of a running breastfeed timer') };
const longSleep = { enabled: Enabled, after_hours: whole(L.long_sleep.after_hours, 'hours of one open sleep (a wake not logged?)') };
const nothingLogged = {
  enabled: Enabled,
  after_hours: whole(L.nothing_logged.after_hours, "hours without any log; said only between 07:00 and 21:00 in the child's zone"),
};
const vitaminD = { enabled: Enabled, by: HHMM.describe("time of day (the child's zone) by which vitamin D should be logged; only where live status says vitamin D is relevant") };
const medicine = { enabled: Enabled };

const QuietHours = z
  .strictObject({
    start: HHMM.describe("HH:MM in the family's zone"),
    end: HHMM.describe("HH:MM in the family's zone; before start: the quiet hours run past midnight"),
  })
  .refine((q) => q.start !== q.end, { message: 'must differ from start', path: ['end'] })
  .describe("reminders due during these hours are held and sent when they end, if still due; null: none");

export const ReminderSettings = z
  .object({
    reminders: z.object({
      feed_due: z.object(feedDue).describe("before the next feed is due (from live status's next_feed_at; only for babies whose feeds it times)"),
      feed_timer: z.object(feedTimer).describe('a breastfeed timer still running'),
      long_sleep: z.object(longSleep).describe('a sleep open this long'),
      nothing_logged: z.object(nothingLogged).describe('nothing logged for this long, by day'),
      vitamin_d: z.object(vitaminD).describe('vitamin D not logged today by this time'),
      medicine: z.object(medicine).describe('a medicine given whose family minimum interval ("not before", set with POST /api/vega/medicines) has passed'),
    }),
    quiet_hours: z.object({ start: z.string(), end: z.string() }).nullable().describe("in the family's zone; reminders due then are held and sent when they end, if still due"),
    push_devices: z.number().int().describe("how many of the caller's browsers take Web Push (POST /api/vega/push/subscribe)"),
  })
  .meta({ id: 'ReminderSettings' });

const partial = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).partial();

export const ReminderSettingsUpdate = z
  .strictObject({
    reminders: z
      .strictObject({
        feed_due: partial(feedDue),
        feed_timer: partial(feedTimer),
        long_sleep: partial(longSleep),
        nothing_logged: partial(nothingLogged),
        vitamin_d: partial(vitaminD),
        medicine: partial(medicine),
      })
      .partial()
      .optional(),
    quiet_hours: QuietHours.nullable().optional(),
  })
  .meta({ id: 'ReminderSettingsUpdate' });
export type ReminderSettingsUpdateInput = z.infer<typeof ReminderSettingsUpdate>;
