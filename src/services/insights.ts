// Insights: live status and patterns, each computed by a pure rule over only the window of
// the log it needs.
import type { Ctx } from './context.ts';
import { scopeOf } from './context.ts';
import type { Actor } from './actor.ts';
import { patterns, patternsWindowStart } from '../domain/patterns.ts';
import { solidsBlocks } from '../domain/nutrition.ts';
import { ageSummary, localDateOf } from '../domain/time.ts';
import { childProfile, loadFamily } from './family-row.ts';
import { computeLive, eventsBetween } from './live.ts';
import { listRecipes } from './recipes.ts';
import { solidsStarted } from './profile.ts';

export async function getLive(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  return computeLive(scope, await loadFamily(scope), ctx.clock());
}

export async function getPatterns(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const profile = childProfile(family);
  const now = ctx.clock();
  const events = await eventsBetween(scope, patternsWindowStart(now, family.timezone), now + 1);
  const started = await solidsStarted(scope);
  const p = patterns(events, profile, now);
  const solids = solidsBlocks(events, profile, now, await listRecipes(scope), { solidsStarted: started });
  return {
    patterns: p.patterns,
    daily_totals: p.daily_totals,
    today: p.today,
    nutrients_7d: solids.nutrients_7d,
    nutrients_today: solids.nutrients_today,
    nutrient_targets: solids.nutrient_targets,
    allergens_today: solids.allergens_today,
    allergen_grid: solids.allergen_grid,
    baby_name: family.baby_name,
    dob: family.dob,
    ...ageSummary(family.dob, localDateOf(now, family.timezone)),
    flags: { solids_started: started },
  };
}
