// Family-local time in the browser. The API speaks local `YYYY-MM-DDTHH:MM:SS` strings in the
// family's zone (profile.timezone), which may differ from the phone's zone, so every "now"
// is formatted with Intl in that zone rather than with the device clock's offset. What a
// caregiver reads (clock times, durations, days) is in their language and hour cycle (i18n/core).
import { date, duration as inWords, t, time } from '../i18n/core.ts';

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London';
  } catch {
    return 'Europe/London';
  }
}

const fmtCache = new Map<string, Intl.DateTimeFormat>();
function fmt(zone: string): Intl.DateTimeFormat {
  let f = fmtCache.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit',
        hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
      });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', {
        year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
      });
    }
    fmtCache.set(zone, f);
  }
  return f;
}

/** Epoch ms → local `YYYY-MM-DDTHH:MM:SS` in `zone`. */
export function localTs(ms: number, zone: string): string {
  const p: Record<string, string> = {};
  for (const part of fmt(zone).formatToParts(new Date(ms))) p[part.type] = part.value;
  const hour = p.hour === '24' ? '00' : p.hour;
  return `${p.year}-${p.month}-${p.day}T${hour}:${p.minute}:${p.second}`;
}

export const localNow = (zone: string) => localTs(Date.now(), zone);
export const localToday = (zone: string) => localNow(zone).slice(0, 10);

/** Minutes between two local timestamps (naive wall-clock difference, good enough for display). */
export function minutesBetween(from: string, to: string): number {
  return Math.round((naive(to) - naive(from)) / 60000);
}
function naive(ts: string): number {
  return Date.parse(ts.length === 10 ? `${ts}T00:00:00Z` : `${ts.slice(0, 19)}Z`);
}

/**
 * A picked HH:MM means today's. A time still ahead today means last night only during the night
 * (now before 06:00 and the time from 18:00): 23:50 logged at 00:05. Otherwise it is refused
 * (null) — a typo such as 21:59 for 12:59 must not be filed under yesterday without a word.
 */
export function tsFromClock(hhmm: string, zone: string): string | null {
  const now = localNow(zone);
  const ts = `${now.slice(0, 10)}T${hhmm}:00`;
  if (ts <= now) return ts;
  if (now.slice(11, 13) < '06' && hhmm >= '18:00') return `${addDays(now.slice(0, 10), -1)}T${hhmm}:00`;
  return null;
}

/** "That time hasn't come yet today." */
export const notYet = () => t('time.not_yet');

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A local timestamp's clock time in the caregiver's hour cycle: "14:05", "2:05 PM". */
export const clock = (ts: string | null | undefined) => (ts && ts.length >= 16 ? time(ts) : '');

/** "45 min", "1 h 20 min" in the caregiver's words. */
export const duration = (minutes: number | null | undefined): string => inWords(minutes);

/** "in 25 min" / "20 min ago" relative to the live status's `now`. */
export function relative(ts: string, now: string): string {
  const d = minutesBetween(now, ts);
  if (Math.abs(d) < 1) return t('time.now');
  return d > 0 ? t('time.in', { d: duration(d) }) : t('time.ago', { d: duration(-d) });
}

/** "Today", "Yesterday" or a short date, for day headings. */
export function dayLabel(day: string, today: string): string {
  if (day === today) return t('time.today');
  if (day === addDays(today, -1)) return t('time.yesterday');
  return date(day, { weekday: 'short', day: 'numeric', month: 'short' });
}
