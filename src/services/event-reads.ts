// Reading the family log: a day, today, measurements, and recent foods for suggestions.
import type { Ctx } from './context.ts';
import { scopeOf } from './context.ts';
import type { Actor } from './actor.ts';
import { badRequest } from '../errors.ts';
import { dayBounds, localDateOf, TimeError } from '../domain/time.ts';
import { percentileFor } from '../domain/growth.ts';
import { childProfile, loadFamily } from './family-row.ts';
import { toLogEvent, toTimedEvent } from './event-rows.ts';

export const SUGGESTION_DAYS = 14;

/** Events of one family-local day (today by default), oldest first. */
export async function eventsOfDay(ctx: Ctx, actor: Actor, date?: string) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const day = date ?? localDateOf(ctx.clock(), family.timezone);
  let bounds: [number, number];
  try {
    bounds = dayBounds(day, family.timezone);
  } catch (err) {
    if (err instanceof TimeError) throw badRequest(err.message, 'invalid_date');
    throw err;
  }
  const rows = await scope
    .selectFrom('events')
    .selectAll()
    .where('at', '>=', bounds[0])
    .where('at', '<', bounds[1])
    .orderBy('at')
    .orderBy('seq')
    .execute();
  return { events: rows.map(toLogEvent) };
}

/** Weight and length events, oldest first, each with its WHO percentile when the sex is known. */
export async function measurements(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const profile = childProfile(family);
  // No ORDER BY in SQL: with one, SQLite walks (family_id, at) through the whole history to
  // get rows presorted instead of using (family_id, type, at); the few rows sort cheaply here.
  const rows = await scope.selectFrom('events').selectAll().where('type', 'in', ['weight', 'length']).execute();
  rows.sort((a, b) => a.at - b.at || a.seq - b.seq);
  return {
    measurements: rows.map((r) => {
      const e = toTimedEvent(r);
      const p = percentileFor(e, profile);
      return { ...toLogEvent(r), ...(p ? { percentile: p } : {}) };
    }),
  };
}

/** Foods logged in the last 14 days, each once, most recently eaten first. */
export async function foodSuggestions(ctx: Ctx, actor: Actor, limit: number) {
  const scope = scopeOf(ctx, actor);
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
