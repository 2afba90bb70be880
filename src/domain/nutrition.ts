// The solid-food blocks of the patterns response: nutrients today and over 7 days, the
// reference intakes they are compared with, allergens today and a 14-day allergen grid.
// Pure: events, profile, now and the family's recipes in; plain objects out.
import type { ChildProfile, TimedEvent } from './types.ts';
import { addDaysFast, ageAtFast, zoneClock } from './zone-clock.ts';
import { expandFoods, resolveFood, NUTRIENT_KEYS, type NutrientKey, type Recipe } from './foods.ts';
import { allergenHints, allergenList, type AllergenInfo } from './foods-allergens.ts';
import { targetsFor, type TargetSet } from './nutrition-targets.ts';
import type { Range } from './age-bands.ts';

export { targetsFor } from './nutrition-targets.ts';

export interface NutrientAmount {
  /**
   * What is counted toward the day's intake: `from_food`, plus `from_drops` for iron and
   * vitamin D (1.3.x; before, drops were not counted and amount was the food alone).
   */
  amount: number;
  target: number | null;
  /**
   * Whole percent of target for `amount` (food and drops), null when there is no target, and
   * null when drops of this nutrient were logged without an amount (the intake is not known).
   */
  pct: number | null;
  unit: string;
  /** From logged solid food (one typical portion per known food name). */
  from_food: number;
  /** iron_mg and vitamin_d_ug only: from the drops (supplement `ug`, in this nutrient's unit). */
  from_drops?: number;
  /** iron_mg and vitamin_d_ug only: the drops of this nutrient logged (doses). */
  drops?: number;
  /** iron_mg and vitamin_d_ug only: of those, logged without an amount (not counted). */
  drops_without_amount?: number;
  /** iron_mg and vitamin_d_ug only: the guidance's range where it is one (UK vitamin D under 1: 8.5–10), else null. */
  target_range?: Range | null;
}

/** One supplement log of the day, as counted (or not) in the nutrients. */
export interface DropLog {
  /** Family-local time. */
  ts: string;
  kind: string;
  ug: number | null;
  /** The nutrient it counts toward, or null (a multivitamin: its make-up is not known). */
  counts_toward: DropKey | null;
  /** What it adds, in the nutrient's unit (iron: ug ÷ 1000 mg); null when not counted. */
  amount: number | null;
}

export interface NutrientsToday {
  date: string;
  /** Portions counted (one per known food name per solid event). */
  portions: number;
  /** Names logged today that have no nutrient data (not counted). */
  unknown_foods: string[];
  nutrients: Record<NutrientKey, NutrientAmount>;
  /** Today's supplement logs, oldest first: vitamin D and iron drops count, a multivitamin is listed only. */
  drops: DropLog[];
}

