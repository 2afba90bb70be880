// Insights: live status and patterns, each computed by a pure rule over only the window of
// the log it needs.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { childScopeOf } from '../family/children.ts';
import { namesChildren } from '../../domain/children.ts';
import { patterns, patternsWindowStart } from '../../domain/patterns.ts';
import { solidsBlocks, type AllergenGrid } from '../../domain/nutrition.ts';
import { ageSummary, localDateOf } from '../../domain/time.ts';
import { childProfile, loadFamily, type FamilyRow } from '../family/family-row.ts';
import { withChildId } from '../log/event-rows.ts';
import { computeLive, eventsBetween, liveInstant } from './live.ts';
import { EventWindow } from '../log/event-window.ts';
import { listRecipes } from '../log/recipes.ts';
import { solidsStarted } from '../log/event-reads.ts';
import type { ChildScope } from '../../db/family-scope.ts';
import type { TimedEvent } from '../../domain/types.ts';
import type { Recipe } from '../../domain/foods.ts';
import { CachedDerivation } from './cached-derivation.ts';
import { allergenExposures, mergeSpans, withAllergenHistory, type FoodSpan } from '../../domain/food-history.ts';
import { loadFoodSpans } from './food-history.ts';

export async function getLive(ctx: Ctx, actor: Actor) {
  const scope = await childScopeOf(ctx, actor);
  return computeLive(scope, await loadFamily(scope), ctx.clock());
}

interface PatternInputs {
  window: EventWindow;
  recipes: Recipe[];
  started: boolean;
  /** the child's solids before the window, grouped by their foods (one aggregate query): with
   * the window's own solids, the whole history of foods and allergens (domain/food-history.ts) */
  history: FoodSpan[];
}

async function loadPatternInputs(scope: ChildScope, from: number, zone: string): Promise<PatternInputs> {
  return {
    window: EventWindow.of(await eventsBetween(scope, from, Number.MAX_SAFE_INTEGER, zone)),
    recipes: await listRecipes(scope),
    started: await solidsStarted(scope),
    history: await loadFoodSpans(scope, from),
  };
}

function derivePatterns(scope: ChildScope, family: FamilyRow, inputs: PatternInputs, now: number) {
  const child = scope.child;
  const profile = childProfile(family, child);
  const events = inputs.window.events;
  const p = patterns(events, profile, now);
  const solids = solidsBlocks(events, profile, now, inputs.recipes, { solidsStarted: inputs.started });
  // The grid's dates per allergen come from the whole log, not only the window (issue 27).
  const grid = 'allergens' in solids.allergen_grid
    ? withAllergenHistory(solids.allergen_grid as AllergenGrid, allergenExposures(inputs.history, events, now, profile.region, inputs.recipes), profile.timezone, now)
    : solids.allergen_grid;
  return {
    patterns: p.patterns,
    daily_totals: p.daily_totals,
    today: namesChildren(scope.children) ? p.today.map((e) => withChildId(e, child.id)) : p.today,
    nutrients_7d: solids.nutrients_7d,
    nutrients_today: solids.nutrients_today,
    nutrient_targets: solids.nutrient_targets,
    allergens_today: solids.allergens_today,
    allergen_grid: grid,
    baby_name: child.name,
    dob: child.dob,
    ...ageSummary(child.dob, localDateOf(now, family.timezone)),
    flags: { solids_started: inputs.started },
  };
}
type PatternsOut = ReturnType<typeof derivePatterns>;

// Cached under the family's version (cached-derivation.ts): inputs per window, results per second.
const patternsCache = new CachedDerivation<PatternInputs, PatternsOut>({ windowStart: patternsWindowStart, load: loadPatternInputs, derive: derivePatterns });

/** Patterns from scratch: no cache. The cached path must always equal this. */
export async function patternsFromScratch(scope: ChildScope, family: FamilyRow, now: number): Promise<PatternsOut> {
  const at = liveInstant(now);
  return derivePatterns(scope, family, await loadPatternInputs(scope, patternsWindowStart(at, family.timezone), family.timezone), at);
}

export async function getPatterns(ctx: Ctx, actor: Actor): Promise<PatternsOut> {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const at = liveInstant(ctx.clock());
  return patternsCache.cached(scope, family, at) ?? patternsCache.fromWindow(scope, family, at, await patternsCache.window(scope, family, at));
}

/** As carryLiveOver, for the patterns window: a new solid also means solids have started. */
export function carryPatternsOver(scope: ChildScope, v0: number, v1: number, e: TimedEvent): void {
  patternsCache.carryOver(scope, v0, v1, (inputs, key) => {
    // A solid logged before the window changes the history of foods: load afresh.
    if (e.type === 'solid' && e.at < Number(key)) return undefined;
    return {
      ...inputs,
      window: e.at < Number(key) ? inputs.window : inputs.window.with(e),
      started: inputs.started || e.type === 'solid',
    };
  });
}

/**
 * Every solid the child has had, grouped by the foods logged together, each group with its
 * first and last instant and count (domain/food-history.ts): the patterns window's cached
 * inputs (history before the window, the window's events) at no extra read when cached.
 */
export async function foodSpansOf(scope: ChildScope, family: FamilyRow, now: number): Promise<FoodSpan[]> {
  const at = liveInstant(now);
  const inputs = await patternsCache.window(scope, family, at);
  return mergeSpans(inputs.value.history, inputs.value.window.events, at);
}
