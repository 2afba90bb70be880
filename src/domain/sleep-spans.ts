// Sleep spans (a `sleep` event up to the next `wake`), the night window, and the split of a
// span across local days and day/night. Shared by live status and patterns.
//
// Days are the family's (a span is split at the family's midnights); whether a stretch is
// night or day, a bedtime or a morning wake, is read on the baby's own clock where it happened:
// the zone the `sleep` (or `wake`) was logged in (zone-now.ts), which is the family's zone
// unless the family was travelling.
import type { TimedEvent } from './types.ts';
import { addDaysFast, zoneClock } from './zone-clock.ts';

/** Night window, on the local clock: from 19:00 until 06:00 the next morning. */
export const NIGHT_START_HOUR = 19;
export const NIGHT_END_HOUR = 6;

/**
 * A span longer than this is almost certainly a forgotten `wake` log (no child sleeps 16 hours
 * in one go), so it is dropped rather than allowed to swamp totals or keep "asleep" true forever.
 */
export const MAX_SLEEP_SPAN_HOURS = 16;
const HOUR_MS = 3_600_000;
const MAX_SPAN_MS = MAX_SLEEP_SPAN_HOURS * HOUR_MS;

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
  /** The zone the `sleep` was logged in (its own clock); undefined: the family's. */
  zone: string | undefined;
  /** The zone the `wake` was logged in; undefined: the family's (or still open). */
  endZone: string | undefined;
}

/** True when a local hour (fractional) falls in the night window. */
export function isNightHour(hour: number): boolean {
  return hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;
}

/** True when the instant falls in the night window of `zone`'s clock. */
export function isNight(at: number, zone: string): boolean {
  return isNightHour(zoneClock(zone).localHour(at));
}

/** The zone of an own clock that differs from the family's `zone`, or undefined (the same clock). */
function foreign(own: string | undefined, zone: string): string | undefined {
  return own !== undefined && own !== zone ? own : undefined;
}

/** Local date and minutes of `at` on its own clock (`own`), the family's grid when it is the same. */
function ownParts(at: number, own: string | undefined, zone: string, grid?: DayGrid): { date: string; minutes: number } {
  const other = foreign(own, zone);
  return other === undefined ? localParts(at, zone, grid) : zoneClock(other).localParts(at);
}

/** True when the span began in the night window of its own clock (the family's `zone` unless it was logged elsewhere). */
export function startsAtNight(s: SleepSpan, zone: string, grid?: DayGrid): boolean {
  const other = foreign(s.zone, zone);
  if (other !== undefined) return isNight(s.start, other);
  return (grid === undefined ? null : isNightOnGrid(grid, s.start)) ?? isNight(s.start, zone);
}

/** Epoch ms of local `date` + `minutes` after its midnight (may exceed 1440: rolls into later days). */
export function localAt(date: string, minutes: number, zone: string): number {
  // 'compatible': a wall time skipped by spring-forward moves later, a repeated one takes the first.
  return zoneClock(zone).localAt(date, minutes);
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
      if (ev.at - open.at <= MAX_SPAN_MS) spans.push({ start: open.at, end: ev.at, open: false, startTs: open.ts, zone: open.zone, endZone: ev.zone });
      open = null;
    }
  }
  if (open !== null && now - open.at <= MAX_SPAN_MS) {
    spans.push({ start: open.at, end: Math.max(now, open.at), open: true, startTs: open.ts, zone: open.zone, endZone: undefined });
  }
  return spans;
}

export interface DayPart {
  date: string;
  dayMs: number;
  nightMs: number;
}

/**
 * Local day boundaries computed once for a run of dates: each day's midnight, 06:00 and 19:00
 * as instants. Zone arithmetic is the slow part, so patterns builds one grid for its window and
 * then splits every sleep with plain comparisons.
 */
export interface DayGrid {
  dates: string[];
  /** starts[i] is the local midnight opening dates[i]; starts[dates.length] closes the last day. */
  starts: number[];
  sixes: number[];
  nineteens: number[];
}

