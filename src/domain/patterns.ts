// Patterns: 14 family-local days of totals, the family's typical rhythm and a simple trend.
// Pure: a function of (events, profile, now). The caller loads PATTERNS_WINDOW_DAYS.
import type { ChildProfile, LogEvent, TimedEvent } from './types.ts';
import { countByType, type TypeCounts } from './type-counts.ts';
import { addDaysFast, ageAtFast, zoneClock } from './zone-clock.ts';
import { bandForMonths, type AgeBandId } from './age-bands.ts';
import {
  bedtimeMinutes, buildSleepSpans, dayGrid, gridIndex, isNightOnGrid, minutesToHHMM, morningWakeMinutes,
  sortedUpTo, splitOnGrid,
} from './sleep-spans.ts';
import { feedInterval } from './live-feeds.ts';
import { MILK_MAIN_DAYS, MILK_MAIN_UNDER_MONTHS, feedsAndSolidsByDay, milkNudges, type MilkNudges } from './milk-main.ts';
import { isPoop } from './live-nappies.ts';
import { mean, median, trend, type Trend } from './patterns-stats.ts';

/** Days reported in daily_totals: today and the 13 days before it. */
export const PATTERNS_DAYS = 14;
/**
 * Days the caller loads: one more than reported, so a sleep that began the evening before the
 * first reported day still has its start (and its minutes after midnight are counted).
 */
export const PATTERNS_WINDOW_DAYS = PATTERNS_DAYS + 1;

/** Epoch ms from which the caller must load events for patterns (start of a local day). */
export function patternsWindowStart(now: number, timezone: string): number {
  const clock = zoneClock(timezone);
  return clock.dayStart(addDaysFast(clock.localDate(now), -(PATTERNS_WINDOW_DAYS - 1)));
}

/** A typical value needs at least this many data points (feed intervals, bedtimes, wakes). */
export const MIN_SAMPLES = 3;

export interface DailyTotals {
  /** Family-local date, YYYY-MM-DD. */
  date: string;
  /** Length of the local day: 23 or 25 on clock-change days, else 24. */
  day_hours: number;
  milk_ml: number;
  /** Milk logs (bottle and breast). */
  feeds: number;
  bottle_feeds: number;
  breastfeeds: number;
  /** Millilitres from bottles only (a breastfeed is not a volume). */
  bottle_ml: number;
  /** Minutes of breastfeeding, from the breastfeeds that carry duration_min. */
  breastfeed_minutes: number;
  /** Sleep inside this day, split at local midnight. */
  sleep_minutes: number;
  /** Of which between 06:00 and 19:00 … */
  sleep_minutes_day: number;
  /** … and before 06:00 or from 19:00. */
  sleep_minutes_night: number;
  /** Sleeps that began in the day window (06:00–19:00) on this date. */
  naps: number;
  nappies: number;
  /** Nappies logged wet or both. */
  nappies_wet: number;
  /** Nappies logged dirty or both, plus `poop` logs. */
  nappies_dirty: number;
  solids: number;
  supplements: number;
  vitd_ug: number;
  /** 1.3.0: millilitres from `pumping` logs (expressed milk, not a feed: not in milk_ml). */
  pumped_ml: number;
  /** 1.3.0: events logged this day, per type; a type with none is absent. */
  counts: TypeCounts;
}

export interface LongestSleep {
  minutes: number;
  /** Local timestamps. */
  start: string;
  end: string;
  /** Still asleep: the stretch is measured up to now. */
  ongoing: boolean;
}

export interface PatternsSummary {
  age_band: AgeBandId;
  /** Days (of the 13 complete ones) with anything logged. */
  days_logged: number;
  /**
   * The family's own gap between feed starts (milk logs within 30 min merged into one feed):
   * the median over the last 72 hours once 6 intervals are known, the same rule and figure as
   * live's feed_interval_minutes (live-feeds.ts feedInterval); null before that, and while milk
   * feeds are not the main food (milk_nudges).
   */
  typical_feed_interval_minutes: number | null;
  /** Median local HH:MM. */
  typical_bedtime: string | null;
  typical_wake_time: string | null;
  longest_sleep: LongestSleep | null;
  /** Averages over complete days (today excluded) on which that thing was logged. */
  average_daily_milk_ml: number | null;
  average_daily_feeds: number | null;
  average_daily_sleep_minutes: number | null;
  average_daily_naps: number | null;
  /** First 7 complete days against the next 6 (today excluded); null with too little logged. */
  trend: { milk: Trend | null; feeds: Trend | null; sleep: Trend | null };
  /** issue 27: whether milk feeds are still timed; the same as live's milk_nudges (milk-main.ts). */
  milk_nudges: MilkNudges;
}

