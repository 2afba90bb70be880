// Who may do what through the connector: read-only tokens, idempotent retries, the
// 120-requests-per-minute limit, and isolation between families.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testDatabases } from '../helpers/databases.ts';
import { signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { connect, eventCount, newToken, NOW, rawPost, STAMP, textOf, type Connected } from './harness.ts';

// Arguments that would succeed for each write tool with a write token (ids filled in below).
function writeCalls(id: string): [string, Record<string, unknown>][] {
  return [
    ['log_feed', { ml: 120 }],
    ['log_sleep', { state: 'asleep' }],
    ['log_nappy', { kind: 'wet' }],
    ['log_solid', { foods: ['banana'] }],
    ['log_supplement', { kind: 'vitd' }],
    ['log_growth', { kg: 7 }],
    ['log_note', { note: 'hello' }],
    ['log_temperature', { celsius: 37.2 }],
    ['log_medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml' }],
    ['log_pumping', { ml: 90 }],
    ['log_activity', { kind: 'tummy_time', duration_min: 5 }],
    ['log_milestone', { title: 'first smile' }],
    ['log_growth', { head_cm: 41.5 }],
    ['edit_event', { id, changes: { ml: 10 } }],
    ['delete_event', { id }],
    ['undo_last', {}],
    ['react_to_event', { id, emoji: '👍' }],
    ['save_recipe', { name: 'Mash', ingredients: ['carrot'] }],
    ['delete_note', { ts: '2026-11-22T11:00:00' }],
  ];
}

type Result = CallToolResult & { structuredContent?: Record<string, any> };

async function callTool(c: Connected, name: string, args: Record<string, unknown>): Promise<Result> {
  return (await c.client.callTool({ name, arguments: args })) as Result;
}

