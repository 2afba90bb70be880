// Milk-feed rules for live status: when the next feed is likely due, and the daily milk guide.
import type { TimedEvent } from './types.ts';
import type { AgeBand } from './age-bands.ts';
import { median } from './patterns-stats.ts';

/** Milk logs closer than this to the previous one are one feed (second breast, a top-up). */
export const FEED_CLUSTER_MINUTES = 30;
/** The family's own rhythm replaces the age band's once this many intervals are known … */
export const OWN_INTERVALS_NEEDED = 6;
/** … within this look-back. */
export const OWN_INTERVALS_LOOKBACK_HOURS = 72;
/** The family's median interval is kept within these bounds (a sanity net for odd logs). */
export const OWN_INTERVAL_MIN_MINUTES = 60;
export const OWN_INTERVAL_MAX_MINUTES = 8 * 60;
/** hungry_state is 'hungry_soon' this long before the next feed is due. */
export const HUNGRY_SOON_MINUTES = 30;

/** Start instants of feeds, with milk logs closer than FEED_CLUSTER_MINUTES merged. */
export function feedStarts(sortedMilk: readonly TimedEvent[]): number[] {
  const starts: number[] = [];
  let lastAt = -Infinity;
  for (const ev of sortedMilk) {
    if (ev.at - lastAt >= FEED_CLUSTER_MINUTES * 60_000) starts.push(ev.at);
    lastAt = ev.at;
  }
  return starts;
}

/** Minutes between consecutive feed starts. */
export function feedIntervals(starts: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < starts.length; i++) out.push((starts[i]! - starts[i - 1]!) / 60_000);
  return out;
}

export interface FeedInterval {
  minutes: number;
  source: 'age_band' | 'family';
}

/**
 * The family's own gap between feeds: the median of its intervals in the last
 * OWN_INTERVALS_LOOKBACK_HOURS once there are at least OWN_INTERVALS_NEEDED of them, kept
 * within OWN_INTERVAL_MIN/MAX_MINUTES; null with fewer. Patterns' typical_feed_interval_minutes.
 */
export function familyFeedInterval(sortedMilk: readonly TimedEvent[], now: number): number | null {
  const since = now - OWN_INTERVALS_LOOKBACK_HOURS * 3_600_000;
  // Only the last few days are read: bisect to the look-back instead of scanning two weeks.
  let lo = 0;
  let hi = sortedMilk.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sortedMilk[mid]!.at < since) lo = mid + 1;
    else hi = mid;
  }
  const intervals = feedIntervals(feedStarts(sortedMilk.slice(lo).filter((e) => e.at <= now)));
  if (intervals.length < OWN_INTERVALS_NEEDED) return null;
  return Math.round(Math.min(OWN_INTERVAL_MAX_MINUTES, Math.max(OWN_INTERVAL_MIN_MINUTES, median(intervals)!)));
}

/**
 * The one feed-interval rule, shared by live status and patterns so they never disagree. None
 * when milk feeds are no longer the main food (milk-main.ts). Otherwise the family's own gap
 * (familyFeedInterval) once known, else the age band's typical interval. Patterns reports the
 * family's figure only (it describes the log); live falls back to the age band's to time the
 * next feed.
 */
export function feedInterval(
  sortedMilk: readonly TimedEvent[], band: AgeBand, now: number, milkMain: boolean,
): FeedInterval | null {
  if (!milkMain) return null;
  const own = familyFeedInterval(sortedMilk, now);
  if (own !== null) return { minutes: own, source: 'family' };
  return { minutes: Math.round(band.feedIntervalHours * 60), source: 'age_band' };
}

export type HungryState = 'not_yet' | 'hungry_soon' | 'overdue' | 'dream_feed' | 'unknown';

/**
 * not_yet → hungry_soon (HUNGRY_SOON_MINUTES before due) → overdue (from due). While the child
 * is in night sleep and night feeds are still common at this age, a due or nearly due feed
 * reads as 'dream_feed'; when night feeds are no longer common, night sleep reads as 'not_yet'.
 */
export function hungryState(
  dueAt: number | null, now: number, nightSleep: boolean, nightFeedsCommon: boolean,
): HungryState {
  if (dueAt === null) return 'unknown';
  const soon = now >= dueAt - HUNGRY_SOON_MINUTES * 60_000;
  if (nightSleep) return soon && nightFeedsCommon ? 'dream_feed' : 'not_yet';
  if (now >= dueAt) return 'overdue';
  return soon ? 'hungry_soon' : 'not_yet';
}

/** Weights older than this are too stale to size a milk guide on. */
export const WEIGHT_MAX_AGE_DAYS = 60;
/** AAP: no more than 32 oz (960 ml) of formula in 24 hours. */
export const MILK_CAP_ML = 960;

/** The latest logged weight in kg, or null when none is logged in the last WEIGHT_MAX_AGE_DAYS. */
export function latestWeightKg(sorted: readonly TimedEvent[], now: number): number | null {
  for (let i = sorted.length - 1; i >= 0; i--) {
    const e = sorted[i]!;
    if (e.type === 'weight' && typeof e.kg === 'number' && e.kg > 0) {
      return now - e.at <= WEIGHT_MAX_AGE_DAYS * 86_400_000 ? e.kg : null;
    }
  }
  return null;
}

export interface MilkTarget {
  ml: number;
  min: number;
  max: number;
  ml_per_kg: number;
  source: string;
}

/**
 * Daily milk guide from age and the latest weight. Under 6 months: NHS 150–200 ml/kg/day,
 * reported as the midpoint 175 ml/kg with the range. 6 to 12 months: the AAP rule of thumb of
 * 2.5 oz per lb (≈163 ml/kg). Everything capped at 960 ml (AAP). Null from 12 months (milk is
 * then one drink among meals) or without a weight logged in the last WEIGHT_MAX_AGE_DAYS.
 */
export function dailyMilkTarget(kg: number | null, ageMonths: number): MilkTarget | null {
  if (ageMonths >= 12 || ageMonths < 0 || kg === null) return null;
  const cap = (v: number) => Math.min(MILK_CAP_ML, Math.round(v));
  if (ageMonths < 6) {
    return {
      ml: cap(kg * 175), min: cap(kg * 150), max: cap(kg * 200), ml_per_kg: 175,
      source: 'NHS: 150–200 ml per kg a day up to 6 months; at most 960 ml a day (AAP)',
    };
  }
  const v = cap(kg * 163);
  return {
    ml: v, min: v, max: v, ml_per_kg: 163,
    source: 'AAP rule of thumb: 2.5 oz per lb (about 163 ml per kg) a day; at most 960 ml a day',
  };
}
