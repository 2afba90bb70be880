// Aggregate counts about the family's use of the service: no names, notes or values. The log's
// counts are the addressed child's (the primary child unless the request names another).
import type { Ctx } from '../context.ts';
import { childScopeOf } from '../family/children.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { EVENT_TYPES } from '../../domain/types.ts';
import { loadFamily } from '../family/family-row.ts';
import { zoneClock } from '../../domain/zone-clock.ts';


export async function growthSummary(ctx: Ctx, actor: Actor) {
  requireAdmin(actor);
  const scope = await childScopeOf(ctx, actor);
  const byTypeRows = await scope
    .selectFrom('events')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('type')
    .execute();
  const events_by_type: Record<string, number> = Object.fromEntries(EVENT_TYPES.map((t) => [t, 0]));
  for (const r of byTypeRows) events_by_type[r.type] = Number(r.n);
  // Dates in the family's zone now (issue 27): an event logged in its zone has its date in its
  // stored time; one logged elsewhere (before a move, or while travelling) is dated from its instant.
  const zone = (await loadFamily(scope)).timezone;
  const dates = new Set(
    (await scope.selectFrom('events').select((eb) => eb.fn<string>('substr', ['ts', eb.val(1), eb.val(10)]).as('d')).where('zone', '=', zone).distinct().execute()).map((r) => r.d),
  );
  const clock = zoneClock(zone);
  for (const r of await scope.selectFrom('events').select('at').where('zone', '<>', zone).execute()) dates.add(clock.localDate(Number(r.at)));
  const openInvites = await scope
    .selectFrom('invites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.clock())
    .executeTakeFirstOrThrow();
  return {
    events_total: Object.values(events_by_type).reduce((a, b) => a + b, 0),
    events_by_type,
    days_logged: dates.size,
    members: await scope.count('users'),
    tokens: await scope.count('tokens'),
    open_invites: Number(openInvites.n),
    recipes: await scope.count('recipes'),
    notes: await scope.count('notes'),
  };
}
