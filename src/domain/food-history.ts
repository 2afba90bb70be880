// The whole history of a child's solids, kept small: the log's solid events grouped by the list
// of foods they carried, each group with its first and last instant and how many events it
// holds (`FoodSpan`). One aggregate query gives the groups before the patterns window, the
// window's own events give the rest (services/insights/insights.ts), so "first introduced",
// "last exposure" and "not offered for N days" cover every solid ever logged without loading
// the log (issue 27). Pure: no clock, no I/O.
import type { Region, TimedEvent } from './types.ts';
import type { Recipe } from './foods.ts';
import type { AllergenGrid } from './nutrition.ts';
import { allergenLookup } from './answerer/allergens.ts';
import { ageAtFast, zoneClock } from './zone-clock.ts';

/**
 * An allergen introduced and then not offered for this many days or more is listed under the
 * grid's `keep_offering`. The NHS (Start for Life, "Food allergies"): "Once introduced and if
 * tolerated, keep offering those foods as part of your baby's usual diet (to minimise the risk
 * of allergy)". It gives no interval; UK allergy dietitians' weaning advice says at least once a
 * week, so a week without it is when we say so (docs/insights.md, Allergens).
 */
export const KEEP_OFFERING_DAYS = 7;

/** The guidance a keep_offering entry ends with: the NHS's for UK families; the same advice, unattributed, for US ones. */
const KEEP_OFFERING_ADVICE: Record<Region, string> = {
  uk: 'Once introduced, the NHS advises keeping it in the usual diet.',
  us: 'Once introduced, it is best kept in the usual diet.',
};

/** Solid events that carried the same list of foods (as logged): when first and last, how many. */
export interface FoodSpan {
  foods: string[];
  first_at: number;
  last_at: number;
  times: number;
}

/** When an allergen (or a food) was first and last eaten, as instants. */
export interface Exposure {
  first_at: number;
  last_at: number;
}

/**
 * The whole log's solids as spans: `history` (the groups before the window, from the aggregate
 * query) and the window's solid events at or before `now`, grouped the same way. A list logged
 * both before and inside the window is one span.
 */
export function mergeSpans(history: readonly FoodSpan[], window: readonly TimedEvent[], now: number): FoodSpan[] {
  const byKey = new Map<string, FoodSpan>();
  const add = (foods: string[], first: number, last: number, times: number) => {
    const key = JSON.stringify(foods);
    const s = byKey.get(key);
    if (!s) byKey.set(key, { foods, first_at: first, last_at: last, times });
    else {
      if (first < s.first_at) s.first_at = first;
      if (last > s.last_at) s.last_at = last;
      s.times += times;
    }
  };
  for (const s of history) add(s.foods, s.first_at, s.last_at, s.times);
  for (const e of window) if (e.type === 'solid' && e.at <= now && e.foods) add(e.foods, e.at, e.at, 1);
  return [...byKey.values()];
}

const NO_RECIPES: readonly Recipe[] = [];
const lookups = new WeakMap<readonly Recipe[], ReturnType<typeof allergenLookup>>();

// The history part is the same for every read of a cached window: its allergens are worked out
// once per (spans, region, recipes), and only the window's few events each time.
const memo = new WeakMap<readonly FoodSpan[], { region: Region; recipes: readonly Recipe[]; value: Map<string, Exposure> }>();

function addExposure(out: Map<string, Exposure>, id: string, first: number, last: number): void {
  const x = out.get(id);
  if (!x) out.set(id, { first_at: first, last_at: last });
  else {
    if (first < x.first_at) x.first_at = first;
    if (last > x.last_at) x.last_at = last;
  }
}

function spanAllergens(spans: readonly FoodSpan[], region: Region, of: ReturnType<typeof allergenLookup>, out: Map<string, Exposure>): void {
  for (const s of spans) {
    const ids = new Set<string>();
    for (const f of s.foods) for (const a of of(f)[region]) ids.add(a);
    for (const a of ids) addExposure(out, a, s.first_at, s.last_at);
  }
}

