// The random writes and the cached-equals-from-scratch check shared by the cache's property
// tests (test/api/derived-cache.test.ts, test/api/cache-eviction.test.ts).
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { call, type Family, type TestClock } from './app.ts';
import { primaryChildScope } from '../../src/services/family/children.ts';
import { FamilyScope } from '../../src/db/family-scope.ts';
import { loadFamily } from '../../src/services/family/family-row.ts';
import { computeLiveFromScratch } from '../../src/services/insights/live.ts';
import { patternsFromScratch } from '../../src/services/insights/insights.ts';
import type { Ctx } from '../../src/services/context.ts';
import { instantToLocal } from '../../src/domain/time.ts';
import { seededRandom } from '../../src/domain/seeded-random.ts';

/** Reproducible random sequences (the seed is in the test name), with helpers for picking. */
export function rng(seed: number) {
  const next = seededRandom(seed);
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

export type Rand = ReturnType<typeof rng>;
const HOUR = 3600_000;
const FOODS = ['banana', 'egg', 'peanut butter', 'salmon', 'porridge', 'yoghurt', 'Green mash'];

/** One random write through `app`; returns a label for the failure message. */
export async function randomWrite(app: FastifyInstance, f: Family, clock: TestClock, zone: string, r: Rand): Promise<string> {
  const tok = { token: f.token };
  const pastTs = (maxHours: number) => instantToLocal(Math.floor((clock.now - r.next() * maxHours * HOUR) / 1000) * 1000, zone);
  const today = (await call(app, 'GET', '/api/vega/today', undefined, tok)).body.events as { id: string; type: string }[];
  const some = today.length ? r.pick(today) : null;
  const roll = r.int(17);
  if (roll <= 5) {
    const type = r.pick(['milk', 'milk', 'sleep', 'wake', 'nappy', 'solid', 'weight', 'supplement', 'poop', 'temperature', 'medicine', 'pumping', 'activity'] as const);
    const values: Record<string, unknown> = {
      temperature: { celsius: r.pick([37.2, 38.1, 38.6, 39.3]) },
      medicine: { medicine: r.pick(['Calpol', 'Ibuprofen']), amount: 2.5, unit: 'ml' },
      pumping: { ml: 10 * (1 + r.int(15)) },
      activity: { kind: r.pick(['tummy_time', 'tummy_time', 'bath']), duration_min: 5 + r.int(20) },
      milk: r.next() < 0.5 ? { ml: 0, side: r.pick(['left', 'right', 'both']), duration_min: 1 + r.int(40) } : { ml: 10 * (1 + r.int(20)) },
      sleep: {}, wake: {}, poop: {},
      nappy: { kind: r.pick(['wet', 'dirty', 'both']) },
      solid: { foods: [r.pick(FOODS), r.pick(FOODS)] },
      weight: { kg: 5 + r.int(40) / 10 },
      supplement: { kind: 'vitd', ug: 10 },
    }[type] as Record<string, unknown>;
    const ts = r.next() < 0.3 ? pastTs(15 * 24) : pastTs(6);
    await call(app, 'POST', '/api/vega/log', { type, ts, ...values }, tok);
    return `log ${type} at ${ts}`;
  }
  if (roll === 6 && some) {
    const ts = pastTs(48);
    await call(app, 'POST', '/api/vega/event/edit', { id: some.id, changes: { ts } }, tok);
    return `edit ts of ${some.id} to ${ts}`;
  }
  if (roll === 7 && some?.type === 'milk') {
    await call(app, 'POST', '/api/vega/event/edit', { id: some.id, changes: { ml: 0, side: r.pick(['left', 'right']) } }, tok);
    return `edit milk ${some.id}`;
  }
  if (roll === 8 && some) {
    await call(app, 'POST', '/api/vega/event/delete', { id: some.id }, tok);
    return `delete ${some.id}`;
  }
  if (roll === 9) {
    await call(app, 'POST', '/api/vega/undo', undefined, tok);
    return 'undo';
  }
  if (roll === 10 && some) {
    await call(app, 'POST', '/api/vega/event/react', { id: some.id, emoji: r.pick(['❤️', '👍']) }, tok);
    return `react ${some.id}`;
  }
  if (roll === 11) {
    await call(app, 'POST', '/api/vega/recipes', { name: 'Green mash', ingredients: [r.pick(['peas', 'egg', 'salmon']), 'potato'] }, tok);
    return 'recipe';
  }
  if (roll === 12) {
    const path = r.pick(['start', 'switch', 'stop', 'cancel']);
    await call(app, 'POST', `/api/vega/feed/${path}`, path === 'start' ? { side: r.pick(['left', 'right']) } : {}, tok);
    return `feed ${path}`;
  }
  if (roll === 13) {
    const dob = instantToLocal(clock.now - (20 + r.int(400)) * 24 * HOUR, 'UTC').slice(0, 10);
    await call(app, 'POST', '/api/vega/profile', { dob }, { cookie: f.cookie });
    return `dob ${dob}`;
  }
  if (roll === 16) {
    const name = r.pick(['Calpol', 'Ibuprofen']);
    if (r.next() < 0.3) {
      await call(app, 'POST', '/api/vega/medicines/delete', { name }, tok);
      return `medicine setting ${name} removed`;
    }
    const setting = { name, min_hours: r.pick([4, 6, 8]), max_per_24h: r.pick([null, 2, 4]) };
    await call(app, 'POST', '/api/vega/medicines', setting, tok);
    return `medicine setting ${JSON.stringify(setting)}`;
  }
  const step = r.pick([7 * 60_000, 45 * 60_000, 3 * HOUR, 9 * HOUR]);
  clock.advance(step);
  return `clock +${step / 60_000} min`;
}

export async function familyIdOf(app: FastifyInstance, f: Family): Promise<string> {
  return (await call(app, 'GET', '/api/me', undefined, { token: f.token })).body.family_id;
}

/** Live and patterns as served (cached path) must equal the from-scratch derivation. */
export async function assertSame(reader: { app: FastifyInstance; ctx: Ctx }, f: Family, familyId: string, clock: TestClock, what: string) {
  const tok = { token: f.token };
  const live = await call(reader.app, 'GET', '/api/vega/live', undefined, tok);
  const patterns = await call(reader.app, 'GET', '/api/vega/patterns', undefined, tok);
  const scope = await primaryChildScope(new FamilyScope(reader.ctx.db.kysely, familyId, reader.ctx.db.dialect));
  const family = await loadFamily(scope);
  const liveScratch = JSON.parse(JSON.stringify(await computeLiveFromScratch(scope, family, clock.now)));
  const patternsScratch = JSON.parse(JSON.stringify(await patternsFromScratch(scope, family, clock.now)));
  assert.deepEqual(live.body, liveScratch, `live after ${what}`);
  assert.deepEqual(patterns.body, patternsScratch, `patterns after ${what}`);
  // GET /today (cached per version and day) is today's log exactly as patterns derives it.
  const today = await call(reader.app, 'GET', '/api/vega/today', undefined, tok);
  assert.deepEqual(today.body.events, patternsScratch.today, `today after ${what}`);
  assert.deepEqual(today.body.counts, patternsScratch.daily_totals.at(-1).counts, `today's counts after ${what}`);
}

