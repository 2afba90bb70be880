// Time and concurrency in the family log: DST changes in Europe/London, a family moving
// zone, 50 parallel logs from two caregivers, and isolation of event ids between families.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

for (const d of testDatabases()) {
  describe(`family log: time, concurrency, isolation [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set('2026-11-22T12:00:00Z');
    });
    after(async () => {
      await t?.close();
    });

    test('October fall-back: the 25-hour day holds both 01:30s, ordered by the instant', async () => {
      const f = await signUp(t.app);
      const log = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
      const a = await log({ type: 'note', note: 'BST 01:45', ts: '2026-10-25T01:45:00' }); // first 01:45 = 00:45Z
      const b = await log({ type: 'note', note: 'GMT 01:30', ts: '2026-10-25T01:30:00', timezone: 'UTC' }); // 01:30Z = second 01:30
      const c = await log({ type: 'note', note: 'early', ts: '2026-10-25T00:10:00' });
      const e = await log({ type: 'note', note: 'late', ts: '2026-10-25T23:50:00' });
      for (const r of [a, b, c, e]) assert.equal(r.status, 200, r.text);
      assert.equal(b.body.event.ts, '2026-10-25T01:30:00');
      const day = await call(t.app, 'GET', '/api/vega/events?date=2026-10-25', undefined, { token: f.token });
      assert.deepEqual(day.body.events.map((x: any) => x.note), ['early', 'BST 01:45', 'GMT 01:30', 'late']);
      const p = await call(t.app, 'GET', '/api/vega/events?date=2026-10-24', undefined, { token: f.token });
      assert.equal(p.body.events.length, 0);
    });

    test('March spring-forward: 01:30 does not exist (400); the 23-hour day is bounded right', async () => {
      const f = await signUp(t.app);
      const gap = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', ts: '2026-03-29T01:30:00' }, { token: f.token });
      assert.equal(gap.status, 400);
      assert.match(gap.body.message, /does not exist/);
      for (const ts of ['2026-03-29T00:59:59', '2026-03-29T02:00:00', '2026-03-29T23:59:59', '2026-03-30T00:00:00']) {
        assert.equal((await call(t.app, 'POST', '/api/vega/log', { type: 'poop', ts }, { token: f.token })).status, 200, ts);
      }
      const day = await call(t.app, 'GET', '/api/vega/events?date=2026-03-29', undefined, { token: f.token });
      assert.deepEqual(day.body.events.map((x: any) => x.ts), ['2026-03-29T00:59:59', '2026-03-29T02:00:00', '2026-03-29T23:59:59']);
    });

    test('a family that changes timezone: days and "future" follow the new zone; order follows instants', async () => {
      const f = await signUp(t.app);
      const london = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'london 10:00', ts: '2026-11-22T10:00:00' }, { token: f.token });
      assert.equal(london.status, 200);
      const moved = await call(t.app, 'POST', '/api/vega/profile', { timezone: 'America/New_York' }, { cookie: f.cookie });
      assert.equal(moved.body.profile.timezone, 'America/New_York');
      // Now is 07:00 in New York: 11:00 there is in the future, 06:00 is not.
      const fut = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'ny 11:00', ts: '2026-11-22T11:00:00' }, { token: f.token });
      assert.equal(fut.status, 400);
      assert.equal(fut.body.error, 'future_timestamp');
      const ny = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'ny 06:00', ts: '2026-11-22T06:00:00' }, { token: f.token });
      assert.equal(ny.status, 200);
      const now = await call(t.app, 'POST', '/api/vega/log', { type: 'poop' }, { token: f.token });
      assert.equal(now.body.event.ts, '2026-11-22T07:00:00');
      const today = await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token });
      assert.deepEqual(today.body.events.map((x: any) => x.note ?? x.type), ['london 10:00', 'ny 06:00', 'poop'], '10:00 London (10:00Z) came before 06:00 New York (11:00Z)');
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token });
      assert.equal(live.body.now, '2026-11-22T07:00:00');
    });

    test('50 parallel logs from two caregivers all land with distinct ids; undo removes exactly the newest', async () => {
      const f = await signUp(t.app);
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { cookie: f.cookie });
      const joined = await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: `dad${Date.now()}@example.com`, password: 'secret', username: 'Dad' });
      const dad = sessionCookieOf(joined);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 10 + i, ts: '2026-11-22T09:00:00' }, i % 2 ? { token: f.token } : { cookie: dad }),
        ),
      );
      assert.ok(results.every((r) => r.status === 200));
      const ids = new Set(results.map((r) => r.body.event.id));
      assert.equal(ids.size, 50);
      const today = await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token });
      assert.equal(today.body.events.length, 50);
      assert.deepEqual(new Set(today.body.events.map((e: any) => e.author)), new Set([f.username, 'Dad']));
      const last = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'dry', ts: '2026-11-22T08:00:00' }, { cookie: dad });
      const u = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: f.token });
      assert.equal(u.body.removed.id, last.body.event.id);
      const after = await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token });
      assert.equal(after.body.events.length, 50);
    });

    test('concurrent read-modify-writes lose nothing: reactions, edits, undos, same-label tokens, notes', async () => {
      const f = await signUp(t.app);
      const e = (await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 100, ts: '2026-11-22T09:00:00' }, { token: f.token })).body.event;
      const emojis = ['❤️', '👍', '😀', '🎉', '🍼', '⭐'];
      const reacted = await Promise.all(emojis.map((emoji) => call(t.app, 'POST', '/api/vega/event/react', { id: e.id, emoji }, { token: f.token })));
      assert.ok(reacted.every((r) => r.status === 200));
      const after = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token })).body.events[0];
      assert.deepEqual(new Set(after.reactions.map((r: any) => r.emoji)), new Set(emojis));

      await Promise.all([
        call(t.app, 'POST', '/api/vega/event/edit', { id: e.id, changes: { ml: 150 } }, { token: f.token }),
        call(t.app, 'POST', '/api/vega/event/edit', { id: e.id, changes: { note: 'both kept' } }, { token: f.token }),
      ]);
      const edited = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token })).body.events[0];
      assert.equal(edited.ml, 150);
      assert.equal(edited.note, 'both kept');

      for (let i = 0; i < 5; i++) await call(t.app, 'POST', '/api/vega/log', { type: 'poop', ts: `2026-11-22T10:0${i}:00` }, { token: f.token });
      const undos = await Promise.all(Array.from({ length: 5 }, () => call(t.app, 'POST', '/api/vega/undo', undefined, { token: f.token })));
      assert.equal(new Set(undos.map((u) => u.body.removed?.id)).size, 5, 'each undo removed a different event');
      const left = (await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token })).body.events;
      assert.deepEqual(left.map((x: any) => x.id), [e.id]);

      const toks = await Promise.all(Array.from({ length: 8 }, () => call(t.app, 'POST', '/api/vega/token', { label: 'race' }, { cookie: f.cookie })));
      assert.ok(toks.every((r) => r.status === 200), toks.map((r) => r.status).join(','));
      const listed = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { token: f.token })).body.tokens.filter((x: any) => x.label === 'race');
      assert.equal(listed.length, 1, 'one token per label survives');

      const g = await signUp(t.app, {});
      await t.ctx.db.kysely.updateTable('families').set({ plan: 'paid' }).execute();
      const notes = await Promise.all(Array.from({ length: 5 }, (_, i) => call(t.app, 'POST', '/api/ask', { question: `remember: note ${i}` }, { token: g.token })));
      assert.ok(notes.every((r) => r.status === 200), notes.map((r) => r.status).join(','));
      const saved = (await call(t.app, 'GET', '/api/ask/notes', undefined, { token: g.token })).body.notes;
      assert.equal(saved.length, 5);
      assert.equal(new Set(saved.map((n: any) => n.ts)).size, 5);
    });

    test('events logged in the same second read in logging order: sleep then wake is awake', async () => {
      for (let i = 0; i < 8; i++) {
        const f = await signUp(t.app);
        await call(t.app, 'POST', '/api/vega/log', { type: 'sleep' }, { token: f.token });
        const w = await call(t.app, 'POST', '/api/vega/log', { type: 'wake' }, { token: f.token });
        assert.equal(w.body.live.asleep, false);
        await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120 }, { token: f.token });
        const m = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90 }, { token: f.token });
        assert.equal(m.body.live.last_milk_ml, 90);
      }
    });

    test("isolation: family A's credentials cannot touch B's events through any endpoint", async () => {
      const a: Family = await signUp(t.app, { baby_name: 'Alice' });
      const b: Family = await signUp(t.app, { baby_name: 'Bob' });
      const bEvent = (await call(t.app, 'POST', '/api/vega/log', { type: 'solid', foods: ['secret beans'], ts: '2026-11-22T09:00:00' }, { token: b.token })).body.event;
      await call(t.app, 'POST', '/api/vega/log', { type: 'weight', kg: 8, ts: '2026-11-22T09:05:00' }, { token: b.token });
      await call(t.app, 'POST', '/api/vega/recipes', { name: 'B stew', ingredients: ['beef'] }, { token: b.token });
      for (const cred of [{ token: a.token }, { cookie: a.cookie }]) {
        for (const [p, body] of [
          ['/api/vega/event/edit', { id: bEvent.id, changes: { note: 'hacked' } }],
          ['/api/vega/event/delete', { id: bEvent.id }],
          ['/api/vega/event/react', { id: bEvent.id, emoji: '👍' }],
        ] as const) {
          const r = await call(t.app, 'POST', p, body, cred);
          assert.equal(r.status, 404, `${p} ${JSON.stringify(cred)}`);
          assert.equal(r.body.error, 'not_found');
        }
        const undo = await call(t.app, 'POST', '/api/vega/undo', undefined, cred);
        assert.equal(undo.body.removed, null, "A's undo never reaches B's log");
        for (const p of ['/api/vega/today', '/api/vega/events?date=2026-11-22', '/api/vega/measurements', '/api/vega/food/suggestions', '/api/vega/patterns', '/api/vega/live', '/api/vega/export']) {
          const r = await call(t.app, 'GET', p, undefined, cred);
          assert.equal(r.status, 200, p);
          assert.ok(!r.text.includes(bEvent.id) && !r.text.includes('secret beans') && !r.text.includes('B stew'), p);
        }
      }
      const bToday = await call(t.app, 'GET', '/api/vega/today', undefined, { token: b.token });
      assert.equal(bToday.body.events.length, 2);
      assert.deepEqual(bToday.body.events[0], bEvent, "B's event is unchanged");
      const idem = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', ts: '2026-11-22T09:10:00' }, { token: b.token, headers: { 'idempotency-key': 'shared-key' } });
      const aSame = await call(t.app, 'POST', '/api/vega/log', { type: 'sleep', ts: '2026-11-22T09:10:00' }, { token: a.token, headers: { 'idempotency-key': 'shared-key' } });
      assert.notEqual(aSame.body.event.id, idem.body.event.id, 'idempotency keys are per family');
    });
  });
}
