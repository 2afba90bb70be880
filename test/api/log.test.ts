// The family log over HTTP on both databases: every type round-trips, every bad input is a
// 400 that writes nothing, corrections, undo, reads, recipes, suggestions and idempotency.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp, assertError } from '../helpers/app.ts';

const NOW = '2026-11-22T12:00:00Z'; // 12:00 in London (GMT)

const VALID: Record<string, Record<string, unknown>> = {
  milk: { type: 'milk', ml: 120, ts: '2026-11-22T03:10:00' },
  breastfeed: { type: 'milk', ml: 0, ts: '2026-11-22T04:00:00', note: 'left side' },
  sleep: { type: 'sleep', ts: '2026-11-22T05:00:00' },
  wake: { type: 'wake', ts: '2026-11-22T06:30:00' },
  nappy: { type: 'nappy', kind: 'both', ts: '2026-11-22T06:40:00' },
  poop: { type: 'poop', ts: '2026-11-22T06:41:00' },
  solid: { type: 'solid', foods: ['banana', 'Porridge'], meal_type: 'meal', ts: '2026-11-22T07:30:00' },
  note: { type: 'note', note: 'First tooth!', ts: '2026-11-22T08:00:00' },
  supplement: { type: 'supplement', kind: 'vitd', ug: 10, ts: '2026-11-22T08:05:00' },
  weight: { type: 'weight', kg: 7.25, ts: '2026-11-22T09:00:00' },
  length: { type: 'length', cm: 66.5, ts: '2026-11-22T09:01:00' },
};

const INVALID: [string, Record<string, unknown>][] = [
  ['ml above 500', { type: 'milk', ml: 501 }],
  ['ml below 0', { type: 'milk', ml: -1 }],
  ['ml not an integer', { type: 'milk', ml: 12.5 }],
  ['ml as a string', { type: 'milk', ml: '120' }],
  ['milk without ml', { type: 'milk' }],
  ['kg too small', { type: 'weight', kg: 0.4 }],
  ['kg too large', { type: 'weight', kg: 30.1 }],
  ['cm too small', { type: 'length', cm: 39.9 }],
  ['cm too large', { type: 'length', cm: 120.5 }],
  ['note too long', { type: 'note', note: 'x'.repeat(301) }],
  ['note event without note', { type: 'note' }],
  ['nappy without kind', { type: 'nappy' }],
  ['nappy with a bad kind', { type: 'nappy', kind: 'green' }],
  ['supplement with a bad kind', { type: 'supplement', kind: 'calpol' }],
  ['ug not an integer', { type: 'supplement', kind: 'vitd', ug: 1.5 }],
  ['solid without foods', { type: 'solid' }],
  ['solid with empty foods', { type: 'solid', foods: [] }],
  ['foods not strings', { type: 'solid', foods: [1, 2] }],
  ['bad meal_type', { type: 'solid', foods: ['pear'], meal_type: 'brunch' }],
  ['ml on a nappy', { type: 'nappy', kind: 'wet', ml: 30 }],
  ['kg on a milk', { type: 'milk', ml: 30, kg: 3 }],
  ['foods on a sleep', { type: 'sleep', foods: ['banana'] }],
  ['kind on a poop', { type: 'poop', kind: 'dirty' }],
  ['unknown type', { type: 'bath' }],
  ['no type', { ml: 100 }],
  ['unknown field', { type: 'sleep', colour: 'blue' }],
  ['future ts', { type: 'sleep', ts: '2026-11-22T13:00:00' }],
  ['far future ts', { type: 'sleep', ts: '2027-01-01T00:00:00' }],
  ['malformed ts', { type: 'sleep', ts: '22/11/2026 10:00' }],
  ['ts with offset', { type: 'sleep', ts: '2026-11-22T10:00:00Z' }],
  ['impossible date', { type: 'sleep', ts: '2026-02-30T10:00:00' }],
  ['bad timezone', { type: 'sleep', ts: '2026-11-22T10:00:00', timezone: 'Atlantis/Lost' }],
  ['non-existent local time (spring forward)', { type: 'sleep', ts: '2026-03-29T01:30:00' }],
  ['empty author', { type: 'sleep', author: '' }],
];

