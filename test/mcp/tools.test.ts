// Every tool, resource and prompt through the SDK's own Client over real HTTP, on both
// databases: valid input does what the REST API does and says so in plain language; invalid
// input is a tool error with a clear message that writes nothing; every reply is JSON.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testDatabases } from '../helpers/databases.ts';
import { signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { connect, eventCount, newToken, NOW, STAMP, textOf, type Connected } from './harness.ts';

for (const d of testDatabases()) {
  describe(`MCP tools, resources and prompts [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let c: Connected;
    const called = new Set<string>();
    const calledBad = new Set<string>();

    async function ok(name: string, args: Record<string, unknown> = {}) {
      called.add(name);
      const r = (await c.client.callTool({ name, arguments: args })) as CallToolResult;
      assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
      assert.ok(textOf(r).includes(STAMP), `${name} names the child and read time: ${textOf(r)}`);
      const s = r.structuredContent as Record<string, any>;
      assert.equal(s.child, 'Ada');
      assert.equal(s.read_at, '2026-11-22T12:00:00');
      return { text: (r.content[0] as { text: string }).text, s };
    }

    async function bad(name: string, args: Record<string, unknown>, expect: RegExp) {
      calledBad.add(name);
      const before = await eventCount(t);
      const r = (await c.client.callTool({ name, arguments: args })) as CallToolResult;
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail`);
      assert.match(textOf(r), expect, `${name}: ${textOf(r)}`);
      assert.ok(textOf(r).includes(STAMP), `${name} error names the child: ${textOf(r)}`);
      assert.equal(r.structuredContent, undefined);
      assert.equal(await eventCount(t), before, `${name} wrote nothing`);
    }

    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      t.clock.set(NOW);
      f = await signUp(t.app, { dob: '2026-05-10', gender: 'girl' });
      c = await connect(t, await newToken(t, f.cookie));
    });
    after(async () => {
      await c?.close();
      await t?.close();
    });

    test('initialize names the server, its version and instructions', () => {
      assert.equal(c.client.getServerVersion()?.name, 'baby-tracker');
      assert.equal(c.client.getServerVersion()?.version, '1.6.0');
      assert.match(c.client.getInstructions() ?? '', /not a medical device/);
      assert.ok(c.client.getServerCapabilities()?.tools);
    });

    test('lists exactly 32 tools, 3 resources and 3 prompts, with annotations and schemas', async () => {
      const { tools } = await c.client.listTools();
      assert.equal(tools.length, 32);
      assert.equal((await c.client.listResources()).resources.length, 3);
      assert.equal((await c.client.listPrompts()).prompts.length, 3);
      for (const tool of tools) {
        assert.match(tool.name, /^[a-z]+(_[a-z]+)+$/);
        assert.ok((tool.description ?? '').length > 60, `${tool.name} has a useful description`);
        assert.ok(tool.title && tool.annotations?.title);
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const) {
          assert.equal(typeof tool.annotations?.[hint], 'boolean', `${tool.name}.${hint}`);
        }
        assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`);
        for (const [key, prop] of Object.entries(tool.inputSchema.properties ?? {})) {
          const described = JSON.stringify(prop).includes('"description"') || JSON.stringify(prop).includes('"$ref"');
          assert.ok(described, `${tool.name}.${key} is described`);
        }
        const writes = !tool.annotations?.readOnlyHint;
        assert.equal('idempotency_key' in (tool.inputSchema.properties ?? {}), writes, `${tool.name}: idempotency_key on writes only`);
      }
      const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
      assert.equal(byName.delete_event.annotations?.destructiveHint, true);
      assert.equal(byName.get_day.annotations?.readOnlyHint, true);
      assert.equal(byName.log_feed.annotations?.idempotentHint, false);
      const ml = (byName.log_feed.inputSchema.properties as any).ml;
      assert.equal(ml.minimum, 0);
      assert.equal(ml.maximum, 500);
    });

    test('every logging tool logs its event type with a plain-language confirmation', async () => {
      const feed = await ok('log_feed', { ml: 120, ts: '2026-11-22T03:10:00' });
      assert.match(feed.text, /^Logged 120 ml bottle for Ada at 03:10 \(id [0-9a-f]{8}\)\./);
      assert.equal(feed.s.event.type, 'milk');
      assert.equal(feed.s.summary, feed.text.split('\n')[0]);
      const breast = await ok('log_feed', { ml: 0, side: 'left', duration_min: 15, ts: '2026-11-22T04:00:00' });
      assert.match(breast.text, /Logged breastfeed \(left side, 15 min\)/);
      assert.deepEqual([breast.s.event.side, breast.s.event.duration_min], ['left', 15]);
      assert.equal(breast.s.live.last_breast_side, 'left');
      assert.equal((await ok('log_sleep', { state: 'asleep', ts: '2026-11-22T05:00:00' })).s.event.type, 'sleep');
      assert.equal((await ok('log_sleep', { state: 'awake', ts: '2026-11-22T06:30:00' })).s.event.type, 'wake');
      assert.equal((await ok('log_nappy', { kind: 'both', ts: '2026-11-22T06:40:00' })).s.event.kind, 'both');
      const poo = await ok('log_nappy', { kind: 'poo', ts: '2026-11-22T06:41:00' });
      assert.equal(poo.s.event.type, 'poop');
      assert.equal(poo.s.event.kind, null);
      const solid = await ok('log_solid', { foods: ['banana', 'Porridge'], meal_type: 'meal', ts: '2026-11-22T07:30:00' });
      assert.deepEqual(solid.s.event.foods, ['banana', 'Porridge']);
      assert.match(solid.text, /Logged meal: banana, Porridge for Ada at 07:30/);
      assert.equal((await ok('log_supplement', { kind: 'vitd', ug: 10, ts: '2026-11-22T08:05:00' })).s.event.ug, 10);
      assert.equal((await ok('log_growth', { kg: 7.25, ts: '2026-11-22T09:00:00' })).s.event.kg, 7.25);
      assert.equal((await ok('log_growth', { cm: 66.5, ts: '2026-11-22T09:01:00' })).s.event.type, 'length');
      const note = await ok('log_note', { note: 'First tooth!' });
      assert.equal(note.s.event.ts, '2026-11-22T12:00:00', 'ts defaults to now');
      const other = await ok('log_feed', { ml: 90, ts: '2026-11-21T22:00:00' });
      assert.match(other.text, /for Ada on 21 Nov 22:00/);
      assert.equal(await eventCount(t), 12);
    });

    test('every logging tool refuses bad input as a tool error and writes nothing', async () => {
      await bad('log_feed', { ml: 501 }, /ml/);
      await bad('log_feed', { ml: 0, side: 'middle' }, /side/);
      await bad('log_feed', { ml: 0, duration_min: 181 }, /duration_min/);
      await bad('log_feed', { ml: 12.5 }, /ml/);
      await bad('log_feed', { ml: 100, ts: '2026-11-22T13:00:00' }, /future/);
      await bad('log_feed', { ml: 100, colour: 'blue' }, /colour/);
      await bad('log_sleep', { state: 'dozing' }, /state/);
      await bad('log_nappy', { kind: 'green' }, /kind/);
      await bad('log_solid', { foods: [] }, /foods/);
      await bad('log_supplement', { kind: 'calpol' }, /kind/);
      await bad('log_growth', { kg: 0.4 }, /kg/);
      await bad('log_growth', { kg: 7, cm: 60 }, /exactly one of kg/);
      await bad('log_growth', {}, /exactly one of kg/);
      await bad('log_note', { note: 'x'.repeat(301) }, /note/);
      await bad('log_note', { note: 'hi', ts: '22/11/2026 10:00' }, /ts/);
    });

    test('correcting tools: edit, react, delete and undo, each confirmed in plain language', async () => {
      const { s } = await ok('log_feed', { ml: 100, ts: '2026-11-22T10:00:00' });
      const id = s.event.id;
      const edited = await ok('edit_event', { id, changes: { ml: 150, note: 'topped up' } });
      assert.equal(edited.s.event.ml, 150);
      assert.match(edited.text, /^Updated the 150 ml bottle at 10:00/);
      const reacted = await ok('react_to_event', { id, emoji: '❤️' });
      assert.deepEqual(reacted.s.event.reactions.map((r: any) => r.emoji), ['❤️']);
      const deleted = await ok('delete_event', { id });
      assert.equal(deleted.s.removed.id, id);
      assert.match(deleted.text, /^Deleted the 150 ml bottle at 10:00/);
      await ok('log_nappy', { kind: 'wet', ts: '2026-11-22T10:30:00' });
      const undone = await ok('undo_last');
      assert.equal(undone.s.removed.kind, 'wet');
      assert.match(undone.text, /^Removed the wet nappy/);
    });

    test('correcting tools refuse unknown ids and bad input as tool errors', async () => {
      await bad('edit_event', { id: 'ffffffff', changes: { ml: 100 } }, /No event with id 'ffffffff'/);
      await bad('edit_event', { id: 'ffffffff', changes: { type: 'sleep' } }, /type/);
      await bad('delete_event', { id: 'ffffffff' }, /No event with id/);
      await bad('delete_event', {}, /id/);
      await bad('react_to_event', { id: 'ffffffff', emoji: 'hello' }, /emoji/);
      await bad('undo_last', { everything: true }, /everything/);
    });

    test('reading tools present the same data as the REST API', async () => {
      const live = await ok('get_live_status');
      assert.equal(typeof live.s.asleep, 'boolean');
      assert.equal(live.s.now, '2026-11-22T12:00:00');
      const today = await ok('get_day');
      assert.ok(today.s.events.length >= 10);
      assert.match(today.text, /events on 2026-11-22/);
      const rest = await t.app.inject({ method: 'GET', url: '/api/vega/today', headers: { authorization: `Bearer ${f.token}` } });
      assert.deepEqual(today.s.events, JSON.parse(rest.body).events);
      assert.equal((await ok('get_day', { date: '2026-11-21' })).s.events.length, 1);
      const patterns = await ok('get_patterns');
      assert.ok(Array.isArray(patterns.s.daily_totals));
      assert.equal(typeof patterns.s.patterns, 'object');
      const solids = await ok('get_nutrients_allergens');
      assert.equal(solids.s.solids_started, true);
      assert.equal(typeof solids.s.allergen_grid, 'object');
      const growth = await ok('get_measurements');
      assert.deepEqual(growth.s.measurements.map((m: any) => m.type), ['weight', 'length']);
      assert.equal(growth.s.measurements[0].percentile.standard, 'WHO');
      const profile = await ok('get_profile');
      assert.equal(profile.s.baby_name, 'Ada');
      assert.equal(profile.s.timezone, 'Europe/London');
      const family = await ok('list_family');
      assert.equal(family.s.members.length, 1);
      assert.equal(family.s.members[0].role, 'admin');
      assert.equal('invites' in family.s, false);
      const foods = await ok('suggest_foods', { limit: 5 });
      assert.deepEqual(foods.s.suggestions, ['banana', 'Porridge']);
    });

    test('reading tools refuse bad input as tool errors', async () => {
      await bad('get_live_status', { now: 'x' }, /now/);
      await bad('get_day', { date: '2026-02-30' }, /date/);
      await bad('get_patterns', { days: 7 }, /days/);
      await bad('get_nutrients_allergens', { nutrient: 'iron' }, /nutrient/);
      await bad('get_measurements', { type: 'weight' }, /type/);
      await bad('get_profile', { family: 'x' }, /family/);
      await bad('list_family', { invites: true }, /invites/);
      await bad('suggest_foods', { limit: 0 }, /limit/);
      await bad('suggest_foods', { limit: 101 }, /limit/);
    });

    test('recipes, questions and remembered notes', async () => {
      const recipe = await ok('save_recipe', { name: 'Veggie mash', ingredients: ['carrot', 'potato'] });
      assert.match(recipe.text, /^Saved the recipe "Veggie mash" \(carrot, potato\)/);
      const answer = await ok('ask_question', { question: 'How much milk has she had today?' });
      assert.equal(typeof answer.s.answer, 'string');
      assert.equal(answer.s.summary, answer.s.answer);
      const remembered = await ok('ask_question', { question: 'remember: #teething started on the left' });
      assert.equal(remembered.s.saved_notes[0].tags[0], 'teething');
      const notes = await ok('list_notes');
      assert.equal(notes.s.notes.length, 1);
      const forgot = await ok('delete_note', { ts: notes.s.notes[0].ts });
      assert.equal(forgot.s.ok, true);
      assert.equal((await ok('list_notes')).s.notes.length, 0);
    });

    test('recipes, questions and notes refuse bad input as tool errors', async () => {
      await bad('save_recipe', { name: '', ingredients: [] }, /name|ingredients/);
      await bad('ask_question', { question: '' }, /question/);
      await bad('list_notes', { all: true }, /all/);
      await bad('delete_note', { ts: '2020-01-01T00:00:00' }, /No note/);
      await bad('no_such_tool', {}, /no_such_tool/);
    });

    // Issue 26's tools in depth (warnings, °F, reading back against REST): more-types.test.ts.
    test('the tools for the rest of the day log and read back', async () => {
      const temp = await ok('log_temperature', { celsius: 37.8, method: 'armpit', ts: '2026-11-22T10:40:00' });
      assert.match(temp.text, /^Logged temperature 37\.8 °C \(100\.0 °F\), armpit for Ada at 10:40/);
      const dose = await ok('log_medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T10:45:00' });
      assert.match(dose.text, /^Logged Calpol 2\.5 ml for Ada at 10:45/);
      assert.equal((await ok('log_pumping', { ml: 120, side: 'both', ts: '2026-11-22T10:50:00' })).s.event.type, 'pumping');
      assert.equal((await ok('log_activity', { kind: 'tummy_time', duration_min: 10, ts: '2026-11-22T11:00:00' })).s.event.kind, 'tummy_time');
      assert.equal((await ok('log_milestone', { title: 'rolled over', ts: '2026-11-22T11:05:00' })).s.event.title, 'rolled over');
      assert.equal((await ok('log_growth', { head_cm: 42.1, ts: '2026-11-22T11:10:00' })).s.event.type, 'head_circumference');
      assert.deepEqual((await ok('get_events', { type: 'temperature' })).s.events.map((e: any) => e.celsius), [37.8]);
      assert.deepEqual((await ok('get_milestones')).s.milestones.map((m: any) => m.title), ['rolled over']);
      assert.equal((await ok('get_medicines')).s.given_24h[0].name, 'Calpol');
    });

    test('the tools for the rest of the day refuse bad input as tool errors', async () => {
      await bad('log_temperature', { celsius: 38, fahrenheit: 100.4 }, /celsius or fahrenheit, not both/);
      await bad('log_medicine', { medicine: 'Calpol', amount: 5, unit: 'spoon' }, /unit/);
      await bad('log_pumping', { ml: 1001 }, /ml/);
      await bad('log_activity', { kind: 'swimming' }, /kind/);
      await bad('log_milestone', { title: '' }, /title/);
      await bad('get_events', { type: 'bath' }, /type/);
      await bad('get_milestones', { all: true }, /all/);
      await bad('get_medicines', { days: 0 }, /days/);
    });

    // Issue 28: the caller's own reminder settings, read only.
    test('get_reminders reads the caller\'s own reminders and refuses arguments', async () => {
      const r = await ok('get_reminders');
      assert.equal(r.s.reminders.feed_due.enabled, false);
      assert.equal(r.s.quiet_hours, null);
      assert.equal(r.s.push_devices, 0);
      assert.match(r.text, /No reminders are on; 0 push devices\./);
      await bad('get_reminders', { quiet_hours: null }, /quiet_hours/);
    });

    test('every tool was called with valid and with invalid input', async () => {
      const names = (await c.client.listTools()).tools.map((x) => x.name);
      assert.deepEqual(names.filter((n) => !called.has(n)), []);
      assert.deepEqual(names.filter((n) => !calledBad.has(n)), []);
    });

    test('every resource reads as JSON naming the child and the read time', async () => {
      const { resources } = await c.client.listResources();
      assert.deepEqual(resources.map((r) => r.uri).sort(), ['tracker://live', 'tracker://profile', 'tracker://today']);
      for (const r of resources) {
        const read = await c.client.readResource({ uri: r.uri });
        const content = read.contents[0] as { mimeType: string; text: string; uri: string };
        assert.equal(content.uri, r.uri);
        assert.equal(content.mimeType, 'application/json');
        const body = JSON.parse(content.text);
        assert.equal(body.child, 'Ada');
        assert.equal(body.read_at, '2026-11-22T12:00:00');
      }
      const today = JSON.parse(((await c.client.readResource({ uri: 'tracker://today' })).contents[0] as any).text);
      assert.equal(today.date, '2026-11-22');
      assert.ok(today.events.length > 0);
      await assert.rejects(c.client.readResource({ uri: 'tracker://nothing' }), /not found/i);
    });

    test('every prompt takes its arguments and carries the data it needs', async () => {
      const { prompts } = await c.client.listPrompts();
      assert.deepEqual(prompts.map((p) => p.name), ['daily_summary', 'handover_note', 'health_visitor_summary']);
      for (const p of prompts) assert.ok((p.arguments ?? []).length > 0, `${p.name} has arguments`);
      const daily = await c.client.getPrompt({ name: 'daily_summary', arguments: { date: '2026-11-22' } });
      const text = (daily.messages[0].content as { text: string }).text;
      assert.match(text, /Ada's day on 2026-11-22/);
      assert.ok(text.includes(STAMP));
      assert.match(text, /Do not diagnose/);
      const handover = await c.client.getPrompt({ name: 'handover_note', arguments: { next_caregiver: 'Grandma', extra: 'Teething gel is in the bag' } });
      assert.match((handover.messages[0].content as { text: string }).text, /for Grandma.*Teething gel/s);
      const visit = await c.client.getPrompt({ name: 'health_visitor_summary', arguments: { questions: 'Is she drinking enough?' } });
      const visitText = (visit.messages[0].content as { text: string }).text;
      assert.match(visitText, /health visitor/);
      assert.match(visitText, /"measurements":\[/);
      assert.match(visitText, /"milestones":\[\{[^\]]*"title":"rolled over"/);
      assert.match((handover.messages[0].content as { text: string }).text, /any medicine given .*never suggest a dose/);
      await assert.rejects(c.client.getPrompt({ name: 'daily_summary', arguments: { date: 'yesterday' } }), /date/);
    });

    test('every reply the client received was application/json (202 for notifications)', () => {
      assert.ok(c.seen.length > 60);
      for (const s of c.seen) {
        if (s.method === 'POST' && s.status === 202) {
          assert.equal(s.body, '');
          continue;
        }
        assert.match(s.contentType ?? '', /^application\/json/, `${s.method} ${s.status}: ${s.contentType}`);
        assert.doesNotThrow(() => JSON.parse(s.body));
      }
    });
  });
}
