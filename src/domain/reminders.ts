// Reminders (issue 28): which of a caregiver's reminders are due for one child right now. Pure:
// a function of (the caregiver's settings, the child's live status, when the child's log last
// changed, the family's zone, now). The scheduler (services/notify/reminders.ts) calls it for
// every caregiver and child, and makes each occurrence fire once with its key.
//
// Each reminder says one line of fact, never advice: no dose, no amount, no interval the family
// did not set itself. An occurrence's key names what it is about (the last feed, the running
// timer, the open sleep, the last log, the day, the dose), so a newer log makes a new key and
// the old reminder, not yet sent, is never sent (a feed logged in time cancels "feed due").
//
// A line is a Text (issue 39): each caregiver reads it in their own language and clock
// (services/notify/reminders.ts renders it for them); `line` is its English, for the webhooks
// and the scheduler's own record.
import type { LiveStatus } from './live.ts';
import { at as clock, minutes, t, type Text } from '../i18n/text.ts';
import { medicineKey } from './medicines.ts';
import { localToInstant } from './time.ts';
import { zoneClock } from './zone-clock.ts';

export const REMINDER_KINDS = ['feed_due', 'feed_timer', 'long_sleep', 'nothing_logged', 'vitamin_d', 'medicine'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderSettings {
  reminders: {
    feed_due: { enabled: boolean; minutes_before: number };
    feed_timer: { enabled: boolean; after_minutes: number };
    long_sleep: { enabled: boolean; after_hours: number };
    nothing_logged: { enabled: boolean; after_hours: number };
    vitamin_d: { enabled: boolean; by: string };
    medicine: { enabled: boolean };
  };
  /** in the family's zone; may wrap midnight (22:00–07:00); null: none */
  quiet_hours: { start: string; end: string } | null;
}

/** The bounds of each threshold (the API refuses anything outside them). */
export const REMINDER_LIMITS = {
  feed_due: { minutes_before: { min: 0, max: 120 } },
  feed_timer: { after_minutes: { min: 5, max: 240 } },
  long_sleep: { after_hours: { min: 1, max: 24 } },
  nothing_logged: { after_hours: { min: 1, max: 24 } },
} as const;

export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Everything off; the thresholds a caregiver starts from. */
export function defaultReminderSettings(): ReminderSettings {
  return {
    reminders: {
      feed_due: { enabled: false, minutes_before: 15 },
      feed_timer: { enabled: false, after_minutes: 45 },
      long_sleep: { enabled: false, after_hours: 14 },
      nothing_logged: { enabled: false, after_hours: 4 },
      vitamin_d: { enabled: false, by: '18:00' },
      medicine: { enabled: false },
    },
    quiet_hours: null,
  };
}

/** A partial update: any subset of the settings' own shape. */
export interface ReminderSettingsPatch {
  reminders?: { [K in ReminderKind]?: Partial<ReminderSettings['reminders'][K]> };
  quiet_hours?: { start: string; end: string } | null;
}

/** The settings with a (validated) partial update applied. */
export function applyReminderPatch(current: ReminderSettings, patch: ReminderSettingsPatch): ReminderSettings {
  const next = structuredClone(current);
  for (const kind of REMINDER_KINDS) {
    const p = patch.reminders?.[kind];
    if (p) Object.assign(next.reminders[kind], Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)));
  }
  if (patch.quiet_hours !== undefined) next.quiet_hours = patch.quiet_hours === null ? null : { start: patch.quiet_hours.start, end: patch.quiet_hours.end };
  return next;
}

function inRange(v: unknown, lim: { min: number; max: number }): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= lim.min && v <= lim.max;
}

/**
 * Stored settings (JSON, possibly written by an older release) with the defaults filled in:
 * a value missing or no longer valid reads as its default, so a reader never fails on a row.
 */
export function mergeReminderSettings(stored: unknown): ReminderSettings {
  const out = defaultReminderSettings();
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, any>;
  const r = (s.reminders && typeof s.reminders === 'object' ? s.reminders : {}) as Record<string, any>;
  for (const kind of REMINDER_KINDS) {
    const v = r[kind];
    if (!v || typeof v !== 'object') continue;
    const target = out.reminders[kind] as Record<string, unknown>;
    if (typeof v.enabled === 'boolean') target.enabled = v.enabled;
    const limits = (REMINDER_LIMITS as Record<string, Record<string, { min: number; max: number }>>)[kind] ?? {};
    for (const [field, lim] of Object.entries(limits)) if (inRange(v[field], lim)) target[field] = v[field];
    if (kind === 'vitamin_d' && typeof v.by === 'string' && HHMM_RE.test(v.by)) target.by = v.by;
  }
  const q = s.quiet_hours;
  if (q && typeof q === 'object' && HHMM_RE.test(q.start) && HHMM_RE.test(q.end) && q.start !== q.end) out.quiet_hours = { start: q.start, end: q.end };
  return out;
}