export interface PatternsResult {
  patterns: PatternsSummary;
  daily_totals: DailyTotals[];
  /** Today's events, oldest first, as the API shows them. */
  today: LogEvent[];
}

function emptyDay(date: string, bounds: [number, number]): DailyTotals {
  return {
    date, day_hours: Math.round((bounds[1] - bounds[0]) / 3_600_000),
    milk_ml: 0, feeds: 0, bottle_feeds: 0, breastfeeds: 0, bottle_ml: 0, breastfeed_minutes: 0,
    sleep_minutes: 0, sleep_minutes_day: 0, sleep_minutes_night: 0, naps: 0,
    nappies: 0, nappies_wet: 0, nappies_dirty: 0, solids: 0, supplements: 0, vitd_ug: 0,
    pumped_ml: 0, counts: {},
  };
}

function addEvent(d: DailyTotals, e: TimedEvent): void {
  switch (e.type) {
    case 'milk':
      d.feeds += 1;
      d.milk_ml += e.ml ?? 0;
      // A breastfeed is ml 0 or a feed with a side (the timer may record expressed ml too).
      if ((e.ml ?? 0) === 0 || e.side !== null) {
        d.breastfeeds += 1;
        d.breastfeed_minutes += e.duration_min ?? 0;
      } else {
        d.bottle_feeds += 1;
        d.bottle_ml += e.ml ?? 0;
      }
      break;
    case 'nappy':
      d.nappies += 1;
      if (e.kind === 'wet' || e.kind === 'both') d.nappies_wet += 1;
      break;
    case 'solid':
      d.solids += 1;
      break;
    case 'supplement':
      d.supplements += 1;
      if (e.kind === 'vitd') d.vitd_ug += e.ug ?? 0;
      break;
    case 'pumping':
      d.pumped_ml += e.ml ?? 0;
      break;
    default:
      break;
  }
  if (isPoop(e)) d.nappies_dirty += 1;
}

/** The event as the API shows it: without the instant and the internal fields. */
function toLogEvent(e: TimedEvent): LogEvent {
  const { at: _at, last_side: _lastSide, zone: _zone, own_ts: _ownTs, ...rest } = e;
  return rest;
}

