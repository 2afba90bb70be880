// Everything the family has stored, as one download; never a password, token or session hash.
import type { Ctx } from './context.ts';
import { scopeOf } from './context.ts';
import { requireAdmin, type Actor } from './actor.ts';
import { loadFamily } from './family-row.ts';
import { presentProfile } from './profile.ts';
import { instantToLocal } from '../domain/time.ts';
import { toLogEvent } from './event-rows.ts';

export async function exportFamily(ctx: Ctx, actor: Actor) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const local = (ms: number) => instantToLocal(ms, family.timezone);
  const members = await scope.selectFrom('users').select(['id', 'email', 'username', 'role', 'created_at']).orderBy('created_at').orderBy('role').orderBy('username').execute();
  const events = await scope.selectFrom('events').selectAll().orderBy('at').orderBy('seq').execute();
  const recipes = await scope.selectFrom('recipes').selectAll().orderBy('name_key').execute();
  const notes = await scope.selectFrom('notes').selectAll().orderBy('ts').execute();
  return {
    exported_at: local(now),
    family: {
      id: family.id,
      family_name: family.family_name,
      plan: family.plan,
      created_at: local(family.created_at),
      members: members.map((m) => ({ ...m, created_at: local(m.created_at) })),
    },
    profile: await presentProfile(scope, family, now),
    events: events.map(toLogEvent),
    week_plan: {},
    recipes: Object.fromEntries(recipes.map((r) => [r.name, { name: r.name, ingredients: JSON.parse(r.ingredients) as string[] }])),
    snapshots: {},
    notes: notes.map((n) => ({ ts: n.ts, text: n.text, tags: JSON.parse(n.tags) as string[] })),
  };
}
