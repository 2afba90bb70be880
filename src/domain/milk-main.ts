// Are milk feeds still the child's main food? Only then does a milk feed come "due": live
// status times the next feed (next_feed_at, hungry_state, the overdue alert) and patterns gives
// a typical gap between feeds. Under 12 months: yes. From 12 months: only when the family's own
// log of the last 3 complete days says so. Sources and reasoning: docs/insights.md, "Milk feeds
// and toddlers".
import type { TimedEvent } from './types.ts';
import { FEED_CLUSTER_MINUTES } from './live-feeds.ts';
import { firstAtOrAfter } from './sleep-spans.ts';
import { childName } from './live-alerts.ts';
import { t, type Text } from '../i18n/text.ts';

/** Under this age (30.4375-day months) milk feeds are the main food (NHS, WHO: milk is the main drink and food through the first year). */
export const MILK_MAIN_UNDER_MONTHS = 12;
/** From 12 months the family's log decides, over this many complete local days (yesterday and the days before it) … */
export const MILK_MAIN_DAYS = 3;
/** … of which at least this many must have a milk feed or a solid logged; otherwise the age rule stands. */
export const MILK_MAIN_MIN_DAYS_LOGGED = 2;
/** Milk is still the main food with at least this many milk feeds a day (AAP: 4–5 feeds a day at 6 months) … */
export const MILK_MAIN_MIN_FEEDS_A_DAY = 4;
/**
 * … and fewer than this many solid meals or snacks a day (WHO: 2–3 meals a day at 6–8 months,
 * 3–4 meals plus 1–2 snacks from 9 to 23 months: three times a day is where solids take over).
 */
export const MILK_MAIN_SOLIDS_A_DAY = 3;

/** Milk feeds and solid meals or snacks on one local day; logs within FEED_CLUSTER_MINUTES of the previous of the same kind are one. */
export interface FeedsAndSolids {
  feeds: number;
  solids: number;
}

export interface MilkNudges {
  /** Milk feeds are timed: next_feed_at, hungry_state and the feed alerts apply. */
  applies: boolean;
  /** `age`: under 12 months (applies), or from 12 months with too little logged (does not). `own_log`: the last 3 days decided. */
  basis: 'age' | 'own_log';
  /** From 12 months: the averages over the logged days of the last 3 (one decimal); null under 12 months. */
  milk_feeds_a_day: number | null;
  solids_a_day: number | null;
  /** Plain words for a parent; null under 12 months. */
  message: Text | null;
}

/**
 * Milk feeds and solid meals or snacks per local day. `dayStarts` holds the N+1 boundaries of N consecutive
 * days, ascending (each day's local midnight, then the next). Events must be sorted by instant.
 */
export function feedsAndSolidsByDay(sorted: readonly TimedEvent[], dayStarts: readonly number[]): FeedsAndSolids[] {
  const days: FeedsAndSolids[] = dayStarts.slice(1).map(() => ({ feeds: 0, solids: 0 }));
  const gap = FEED_CLUSTER_MINUTES * 60_000;
  let lastMilk = -Infinity;
  let lastSolid = -Infinity;
  let day = 0;
  const end = dayStarts[dayStarts.length - 1]!;
  for (let i = firstAtOrAfter(sorted, dayStarts[0]!); i < sorted.length; i++) {
    const e = sorted[i]!;
    if (e.at >= end) break;
    while (e.at >= dayStarts[day + 1]!) day++;
    if (e.type === 'milk') {
      if (e.at - lastMilk >= gap) days[day]!.feeds++;
      lastMilk = e.at;
    } else if (e.type === 'solid') {
      if (e.at - lastSolid >= gap) days[day]!.solids++;
      lastSolid = e.at;
    }
  }
  return days;
}

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/**
 * The age rule, then the family's own pattern. `days` (the last MILK_MAIN_DAYS complete local
 * days) is only read from 12 months; pass null under 12 months to skip counting.
 */
export function milkNudges(ageMonths: number, days: readonly FeedsAndSolids[] | null, name: string): MilkNudges {
  if (ageMonths < MILK_MAIN_UNDER_MONTHS || days === null) {
    return { applies: true, basis: 'age', milk_feeds_a_day: null, solids_a_day: null, message: null };
  }
  const who = childName(name);
  const logged = days.filter((d) => d.feeds + d.solids > 0);
  if (logged.length < MILK_MAIN_MIN_DAYS_LOGGED) {
    return {
      applies: false, basis: 'age', milk_feeds_a_day: null, solids_a_day: null,
      message: t('live.milk_timed_off_by_age', { ...who, feeds: MILK_MAIN_MIN_FEEDS_A_DAY, solids: MILK_MAIN_SOLIDS_A_DAY }),
    };
  }
  const feeds = oneDecimal(logged.reduce((t, d) => t + d.feeds, 0) / logged.length);
  const solids = oneDecimal(logged.reduce((t, d) => t + d.solids, 0) / logged.length);
  const applies = feeds >= MILK_MAIN_MIN_FEEDS_A_DAY && solids < MILK_MAIN_SOLIDS_A_DAY;
  // A name starts the "meals" sentence: capitalised as the sentence's first word.
  const seen = { ...who, name: who.name.charAt(0).toUpperCase() + who.name.slice(1), feeds, solids, days: MILK_MAIN_DAYS };
  return {
    applies, basis: 'own_log', milk_feeds_a_day: feeds, solids_a_day: solids,
    message: applies ? t('live.milk_timed_own_log', { ...seen, name: who.name }) : t('live.milk_untimed_own_log', seen),
  };
}