export interface Nutrients7d {
  from: string;
  to: string;
  days: 7;
  days_with_solids: number;
  portions: number;
  unknown_foods: string[];
  /** Sum over the 7 days, food and drops. */
  totals: Record<NutrientKey, number>;
  /** The part of `totals` from drops. */
  totals_from_drops: Record<DropKey, number>;
  /** Totals ÷ 7 (days without solids or drops count as zero), compared with the daily target. */
  daily_average: Record<NutrientKey, NutrientAmount>;
  /** Each day: nutrients are food and drops, `from_drops` the part from drops. */
  by_day: { date: string; portions: number; nutrients: Record<NutrientKey, number>; from_drops: Record<DropKey, number> }[];
  /** Supplement logs over the 7 days per kind: doses, and days with at least one. */
  drops: Record<DropKind, { doses: number; days: number }>;
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

// ---- Drops ------------------------------------------------------------------------------
// A supplement log (`type: supplement`, `kind`, `ug` in micrograms) counts toward a nutrient
// when its kind names one: vitamin D drops toward vitamin_d_ug, iron drops toward iron_mg
// (1 mg = 1000 µg). A multivitamin counts toward nothing: its `ug` does not say of what.

/** The nutrients drops can add to. */
export type DropKey = 'iron_mg' | 'vitamin_d_ug';
export const DROP_KEYS: readonly DropKey[] = ['iron_mg', 'vitamin_d_ug'];
/** The supplement kinds the nutrient blocks report. */
export type DropKind = 'vitd' | 'iron' | 'multivitamin';
export const DROP_KINDS: readonly DropKind[] = ['vitd', 'iron', 'multivitamin'];

const COUNTED: Record<string, { key: DropKey; perUg: number }> = {
  vitd: { key: 'vitamin_d_ug', perUg: 1 },
  iron: { key: 'iron_mg', perUg: 0.001 },
};

/**
 * What one supplement log adds: the nutrient and the amount in its unit, amount null when no
 * `ug` was logged; null for a kind that counts toward no nutrient.
 */
export function dropContribution(kind: string | null, ug: number | null): { key: DropKey; amount: number | null } | null {
  const c = kind ? COUNTED[kind] : undefined;
  if (!c) return null;
  return { key: c.key, amount: ug === null ? null : ug * c.perUg };
}

function isDropKey(k: NutrientKey): k is DropKey {
  return k === 'iron_mg' || k === 'vitamin_d_ug';
}

/** Drops of one day (or summed over days). */
interface DropAcc {
  amount: Record<DropKey, number>;
  doses: Record<DropKey, number>;
  unknown: Record<DropKey, number>;
  kinds: Record<DropKind, number>;
  logs: DropLog[];
}

function dropZeros(): Record<DropKey, number> {
  return { iron_mg: 0, vitamin_d_ug: 0 };
}

function newDropAcc(): DropAcc {
  return { amount: dropZeros(), doses: dropZeros(), unknown: dropZeros(), kinds: { vitd: 0, iron: 0, multivitamin: 0 }, logs: [] };
}

const NO_DROPS: DropAcc = newDropAcc();

/**
 * Food and drops set against the targets. `amount` is the sum of the two parts as shown
 * (each rounded first), so food + drops = amount by hand; `pct` is of the unrounded sum.
 */
function compare(food: Record<NutrientKey, number>, drops: DropAcc, targets: TargetSet, divisor = 1): Record<NutrientKey, NutrientAmount> {
  const out = {} as Record<NutrientKey, NutrientAmount>;
  for (const k of NUTRIENT_KEYS) {
    const t = targets.nutrients[k];
    const f = food[k] / divisor;
    const fromFood = round(f, k);
    if (!isDropKey(k)) {
      out[k] = { amount: fromFood, target: t.target, pct: t.target ? Math.round((100 * f) / t.target) : null, unit: t.unit, from_food: fromFood };
      continue;
    }
    const d = drops.amount[k] / divisor;
    const fromDrops = round(d, k);
    const unknown = drops.unknown[k];
    out[k] = {
      amount: round(fromFood + fromDrops, k),
      target: t.target,
      pct: t.target && unknown === 0 ? Math.round((100 * (f + d)) / t.target) : null,
      unit: t.unit,
      from_food: fromFood,
      from_drops: fromDrops,
      drops: drops.doses[k],
      drops_without_amount: unknown,
      target_range: t.range ? { ...t.range } : null,
    };
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
 * The five solid-food blocks for the patterns endpoint. Foods: each name in a `solid` event's
 * `foods` (after replacing recipe names by their ingredients) is one typical portion of each
 * food it resolves to. Drops: `supplement` events of kind vitd and iron add their `ug` to
 * vitamin D and iron (see dropContribution); the blocks stay `{}` until solids have started,
 * drops or not (the live status's supplement_log covers drops before solids). Days are family-local dates in `profile.timezone`, from each
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

  // Drops: the supplement logs of the 7 days (vitamin D and iron count; a multivitamin is listed).
  const dropsByDay = new Map<string, DropAcc>();
  for (const ev of events) {
    if (ev.type !== 'supplement' || ev.at > now) continue;
    const date = clock.localDate(ev.at);
    if (date < weekDays[0] || date > today) continue;
    let d = dropsByDay.get(date);
    if (!d) dropsByDay.set(date, (d = newDropAcc()));
    const kind = ev.kind ?? '';
    if (kind in d.kinds) d.kinds[kind as DropKind] += 1;
    const c = dropContribution(ev.kind, ev.ug);
    if (c) {
      d.doses[c.key] += 1;
      if (c.amount === null) d.unknown[c.key] += 1;
      else d.amount[c.key] += c.amount;
    }
    if (date === today) {
      d.logs.push({ ts: ev.ts, kind, ug: ev.ug, counts_toward: c?.key ?? null, amount: c?.amount ?? null });
    }
  }

  const todayAcc = byDay.get(today);
  const todayDrops = dropsByDay.get(today) ?? NO_DROPS;
  const nutrients_today: NutrientsToday = {
    date: today,
    portions: todayAcc?.portions ?? 0,
    unknown_foods: todayAcc ? [...todayAcc.unknown.values()] : [],
    nutrients: compare(todayAcc?.nutrients ?? zeros(), todayDrops, targets),
    drops: [...todayDrops.logs].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)),
  };

  const totals = zeros();
  const week = newDropAcc();
  const dropDays: Record<DropKind, number> = { vitd: 0, iron: 0, multivitamin: 0 };
  const unknown7 = new Map<string, string>();
  let portions7 = 0;
  let daysWithSolids = 0;
  const by_day = weekDays.map((date) => {
    const acc = byDay.get(date);
    const drops = dropsByDay.get(date) ?? NO_DROPS;
    if (acc) {
      daysWithSolids += 1;
      portions7 += acc.portions;
      for (const k of NUTRIENT_KEYS) totals[k] += acc.nutrients[k];
      for (const [k, v] of acc.unknown) if (!unknown7.has(k)) unknown7.set(k, v);
    }
    for (const k of DROP_KEYS) {
      week.amount[k] += drops.amount[k];
      week.doses[k] += drops.doses[k];
      week.unknown[k] += drops.unknown[k];
    }
    for (const kind of DROP_KINDS) {
      week.kinds[kind] += drops.kinds[kind];
      if (drops.kinds[kind] > 0) dropDays[kind] += 1;
    }
    const n = zeros();
    if (acc) for (const k of NUTRIENT_KEYS) n[k] = round(acc.nutrients[k], k);
    const fromDrops = dropZeros();
    for (const k of DROP_KEYS) {
      fromDrops[k] = round(drops.amount[k], k);
      n[k] = round(n[k] + fromDrops[k], k);
    }
    return { date, portions: acc?.portions ?? 0, nutrients: n, from_drops: fromDrops };
  });
  const roundedTotals = zeros();
  for (const k of NUTRIENT_KEYS) roundedTotals[k] = round(totals[k], k);
  const totalsFromDrops = dropZeros();
  for (const k of DROP_KEYS) {
    totalsFromDrops[k] = round(week.amount[k], k);
    roundedTotals[k] = round(roundedTotals[k] + totalsFromDrops[k], k);
  }
  const drops7 = {} as Nutrients7d['drops'];
  for (const kind of DROP_KINDS) drops7[kind] = { doses: week.kinds[kind], days: dropDays[kind] };
  const nutrients_7d: Nutrients7d = {
    from: weekDays[0],
    to: today,
    days: 7,
    days_with_solids: daysWithSolids,
    portions: portions7,
    unknown_foods: [...unknown7.values()],
    totals: roundedTotals,
    totals_from_drops: totalsFromDrops,
    daily_average: compare(totals, week, targets, 7),
    by_day,
    drops: drops7,
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
