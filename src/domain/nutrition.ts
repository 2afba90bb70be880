// The solid-food blocks of the patterns response: nutrients today and over 7 days, the
// reference intakes they are compared with, allergens today and a 14-day allergen grid.
// Pure: events, profile, now and the family's recipes in; plain objects out. The parts live in
// nutrition/: the food tally, the drops tally, the nutrient blocks and the allergen blocks.
import type { ChildProfile, TimedEvent } from './types.ts';
import { addDaysFast, ageAtFast, zoneClock } from './zone-clock.ts';
import type { Recipe } from './foods.ts';
import { allergenList } from './foods-allergens.ts';
import { targetsFor, type TargetSet } from './nutrition-targets.ts';
import { tallyFoods } from './nutrition/food-days.ts';
import { dropsByDay } from './nutrition/drops.ts';
import { nutrients7d, nutrientsToday, type Nutrients7d, type NutrientsToday } from './nutrition/nutrients.ts';
import { allergenGrid, allergensToday, type AllergenGrid, type AllergenToday } from './nutrition/allergen-grid.ts';

export { targetsFor } from './nutrition-targets.ts';
export { DROP_KEYS, DROP_KINDS, dropContribution, type DropKey, type DropKind, type DropLog } from './nutrition/drops.ts';
export type { NutrientAmount, Nutrients7d, NutrientsToday } from './nutrition/nutrients.ts';
export type { AllergenGrid, AllergenToday } from './nutrition/allergen-grid.ts';

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

  const region = profile.region;
  const clock = zoneClock(profile.timezone);
  const today = clock.localDate(now);
  const targets = targetsFor(region, safeMonths(profile.dob, today));
  const regionAllergens = allergenList(region);
  const gridDays = Array.from({ length: 14 }, (_, i) => addDaysFast(today, i - 13));
  const weekDays = gridDays.slice(7);

  const food = tallyFoods(solids, clock, region, recipes, gridDays[0]);
  // Drops: the supplement logs of the 7 days (vitamin D and iron count; a multivitamin is listed).
  const drops = dropsByDay(events, now, clock, weekDays[0], today);
  const todayFood = food.byDay.get(today);

  return {
    nutrients_today: nutrientsToday(today, todayFood, drops.get(today), targets),
    nutrients_7d: nutrients7d(weekDays, food.byDay, drops, targets),
    nutrient_targets: targets,
    allergens_today: allergensToday(regionAllergens, todayFood),
    allergen_grid: allergenGrid(region, regionAllergens, gridDays, today, food.byDay, food.lastExposure),
  };
}

function safeMonths(dob: string, today: string): number {
  try {
    return ageAtFast(dob, today).months;
  } catch {
    return 12; // An unreadable date of birth should not break the page; use a middle band.
  }
}
