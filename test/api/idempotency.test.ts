// Idempotency-Key on every REST write (log, edit, delete, react, undo, recipes) on both
// databases: a retry changes nothing and gets the first response byte for byte, another body
// under the key is 422, failures free the key, keys are per endpoint and expire after 24 h.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp, assertError } from '../helpers/app.ts';
import { keyRowWith } from '../../src/services/log/idempotency.ts';

const NOW = '2026-11-22T12:00:00Z';

for (const d of testDatabases()) {
  describe(`Idempotency-Key on REST writes [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    const key = (k: string) => ({ 'idempotency-key': k });
    const today = async () => (await call(t.app, 'GET', '/api/vega/today', undefined, { token: f.token })).body.events as any[];
    const log = async (ml: number, ts: string) => (await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml, ts }, { token: f.token })).body.event.id as string;

    before(async () => {
      t = await startApp(d.name);
      f = await signUp(t.app);
    });
    after(async () => t?.close());

    test('two undo calls with one key remove one event, and the retry answers exactly as the first', async () => {
      await log(100, '2026-11-22T08:00:00');
      await log(110, '2026-11-22T09:00:00');
      const first = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: f.token, headers: key('undo-1') });
      const second = await call(t.app, 'POST', '/api/vega/undo', undefined, { cookie: f.cookie, headers: key('undo-1') });
      assert.equal(first.status, 200);
      assert.equal(second.status, 200);
      assert.equal(second.text, first.text);
      assert.deepEqual((await today()).map((e) => e.ml), [100]);
    });

    test('edit, react, delete and recipes: retried writes change nothing more', async () => {
      const id = await log(120, '2026-11-22T10:00:00');
      const edit = { id, changes: { note: 'retry me' } };
      const e1 = await call(t.app, 'POST', '/api/vega/event/edit', edit, { token: f.token, headers: key('edit-1') });
      // Someone else changes the event; the retry must not put the old value back.
      await call(t.app, 'POST', '/api/vega/event/edit', { id, changes: { note: 'changed later' } }, { token: f.token });
      const e2 = await call(t.app, 'POST', '/api/vega/event/edit', edit, { token: f.token, headers: key('edit-1') });
      assert.equal(e2.text, e1.text);
      assert.equal((await today()).find((e) => e.id === id).note, 'changed later');

      for (let i = 0; i < 2; i++) {
        const r = await call(t.app, 'POST', '/api/vega/event/react', { id, emoji: '👏' }, { token: f.token, headers: key('react-1') });
        assert.equal(r.status, 200);
      }
      assert.equal((await today()).find((e) => e.id === id).reactions.length, 1);

      const recipe = { name: 'Plum mash', ingredients: ['plum', 'pear'] };
      const r1 = await call(t.app, 'POST', '/api/vega/recipes', recipe, { token: f.token, headers: key('recipe-1') });
      const r2 = await call(t.app, 'POST', '/api/vega/recipes', recipe, { token: f.token, headers: key('recipe-1') });
      assert.equal(r2.text, r1.text);

      const del1 = await call(t.app, 'POST', '/api/vega/event/delete', { id }, { token: f.token, headers: key('delete-1') });
      const del2 = await call(t.app, 'POST', '/api/vega/event/delete', { id }, { token: f.token, headers: key('delete-1') });
      assert.equal(del1.status, 200);
      assert.equal(del2.status, 200, 'a retried delete is not a 404: it replays the first answer');
      assert.equal(del2.text, del1.text);
    });

    test('another body under the key is 422 and changes nothing; keys are per endpoint', async () => {
      const id = await log(130, '2026-11-22T10:30:00');
      await call(t.app, 'POST', '/api/vega/event/edit', { id, changes: { ml: 131 } }, { token: f.token, headers: key('shared') });
      const other = await call(t.app, 'POST', '/api/vega/event/edit', { id, changes: { ml: 200 } }, { token: f.token, headers: key('shared') });
      assertError(other, 422, 'idempotency_key_reused');
      assert.equal((await today()).find((e) => e.id === id).ml, 131);
      const logReuse = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 1 }, { token: f.token, headers: key('log-x') });
      const logOther = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 2 }, { token: f.token, headers: key('log-x') });
      assert.equal(logReuse.status, 200);
      assertError(logOther, 422, 'idempotency_key_reused');
      // The same key on another endpoint is a different key.
      const react = await call(t.app, 'POST', '/api/vega/event/react', { id, emoji: '👍' }, { token: f.token, headers: key('shared') });
      assert.equal(react.status, 200);
    });

    test('a failed write frees the key; refused callers and bad keys claim nothing', async () => {
      const missing = await call(t.app, 'POST', '/api/vega/event/react', { id: 'ffffffff', emoji: '👍' }, { token: f.token, headers: key('react-missing') });
      assertError(missing, 404, 'not_found');
      const id = await log(140, '2026-11-22T11:00:00');
      const ok = await call(t.app, 'POST', '/api/vega/event/react', { id, emoji: '👍' }, { token: f.token, headers: key('react-missing') });
      assert.equal(ok.status, 200, 'the key was freed by the failure, so it serves a new request');

      const bad = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: f.token, headers: key('spaces are not allowed') });
      assertError(bad, 400, 'invalid_idempotency_key');
      const count = (await today()).length;
      const invalid = await call(t.app, 'POST', '/api/vega/event/edit', { id, changes: { kg: 1 } }, { token: f.token, headers: key('edit-bad') });
      assert.equal(invalid.status, 400);
      assert.equal((await today()).length, count);
    });

    test('parallel retries: one write, the others replay it or are told to retry (409)', async () => {
      const id = await log(150, '2026-11-22T11:30:00');
      const results = await Promise.all(
        Array.from({ length: 4 }, () => call(t.app, 'POST', '/api/vega/event/react', { id, emoji: '🌟' }, { token: f.token, headers: key('race-1') })),
      );
      for (const r of results) {
        if (r.status === 409) assert.equal(r.body.error, 'idempotency_key_in_use');
        else assert.equal(r.status, 200);
      }
      assert.ok(results.some((r) => r.status === 200));
      assert.equal((await today()).find((e) => e.id === id).reactions.length, 1);
    });

    test('a keyed log commits its key with the event: parallel retries log it once, and a retry after a lost answer replays it', async () => {
      const body = { type: 'note', note: 'keyed with the event' };
      const before = (await today()).length;
      const results = await Promise.all(
        Array.from({ length: 4 }, () => call(t.app, 'POST', '/api/vega/log', body, { token: f.token, headers: key('log-race') })),
      );
      for (const r of results) assert.equal(r.status, 200, r.text);
      assert.equal(new Set(results.map((r) => r.body.event.id)).size, 1, 'every retry answers with the one event');
      assert.equal((await today()).length, before + 1);
      // One row for the key, in the service's key space (the HTTP layer does not claim it too).
      const rows = await t.ctx.db.kysely.selectFrom('idempotency_keys').select(['scope', 'response']).where('key', '=', 'log-race').execute();
      assert.deepEqual(rows.map((r) => r.scope), ['log']);
      assert.deepEqual(JSON.parse(rows[0]!.response).event, results[0]!.body.event);

      // The answer was lost before it was recorded: only what the write committed with the event is there.
      const first = results[0]!.body;
      const marker = keyRowWith(t.ctx, 'log', 'log-race', body, { event: first.event, unknown_foods: first.unknown_foods, warning: first.warning }).response;
      await t.ctx.db.kysely.updateTable('idempotency_keys').set({ response: marker }).where('key', '=', 'log-race').execute();
      const retry = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token, headers: key('log-race') });
      assert.equal(retry.status, 200, retry.text);
      assert.deepEqual(retry.body.event, first.event);
      assert.equal(typeof retry.body.live, 'object', 'live is derived afresh');
      assert.equal((await today()).length, before + 1, 'the retry logged nothing');
      const again = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token, headers: key('log-race') });
      assert.equal(again.text, retry.text, 'and its answer is recorded for the next retry');
    });

    test('/developers names exactly the writes that honour the key, and the rule', async () => {
      const page = (await call(t.app, 'GET', '/developers')).text;
      const rule = /<li>Idempotency:.*?<\/li>/s.exec(page)?.[0] ?? '';
      const listed = [...new Set([...rule.matchAll(/<code>(POST [^<]+)<\/code>/g)].map((m) => m[1]))];
      assert.deepEqual(
        listed.sort(),
        [
          'POST /api/vega/children', 'POST /api/vega/children/archive', 'POST /api/vega/children/delete', 'POST /api/vega/children/edit',
          'POST /api/vega/children/primary',
          'POST /api/vega/event/delete', 'POST /api/vega/event/edit', 'POST /api/vega/event/react',
          'POST /api/vega/feed/cancel', 'POST /api/vega/feed/start', 'POST /api/vega/feed/stop', 'POST /api/vega/feed/switch',
          'POST /api/vega/log', 'POST /api/vega/medicines', 'POST /api/vega/medicines/delete', 'POST /api/vega/recipes', 'POST /api/vega/undo',
          // 1.4.0 (issue 28)
          'POST /api/vega/push/subscribe', 'POST /api/vega/push/test', 'POST /api/vega/push/unsubscribe', 'POST /api/vega/reminders',
          'POST /api/vega/webhooks', 'POST /api/vega/webhooks/delete', 'POST /api/vega/webhooks/enable', 'POST /api/vega/webhooks/rotate',
          // 1.6.0 (issue 39)
          'POST /api/vega/preferences',
        ].sort(),
      );
      assert.deepEqual([...t.app.idempotentRoutes].sort(), listed.sort());
      assert.match(rule, /422 <code>idempotency_key_reused<\/code>/);
      assert.match(rule, /replays the first response exactly/);
    });

    test('keys expire after 24 hours', async () => {
      const id = await log(160, '2026-11-22T11:40:00');
      await call(t.app, 'POST', '/api/vega/event/delete', { id }, { token: f.token, headers: key('old') });
      t.clock.advance(24 * 3600 * 1000 + 1000);
      const again = await call(t.app, 'POST', '/api/vega/event/delete', { id }, { token: f.token, headers: key('old') });
      assertError(again, 404, 'not_found');
      t.clock.set(NOW);
    });
  });
}
