// The two allergen blocks of the patterns response: allergens today and the 14-day grid with
// each allergen's last exposure. Pure: the food tallies in, plain objects out.
import type { Region } from '../types.ts';
import { ageAtFast } from '../zone-clock.ts';
import type { AllergenInfo } from '../foods-allergens.ts';
import type { FoodDay } from './food-days.ts';

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

/** The region's allergens in today's solids, in the region's order. */
export function allergensToday(regionAllergens: AllergenInfo[], today: FoodDay | undefined): Record<string, AllergenToday> {
  const out: Record<string, AllergenToday> = {};
  for (const a of regionAllergens) {
    const cell = today?.allergens.get(a.id);
    if (cell) out[a.id] = { label: a.label, foods: [...cell.foods.values()], count: cell.count };
  }
  return out;
}

/** The grid over `gridDays` (oldest first, ending `today`) and each allergen's last exposure. */
export function allergenGrid(
  region: Region,
  regionAllergens: AllergenInfo[],
  gridDays: string[],
  today: string,
  foodByDay: Map<string, FoodDay>,
  lastExposure: Map<string, string>,
): AllergenGrid {
  const cells: Record<string, number[]> = {};
  const last_exposure: Record<string, string | null> = {};
  const days_since_last: Record<string, number | null> = {};
  const not_yet_logged: string[] = [];
  for (const a of regionAllergens) {
    cells[a.id] = gridDays.map((d) => foodByDay.get(d)?.allergens.get(a.id)?.count ?? 0);
    const last = lastExposure.get(a.id) ?? null;
    last_exposure[a.id] = last;
    days_since_last[a.id] = last ? ageAtFast(last, today).days : null;
    if (!last) not_yet_logged.push(a.id);
  }
  return {
    region,
    allergens: regionAllergens.map((a) => ({ ...a })),
    days: gridDays,
    cells,
    last_exposure,
    days_since_last,
    not_yet_logged,
  };
}
