// The solid-food blocks of the patterns response: nutrients today and over 7 days, the
// reference intakes they are compared with, allergens today and a 14-day allergen grid.
// Pure: events, profile, now and the family's recipes in; plain objects out.
import type { ChildProfile, TimedEvent } from './types.ts';
import { addDaysFast, ageAtFast, zoneClock } from './zone-clock.ts';
import { expandFoods, resolveFood, NUTRIENT_KEYS, type NutrientKey, type Recipe } from './foods.ts';
import { allergenHints, allergenList, type AllergenInfo } from './foods-allergens.ts';
import { targetsFor, type TargetSet } from './nutrition-targets.ts';

export { targetsFor } from './nutrition-targets.ts';

export interface NutrientAmount {
  amount: number;
  target: number | null;
  /** Whole percent of target, null when there is no target. */
  pct: number | null;
  unit: string;
}

export interface NutrientsToday {
  date: string;
  /** Portions counted (one per known food name per solid event). */
  portions: number;
  /** Names logged today that have no nutrient data (not counted). */
  unknown_foods: string[];
  nutrients: Record<NutrientKey, NutrientAmount>;
}

export interface Nutrients7d {
  from: string;
  to: string;
  days: 7;
  days_with_solids: number;
  portions: number;
  unknown_foods: string[];
  /** Sum over the 7 days. */
  totals: Record<NutrientKey, number>;
  /** Totals ÷ 7 (days without solids count as zero), compared with the daily target. */
  daily_average: Record<NutrientKey, NutrientAmount>;
  by_day: { date: string; portions: number; nutrients: Record<NutrientKey, number> }[];
}

export interface AllergenToday {
  label: string;
  /** Logged names that carried it, as logged, first spelling kept. */
  foods: string[];
  /** Portions carrying it today. */
  count: number;
}

export interface AllergenGrid {
  region: 'uk' | 'us';
  allergens: AllergenInfo[];
  /** 14 family-local dates, oldest first, ending today. */
  days: string[];
  /** allergen id → 14 counts (portions carrying it that day), aligned with `days`. */
  cells: Record<string, number[]>;
  /** allergen id → last family-local date it was logged (any time in the events given), or null. */
  last_exposure: Record<string, string | null>;
  /** allergen id → whole days since last_exposure (0 = today), or null. */
  days_since_last: Record<string, number | null>;
  /** Region allergens never logged in the events given. */
  not_yet_logged: string[];
}

export interface SolidsBlocks {
  nutrients_today: NutrientsToday | Record<string, never>;
  nutrients_7d: Nutrients7d | Record<string, never>;
  nutrient_targets: TargetSet | Record<string, never>;
  allergens_today: Record<string, AllergenToday>;
  allergen_grid: AllergenGrid | Record<string, never>;
}

export interface SolidsOptions {
  /**
   * The profile's solids_started flag. When false all five blocks are `{}`; when true they are
   * filled even if no solid is in `events`; when omitted, "started" means at least one solid
   * event (at or before `now`) is among `events` — so pass the flag if you pass a short window.
   */
  solidsStarted?: boolean;
}

const EMPTY: SolidsBlocks = { nutrients_today: {}, nutrients_7d: {}, nutrient_targets: {}, allergens_today: {}, allergen_grid: {} };

function zeros(): Record<NutrientKey, number> {
  return Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, 0])) as Record<NutrientKey, number>;
}

function round(x: number, key: NutrientKey): number {
  const d = key === 'energy_kcal' || key === 'calcium_mg' ? 1 : 2;
  return Math.round(x * 10 ** d) / 10 ** d;
}

function compare(amounts: Record<NutrientKey, number>, targets: TargetSet): Record<NutrientKey, NutrientAmount> {
  const out = {} as Record<NutrientKey, NutrientAmount>;
  for (const k of NUTRIENT_KEYS) {
    const t = targets.nutrients[k];
    const amount = round(amounts[k], k);
    out[k] = { amount, target: t.target, pct: t.target ? Math.round((100 * amounts[k]) / t.target) : null, unit: t.unit };
  }
  return out;
}

interface DayAcc {
  portions: number;
  nutrients: Record<NutrientKey, number>;
  unknown: Map<string, string>;
  allergens: Map<string, { foods: Map<string, string>; count: number }>;
}

/**
 * The five solid-food blocks for the patterns endpoint. Only `solid` events count; each name in
 * an event's `foods` (after replacing recipe names by their ingredients) is one typical portion
 * of each food it resolves to. Days are family-local dates in `profile.timezone`, from each
 * event's instant (`at`), so 23- and 25-hour days group correctly. Events after `now` are ignored.
 */
