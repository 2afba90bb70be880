// GET /api/vega/export streams a long history in pages and keeps the body it always had; one
// export per family runs at a time (429 with Retry-After), released when it ends or is
// abandoned; other families are served meanwhile. Both databases.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type TestApp } from '../helpers/app.ts';
import { actorFromToken } from '../../src/services/access/auth.ts';
import { childScopeOf } from '../../src/services/family/children.ts';
import { exportFamily } from '../../src/services/transfer/export.ts';
import { EVENT_PAGE_SIZE } from '../../src/services/log/event-pages.ts';
import { demoHistory } from '../../src/domain/demo-history.ts';
import { insertHistory } from '../../src/services/housekeeping/seed.ts';
import { addDays, localDateOf } from '../../src/domain/time.ts';

const KEYS = ['exported_at', 'family', 'profile', 'events', 'week_plan', 'recipes', 'snapshots', 'notes', 'medicines'];

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let s = '';
  for await (const chunk of stream) s += chunk.toString();
  return s;
}

for (const d of testDatabases()) {
  describe(`streamed export [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('a history longer than several pages exports whole, in order, with the same keys', async () => {
      const f = await signUp(t.app);
      const actor = (await actorFromToken(t.ctx, f.token))!;
      const today = localDateOf(t.clock.now, 'Europe/London');
      const events = demoHistory({ dob: addDays(today, -400), today, days: 200, zone: 'Europe/London', authors: [f.username] });
      const n = await insertHistory(await childScopeOf(t.ctx, actor), 'Europe/London', events, t.clock.now);
      assert.ok(n > 2 * EVENT_PAGE_SIZE, `${n} events span more than two pages`);
      await call(t.app, 'POST', '/api/vega/recipes', { name: 'Green mash', ingredients: ['peas', 'potato'] }, { token: f.token });

      const res = await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token });
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), /application\/json/);
      assert.match(String(res.headers['content-disposition']), /attachment; filename="baby-tracker-export-\d{4}-\d{2}-\d{2}\.json"/);
      assert.deepEqual(Object.keys(res.body), KEYS);
      assert.equal(res.body.events.length, n, 'every event');
      const ts = res.body.events.map((e: any) => e.ts);
      assert.deepEqual(ts, [...ts].sort(), 'oldest first');
      assert.equal(new Set(res.body.events.map((e: any) => e.id)).size, n, 'no event twice across pages');
      assert.deepEqual(Object.keys(res.body.events[0]), ['id', 'ts', 'type', 'author', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'reactions', 'side', 'duration_min', 'celsius', 'fahrenheit', 'method', 'medicine', 'amount', 'unit', 'title']);
      assert.deepEqual(res.body.recipes['Green mash'], { name: 'Green mash', ingredients: ['peas', 'potato'] });
      assert.equal(res.body.family.members[0].username, f.username);
      assert.doesNotMatch(res.text, /password_hash|token_hash|id_hash|code_hash/);
    });

    test('one export per family at a time: 429 with Retry-After; others are served; released at the end', async () => {
      const f = await signUp(t.app);
      const other = await signUp(t.app);
      const actor = (await actorFromToken(t.ctx, f.token))!;
      await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90 }, { token: f.token });

      // The export the route would send, claimed and not yet read.
      const running = await exportFamily(t.ctx, actor);
      const second = await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token });
      assert.equal(second.status, 429);
      assert.equal(second.body.error, 'export_in_progress');
      assert.ok(second.body.retry_after >= 1 && second.body.retry_after <= 30);
      assert.equal(second.headers['retry-after'], String(second.body.retry_after));
      const otherFamily = await call(t.app, 'GET', '/api/vega/export', undefined, { token: other.token });
      assert.equal(otherFamily.status, 200, 'another family exports meanwhile');
      assert.equal((await call(t.app, 'GET', '/api/vega/today', undefined, { token: other.token })).status, 200);

      const body = JSON.parse(await readAll(running.stream));
      assert.equal(body.events.length, 1);
      assert.equal((await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).status, 200, 'free again once it has ended');
    });

    test('an export abandoned mid-download frees the family at once; a crashed one after its lease', async () => {
      const f = await signUp(t.app);
      const actor = (await actorFromToken(t.ctx, f.token))!;
      const abandoned = await exportFamily(t.ctx, actor);
      for await (const _chunk of abandoned.stream) break; // the client went away after the first bytes
      await new Promise((r) => setTimeout(r, 50));
      assert.equal((await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).status, 200);

      await exportFamily(t.ctx, actor); // claimed and never read: as if the process had died
      assert.equal((await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).status, 429);
      t.clock.advance(31_000);
      assert.equal((await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).status, 200, 'the lease ran out');
    });
  });
}