/**
 * Allergen id (the region's list) → first and last instant a solid carrying it was eaten, over
 * `history` (before the window) and the window's solid events at or before `now`. Allergens
 * come from the food data exactly as the patterns grid counts them (recipes expanded, the food
 * table, keyword hints for unknown names).
 */
export function allergenExposures(history: readonly FoodSpan[], window: readonly TimedEvent[], now: number, region: Region, recipes: readonly Recipe[] = NO_RECIPES): Map<string, Exposure> {
  // One lookup per recipe list (the cached window's): each food name is resolved once, not per read.
  let of = lookups.get(recipes);
  if (!of) lookups.set(recipes, (of = allergenLookup(recipes as Recipe[])));
  let base = memo.get(history);
  if (!base || base.region !== region || base.recipes !== recipes) {
    const value = new Map<string, Exposure>();
    spanAllergens(history, region, of, value);
    memo.set(history, (base = { region, recipes, value }));
  }
  const out = new Map<string, Exposure>();
  for (const [id, x] of base.value) out.set(id, { ...x });
  spanAllergens(mergeSpans([], window, now), region, of, out);
  return out;
}

/** One allergen introduced and then not offered for KEEP_OFFERING_DAYS or more. */
export interface KeepOffering {
  id: string;
  label: string;
  first_exposure: string;
  last_exposure: string;
  days_since_last: number;
  message: string;
}

/** The allergen grid with the whole history in `first_exposure`, `last_exposure`, `days_since_last`, `not_yet_logged` and `keep_offering`. */
export type AllergenGridWithHistory = AllergenGrid & {
  /** allergen id → first family-local date it was logged (whole log), or null */
  first_exposure: Record<string, string | null>;
  /** allergens introduced and not offered for KEEP_OFFERING_DAYS days or more, longest first */
  keep_offering: KeepOffering[];
  keep_offering_days: number;
};

function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${d} ${month} ${y}`;
}

/**
 * The 14-day grid of solidsBlocks with its per-allergen dates taken from the whole log
 * (`exposures`, from allergenExposures): an allergen first given three weeks ago and not since
 * shows as introduced, with its first date, its last exposure and the days since, and is listed
 * under `keep_offering`. The 14 days of `cells` are unchanged. Dates are family-local in `zone`.
 */
export function withAllergenHistory(grid: AllergenGrid, exposures: ReadonlyMap<string, Exposure>, zone: string, now: number): AllergenGridWithHistory {
  const clock = zoneClock(zone);
  const today = clock.localDate(now);
  const first_exposure: Record<string, string | null> = {};
  const last_exposure: Record<string, string | null> = {};
  const days_since_last: Record<string, number | null> = {};
  const not_yet_logged: string[] = [];
  const keep_offering: KeepOffering[] = [];
  for (const a of grid.allergens) {
    const x = exposures.get(a.id);
    const first = x ? clock.localDate(x.first_at) : null;
    const last = x ? clock.localDate(x.last_at) : null;
    first_exposure[a.id] = first;
    last_exposure[a.id] = last;
    const since = last ? ageAtFast(last, today).days : null;
    days_since_last[a.id] = since;
    if (!last) not_yet_logged.push(a.id);
    else if (since !== null && since >= KEEP_OFFERING_DAYS) {
      keep_offering.push({
        id: a.id,
        label: a.label,
        first_exposure: first!,
        last_exposure: last,
        days_since_last: since,
        message: `${a.label}: not offered for ${since} days (last on ${dayLabel(last)}; first on ${dayLabel(first!)}). ${KEEP_OFFERING_ADVICE[grid.region]}`,
      });
    }
  }
  keep_offering.sort((p, q) => q.days_since_last - p.days_since_last);
  return { ...grid, first_exposure, last_exposure, days_since_last, not_yet_logged, keep_offering, keep_offering_days: KEEP_OFFERING_DAYS };
}
