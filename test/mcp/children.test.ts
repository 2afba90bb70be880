// The connector in a family of several children (issue 25), through the SDK's own Client over
// real HTTP on both databases: `child` by name (any case) or id on the tools about one child,
// checked against the REST API's per-child answers; the primary child without it; unknown,
// ambiguous and archived children as tool errors; the family's and by-id tools refusing
// `child`; every answer's stamp naming the child it is about; a one-child family unchanged.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { connect, eventCount, newToken, NOW, rawPost, STAMP, textOf, type Connected } from './harness.ts';

const stampOf = (name: string) => `${name} · read at 2026-11-22 12:00`;

/** structuredContent without what the connector adds to the REST answer. */
function restPart(s: Record<string, unknown>) {
  const { child: _c, read_at: _r, summary: _s, ...rest } = s;
  return rest;
}

/** The REST answer's fields that an output schema declares (the live status's extra keys are REST's only). */
function declared(body: Record<string, unknown>, like: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(like).map((k) => [k, body[k]]));
}

for (const d of testDatabases()) {
  describe(`MCP and several children [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let c: Connected;
    let ada: string;
    let ben: string;
    const tok = () => ({ token: f.token });
    const rest = (path: string) => call(t.app, 'GET', path, undefined, tok());
    const todayIds = async (child?: string) =>
      (await rest(`/api/vega/today${child ? `?child=${child}` : ''}`)).body.events.map((e: { id: string }) => e.id);

    async function run(name: string, args: Record<string, unknown> = {}) {
      return (await c.client.callTool({ name, arguments: args })) as CallToolResult;
    }

    /** A tool answer about `who`: the stamp line and structuredContent name that child. */
    async function about(who: string, name: string, args: Record<string, unknown> = {}) {
      const r = await run(name, args);
      assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
      const text = (r.content[0] as { text: string }).text;
      assert.equal(text.split('\n')[1], stampOf(who), `${name} ${JSON.stringify(args)}: ${text}`);
      const s = r.structuredContent as Record<string, any>;
      assert.equal(s.child, who);
      return { text, s };
    }

    /** A tool error that writes nothing; its text is returned for the caller's checks. */
    async function refused(name: string, args: Record<string, unknown>, expect: RegExp, stamp = STAMP) {
      const before = await eventCount(t);
      const r = await run(name, args);
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail: ${textOf(r)}`);
      assert.match(textOf(r), expect);
      assert.ok(textOf(r).includes(stamp), `${name}: ${textOf(r)}`);
      assert.equal(await eventCount(t), before, `${name} wrote nothing`);
      return textOf(r);
    }

    async function addChild(baby_name: string, dob = '2026-08-01'): Promise<string> {
      const r = await call(t.app, 'POST', '/api/vega/children', { baby_name, dob }, tok());
      assert.equal(r.status, 200, r.text);
      return r.body.child.id;
    }

    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      t.clock.set(NOW);
      f = await signUp(t.app, { dob: '2026-05-10', gender: 'girl' });
      ben = await addChild('Ben');
      ada = (await rest('/api/vega/children')).body.children.find((x: { primary: boolean }) => x.primary).id;
      c = await connect(t, await newToken(t, f.cookie));
    });
    after(async () => {
      await c?.close();
      await t?.close();
    });

    test('exactly the tools about one child take `child`, each with the same schema', async () => {
      const { tools } = await c.client.listTools();
      const taking = tools.filter((x) => 'child' in (x.inputSchema.properties ?? {}));
      assert.deepEqual(taking.map((x) => x.name), [
        'log_feed', 'log_sleep', 'log_nappy', 'log_solid', 'log_supplement', 'log_growth', 'log_note',
        'log_temperature', 'log_medicine', 'log_pumping', 'log_activity', 'log_milestone',
        'get_live_status', 'get_day', 'get_patterns', 'get_nutrients_allergens', 'get_measurements', 'get_profile', 'suggest_foods',
        'get_events', 'get_milestones', 'get_medicines',
        'ask_question',
      ]);
      const schemas = taking.map((x) => (x.inputSchema.properties as Record<string, any>).child);
      for (const s of schemas) assert.deepEqual(s, schemas[0]);
      assert.equal(schemas[0].type, 'string');
      assert.equal(schemas[0].maxLength, 80);
      assert.match(schemas[0].description, /name \(any case\) or their id/);
      for (const x of taking) assert.equal((x.inputSchema.required ?? []).includes('child'), false, `${x.name}: child is optional`);
    });

    test('logging with `child` by name in any case, or by id, lands on that child and says so', async () => {
      const feed = await about('Ben', 'log_feed', { ml: 120, ts: '2026-11-22T03:10:00', child: 'ben' });
      assert.match(feed.text, /^Logged 120 ml bottle for Ben at 03:10 \(id [0-9a-f]{8}\)\./);
      assert.equal(feed.s.event.child_id, ben);
      const nappy = await about('Ben', 'log_nappy', { kind: 'wet', ts: '2026-11-22T04:00:00', child: ben });
      const sleep = await about('Ben', 'log_sleep', { state: 'asleep', ts: '2026-11-22T11:00:00', child: ' BEN ' });
      assert.equal(sleep.s.warning, null);
      assert.deepEqual(await todayIds(ben), [feed.s.event.id, nappy.s.event.id, sleep.s.event.id]);
      assert.deepEqual(await todayIds(ada), []);
    });

    test('without `child` a tool is about the primary child and names her', async () => {
      const feed = await about('Ada', 'log_feed', { ml: 90, ts: '2026-11-22T09:00:00' });
      assert.match(feed.text, /^Logged 90 ml bottle for Ada at 09:00/);
      assert.equal(feed.s.event.child_id, ada);
      assert.deepEqual(await todayIds(ada), [feed.s.event.id]);
      assert.deepEqual(await todayIds(), [feed.s.event.id]);
    });

    test("reads with `child` answer that child's data, as REST does for ?child=, never mixed", async () => {
      for (const [arg, id, name] of [['Ben', ben, 'Ben'], [undefined, ada, 'Ada']] as const) {
        const args = arg ? { child: arg } : {};
        const live = restPart((await about(name, 'get_live_status', args)).s);
        assert.deepEqual(live, declared((await rest(`/api/vega/live?child=${id}`)).body, live));
        const day = await about(name, 'get_day', args);
        assert.deepEqual(day.s.events, (await rest(`/api/vega/today?child=${id}`)).body.events);
        assert.match(day.text, new RegExp(`^${day.s.events.length} events? on 2026-11-22\\.`));
        const patterns = await about(name, 'get_patterns', args);
        assert.deepEqual(patterns.s.daily_totals, (await rest(`/api/vega/patterns?child=${id}`)).body.daily_totals);
      }
      assert.equal((await about('Ben', 'get_live_status', { child: 'ben' })).s.asleep, true);
      const adaLive = await about('Ada', 'get_live_status');
      assert.deepEqual([adaLive.s.asleep, adaLive.s.ml_today, adaLive.s.feeds_today], [false, 90, 1]);

      // A warning is about the child's own log: Ben asleep does not make Ada "already asleep".
      assert.equal((await about('Ada', 'log_sleep', { state: 'asleep', ts: '2026-11-22T11:30:00' })).s.warning, null);
      const again = await about('Ben', 'log_sleep', { state: 'asleep', ts: '2026-11-22T11:45:00', child: 'Ben' });
      assert.equal(again.s.warning.type, 'already_asleep');
      assert.match(again.text, /Note: /);

      await about('Ben', 'log_growth', { kg: 6.1, ts: '2026-11-22T10:00:00', child: 'Ben' });
      await about('Ben', 'log_solid', { foods: ['banana', 'egg'], ts: '2026-11-22T10:05:00', child: 'ben' });
      const growth = await about('Ben', 'get_measurements', { child: 'ben' });
      assert.deepEqual(growth.s.measurements, (await rest(`/api/vega/measurements?child=${ben}`)).body.measurements);
      assert.deepEqual(growth.s.measurements.map((m: any) => [m.type, m.kg, m.child_id]), [['weight', 6.1, ben]]);
      assert.deepEqual((await about('Ada', 'get_measurements')).s.measurements, []);
      assert.deepEqual((await about('Ben', 'suggest_foods', { child: 'Ben' })).s.suggestions, ['banana', 'egg']);
      assert.deepEqual((await about('Ada', 'suggest_foods')).s.suggestions, []);
      const solids = await about('Ben', 'get_nutrients_allergens', { child: ben });
      assert.equal(solids.s.solids_started, true);
      assert.equal((await about('Ada', 'get_nutrients_allergens')).s.solids_started, false);
    });

    test('get_profile lists the children, as GET /api/vega/children does, for the child it is about', async () => {
      const children = (await rest('/api/vega/children')).body.children;
      // (Listed oldest first; the two were added in the same instant of the test clock.)
      assert.deepEqual(children.map((x: any) => [x.baby_name, x.primary]).sort(), [['Ada', true], ['Ben', false]]);
      const names = children.map((x: any) => `${x.baby_name} (id ${x.id}${x.primary ? ', primary' : ''})`).join(', ');
      const adaProfile = await about('Ada', 'get_profile');
      assert.equal(adaProfile.s.baby_name, 'Ada');
      assert.equal(adaProfile.s.child_id, ada);
      assert.deepEqual(adaProfile.s.children, children);
      assert.deepEqual(restPart(adaProfile.s), { ...(await rest('/api/vega/profile')).body, children });
      assert.equal(adaProfile.text.split('\n')[0], `Ada, 6 months; times in Europe/London. The family's children: ${names}.`);
      const benProfile = await about('Ben', 'get_profile', { child: 'BEN' });
      assert.deepEqual(restPart(benProfile.s), { ...(await rest(`/api/vega/profile?child=${ben}`)).body, children });
      assert.equal(benProfile.s.baby_name, 'Ben');
    });

    test('an unknown child is a tool error listing the family\'s children, and writes nothing', async () => {
      const children = (await rest('/api/vega/children')).body.children;
      const listing = `The family's children: ${children.map((x: any) => `${x.baby_name} (id ${x.id})`).join(', ')}.`;
      assert.ok(listing.includes(`Ada (id ${ada})`) && listing.includes(`Ben (id ${ben})`));
      const text = await refused('log_feed', { ml: 50, child: 'Cleo' }, /No child called or with id 'Cleo' in your family\./);
      assert.equal(text.split('\n')[0], `No child called or with id 'Cleo' in your family. ${listing} (child_not_found)`);
      const read = await refused('get_live_status', { child: 'b3n' }, /No child called or with id 'b3n'/);
      assert.ok(read.includes(listing), read);
      await refused('get_day', { child: '' }, /child/);
    });

    test('a name that is also another child\'s id is ambiguous: a tool error naming both', async () => {
      const odd = await addChild(ada);
      try {
        const text = await refused('log_nappy', { kind: 'dry', child: ada }, /one child's name and another child's id/);
        assert.equal(text.split('\n')[0], `'${ada}' is one child's name and another child's id: Ada (id ${ada}), ${ada} (id ${odd}). Name the child by the other. (child_not_found)`);
        // Each is still reachable: Ada by her name, the other by its id.
        await about('Ada', 'get_day', { child: 'ada' });
        await about(ada, 'get_day', { child: odd });
      } finally {
        assert.equal((await call(t.app, 'POST', '/api/vega/children/delete', { id: odd }, tok())).status, 200);
      }
    });

    test('an archived child is read but not logged for (child_archived), and the error names them', async () => {
      const cleo = await addChild('Cleo');
      try {
        assert.equal((await call(t.app, 'POST', '/api/vega/children/archive', { id: cleo, archived: true }, tok())).status, 200);
        const text = await refused('log_nappy', { kind: 'wet', child: 'cleo' }, /Cleo is archived/, stampOf('Cleo'));
        assert.match(text, /\(child_archived\)/);
        assert.deepEqual((await about('Cleo', 'get_day', { child: 'Cleo' })).s.events, []);
      } finally {
        assert.equal((await call(t.app, 'POST', '/api/vega/children/delete', { id: cleo }, tok())).status, 200);
      }
    });

    test("the family's tools and those that find an event by id refuse `child` as an unknown argument", async () => {
      const [id] = await todayIds(ben);
      const cases: [string, Record<string, unknown>][] = [
        ['edit_event', { id, changes: { ml: 1 } }],
        ['delete_event', { id }],
        ['react_to_event', { id, emoji: '👍' }],
        ['undo_last', {}],
        ['list_family', {}],
        ['save_recipe', { name: 'Mash', ingredients: ['carrot'] }],
        ['list_notes', {}],
        ['delete_note', { ts: '2026-11-22T10:00:00' }],
      ];
      const idsBefore = [await todayIds(ada), await todayIds(ben)];
      for (const [name, args] of cases) {
        await refused(name, { ...args, child: 'Ben' }, /Unrecognized key.*"child"/s);
      }
      assert.deepEqual([await todayIds(ada), await todayIds(ben)], idsBefore);
      const feed = (await rest(`/api/vega/today?child=${ben}`)).body.events.find((e: { id: string }) => e.id === id);
      assert.deepEqual([feed.ml, feed.reactions ?? null], [120, null]);
    });

    test('edit, react, delete and undo name the child whose event they touched', async () => {
      const feed = await about('Ben', 'log_feed', { ml: 100, ts: '2026-11-22T08:00:00', child: 'Ben' });
      const id = feed.s.event.id;
      const edited = await about('Ben', 'edit_event', { id, changes: { ml: 110 } });
      assert.equal(edited.s.event.ml, 110);
      await about('Ben', 'react_to_event', { id, emoji: '❤️' });
      const deleted = await about('Ben', 'delete_event', { id });
      assert.equal(deleted.s.removed.child_id, ben);
      await about('Ben', 'log_nappy', { kind: 'dirty', ts: '2026-11-22T08:30:00', child: 'ben' });
      const undone = await about('Ben', 'undo_last');
      assert.match(undone.text, /^Removed Ben's dirty nappy logged for /);
      // Moving an event to the other child: the answer is about where it now is.
      const moved = await about('Ada', 'edit_event', { id: (await todayIds(ben))[0], changes: { child_id: ada } });
      assert.equal(moved.s.event.child_id, ada);
      await about('Ben', 'edit_event', { id: moved.s.event.id, changes: { child_id: ben } });
    });

    test('an idempotency key replays for the same child however named, and is refused for another', async () => {
      const key = randomUUID();
      const first = await about('Ben', 'log_feed', { ml: 60, ts: '2026-11-22T07:00:00', child: 'Ben', idempotency_key: key });
      const count = await eventCount(t);
      const replay = await about('Ben', 'log_feed', { ml: 60, ts: '2026-11-22T07:00:00', child: ben, idempotency_key: key });
      assert.equal(replay.s.event.id, first.s.event.id);
      assert.equal(await eventCount(t), count);
      await refused('log_feed', { ml: 60, ts: '2026-11-22T07:00:00', idempotency_key: key }, /idempotency_key_reused/);
      await refused('log_feed', { ml: 60, ts: '2026-11-22T07:00:00', child: 'Ada', idempotency_key: key }, /idempotency_key_reused/, stampOf('Ada'));
      // Stored results (mcp:<tool>) are keyed by the child too.
      const askKey = randomUUID();
      await about('Ben', 'ask_question', { question: 'How much milk today?', child: 'ben', idempotency_key: askKey });
      await refused('ask_question', { question: 'How much milk today?', idempotency_key: askKey }, /idempotency_key_reused/);
    });

    test("ask_question answers from the named child's log", async () => {
      const benMl = (await rest(`/api/vega/live?child=${ben}`)).body.ml_today;
      const answer = await about('Ben', 'ask_question', { question: 'How much milk has he had today?', child: 'Ben' });
      assert.match(answer.s.answer, new RegExp(`\\b${benMl} ?ml`));
      const adaAnswer = await about('Ada', 'ask_question', { question: 'How much milk has Ada had today?' });
      assert.match(adaAnswer.s.answer, /\b90 ?ml/);
      // Naming no child, in a family of two: an answer for each, and the stamp names both.
      const both = await c.client.callTool({ name: 'ask_question', arguments: { question: 'How much milk has she had today?' } });
      const text = textOf(both as CallToolResult);
      assert.match(text, new RegExp(`^Ada had 90 ml of milk[^\n]*\nBen had ${benMl} ml of milk[^\n]*\nAda & Ben · read at `));
    });

    test('one batch with calls for both children answers each about its own child', async () => {
      const auth = { Authorization: `Bearer ${f.token}`, 'MCP-Protocol-Version': '2025-03-26' };
      const msg = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
      const r = await rawPost(t, [
        msg(1, 'log_nappy', { kind: 'wet', ts: '2026-11-22T11:50:00', child: 'Ben' }),
        msg(2, 'log_nappy', { kind: 'wet', ts: '2026-11-22T11:50:00' }),
        msg(3, 'log_nappy', { kind: 'dry', ts: '2026-11-22T11:51:00', child: ben }),
      ], auth);
      assert.equal(r.status, 200, r.text);
      const byId = Object.fromEntries(r.json.map((m: any) => [m.id, m.result]));
      assert.deepEqual([1, 2, 3].map((i) => byId[i].structuredContent.child), ['Ben', 'Ada', 'Ben']);
      assert.deepEqual([1, 2, 3].map((i) => byId[i].content[0].text.split('\n')[1]), [stampOf('Ben'), stampOf('Ada'), stampOf('Ben')]);
      assert.deepEqual([1, 2, 3].map((i) => byId[i].structuredContent.event.child_id), [ben, ada, ben]);
    });

    test('resources and prompts are about the primary child and name her', async () => {
      const { resources } = await c.client.listResources();
      for (const r of resources) assert.match(r.description ?? '', /primary child/, r.uri);
      const read = async (uri: string) => JSON.parse(((await c.client.readResource({ uri })).contents[0] as { text: string }).text);
      const today = await read('tracker://today');
      assert.equal(today.child, 'Ada');
      assert.deepEqual(today.events, (await rest(`/api/vega/today?child=${ada}`)).body.events);
      assert.equal(today.summary, `${today.events.length} events today for Ada.`);
      const live = await read('tracker://live');
      const restLive = (await rest(`/api/vega/live?child=${ada}`)).body;
      assert.deepEqual([live.asleep, restLive.asleep], [true, true]);
      assert.equal(live.summary, 'Ada is asleep.');
      const profile = await read('tracker://profile');
      assert.deepEqual(profile.children, (await rest('/api/vega/children')).body.children);
      const { prompts } = await c.client.listPrompts();
      for (const p of prompts) assert.match(p.description ?? '', /primary child/, p.name);
      const handover = await c.client.getPrompt({ name: 'handover_note', arguments: {} });
      const text = (handover.messages[0].content as { text: string }).text;
      assert.match(text, /handover note about Ada:/);
      assert.ok(text.includes(stampOf('Ada')));
    });
  });

  describe(`MCP in a one-child family [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let c: Connected;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set(NOW);
      f = await signUp(t.app, { dob: '2026-05-10', gender: 'girl' });
      c = await connect(t, await newToken(t, f.cookie));
    });
    after(async () => {
      await c?.close();
      await t?.close();
    });

    test('get_profile and the profile resource are unchanged: no children, no child id', async () => {
      const r = (await c.client.callTool({ name: 'get_profile', arguments: {} })) as CallToolResult;
      assert.ok(!r.isError, textOf(r));
      const s = r.structuredContent as Record<string, unknown>;
      const profile = (await call(t.app, 'GET', '/api/vega/profile', undefined, { token: f.token })).body;
      assert.deepEqual(s, { ...profile, child: 'Ada', read_at: '2026-11-22T12:00:00', summary: 'Ada, 6 months; times in Europe/London.' });
      assert.equal('children' in s || 'child_id' in s, false);
      const res = JSON.parse(((await c.client.readResource({ uri: 'tracker://profile' })).contents[0] as { text: string }).text);
      assert.equal('children' in res || 'child_id' in res, false);
    });

    test('naming the only child, by name or id, answers as without it', async () => {
      const id = (await call(t.app, 'GET', '/api/vega/children', undefined, { token: f.token })).body.children[0].id;
      const plain = (await c.client.callTool({ name: 'get_live_status', arguments: {} })) as CallToolResult;
      for (const child of ['ada', id]) {
        const named = (await c.client.callTool({ name: 'get_live_status', arguments: { child } })) as CallToolResult;
        assert.deepEqual(named.structuredContent, plain.structuredContent);
        assert.ok(textOf(named).includes(STAMP));
      }
    });
  });
}