export function dayGrid(firstDate: string, lastDate: string, zone: string): DayGrid {
  const grid: DayGrid = { dates: [], starts: [], sixes: [], nineteens: [] };
  const clock = zoneClock(zone);
  let date = firstDate;
  for (; date <= lastDate; date = addDaysFast(date, 1)) {
    grid.dates.push(date);
    grid.starts.push(clock.dayStart(date));
  }
  grid.starts.push(clock.dayStart(date));
  grid.dates.forEach((d, i) => {
    // On an ordinary 24-hour day the wall clock runs with elapsed time; only clock-change days
    // need the zone rules for 06:00 and 19:00.
    const plain = grid.starts[i + 1]! - grid.starts[i]! === 24 * HOUR_MS;
    grid.sixes.push(plain ? grid.starts[i]! + NIGHT_END_HOUR * HOUR_MS : localAt(d, NIGHT_END_HOUR * 60, zone));
    grid.nineteens.push(plain ? grid.starts[i]! + NIGHT_START_HOUR * HOUR_MS : localAt(d, NIGHT_START_HOUR * 60, zone));
  });
  return grid;
}

/**
 * Local date and minutes after midnight of an instant. Uses the grid's plain arithmetic on
 * ordinary 24-hour days inside it, and the zone rules otherwise.
 */
export function localParts(at: number, zone: string, grid?: DayGrid): { date: string; minutes: number } {
  if (grid !== undefined) {
    const i = gridIndex(grid, at);
    if (i >= 0 && grid.starts[i + 1]! - grid.starts[i]! === 24 * HOUR_MS) {
      return { date: grid.dates[i]!, minutes: Math.floor((at - grid.starts[i]!) / 60_000) };
    }
  }
  return zoneClock(zone).localParts(at);
}

