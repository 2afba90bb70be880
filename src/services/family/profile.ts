// The child profile and family settings.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { loadFamily, type FamilyRow } from './family-row.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import type { ProfileOut, ProfileUpdateInput } from '../../schemas/profile.ts';
import { ageSummary, localDateOf } from '../../domain/time.ts';
import { validateDob } from './profile-rules.ts';
import { ageBandTargets } from './age-band-targets.ts';


/** True once the family has ever logged a solid (profile.solids_started, patterns' flag). */
export async function solidsStarted(scope: FamilyScope): Promise<boolean> {
  const r = await scope.selectFrom('events').select('id').where('type', '=', 'solid').limit(1).executeTakeFirst();
  return r !== undefined;
}

export async function presentProfile(scope: FamilyScope, family: FamilyRow, now: number): Promise<ProfileOut> {
  return {
    baby_name: family.baby_name,
    dob: family.dob,
    gender: family.gender,
    family_name: family.family_name,
    timezone: family.timezone,
    region: family.region as ProfileOut['region'],
    units: family.units as ProfileOut['units'],
    ...ageSummary(family.dob, localDateOf(now, family.timezone)),
    solids_started: await solidsStarted(scope),
    member_count: await scope.count('users'),
    age_band_targets: ageBandTargets(family, now),
  };
}

export async function getProfile(ctx: Ctx, actor: Actor): Promise<ProfileOut> {
  const scope = scopeOf(ctx, actor);
  return presentProfile(scope, await loadFamily(scope), ctx.clock());
}

export async function updateProfile(ctx: Ctx, actor: Actor, input: ProfileUpdateInput | null | undefined) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const patch = { ...(input ?? {}) };
  // Setting the region sets the units to match, unless units were given (spec: Profile).
  if (patch.region !== undefined && patch.units === undefined) {
    patch.units = patch.region === 'us' ? 'imperial' : 'metric';
  }
  if (patch.dob !== undefined) validateDob(patch.dob, patch.timezone ?? family.timezone, ctx.clock());
  if (Object.keys(patch).length > 0) await scope.updateFamily().set(patch).execute();
  return { ok: true, profile: await presentProfile(scope, await loadFamily(scope), ctx.clock()) };
}