for (const d of testDatabases()) {
  describe(`family log [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set(NOW);
      f = await signUp(t.app, { dob: '2026-05-10', gender: 'girl' });
    });
    after(async () => {
      await t?.close();
    });

    test('each of the ten types round-trips through /log, /today, /events and /export with identical fields', async () => {
      const logged: Record<string, any> = {};
      for (const [name, body] of Object.entries(VALID)) {
        const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
        assert.equal(r.status, 200, `${name}: ${r.text}`);
        assert.equal(r.body.status, 'ok');
        assert.match(r.body.event.id, /^[0-9a-f]{8}$/);
        assert.equal(r.body.event.ts, body.ts);
        assert.equal(r.body.event.type, body.type);
        assert.equal(r.body.event.author, f.username, 'author defaults to the caller');
        for (const k of ['ml', 'kind', 'meal_type', 'kg', 'cm', 'ug', 'note'] as const) {
          assert.equal(r.body.event[k], body[k] ?? null, `${name}.${k}`);
        }
        assert.equal(typeof r.body.live.now, 'string');
        assert.ok(Array.isArray(r.body.unknown_foods));
        assert.ok('warning' in r.body);
        logged[r.body.event.id] = r.body.event;
      }
      const today = await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token });
      const day = await call(t.app, 'GET', '/api/vega/events?date=2026-11-22', undefined, { token: f.token });
      const ex = await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token });
      assert.deepEqual(today.body, day.body);
      assert.equal(today.body.events.length, Object.keys(VALID).length);
      const sorted = [...today.body.events].map((e: any) => e.ts);
      assert.deepEqual(sorted, [...sorted].sort(), 'oldest first');
      for (const e of today.body.events) assert.deepEqual(e, logged[e.id]);
      for (const e of ex.body.events) assert.deepEqual(e, logged[e.id]);
      const solid = today.body.events.find((e: any) => e.type === 'solid');
      assert.deepEqual(solid.foods, ['banana', 'Porridge']);
      const m = await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: f.token });
      assert.deepEqual(m.body.measurements.map((e: any) => e.type), ['weight', 'length']);
      assert.equal(m.body.measurements[0].kg, 7.25);
      assert.equal(m.body.measurements[0].percentile.standard, 'WHO');
      assert.equal(typeof m.body.measurements[0].percentile.percentile, 'number');
    });

    test('every out-of-range value, wrong-type field, malformed or future ts is a 400 that writes nothing', async () => {
      const before = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).body.events.length;
      for (const [name, body] of INVALID) {
        const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
        assert.equal(r.status, 400, `${name}: ${r.status} ${r.text}`);
        assert.equal(typeof r.body.error, 'string', name);
        assert.ok(r.body.message && r.body.message.length > 5, `${name} has a readable message`);
      }
      const after = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).body.events.length;
      assert.equal(after, before);
    });

    test('ts defaults to now; timezone converts a ts written in another zone to family-local time', async () => {
      const now = await call(t.app, 'POST', '/api/vega/log', { type: 'poop' }, { token: f.token });
      assert.equal(now.body.event.ts, '2026-11-22T12:00:00');
      const ny = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'from NY', ts: '2026-11-22T05:30:00', timezone: 'America/New_York' }, { token: f.token });
      assert.equal(ny.status, 200);
      assert.equal(ny.body.event.ts, '2026-11-22T10:30:00');
      const nyFuture = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'x', ts: '2026-11-22T08:00:00', timezone: 'America/New_York' }, { token: f.token });
      assert.equal(nyFuture.status, 400, '08:00 in New York is 13:00 in London: the future');
      assert.equal(nyFuture.body.error, 'future_timestamp');
    });

    test('warnings are soft: sleep while asleep, wake with no open sleep, likely duplicates', async () => {
      const g = await signUp(t.app);
      const s1 = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', ts: '2026-11-22T09:00:00' }, { token: g.token });
      assert.equal(s1.body.warning, null);
      assert.equal(s1.body.live.asleep, true);
      const s2 = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', ts: '2026-11-22T09:40:00' }, { token: g.token });
      assert.equal(s2.status, 200);
      assert.equal(s2.body.warning.type, 'already_asleep');
      assert.deepEqual(s2.body.warning.sleep_span, { start: '2026-11-22T09:00:00', end: null, minutes: 40 });
      await call(t.app, 'POST', '/api/vega/log', { type: 'wake', ts: '2026-11-22T10:00:00' }, { token: g.token });
      const w2 = await call(t.app, 'POST', '/api/vega/log', { type: 'wake', ts: '2026-11-22T10:30:00' }, { token: g.token });
      assert.equal(w2.body.warning.type, 'no_open_sleep');
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90, ts: '2026-11-22T11:00:00' }, { token: g.token });
      const dup = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90, ts: '2026-11-22T11:02:00' }, { token: g.token });
      assert.equal(dup.body.warning.type, 'possible_duplicate');
      const events = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: g.token })).body.events;
      assert.equal(events.length, 6, 'all were saved');
    });

    test('edit re-validates the whole event and changes only what it may', async () => {
      const e = (await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 100, ts: '2026-11-22T11:10:00' }, { token: f.token })).body.event;
      const ok = await call(t.app, 'POST', '/api/vega/event/edit', { id: e.id, changes: { ml: 140, note: 'topped up', ts: '2026-11-22T11:15:00', author: 'Dad' } }, { token: f.token });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.status, 'ok');
      assert.deepEqual(
        { ml: ok.body.event.ml, note: ok.body.event.note, ts: ok.body.event.ts, author: ok.body.event.author, id: ok.body.event.id },
        { ml: 140, note: 'topped up', ts: '2026-11-22T11:15:00', author: 'Dad', id: e.id },
      );
      assert.equal(ok.body.removed, null);
      assert.equal(typeof ok.body.live, 'object');
      const bad: [string, unknown][] = [
        ['ml out of range', { ml: 900 }],
        ['kind on milk', { kind: 'wet' }],
        ['clearing the required ml', { ml: null }],
        ['a field edit does not allow', { kg: 3 }],
        ['type cannot change', { type: 'nappy' }],
        ['future ts', { ts: '2026-11-23T00:00:00' }],
        ['empty changes', {}],
      ];
      for (const [name, changes] of bad) {
        const r = await call(t.app, 'POST', '/api/vega/event/edit', { id: e.id, changes }, { token: f.token });
        assertError(r, 400, undefined, name);
      }
      const still = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token })).body.events.find((x: any) => x.id === e.id);
      assert.equal(still.ml, 140, 'rejected edits changed nothing');
      const missing = await call(t.app, 'POST', '/api/vega/event/edit', { id: 'deadbeef', changes: { ml: 1 } }, { token: f.token });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error, 'not_found');
    });

    test('react adds one reaction per caregiver and emoji; delete removes and reports the event', async () => {
      const e = (await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'Smiled!', ts: '2026-11-22T11:20:00' }, { token: f.token })).body.event;
      const r1 = await call(t.app, 'POST', '/api/vega/event/react', { id: e.id, emoji: '❤️' }, { token: f.token });
      assert.equal(r1.status, 200);
      assert.deepEqual(r1.body.event.reactions, [{ emoji: '❤️', username: f.username }]);
      const r2 = await call(t.app, 'POST', '/api/vega/event/react', { id: e.id, emoji: '❤️' }, { cookie: f.cookie });
      assert.deepEqual(r2.body.event.reactions, [{ emoji: '❤️', username: f.username }], 'no duplicate');
      const r3 = await call(t.app, 'POST', '/api/vega/event/react', { id: e.id, emoji: '👍' }, { token: f.token });
      assert.equal(r3.body.event.reactions.length, 2);
      for (const emoji of ['hello', '', 'a👍']) {
        const bad = await call(t.app, 'POST', '/api/vega/event/react', { id: e.id, emoji }, { token: f.token });
        assertError(bad, 400, emoji === '' ? 'bad_request' : 'invalid_emoji', emoji);
      }
      assert.equal((await call(t.app, 'POST', '/api/vega/event/react', { id: 'deadbeef', emoji: '👍' }, { token: f.token })).status, 404);
      const del = await call(t.app, 'POST', '/api/vega/event/delete', { id: e.id }, { token: f.token });
      assert.equal(del.status, 200);
      assert.equal(del.body.event, null);
      assert.equal(del.body.removed.id, e.id);
      assert.equal((await call(t.app, 'POST', '/api/vega/event/delete', { id: e.id }, { token: f.token })).status, 404);
      assert.equal((await call(t.app, 'POST', '/api/vega/event/delete', {}, { token: f.token })).status, 400);
    });

    test('undo removes the most recently logged event, and says so on an empty log', async () => {
      const g = await signUp(t.app);
      const empty = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: g.token });
      assert.equal(empty.status, 200);
      assert.equal(empty.body.removed, null);
      assert.match(empty.body.message, /empty/);
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 80, ts: '2026-11-22T11:00:00' }, { token: g.token });
      const back = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', ts: '2026-11-22T08:00:00' }, { token: g.token });
      const u = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: g.token });
      assert.equal(u.body.removed.id, back.body.event.id, 'the last logged, even though its ts is earlier');
      assert.match(u.body.message, /wet nappy/);
      assert.equal(typeof u.body.live, 'object');
      const left = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: g.token })).body.events;
      assert.deepEqual(left.map((e: any) => e.type), ['milk']);
    });

    test('events?date: other days, and a bad date is a 400', async () => {
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 60, ts: '2026-11-20T23:59:59' }, { token: f.token });
      const r = await call(t.app, 'GET', '/api/vega/events?date=2026-11-20', undefined, { token: f.token });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.events.map((e: any) => e.ts), ['2026-11-20T23:59:59']);
      assert.deepEqual(r.body.counts, { milk: 1 }, '1.3.0: the day per type');
      const empty = await call(t.app, 'GET', '/api/vega/events?date=2026-11-21', undefined, { token: f.token });
      assert.deepEqual(empty.body, { events: [], counts: {} });
      for (const bad of ['2026-13-01', '2026-02-30', 'yesterday', '20261120']) {
        const b = await call(t.app, 'GET', `/api/vega/events?date=${bad}`, undefined, { token: f.token });
        assert.equal(b.status, 400, bad);
        assert.equal(typeof b.body.error, 'string');
      }
    });

    test('food suggestions: last 14 days, distinct, most recent first, limit 1–100 (422 otherwise)', async () => {
      const g = await signUp(t.app);
      const log = (foods: string[], ts: string) => call(t.app, 'POST', '/api/vega/log', { type: 'solid', foods, ts }, { token: g.token });
      await log(['old food'], '2026-11-01T10:00:00');
      await log(['pear', 'oats'], '2026-11-20T10:00:00');
      await log(['Banana', 'pear'], '2026-11-21T10:00:00');
      await log(['egg'], '2026-11-22T08:00:00');
      const s = await call(t.app, 'GET', '/api/vega/food/suggestions', undefined, { token: g.token });
      assert.deepEqual(s.body, { suggestions: ['egg', 'Banana', 'pear', 'oats'] });
      const two = await call(t.app, 'GET', '/api/vega/food/suggestions?limit=2', undefined, { token: g.token });
      assert.deepEqual(two.body.suggestions, ['egg', 'Banana']);
      for (const bad of ['0', '101', 'abc', '2.5']) {
        const r = await call(t.app, 'GET', `/api/vega/food/suggestions?limit=${bad}`, undefined, { token: g.token });
        assert.equal(r.status, 422, bad);
        assert.deepEqual(r.body.detail[0].loc, ['query', 'limit']);
      }
    });

    test('recipes: saved, then logged by name with ingredients counted as foods eaten', async () => {
      const g = await signUp(t.app);
      const r = await call(t.app, 'POST', '/api/vega/recipes', { name: 'Banana porridge', ingredients: ['oats', 'banana', 'whole milk'] }, { token: g.token });
      assert.equal(r.status, 200);
      assert.equal(r.body.status, 'ok');
      assert.equal(r.body.recipe.name, 'Banana porridge');
      assert.deepEqual(r.body.recipe.ingredients, ['oats', 'banana', 'whole milk']);
      const l = await call(t.app, 'POST', '/api/vega/log', { type: 'solid', foods: ['banana porridge'], ts: '2026-11-22T09:00:00' }, { token: g.token });
      assert.deepEqual(l.body.unknown_foods, [], 'the recipe name is known through its ingredients');
      const p = await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: g.token });
      assert.equal(p.body.flags.solids_started, true);
      assert.ok('milk' in p.body.allergens_today, 'whole milk in the recipe counts as the milk allergen');
      const unk = await call(t.app, 'POST', '/api/vega/log', { type: 'solid', foods: ['zorblax stew'], ts: '2026-11-22T09:30:00' }, { token: g.token });
      assert.deepEqual(unk.body.unknown_foods, ['zorblax stew']);
      for (const bad of [{ name: 'x' }, { ingredients: ['a'] }, { name: '', ingredients: ['a'] }, { name: 'x', ingredients: [] }]) {
        assertError(await call(t.app, 'POST', '/api/vega/recipes', bad, { token: g.token }), 400, 'bad_request', JSON.stringify(bad));
      }
      const ex = await call(t.app, 'GET', '/api/vega/export', undefined, { token: g.token });
      assert.deepEqual(ex.body.recipes['Banana porridge'].ingredients, ['oats', 'banana', 'whole milk']);
    });

    test('an Idempotency-Key makes a retried log return the first result and write nothing', async () => {
      const g = await signUp(t.app);
      const body = { type: 'milk', ml: 110, ts: '2026-11-22T10:00:00' };
      const headers = { 'idempotency-key': 'offline-log-1' };
      const a = await call(t.app, 'POST', '/api/vega/log', body, { token: g.token, headers });
      const b = await call(t.app, 'POST', '/api/vega/log', body, { cookie: g.cookie, headers });
      assert.equal(b.status, 200);
      assert.equal(b.body.event.id, a.body.event.id);
      const events = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: g.token })).body.events;
      assert.equal(events.length, 1);
      const other = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'hi' }, { token: g.token, headers });
      assert.equal(other.status, 422, 'a key reused for a different request is refused, not answered with the first result');
      assert.equal(other.body.error, 'idempotency_key_reused');
      const reordered = await call(t.app, 'POST', '/api/vega/log', { ts: body.ts, ml: body.ml, type: body.type }, { token: g.token, headers });
      assert.equal(reordered.body.event.id, a.body.event.id, 'the same request with its keys in another order is the same request');
      const c = await call(t.app, 'POST', '/api/vega/log', body, { token: g.token, headers: { 'idempotency-key': 'offline-log-2' } });
      assert.notEqual(c.body.event.id, a.body.event.id);
      t.clock.advance(24 * 3600 * 1000 + 1000);
      const later = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 110 }, { token: g.token, headers });
      assert.notEqual(later.body.event.id, a.body.event.id, 'keys expire after 24 hours');
      t.clock.set(NOW);
    });

    test('read-only tokens can read the log but not write it', async () => {
      const ro = (await call(t.app, 'POST', '/api/vega/token', { label: 'ro', scopes: ['read'] }, { cookie: f.cookie })).body.token;
      assert.equal((await call(t.app, 'GET', '/api/vega/today', undefined, { token: ro })).status, 200);
      for (const [p, body] of [
        ['/api/vega/log', { type: 'sleep' }],
        ['/api/vega/undo', undefined],
        ['/api/vega/event/delete', { id: 'deadbeef' }],
        ['/api/vega/recipes', { name: 'x', ingredients: ['y'] }],
      ] as const) {
        const r = await call(t.app, 'POST', p, body, { token: ro });
        assert.equal(r.status, 403, p);
        assert.equal(r.body.error, 'insufficient_scope');
      }
    });
  });
}