for (const d of testDatabases()) {
  describe(`MCP access rules [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let a: Family;
    let b: Family;
    let aEvent: string;
    let bEvent: string;
    let bNote: string;
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      t.clock.set(NOW);
      a = await signUp(t.app, { dob: '2026-05-10' });
      b = await signUp(t.app, { dob: '2026-01-10', baby_name: 'Bea' });
      const ca = await connect(t, await newToken(t, a.cookie));
      aEvent = (await callTool(ca, 'log_feed', { ml: 80, ts: '2026-11-22T09:00:00' })).structuredContent!.event.id as string;
      await ca.close();
      const cb = await connect(t, await newToken(t, b.cookie));
      bEvent = (await callTool(cb, 'log_feed', { ml: 200, ts: '2026-11-22T08:00:00' })).structuredContent!.event.id as string;
      await callTool(cb, 'ask_question', { question: 'remember: Bea likes pears' });
      bNote = ((await callTool(cb, 'list_notes', {})).structuredContent!.notes as { ts: string }[])[0].ts;
      await cb.close();
    });
    after(async () => {
      await t?.close();
    });

    test('a read-only token reads, and every write tool answers a tool error naming the write scope, writing nothing', async () => {
      const c = await connect(t, await newToken(t, a.cookie, ['read']));
      const before = await eventCount(t);
      for (const [name, args] of writeCalls(aEvent)) {
        const r = await callTool(c, name, args);
        assert.equal(r.isError, true, `${name} must be refused`);
        assert.match(textOf(r), /'write' scope/, `${name}: ${textOf(r)}`);
        assert.match(textOf(r), /insufficient_scope/);
        assert.ok(textOf(r).includes(STAMP));
      }
      const remember = await callTool(c, 'ask_question', { question: 'remember: she hates peas' });
      assert.equal(remember.isError, true);
      assert.match(textOf(remember), /'write' scope/);
      assert.equal(await eventCount(t), before);
      const day = await callTool(c, 'get_day', {});
      assert.equal(day.isError, undefined);
      assert.deepEqual((day.structuredContent!.events as { id: string }[]).map((e) => e.id), [aEvent]);
      assert.equal((await callTool(c, 'list_notes', {})).structuredContent!.notes.length, 0);
      const read = await c.client.readResource({ uri: 'tracker://live' });
      assert.equal(JSON.parse((read.contents[0] as { text: string }).text).child, 'Ada');
      await c.close();
    });

    test('a retry with the same idempotency key returns the first result and logs one event', async () => {
      const c = await connect(t, await newToken(t, a.cookie));
      const before = await eventCount(t);
      const args = { ml: 110, ts: '2026-11-22T10:00:00', idempotency_key: 'feed-7d1c-0001' };
      const first = await callTool(c, 'log_feed', args);
      const again = await callTool(c, 'log_feed', args);
      assert.equal(await eventCount(t), before + 1);
      assert.equal(again.structuredContent!.event.id, first.structuredContent!.event.id);
      assert.equal(textOf(again), textOf(first));
      // The same key for another action is refused: the assistant must not confirm a note never written.
      const misused = await callTool(c, 'log_note', { note: 'hi', idempotency_key: 'feed-7d1c-0001' });
      assert.equal(misused.isError, true);
      assert.match(textOf(misused), /already used for a different request/);
      assert.equal(await eventCount(t), before + 1);
      // A fresh key is a new feed.
      await callTool(c, 'log_feed', { ...args, idempotency_key: 'feed-7d1c-0002' });
      assert.equal(await eventCount(t), before + 2);
      await c.close();
    });

    test('tools whose services take no key store their first result: a retried delete or undo acts once', async () => {
      const c = await connect(t, await newToken(t, a.cookie));
      const made = await callTool(c, 'log_nappy', { kind: 'dirty', ts: '2026-11-22T10:05:00' });
      const id = made.structuredContent!.event.id as string;
      const del = { id, idempotency_key: 'del-0001' };
      const first = await callTool(c, 'delete_event', del);
      const again = await callTool(c, 'delete_event', del);
      assert.equal(again.isError, undefined, textOf(again));
      assert.equal(textOf(again), textOf(first));
      // undo twice with one key removes only the latest event, not the one before it too.
      await callTool(c, 'log_note', { note: 'one', ts: '2026-11-22T10:10:00' });
      await callTool(c, 'log_note', { note: 'two', ts: '2026-11-22T10:11:00' });
      const before = await eventCount(t);
      const u1 = await callTool(c, 'undo_last', { idempotency_key: 'undo-0001' });
      const u2 = await callTool(c, 'undo_last', { idempotency_key: 'undo-0001' });
      assert.equal(u2.structuredContent!.removed.note, 'two');
      assert.equal(textOf(u1), textOf(u2));
      assert.equal(await eventCount(t), before - 1);
      const bad = await callTool(c, 'undo_last', { idempotency_key: 'has spaces' });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /idempotency key/);
      await c.close();
    });

    test('concurrent retries with one key act once: the other gets the first result or a retry-later error', async () => {
      const c = await connect(t, await newToken(t, a.cookie));
      const id = (await callTool(c, 'log_note', { note: 'race', ts: '2026-11-22T10:20:00' })).structuredContent!.event.id as string;
      const before = await eventCount(t);
      const results = await Promise.all([1, 2, 3].map(() => callTool(c, 'delete_event', { id, idempotency_key: 'race-0001' })));
      assert.equal(await eventCount(t), before - 1);
      for (const r of results) {
        if (r.isError) assert.match(textOf(r), /idempotency_key_in_use/);
        else assert.equal(r.structuredContent!.removed.id, id);
      }
      assert.ok(results.some((r) => !r.isError));
      await c.close();
    });

    test('the 121st request in a minute is refused with 429 and Retry-After, and allowed a minute later', async () => {
      const auth = { Authorization: `Bearer ${await newToken(t, a.cookie)}` };
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      for (let i = 1; i <= 120; i++) {
        const r = await rawPost(t, list, auth);
        assert.equal(r.status, 200, `request ${i}`);
      }
      const refused = await rawPost(t, list, auth);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '60');
      assert.match(refused.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(refused.json.error, 'rate_limited');
      // Another token of the same family has its own allowance.
      assert.equal((await rawPost(t, list, { Authorization: `Bearer ${await newToken(t, a.cookie)}` })).status, 200);
      t.clock.advance(60_000);
      assert.equal((await rawPost(t, list, auth)).status, 200);
    });

    test('a JSON-RPC batch counts as many calls as it holds, and holds at most 20', async () => {
      const auth = { Authorization: `Bearer ${await newToken(t, a.cookie)}` };
      const batch = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: from + i, method: 'tools/list' }));
      const tooBig = await rawPost(t, batch(21), auth);
      assert.equal(tooBig.status, 400);
      assert.equal(tooBig.json.error, 'batch_too_large');
      for (let k = 0; k < 6; k++) assert.equal((await rawPost(t, batch(20, k * 20), auth)).status, 200, `batch ${k + 1}`);
      const over = await rawPost(t, { jsonrpc: '2.0', id: 999, method: 'tools/list' }, auth);
      assert.equal(over.status, 429, '6 batches of 20 used the 120 calls of this minute');
      t.clock.advance(60_000);
    });

    test("a token of family A cannot read or touch family B's events or notes through any tool", async () => {
      const c = await connect(t, await newToken(t, a.cookie));
      const before = await eventCount(t);
      for (const [name, args] of [
        ['edit_event', { id: bEvent, changes: { ml: 1 } }],
        ['delete_event', { id: bEvent }],
        ['react_to_event', { id: bEvent, emoji: '👍' }],
        ['delete_note', { ts: bNote }],
      ] as const) {
        const r = await callTool(c, name, args);
        assert.equal(r.isError, true, `${name} must not reach B`);
        assert.match(textOf(r), /not_found/);
        assert.doesNotMatch(textOf(r), /Bea/);
      }
      // Reads never show B's data, and undo only ever removes A's own latest event.
      for (const [name, args] of [
        ...['get_day', 'get_live_status', 'get_measurements', 'list_notes', 'list_family', 'get_profile', 'suggest_foods', 'get_milestones', 'get_medicines', 'get_reminders'].map((n) => [n, {}] as const),
        ['get_events', { type: 'milk', days: 90 }],
      ] as const) {
        const r = await callTool(c, name, args);
        assert.equal(r.isError, undefined, `${name}: ${textOf(r)}`);
        assert.ok(!JSON.stringify(r).includes(bEvent) && !JSON.stringify(r).includes('Bea'), `${name} leaks nothing of B`);
      }
      await callTool(c, 'undo_last', {});
      assert.equal(await eventCount(t), before - 1);
      const cb = await connect(t, await newToken(t, b.cookie));
      const bDay = await callTool(cb, 'get_day', {});
      const bEvents = bDay.structuredContent!.events as { id: string; ml: number; reactions: unknown }[];
      assert.deepEqual(bEvents.map((e) => [e.id, e.ml, e.reactions]), [[bEvent, 200, null]]);
      assert.equal((await callTool(cb, 'list_notes', {})).structuredContent!.notes.length, 1);
      await cb.close();
      await c.close();
    });
  });
}
