// The two nutrient blocks of the patterns response, nutrients today and over 7 days: the day
// tallies of food and of drops set against the reference intakes. Pure.
import { NUTRIENT_KEYS, type NutrientKey } from '../foods.ts';
import type { TargetSet } from '../nutrition-targets.ts';
import type { Range } from '../age-bands.ts';
import { nutrientZeros, type FoodDay } from './food-days.ts';
import { DROP_KEYS, DROP_KINDS, NO_DROPS, dropZeros, isDropKey, sumDrops, type DropAcc, type DropKey, type DropKind, type DropLog } from './drops.ts';

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

function round(x: number, key: NutrientKey): number {
  const d = key === 'energy_kcal' || key === 'calcium_mg' ? 1 : 2;
  return Math.round(x * 10 ** d) / 10 ** d;
}

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

/** Today's food and drops (either may be absent) against the targets. */
export function nutrientsToday(today: string, food: FoodDay | undefined, dropsOfDay: DropAcc | undefined, targets: TargetSet): NutrientsToday {
  const drops = dropsOfDay ?? NO_DROPS;
  return {
    date: today,
    portions: food?.portions ?? 0,
    unknown_foods: food ? [...food.unknown.values()] : [],
    nutrients: compare(food?.nutrients ?? nutrientZeros(), drops, targets),
    drops: [...drops.logs].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)),
  };
}

/** The 7 days `weekDays` (oldest first, ending today): totals, the daily average against the targets, and each day. */
export function nutrients7d(weekDays: readonly string[], foodByDay: Map<string, FoodDay>, dropsByDay: Map<string, DropAcc>, targets: TargetSet): Nutrients7d {
  const totals = nutrientZeros();
  const unknown7 = new Map<string, string>();
  let portions7 = 0;
  let daysWithSolids = 0;
  const by_day = weekDays.map((date) => {
    const acc = foodByDay.get(date);
    const drops = dropsByDay.get(date) ?? NO_DROPS;
    if (acc) {
      daysWithSolids += 1;
      portions7 += acc.portions;
      for (const k of NUTRIENT_KEYS) totals[k] += acc.nutrients[k];
      for (const [k, v] of acc.unknown) if (!unknown7.has(k)) unknown7.set(k, v);
    }
    const n = nutrientZeros();
    if (acc) for (const k of NUTRIENT_KEYS) n[k] = round(acc.nutrients[k], k);
    const fromDrops = dropZeros();
    for (const k of DROP_KEYS) {
      fromDrops[k] = round(drops.amount[k], k);
      n[k] = round(n[k] + fromDrops[k], k);
    }
    return { date, portions: acc?.portions ?? 0, nutrients: n, from_drops: fromDrops };
  });
  const { total: week, daysWith } = sumDrops(dropsByDay, weekDays);
  const roundedTotals = nutrientZeros();
  for (const k of NUTRIENT_KEYS) roundedTotals[k] = round(totals[k], k);
  const totalsFromDrops = dropZeros();
  for (const k of DROP_KEYS) {
    totalsFromDrops[k] = round(week.amount[k], k);
    roundedTotals[k] = round(roundedTotals[k] + totalsFromDrops[k], k);
  }
  const drops7 = {} as Nutrients7d['drops'];
  for (const kind of DROP_KINDS) drops7[kind] = { doses: week.kinds[kind], days: daysWith[kind] };
  return {
    from: weekDays[0],
    to: weekDays[weekDays.length - 1],
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
}
