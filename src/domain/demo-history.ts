// A realistic, deterministic family history for demos and benchmarks: feeds every 2–4 hours,
// naps and night sleep, nappies, solids after 6 months, vitamin D, weekly weights and lengths
// on a plausible curve. Pure: the same seed gives the same log.
import type { EventType, FeedSide } from './types.ts';
import { addDays, localToInstant, TimeError } from './time.ts';
import { ageAt } from './time.ts';
import { bandForMonths } from './age-bands.ts';
import { seededRandom } from './seeded-random.ts';

export interface DemoEvent {
  type: EventType;
  /** local wall-clock time in the family's zone */
  local: string;
  at: number;
  ml?: number;
  kind?: string;
  foods?: string[];
  meal_type?: 'meal' | 'snack';
  kg?: number;
  cm?: number;
  ug?: number;
  note?: string;
  side?: FeedSide;
  duration_min?: number;
  author: string;
}

const FIRST_FOODS = [
  ['banana'], ['avocado'], ['sweet potato'], ['porridge'], ['carrot'], ['broccoli'], ['apple', 'pear'],
  ['scrambled egg'], ['yoghurt', 'blueberries'], ['lentils', 'rice'], ['salmon', 'peas'], ['toast', 'peanut butter'],
  ['chicken', 'butternut squash'], ['pasta', 'cheese'], ['hummus', 'cucumber'], ['mango'], ['tofu', 'spinach'],
];

/** Approximate median weight (kg) and length (cm) at an age in months, for plausible curves. */
export function typicalGrowth(months: number): { kg: number; cm: number } {
  const kg = months <= 3 ? 3.3 + 0.95 * months : months <= 6 ? 6.15 + 0.5 * (months - 3) : months <= 12 ? 7.65 + 0.3 * (months - 6) : 9.45 + 0.2 * (months - 12);
  const cm = months <= 3 ? 50 + 3.5 * months : months <= 6 ? 60.5 + 2 * (months - 3) : months <= 12 ? 66.5 + 1.4 * (months - 6) : 74.9 + 0.9 * (months - 12);
  return { kg: Math.round(kg * 100) / 100, cm: Math.round(Math.min(cm, 119) * 10) / 10 };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Days of history ending the day before `today` (family-local), for a child born on `dob`.
 * Times falling into a spring-forward gap are moved an hour on.
 */
export function demoHistory(opts: { dob: string; today: string; days: number; zone: string; authors: string[]; seed?: number }): DemoEvent[] {
  const rand = seededRandom(opts.seed ?? 42);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const out: DemoEvent[] = [];
  const add = (date: string, minutes: number, e: Omit<DemoEvent, 'local' | 'at' | 'author'>) => {
    const d = minutes >= 1440 ? addDays(date, Math.floor(minutes / 1440)) : date;
    const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
    const local = `${d}T${pad(Math.floor(m / 60))}:${pad(m % 60)}:00`;
    let at: number;
    try {
      at = localToInstant(local, opts.zone);
    } catch (err) {
      if (!(err instanceof TimeError)) throw err;
      at = localToInstant(`${d}T${pad((Math.floor(m / 60) + 1) % 24)}:${pad(m % 60)}:00`, opts.zone);
    }
    out.push({ ...e, local, at, author: pick(opts.authors) });
  };

  // A breastfeed: ml 0, a side (alternating, sometimes both) and 10 to 40 minutes.
  const sides: FeedSide[] = ['left', 'right', 'both'];
  const breastfeed = () => ({ type: 'milk' as const, ml: 0, side: pick(sides), duration_min: 10 + Math.floor(rand() * 31) });
  const milkFeed = (breast: boolean, ml: number) => (breast ? breastfeed() : { type: 'milk' as const, ml });

  for (let i = opts.days; i >= 1; i--) {
    const date = addDays(opts.today, -i);
    if (date < opts.dob) continue;
    const months = ageAt(opts.dob, date).months;
    const band = bandForMonths(months);
    const wake = 360 + Math.floor(rand() * 80);
    const bedtime = 1140 + Math.floor(rand() * 60);
    add(date, wake, { type: 'wake' });
    // Feeds: every 2–4 hours through the day (closer together when small).
    // Milk a day roughly as the guidance in docs/insights.md: ~150–200 ml/kg under 6 months,
    // less once solids take over (about 600 ml at 6–12 months, 350 ml of milk drinks after).
    const dailyMl = months < 6 ? Math.min(900, 165 * typicalGrowth(months).kg) : months < 12 ? 650 : 350;
    const daytimeFeeds = months < 1 ? 7 : months < 3 ? 6 : months < 6 ? 5 : months < 12 ? 4 : 2;
    const interval = (bedtime - wake - 30) / daytimeFeeds;
    const feedsInDay = daytimeFeeds + 1 + (months < 9 ? 1 : 0);
    const bottle = Math.round(dailyMl / feedsInDay / 10) * 10;
    const breastfed = rand() < (months < 6 ? 0.6 : 0.3);
    // Under a year the first feed of the day is a breastfeed (mixed feeding is common), so
    // every demo shows breastfeeds with their sides and durations.
    for (let t = wake + 10, first = true; t < bedtime; t += interval * (0.85 + rand() * 0.3), first = false) {
      const breast = (first && months < 12) || (breastfed && rand() < 0.5);
      add(date, t, milkFeed(breast, Math.round((bottle * (0.8 + rand() * 0.4)) / 10) * 10));
    }
    // Naps spread between wake and bedtime.
    const naps = Math.max(0, Math.round((band.napsPerDay.min + band.napsPerDay.max) / 2));
    const span = bedtime - wake;
    for (let n = 1; n <= naps; n++) {
      const start = wake + (span * n) / (naps + 1) - 30;
      const length = 35 + rand() * 70;
      add(date, start, { type: 'sleep' });
      add(date, start + length, { type: 'wake' });
    }
    // Nappies.
    const nappies = months < 12 ? 6 : 4;
    for (let k = 0; k < nappies; k++) {
      add(date, wake + 20 + (span * k) / nappies + rand() * 30, { type: 'nappy', kind: k === 1 ? 'dirty' : k === 3 && rand() < 0.5 ? 'both' : 'wet' });
    }
    if (months >= 6) {
      const meals = months >= 9 ? 3 : 2;
      for (let k = 0; k < meals; k++) add(date, wake + 60 + (span * k) / meals, { type: 'solid', foods: pick(FIRST_FOODS), meal_type: 'meal' });
      if (months >= 9) add(date, wake + span * 0.6, { type: 'solid', foods: pick(FIRST_FOODS), meal_type: 'snack' });
    }
    if (months < 12 || rand() < 0.7) add(date, wake + 45, { type: 'supplement', kind: 'vitd', ug: 10 });
    if (i % 7 === 0) {
      const g = typicalGrowth(months);
      add(date, wake + 90, { type: 'weight', kg: Math.round(g.kg * (0.97 + rand() * 0.04) * 100) / 100 });
      if (i % 14 === 0) add(date, wake + 95, { type: 'length', cm: Math.max(40, g.cm) });
    }
    add(date, bedtime - 15, milkFeed(breastfed, bottle));
    add(date, bedtime, { type: 'sleep' });
    // Night feeds while small: a wake-feed-sleep in the night.
    if (months < 9) {
      const nightFeed = bedtime + 240 + rand() * 120;
      add(date, nightFeed, { type: 'wake' });
      add(date, nightFeed + 5, milkFeed(breastfed, Math.round(bottle * 0.7)));
      add(date, nightFeed + 30, { type: 'sleep' });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}