export function solidsBlocks(
  events: TimedEvent[],
  profile: ChildProfile,
  now: number,
  recipes: Recipe[] = [],
  opts: SolidsOptions = {},
): SolidsBlocks {
  const solids = events.filter((e) => e.type === 'solid' && e.at <= now);
  const started = opts.solidsStarted ?? solids.length > 0;
  if (!started) return { ...EMPTY, allergens_today: {} };

  const zone = profile.timezone;
  const region = profile.region;
  const clock = zoneClock(zone);
  const today = clock.localDate(now);
  const months = safeMonths(profile.dob, today);
  const targets = targetsFor(region, months);
  const regionAllergens = allergenList(region);
  const gridDays = Array.from({ length: 14 }, (_, i) => addDaysFast(today, i - 13));
  const weekDays = gridDays.slice(7);

  const byDay = new Map<string, DayAcc>();
  const lastExposure = new Map<string, string>();
  // Food lookups are pure and the same few foods come back every day: resolve each name once.
  const expanded = new Map<string, string[]>();
  const resolved = new Map<string, ReturnType<typeof resolveFood>>();
  const hinted = new Map<string, string[]>();
  const expand = (foods: string[]): string[] => {
    const key = JSON.stringify(foods);
    let out = expanded.get(key);
    if (out === undefined) expanded.set(key, (out = expandFoods(foods, recipes)));
    return out;
  };
  const resolve = (name: string) => {
    let out = resolved.get(name);
    if (out === undefined) resolved.set(name, (out = resolveFood(name)));
    return out;
  };
  const hints = (name: string): string[] => {
    let out = hinted.get(name);
    if (out === undefined) hinted.set(name, (out = allergenHints(name, region)));
    return out;
  };
  for (const ev of solids) {
    const date = clock.localDate(ev.at);
    const inGrid = date >= gridDays[0];
    let acc = byDay.get(date);
    if (!acc && inGrid) {
      acc = { portions: 0, nutrients: zeros(), unknown: new Map(), allergens: new Map() };
      byDay.set(date, acc);
    }
    for (const name of expand(ev.foods ?? [])) {
      const trimmed = name.trim();
      if (!trimmed) continue;
      const foods = resolve(trimmed);
      const ids = new Set<string>();
      if (foods) {
        for (const f of foods) {
          for (const a of f.allergens[region]) ids.add(a);
          if (acc) {
            acc.portions += 1;
            for (const k of NUTRIENT_KEYS) acc.nutrients[k] += f.per_portion[k];
          }
        }
      } else {
        // No nutrient data: still note obvious allergens from the name ("peanut puffs").
        for (const a of hints(trimmed)) ids.add(a);
        if (acc && !acc.unknown.has(trimmed.toLowerCase())) acc.unknown.set(trimmed.toLowerCase(), trimmed);
      }
      for (const a of ids) {
        const prev = lastExposure.get(a);
        if (!prev || date > prev) lastExposure.set(a, date);
        if (acc) {
          let cell = acc.allergens.get(a);
          if (!cell) acc.allergens.set(a, (cell = { foods: new Map(), count: 0 }));
          cell.count += 1;
          if (!cell.foods.has(trimmed.toLowerCase())) cell.foods.set(trimmed.toLowerCase(), trimmed);
        }
      }
    }
  }

  const todayAcc = byDay.get(today);
  const nutrients_today: NutrientsToday = {
    date: today,
    portions: todayAcc?.portions ?? 0,
    unknown_foods: todayAcc ? [...todayAcc.unknown.values()] : [],
    nutrients: compare(todayAcc?.nutrients ?? zeros(), targets),
  };

  const totals = zeros();
  const unknown7 = new Map<string, string>();
  let portions7 = 0;
  let daysWithSolids = 0;
  const by_day = weekDays.map((date) => {
    const acc = byDay.get(date);
    if (acc) {
      daysWithSolids += 1;
      portions7 += acc.portions;
      for (const k of NUTRIENT_KEYS) totals[k] += acc.nutrients[k];
      for (const [k, v] of acc.unknown) if (!unknown7.has(k)) unknown7.set(k, v);
    }
    const n = zeros();
    if (acc) for (const k of NUTRIENT_KEYS) n[k] = round(acc.nutrients[k], k);
    return { date, portions: acc?.portions ?? 0, nutrients: n };
  });
  const avg = zeros();
  for (const k of NUTRIENT_KEYS) avg[k] = totals[k] / 7;
  const roundedTotals = zeros();
  for (const k of NUTRIENT_KEYS) roundedTotals[k] = round(totals[k], k);
  const nutrients_7d: Nutrients7d = {
    from: weekDays[0],
    to: today,
    days: 7,
    days_with_solids: daysWithSolids,
    portions: portions7,
    unknown_foods: [...unknown7.values()],
    totals: roundedTotals,
    daily_average: compare(avg, targets),
    by_day,
  };

  const allergens_today: Record<string, AllergenToday> = {};
  for (const a of regionAllergens) {
    const cell = todayAcc?.allergens.get(a.id);
    if (cell) allergens_today[a.id] = { label: a.label, foods: [...cell.foods.values()], count: cell.count };
  }

  const cells: Record<string, number[]> = {};
  const last_exposure: Record<string, string | null> = {};
  const days_since_last: Record<string, number | null> = {};
  const not_yet_logged: string[] = [];
  for (const a of regionAllergens) {
    cells[a.id] = gridDays.map((d) => byDay.get(d)?.allergens.get(a.id)?.count ?? 0);
    const last = lastExposure.get(a.id) ?? null;
    last_exposure[a.id] = last;
    days_since_last[a.id] = last ? ageAtFast(last, today).days : null;
    if (!last) not_yet_logged.push(a.id);
  }
  const allergen_grid: AllergenGrid = {
    region,
    allergens: regionAllergens.map((a) => ({ ...a })),
    days: gridDays,
    cells,
    last_exposure,
    days_since_last,
    not_yet_logged,
  };

  return { nutrients_today, nutrients_7d, nutrient_targets: targets, allergens_today, allergen_grid };
}

function safeMonths(dob: string, today: string): number {
  try {
    return ageAtFast(dob, today).months;
  } catch {
    return 12; // An unreadable date of birth should not break the page; use a middle band.
  }
}
