// The food block of the nutrients: solid-food logs tallied per family-local day. Each name in
// a `solid` event's `foods` (after replacing recipe names by their ingredients) is one typical
// portion of each food it resolves to; a name with no nutrient data still carries the
// allergens its words give away ("peanut puffs"). Pure: events in, per-day tallies out.
import type { Region, TimedEvent } from '../types.ts';
import type { ZoneClock } from '../zone-clock.ts';
import { expandFoods, resolveFood, NUTRIENT_KEYS, type NutrientKey, type Recipe } from '../foods.ts';
import { allergenHints } from '../foods-allergens.ts';

/** Solids of one family-local day. */
export interface FoodDay {
  portions: number;
  nutrients: Record<NutrientKey, number>;
  /** Names without nutrient data: lower-cased name → first spelling logged. */
  unknown: Map<string, string>;
  /** allergen id → the names that carried it (lower-cased → first spelling) and the portions. */
  allergens: Map<string, { foods: Map<string, string>; count: number }>;
}

export interface FoodTally {
  /** The days from `firstDay` on that have solids. */
  byDay: Map<string, FoodDay>;
  /** allergen id → last family-local date it was logged, over all the solids given. */
  lastExposure: Map<string, string>;
}

export function nutrientZeros(): Record<NutrientKey, number> {
  return Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, 0])) as Record<NutrientKey, number>;
}

/**
 * Tallies `solids` (events of type solid, already cut at now): per day from `firstDay` on,
 * portions, nutrients, unknown names and allergens; over all of them, each allergen's last date.
 */
export function tallyFoods(solids: TimedEvent[], clock: ZoneClock, region: Region, recipes: Recipe[], firstDay: string): FoodTally {
  const byDay = new Map<string, FoodDay>();
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
    const inGrid = date >= firstDay;
    let acc = byDay.get(date);
    if (!acc && inGrid) {
      acc = { portions: 0, nutrients: nutrientZeros(), unknown: new Map(), allergens: new Map() };
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
  return { byDay, lastExposure };
}