export function anyReminderEnabled(s: ReminderSettings): boolean {
  return REMINDER_KINDS.some((k) => s.reminders[k].enabled);
}

/** One line saying which reminders are on (the connector's digest). */
export function reminderSummary(s: ReminderSettings, pushDevices: number): string {
  const r = s.reminders;
  const on: string[] = [];
  if (r.feed_due.enabled) on.push(`feed due (${r.feed_due.minutes_before} min before)`);
  if (r.feed_timer.enabled) on.push(`feed timer still running (after ${r.feed_timer.after_minutes} min)`);
  if (r.long_sleep.enabled) on.push(`long sleep (after ${r.long_sleep.after_hours} h)`);
  if (r.nothing_logged.enabled) on.push(`nothing logged (after ${r.nothing_logged.after_hours} h, 07:00–21:00)`);
  if (r.vitamin_d.enabled) on.push(`vitamin D (by ${r.vitamin_d.by})`);
  if (r.medicine.enabled) on.push('medicine "not before" passed');
  const quiet = s.quiet_hours ? `; quiet hours ${s.quiet_hours.start}–${s.quiet_hours.end}` : '';
  const devices = `${pushDevices} push device${pushDevices === 1 ? '' : 's'}`;
  return on.length ? `Reminders on: ${on.join(', ')}${quiet}; ${devices}.` : `No reminders are on; ${devices}.`;
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** True while `now` is inside the quiet hours (in `zone`); a span may wrap midnight. */
export function inQuietHours(quiet: ReminderSettings['quiet_hours'], zone: string, now: number): boolean {
  if (!quiet) return false;
  const m = Math.floor(zoneClock(zone).localHour(now) * 60 + 1e-9);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** nothing_logged speaks only by day, in the child's zone: from 07:00 to 21:00. */
export const NOTHING_LOGGED_FROM_HOUR = 7;
export const NOTHING_LOGGED_UNTIL_HOUR = 21;
/**
 * A feed or a dose whose time passed this long ago without a reminder (the reminder was off,
 * the service was down) is not announced any more: the moment has gone. Longer than any quiet
 * hours, so a reminder held through the night is still sent in the morning.
 */
export const LATE_LIMIT_MS = 12 * 3600_000;

/**
 * A long sleep or a silence that came due longer ago than this is not announced: a log left
 * alone for days is not a missed wake. Shorter than REMINDERS_SENT_KEEP_MS, so an occurrence
 * whose row has been pruned can never come due again.
 */
export const STALE_STATE_MS = 3 * 24 * 3600_000;
/** How long a fired occurrence's row is kept (housekeeping prunes older ones). */
export const REMINDERS_SENT_KEEP_MS = 7 * 24 * 3600_000;

const MIN = 60_000;
const HOUR = 3600_000;

/** What of live status the rules read (the service's LiveStatus has them all). */
export type ReminderLive = Pick<
  LiveStatus,
  'now' | 'timezone' | 'asleep' | 'asleep_since' | 'next_feed_at' | 'feed_interval_minutes' | 'feeding' | 'check' | 'supplement_log' | 'medicines'
>;

export interface ReminderInput {
  settings: ReminderSettings;
  childId: string;
  live: ReminderLive;
  /** epoch ms of the child's latest event at or before now, or null when there is none */
  lastEventAt: number | null;
  /** the family's zone (quiet hours are on its clock) */
  familyZone: string;
  now: number;
}

export interface DueReminder {
  kind: ReminderKind;
  /** the occurrence's key: one reminder per key and caregiver, ever */
  occurrence: string;
  /** the one line sent, to be put into its reader's words */
  text: Text;
  /** the line in English (webhooks, logs) */
  line: string;
  /** epoch ms it came due (it may be sent later: held by quiet hours or the day window) */
  due_at: number;
}

function reminder(kind: ReminderKind, occurrence: string, text: Text, due_at: number): DueReminder {
  return { kind, occurrence, text, line: String(text), due_at };
}

/**
 * The reminders due now for one caregiver and one child: none during the caregiver's quiet
 * hours (held, not dropped: one still due when they end is due then). Times in the lines are
 * clock times in the child's zone (live status's `timezone`), shown in the reader's hour cycle.
 */
export function dueReminders(input: ReminderInput): DueReminder[] {
  const { settings, live, now, childId } = input;
  if (!anyReminderEnabled(settings) || inQuietHours(settings.quiet_hours, input.familyZone, now)) return [];
  const zone = live.timezone;
  const instant = (ts: string) => localToInstant(ts, zone);
  const r = settings.reminders;
  const out: DueReminder[] = [];

  // The next feed, from live's next_feed_at (only for babies whose feeds are timed); not while
  // a breastfeed is running (the feed is happening).
  if (r.feed_due.enabled && live.next_feed_at !== null && live.feed_interval_minutes !== null && live.feeding === null) {
    const dueFeed = instant(live.next_feed_at);
    const lastFeed = dueFeed - live.feed_interval_minutes * MIN;
    const at = dueFeed - r.feed_due.minutes_before * MIN;
    if (now >= at && now - dueFeed <= LATE_LIMIT_MS) {
      out.push(reminder('feed_due', `feed_due:${childId}:${lastFeed}`, t('reminder.feed_due', { time: clock(live.next_feed_at), interval: minutes(live.feed_interval_minutes) }), at));
    }
  }

  if (r.feed_timer.enabled && live.feeding !== null) {
    const started = instant(live.feeding.started_at);
    const at = started + r.feed_timer.after_minutes * MIN;
    if (now >= at) {
      out.push(reminder('feed_timer', `feed_timer:${childId}:${started}`, t('reminder.feed_timer', { running: minutes(Math.max(0, Math.floor((now - started) / MIN))) }), at));
    }
  }

  // The open sleep: live's asleep_since, or (past 16 hours, when live no longer counts it as
  // sleep) the start its "wake not logged" check names.
  const sleepSince = live.asleep_since ?? (live.check?.kind === 'wake_not_logged' ? live.check.since : null);
  if (r.long_sleep.enabled && sleepSince !== null) {
    const start = instant(sleepSince);
    const at = start + r.long_sleep.after_hours * HOUR;
    if (now >= at && now - at <= STALE_STATE_MS) {
      out.push(reminder('long_sleep', `long_sleep:${childId}:${start}`, t('reminder.long_sleep', { hours: Math.floor((now - start) / HOUR) }), at));
    }
  }

  if (r.nothing_logged.enabled && input.lastEventAt !== null && !live.asleep) {
    const at = input.lastEventAt + r.nothing_logged.after_hours * HOUR;
    const hour = zoneClock(zone).localHour(now);
    if (now >= at && now - at <= STALE_STATE_MS && hour >= NOTHING_LOGGED_FROM_HOUR && hour < NOTHING_LOGGED_UNTIL_HOUR) {
      out.push(reminder('nothing_logged', `nothing_logged:${childId}:${input.lastEventAt}`, t('reminder.nothing_logged', { hours: Math.floor((now - input.lastEventAt) / HOUR) }), at));
    }
  }

  const vitd = live.supplement_log.vitd;
  if (r.vitamin_d.enabled && vitd.relevant && !vitd.given && minutesOf(live.now.slice(11, 16)) >= minutesOf(r.vitamin_d.by)) {
    const date = live.now.slice(0, 10);
    let at: number;
    try {
      at = instant(`${date}T${r.vitamin_d.by}:00`);
    } catch {
      // The time was skipped by a clock change today: it came due when the clock passed it.
      at = now;
    }
    out.push(reminder('vitamin_d', `vitamin_d:${childId}:${date}`, t('reminder.vitamin_d'), at));
  }

  // A medicine given whose family "not before" time (its own minimum hours) has passed.
  if (r.medicine.enabled) {
    for (const m of live.medicines) {
      if (m.min_hours === null) continue;
      const last = instant(m.last_given_ts);
      const at = last + m.min_hours * HOUR;
      if (now < at || now - at > LATE_LIMIT_MS) continue;
      const hours = Math.round(m.min_hours * 10) / 10;
      out.push(reminder('medicine', `medicine:${childId}:${medicineKey(m.name)}:${last}`, t('reminder.medicine', { medicine: m.name, hours, time: clock(m.last_given_ts) }), at));
    }
  }
  return out;
}