export function patterns(events: TimedEvent[], profile: ChildProfile, now: number): PatternsResult {
  const zone = profile.timezone;
  const clock = zoneClock(zone);
  const today = clock.localDate(now);
  const ageMonths = ageAtFast(profile.dob, today).months;
  const band = bandForMonths(ageMonths);
  const sorted = sortedUpTo(events, now);

  const dates = Array.from({ length: PATTERNS_DAYS }, (_, i) => addDaysFast(today, i - (PATTERNS_DAYS - 1)));
  // One grid over the loaded window (the extra day included) serves every split and clock read.
  const grid = dayGrid(addDaysFast(dates[0]!, -1), today, zone);
  const days = dates.map((d, i) => emptyDay(d, [grid.starts[i + 1]!, grid.starts[i + 2]!]));
  const windowStart = grid.starts[1]!;
  // Index into `days` (the grid's first day is the extra loaded one).
  const indexOf = (at: number): number => gridIndex(grid, at) - 1;

  const inWindow = sorted.filter((e) => e.at >= windowStart);
  const dayEvents: TimedEvent[][] = days.map(() => []);
  for (const e of inWindow) {
    const i = indexOf(e.at);
    if (i >= 0) {
      addEvent(days[i]!, e);
      dayEvents[i]!.push(e);
    }
  }
  days.forEach((d, i) => (d.counts = countByType(dayEvents[i]!)));

  // Sleep: every span is split at local midnight and at the night-window edges; minutes are
  // summed in milliseconds and rounded once per day so the split never loses a minute.
  const spans = buildSleepSpans(sorted, now);
  const dayMs = new Map<string, number>();
  const nightMs = new Map<string, number>();
  for (const s of spans) {
    if (s.end <= windowStart) continue;
    for (const part of splitOnGrid(grid, Math.max(s.start, windowStart), s.end)) {
      dayMs.set(part.date, (dayMs.get(part.date) ?? 0) + part.dayMs);
      nightMs.set(part.date, (nightMs.get(part.date) ?? 0) + part.nightMs);
    }
    const i = indexOf(s.start);
    if (i >= 0 && isNightOnGrid(grid, s.start) === false) days[i]!.naps += 1;
  }
  for (const d of days) {
    const dm = dayMs.get(d.date) ?? 0;
    const nm = nightMs.get(d.date) ?? 0;
    d.sleep_minutes = Math.round((dm + nm) / 60_000);
    d.sleep_minutes_day = Math.round(dm / 60_000);
    d.sleep_minutes_night = d.sleep_minutes - d.sleep_minutes_day;
  }

  const windowSpans = spans.filter((s) => s.end > windowStart);
  const complete = days.slice(0, PATTERNS_DAYS - 1);
  const loggedDays = complete.filter((d) => d.feeds + d.nappies + d.solids + d.supplements + d.naps > 0 || d.sleep_minutes > 0);
  const milkDays = complete.filter((d) => d.feeds > 0);
  const sleepDays = complete.filter((d) => d.sleep_minutes > 0);
  const round = (v: number | null, digits = 0) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);
  const half = (list: DailyTotals[], pick: (d: DailyTotals) => number, first: boolean) =>
    list.filter((d) => (first ? d.date < dates[7]! : d.date >= dates[7]!)).map(pick);

  // The last complete days decide whether milk feeds are timed at all (from 12 months), then one
  // rule, shared with live status, gives the interval; patterns reports only the family's own.
  const todayIdx = PATTERNS_DAYS; // grid.starts[PATTERNS_DAYS] opens today (the grid's day 0 is the extra one)
  const nudges = milkNudges(ageMonths, ageMonths < MILK_MAIN_UNDER_MONTHS ? null
    : feedsAndSolidsByDay(sorted, grid.starts.slice(todayIdx - MILK_MAIN_DAYS, todayIdx + 1)), profile.baby_name);
  const interval = feedInterval(sorted.filter((e) => e.type === 'milk'), band, now, nudges.applies);
  const bedtimes = bedtimeMinutes(windowSpans, zone, grid);
  const wakes = morningWakeMinutes(windowSpans, zone, grid);
  let longest: LongestSleep | null = null;
  for (const s of windowSpans) {
    const minutes = Math.round((s.end - s.start) / 60_000);
    if (longest === null || minutes > longest.minutes) {
      longest = { minutes, start: clock.localTs(s.start), end: clock.localTs(s.end), ongoing: s.open };
    }
  }

  const summary: PatternsSummary = {
    age_band: band.id,
    days_logged: loggedDays.length,
    typical_feed_interval_minutes: interval?.source === 'family' ? interval.minutes : null,
    typical_bedtime: bedtimes.length >= MIN_SAMPLES ? minutesToHHMM(median(bedtimes)!) : null,
    typical_wake_time: wakes.length >= MIN_SAMPLES ? minutesToHHMM(median(wakes)!) : null,
    longest_sleep: longest,
    average_daily_milk_ml: round(mean(milkDays.map((d) => d.milk_ml))),
    average_daily_feeds: round(mean(milkDays.map((d) => d.feeds)), 1),
    average_daily_sleep_minutes: round(mean(sleepDays.map((d) => d.sleep_minutes))),
    average_daily_naps: round(mean(sleepDays.map((d) => d.naps)), 1),
    trend: {
      milk: trend(half(milkDays, (d) => d.milk_ml, true), half(milkDays, (d) => d.milk_ml, false)),
      feeds: trend(half(milkDays, (d) => d.feeds, true), half(milkDays, (d) => d.feeds, false)),
      sleep: trend(half(sleepDays, (d) => d.sleep_minutes, true), half(sleepDays, (d) => d.sleep_minutes, false)),
    },
    milk_nudges: nudges,
  };

  const todayStart = grid.starts[PATTERNS_DAYS]!;
  return {
    patterns: summary,
    daily_totals: days,
    today: sorted.filter((e) => e.at >= todayStart).map(toLogEvent),
  };
}
