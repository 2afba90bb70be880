// Reading the family log: a day, today, measurements, and recent foods for suggestions.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { ChildScope } from '../../db/family-scope.ts';
import { childScopeOf } from '../family/children.ts';
import { badRequest } from '../../errors.ts';
import { dayBounds, TimeError } from '../../domain/time.ts';
import { zoneClock } from '../../domain/zone-clock.ts';
import { FamilyCache } from '../insights/derived-cache.ts';
import type { LogEvent } from '../../domain/types.ts';
import { MEASUREMENT_TYPES, percentileFor } from '../../domain/growth.ts';
import { childProfile, loadFamily } from '../family/family-row.ts';
import { apiEvent, EVENT_COLUMNS, toLogEvent, toTimedEvent } from './event-rows.ts';
import { countByType, type TypeCounts } from '../../domain/type-counts.ts';

export const SUGGESTION_DAYS = 14;

/** True once the child has ever had a solid logged (profile.solids_started, patterns' flag). */
export async function solidsStarted(scope: ChildScope): Promise<boolean> {
  const r = await scope.selectFrom('events').select('id').where('type', '=', 'solid').limit(1).executeTakeFirst();
  return r !== undefined;
}

// A day's events under the family's version (see derived-cache.ts): between two writes, a
// day is read once per process. Keyed by the day's date and the family's zone (a zone change
// bumps the version too).
const dayCache = new FamilyCache<{ events: LogEvent[]; counts: TypeCounts }>();

/** The API's Event for a row of this child's log: with child_id when the family has several. */
export function presentEvent(scope: ChildScope, r: Parameters<typeof toLogEvent>[0], zone: string): LogEvent {
  return apiEvent(r, scope.childId, scope.children, zone);
}

/** Events of one family-local day (today by default), oldest first. */
export async function eventsOfDay(ctx: Ctx, actor: Actor, date?: string) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const day = date ?? zoneClock(family.timezone).localDate(ctx.clock());
  const version = Number(family.version);
  const hit = dayCache.get(scope.cacheId, version, day);
  if (hit) return hit;
  let bounds: [number, number];
  try {
    bounds = dayBounds(day, family.timezone);
  } catch (err) {
    if (err instanceof TimeError) throw badRequest(err.text, 'invalid_date');
    throw err;
  }
  const loaded = await dayCache.through(scope, scope.cacheId, version, day, async (s) => {
    const rows = await s
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .where('at', '>=', bounds[0])
      .where('at', '<', bounds[1])
      .orderBy('at')
      .orderBy('seq')
      .execute();
    const events = rows.map((r) => presentEvent(s, r, family.timezone));
    // 1.3.0: the day's events per type, beside them (an added key; `events` is as before).
    return Object.freeze({ events, counts: countByType(events) });
  });
  return loaded.value;
}

/** Weight, length and head-circumference events, oldest first, each with its WHO percentile when the sex is known. */
export async function measurements(ctx: Ctx, actor: Actor) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const profile = childProfile(family, scope.child);
  // No ORDER BY in SQL: with one, SQLite walks (family_id, at) through the whole history to
  // get rows presorted instead of using (family_id, type, at); the few rows sort cheaply here.
  const rows = await scope.selectFrom('events').selectAll().where('type', 'in', [...MEASUREMENT_TYPES]).execute();
  rows.sort((a, b) => a.at - b.at || a.seq - b.seq);
  return {
    measurements: rows.map((r) => {
      const e = toTimedEvent(r, family.timezone);
      const p = percentileFor(e, profile);
      return { ...presentEvent(scope, r, family.timezone), ...(p ? { percentile: p } : {}) };
    }),
  };
}

/** Foods logged in the last 14 days, each once, most recently eaten first. */
export async function foodSuggestions(ctx: Ctx, actor: Actor, limit: number) {
  const scope = await childScopeOf(ctx, actor);
  const since = ctx.clock() - SUGGESTION_DAYS * 24 * 3600 * 1000;
  const rows = await scope
    .selectFrom('events')
    .select(['foods'])
    .where('type', '=', 'solid')
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  const seen = new Map<string, string>();
  for (const r of rows) {
    for (const f of (JSON.parse(r.foods ?? '[]') as string[])) {
      const key = f.toLowerCase();
      if (!seen.has(key)) seen.set(key, f);
      if (seen.size >= limit) return { suggestions: [...seen.values()] };
    }
  }
  return { suggestions: [...seen.values()] };
}
