// Sleep spans (a `sleep` event up to the next `wake`), the family's night window, and the
// split of a span across local days and day/night. Shared by live status and patterns.
import { Temporal } from 'temporal-polyfill';
import type { TimedEvent } from './types.ts';
import { dayBounds, localDateOf, localHour, parseDate, addDays } from './time.ts';

/** Night window, family-local: from 19:00 until 06:00 the next morning. */
export const NIGHT_START_HOUR = 19;
export const NIGHT_END_HOUR = 6;

/**
 * A span longer than this is almost certainly a forgotten `wake` log (no child sleeps 16 hours
 * in one go), so it is dropped rather than allowed to swamp totals or keep "asleep" true forever.
 */
export const MAX_SLEEP_SPAN_HOURS = 16;
const MAX_SPAN_MS = MAX_SLEEP_SPAN_HOURS * 3_600_000;

/** A night stretch must last this long to count as "bedtime" (keeps evening catnaps out). */
export const BEDTIME_MIN_SPAN_MINUTES = 90;

export interface SleepSpan {
  /** Epoch ms of the `sleep` event. */
  start: number;
  /** Epoch ms of the `wake` event, or `now` while the sleep is still open. */
  end: number;
  /** True while no `wake` has been logged yet. */
  open: boolean;
  /** The `sleep` event's family-local timestamp. */
  startTs: string;
}

/** True when a local hour (fractional) falls in the night window. */
export function isNightHour(hour: number): boolean {
  return hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;
}

/** True when the instant falls in the family's night window. */
export function isNight(at: number, zone: string): boolean {
  return isNightHour(localHour(at, zone));
}

/** Epoch ms of local `date` + `minutes` after its midnight (may exceed 1440: rolls into later days). */
export function localAt(date: string, minutes: number, zone: string): number {
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const pdt = parseDate(date).add({ days }).toPlainDateTime({ hour: Math.floor(rest / 60), minute: rest % 60 });
  // 'compatible': a wall time skipped by spring-forward moves later, a repeated one takes the first.
  return pdt.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/**
 * Pairs each `sleep` with the next `wake`. Events must be sorted by `at` and not after `now`.
 * A second `sleep` while one is open is a duplicate log and is ignored, unless the open one is
 * already older than MAX_SLEEP_SPAN_HOURS (its wake was never logged), in which case it starts
 * afresh. A `wake` with no open sleep ends nothing. An open sleep ends at `now`.
 */
export function buildSleepSpans(sorted: readonly TimedEvent[], now: number): SleepSpan[] {
  const spans: SleepSpan[] = [];
  let open: TimedEvent | null = null;
  for (const ev of sorted) {
    if (ev.type === 'sleep') {
      if (open === null || ev.at - open.at > MAX_SPAN_MS) open = ev;
    } else if (ev.type === 'wake' && open !== null) {
      if (ev.at - open.at <= MAX_SPAN_MS) spans.push({ start: open.at, end: ev.at, open: false, startTs: open.ts });
      open = null;
    }
  }
  if (open !== null && now - open.at <= MAX_SPAN_MS) {
    spans.push({ start: open.at, end: Math.max(now, open.at), open: true, startTs: open.ts });
  }
  return spans;
}

export interface DayPart {
  date: string;
  dayMs: number;
  nightMs: number;
}

/**
 * Splits [start, end) across family-local days (at local midnight) and, within each day, into
 * day time (06:00–19:00) and night time (before 06:00 and from 19:00). Works on 23- and 25-hour
 * days because every boundary is computed in the zone.
 */
export function splitByDayAndNight(start: number, end: number, zone: string): DayPart[] {
  const parts: DayPart[] = [];
  if (end <= start) return parts;
  const last = localDateOf(end - 1, zone);
  for (let date = localDateOf(start, zone); ; date = addDays(date, 1)) {
    const [d0, d1] = dayBounds(date, zone);
    const t6 = localAt(date, NIGHT_END_HOUR * 60, zone);
    const t19 = localAt(date, NIGHT_START_HOUR * 60, zone);
    const overlap = (a: number, b: number) => Math.max(0, Math.min(b, end) - Math.max(a, start));
    parts.push({ date, dayMs: overlap(t6, t19), nightMs: overlap(d0, t6) + overlap(t19, d1) });
    if (date >= last) break;
  }
  return parts;
}

/** Local minutes after midnight of an instant. */
function localMinutes(at: number, zone: string): number {
  const z = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  return z.hour * 60 + z.minute;
}

/**
 * One bedtime per evening: the earliest span that starts between 18:00 and 02:00 and lasts at
 * least BEDTIME_MIN_SPAN_MINUTES. Values are minutes after the evening's midnight, so 00:30 is
 * 1470 — that keeps a median of 23:30 and 00:30 sensible.
 */
export function bedtimeMinutes(spans: readonly SleepSpan[], zone: string): number[] {
  const byEvening = new Map<string, number>();
  for (const s of spans) {
    if (s.end - s.start < BEDTIME_MIN_SPAN_MINUTES * 60_000) continue;
    const mins = localMinutes(s.start, zone);
    if (mins >= 2 * 60 && mins < 18 * 60) continue;
    const date = localDateOf(s.start, zone);
    const evening = mins < 12 * 60 ? addDays(date, -1) : date;
    const value = mins < 12 * 60 ? mins + 1440 : mins;
    const prev = byEvening.get(evening);
    if (prev === undefined || value < prev) byEvening.set(evening, value);
  }
  return [...byEvening.values()];
}

/**
 * One morning wake per day: the latest end, between 04:00 and 11:00, of a closed span that
 * began in the night window (so a late-night feed-and-resettle does not count as morning).
 */
export function morningWakeMinutes(spans: readonly SleepSpan[], zone: string): number[] {
  const byDate = new Map<string, number>();
  for (const s of spans) {
    if (s.open || !isNight(s.start, zone)) continue;
    const mins = localMinutes(s.end, zone);
    if (mins < 4 * 60 || mins >= 11 * 60) continue;
    const date = localDateOf(s.end, zone);
    const prev = byDate.get(date);
    if (prev === undefined || mins > prev) byDate.set(date, mins);
  }
  return [...byDate.values()];
}

/** Minutes (any integer, wrapped to a day) → "HH:MM". */
export function minutesToHHMM(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Sorts by instant, then by id, without mutating the input; drops events after `now`. */
export function sortedUpTo(events: readonly TimedEvent[], now: number): TimedEvent[] {
  return events.filter((e) => e.at <= now).sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
