// The child profile and family settings: the addressed child's fields (the primary child's
// unless the request names another) with the family's settings.
import { namesChildren } from '../../domain/children.ts';
import type { Ctx } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { loadFamily, type FamilyRow } from './family-row.ts';
import type { ChildScope } from '../../db/family-scope.ts';
import type { ProfileOut, ProfileUpdateInput } from '../../schemas/profile.ts';
import type { Textual } from '../../i18n/localise.ts';
import { ageSummary, localDateOf } from '../../domain/time.ts';
import { validateDob } from './profile-rules.ts';
import { ageBandTargets } from './age-band-targets.ts';
import { childScopeIn, childScopeOf } from './children.ts';
import { updateChild } from './child-changes.ts';
import { solidsStarted } from '../log/event-reads.ts';

export async function presentProfile(scope: ChildScope, family: FamilyRow, now: number): Promise<Textual<ProfileOut>> {
  const child = scope.child;
  return {
    baby_name: child.name,
    dob: child.dob,
    gender: child.gender,
    family_name: family.family_name,
    timezone: family.timezone,
    region: family.region as ProfileOut['region'],
    units: family.units as ProfileOut['units'],
    ...ageSummary(child.dob, localDateOf(now, family.timezone)),
    solids_started: await solidsStarted(scope),
    member_count: await scope.count('users'),
    age_band_targets: ageBandTargets(family, child, now),
    // Which child this is, once there is more than one to tell apart.
    ...(namesChildren(scope.children) ? { child_id: child.id } : {}),
  };
}

export async function getProfile(ctx: Ctx, actor: Actor): Promise<Textual<ProfileOut>> {
  const scope = await childScopeOf(ctx, actor);
  return presentProfile(scope, await loadFamily(scope), ctx.clock());
}

const CHILD_FIELDS = ['baby_name', 'dob', 'gender'] as const;

export async function updateProfile(ctx: Ctx, actor: Actor, input: ProfileUpdateInput | null | undefined) {
  requireAdmin(actor);
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const { child: _child, ...patch } = { ...(input ?? {}) };
  // Setting the region sets the units to match, unless units were given (spec: Profile).
  if (patch.region !== undefined && patch.units === undefined) {
    patch.units = patch.region === 'us' ? 'imperial' : 'metric';
  }
  if (patch.dob !== undefined) validateDob(patch.dob, patch.timezone ?? family.timezone, ctx.clock());
  const childPatch = Object.fromEntries(CHILD_FIELDS.filter((f) => patch[f] !== undefined).map((f) => [f, patch[f]]));
  const familyPatch: Record<string, unknown> = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && !(CHILD_FIELDS as readonly string[]).includes(k)));
  // A new zone is the newest word on where the family is: logs made before it no longer place
  // the baby (domain/zone-now.ts). Setting the same zone again changes nothing.
  if (patch.timezone !== undefined && patch.timezone !== family.timezone) familyPatch.timezone_set_at = ctx.clock();
  await scope.transaction(async (tx) => {
    if (Object.keys(childPatch).length) await updateChild(tx, scope.children, scope.child, childPatch);
    if (Object.keys(familyPatch).length) await tx.updateFamily().set(familyPatch).execute();
    // A new name, units or zone: the Home Assistant devices and states follow.
    await tx.emit({ kind: 'children.changed', at: ctx.clock() });
  }, { family });
  const fresh = await loadFamily(scope.wholeLog());
  const after = await childScopeIn(scope.wholeLog(), fresh, { ref: scope.childId, byName: false });
  return { ok: true, profile: await presentProfile(after, fresh, ctx.clock()) };
}