/** Index of the grid day holding `at`, or -1 outside the grid. */
export function gridIndex(grid: DayGrid, at: number): number {
  const n = grid.dates.length;
  if (at < grid.starts[0]! || at >= grid.starts[n]!) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (grid.starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Night window test on a grid; null outside it. */
export function isNightOnGrid(grid: DayGrid, at: number): boolean | null {
  const i = gridIndex(grid, at);
  if (i < 0) return null;
  return at < grid.sixes[i]! || at >= grid.nineteens[i]!;
}

/**
 * splitOnGrid for a span on its own clock: split at the family's midnights (the grid's days),
 * with day and night read in `own`, the zone the sleep was logged in. Only for a span logged
 * away from the family's zone (rare): it asks the zone rules per day.
 */
export function splitOnGridOwnClock(grid: DayGrid, start: number, end: number, own: string): DayPart[] {
  const parts: DayPart[] = [];
  for (let i = 0; i < grid.dates.length; i++) {
    const lo = Math.max(start, grid.starts[i]!);
    const hi = Math.min(end, grid.starts[i + 1]!);
    if (hi <= lo) continue;
    let nightMs = 0;
    for (const p of splitByDayAndNight(lo, hi, own)) nightMs += p.nightMs;
    parts.push({ date: grid.dates[i]!, dayMs: hi - lo - nightMs, nightMs });
  }
  return parts;
}

/** The span's parts on the grid, with day and night on its own clock (splitOnGrid when it is the family's). */
export function splitSpanOnGrid(grid: DayGrid, s: SleepSpan, start: number, end: number, zone: string): DayPart[] {
  const other = foreign(s.zone, zone);
  return other === undefined ? splitOnGrid(grid, start, end) : splitOnGridOwnClock(grid, start, end, other);
}

/** splitByDayAndNight on a prepared grid; parts outside the grid are left out. */
export function splitOnGrid(grid: DayGrid, start: number, end: number): DayPart[] {
  const parts: DayPart[] = [];
  const overlap = (a: number, b: number) => Math.max(0, Math.min(b, end) - Math.max(a, start));
  for (let i = 0; i < grid.dates.length; i++) {
    const d0 = grid.starts[i]!;
    const d1 = grid.starts[i + 1]!;
    if (d1 <= start || d0 >= end) continue;
    parts.push({
      date: grid.dates[i]!,
      dayMs: overlap(grid.sixes[i]!, grid.nineteens[i]!),
      nightMs: overlap(d0, grid.sixes[i]!) + overlap(grid.nineteens[i]!, d1),
    });
  }
  return parts;
}

/**
 * Splits [start, end) across family-local days (at local midnight) and, within each day, into
 * day time (06:00–19:00) and night time (before 06:00 and from 19:00). Works on 23- and 25-hour
 * days because every boundary is computed in the zone.
 */
export function splitByDayAndNight(start: number, end: number, zone: string): DayPart[] {
  if (end <= start) return [];
  const clock = zoneClock(zone);
  return splitOnGrid(dayGrid(clock.localDate(start), clock.localDate(end - 1), zone), start, end);
}


/**
 * One bedtime per evening: the earliest span that starts between 18:00 and 02:00 and lasts at
 * least BEDTIME_MIN_SPAN_MINUTES. Values are minutes after the evening's midnight, so 00:30 is
 * 1470 — that keeps a median of 23:30 and 00:30 sensible. Each on the baby's own clock where it
 * began (the zone the sleep was logged in; `zone`, the family's, otherwise), so a bedtime at
 * 19:00 in Los Angeles is 19:00 whatever the family's zone.
 */
export function bedtimeMinutes(spans: readonly SleepSpan[], zone: string, grid?: DayGrid): number[] {
  const byEvening = new Map<string, number>();
  for (const s of spans) {
    if (s.end - s.start < BEDTIME_MIN_SPAN_MINUTES * 60_000) continue;
    const { date, minutes: mins } = ownParts(s.start, s.zone, zone, grid);
    if (mins >= 2 * 60 && mins < 18 * 60) continue;
    const evening = mins < 12 * 60 ? addDaysFast(date, -1) : date;
    const value = mins < 12 * 60 ? mins + 1440 : mins;
    const prev = byEvening.get(evening);
    if (prev === undefined || value < prev) byEvening.set(evening, value);
  }
  return [...byEvening.values()];
}

/**
 * One morning wake per day: the latest end, between 04:00 and 11:00, of a closed span that
 * began in the night window (so a late-night feed-and-resettle does not count as morning).
 * The wake on its own clock, the start on its own (as bedtimeMinutes).
 */
export function morningWakeMinutes(spans: readonly SleepSpan[], zone: string, grid?: DayGrid): number[] {
  const byDate = new Map<string, number>();
  for (const s of spans) {
    if (s.open) continue;
    const { date, minutes: mins } = ownParts(s.end, s.endZone, zone, grid);
    if (mins < 4 * 60 || mins >= 11 * 60 || !isNightHour(ownParts(s.start, s.zone, zone, grid).minutes / 60)) continue;
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

/**
 * Sorts by instant without mutating the input; drops events after `now`. Events at the same
 * instant keep the order they came in (the services load them in logging order), so a sleep
 * then a wake logged in the same second reads as awake. The sort is stable.
 */
export function sortedUpTo(events: TimedEvent[], now: number): TimedEvent[] {
  // A window the caller marked as sorted, with nothing after `now`, is used as it is: the
  // live status of every write would otherwise copy and scan it.
  if (SORTED.has(events) && (events.length === 0 || events[events.length - 1]!.at <= now)) return events;
  const kept = events.filter((e) => e.at <= now);
  // The services load events already in order; a stable sort of a sorted list changes nothing.
  for (let i = 1; i < kept.length; i++) {
    if (kept[i]!.at < kept[i - 1]!.at) return kept.sort((a, b) => a.at - b.at);
  }
  return kept;
}

/** The index of the first event at or after `at` in events sorted by instant (bisection). */
export function firstAtOrAfter(events: readonly TimedEvent[], at: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid]!.at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SORTED = new WeakSet<readonly TimedEvent[]>();

/** Marks a window the caller built in instant order (and will not change) as sorted. */
export function markSorted<T extends TimedEvent[]>(events: T): T {
  SORTED.add(events);
  return events;
}
