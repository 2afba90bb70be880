// The connector's tools for the rest of a baby's day (issue 26) through the SDK's own Client over
// real HTTP, on both databases: a temperature from a UK family in °C and a US family in °F, a
// medicine given by two caregivers inside the family's own minimum interval (warned, never
// blocked), pumping, tummy time, milestones and head circumference, each logged and read back
// and checked against the REST API; bad input is a tool error naming the field, writing nothing.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testDatabases } from '../helpers/databases.ts';
import { call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { connect, eventCount, newToken, NOW, textOf, type Connected } from './harness.ts';
import { percentileOf } from '../../src/domain/growth.ts';
import { ageAt, ageDisplay } from '../../src/domain/time.ts';

const stamp = (name: string, at = '2026-11-22 12:00') => `${name} · read at ${at}`;

for (const d of testDatabases()) {
  describe(`MCP: temperature, medicine, pumping, activity, milestone, head circumference [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let uk: Family;
    let us: Family;
    let ada: Connected;
    let grandma: Connected;
    let leo: Connected;
    let grandmaName: string;

    async function run(c: Connected, name: string, args: Record<string, unknown> = {}) {
      return (await c.client.callTool({ name, arguments: args })) as CallToolResult;
    }

    async function ok(c: Connected, who: string, name: string, args: Record<string, unknown> = {}, at?: string) {
      const r = await run(c, name, args);
      assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
      const text = (r.content[0] as { text: string }).text;
      assert.equal(text.split('\n')[1], stamp(who, at), text);
      return { text: text.split('\n')[0]!, s: r.structuredContent as Record<string, any> };
    }

    /** A tool error naming what was wrong, that wrote nothing. */
    async function bad(name: string, args: Record<string, unknown>, expect: RegExp) {
      const before = await eventCount(t);
      const r = await run(ada, name, args);
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail: ${textOf(r)}`);
      assert.match(textOf(r), expect, `${name} ${JSON.stringify(args)}: ${textOf(r)}`);
      assert.equal(await eventCount(t), before, `${name} wrote nothing`);
    }

    const rest = (f: Family, path: string) => call(t.app, 'GET', path, undefined, { token: f.token });
    const restEvent = async (f: Family, id: string, date = '2026-11-22') =>
      (await rest(f, `/api/vega/events?date=${date}`)).body.events.find((e: { id: string }) => e.id === id);

    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      t.clock.set(NOW);
      uk = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-10', gender: 'girl' });
      us = await signUp(t.app, { baby_name: 'Leo', dob: '2026-06-01', gender: 'boy', timezone: 'America/New_York', region: 'us', units: 'imperial' });
      const gran = await joinFamily(t.app, uk, 'grandma');
      grandmaName = gran.username;
      // The family's own setting, as written on the packet (set by the admin in the app).
      const saved = await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4, max_per_24h: 4 }, { token: uk.token });
      assert.equal(saved.status, 200, saved.text);
      ada = await connect(t, await newToken(t, uk.cookie));
      grandma = await connect(t, gran.token);
      leo = await connect(t, await newToken(t, us.cookie));
    });
    after(async () => {
      for (const c of [ada, grandma, leo]) await c?.close();
      await t?.close();
    });

    test('a UK family logs a temperature in °C and a US family in °F; each reads both back, as REST shows them', async () => {
      const c = await ok(ada, 'Ada', 'log_temperature', { celsius: 37.9, method: 'armpit', ts: '2026-11-22T07:15:00' });
      assert.match(c.text, /^Logged temperature 37\.9 °C \(100\.2 °F\), armpit for Ada at 07:15 \(id [0-9a-f]{8}\)\.$/);
      assert.deepEqual([c.s.event.type, c.s.event.celsius, c.s.event.fahrenheit, c.s.event.method], ['temperature', 37.9, 100.2, 'armpit']);
      assert.deepEqual(c.s.event, await restEvent(uk, c.s.event.id));
      // 12:00 UTC is 07:00 in New York.
      const f = await ok(leo, 'Leo', 'log_temperature', { fahrenheit: 100.4, method: 'rectal', ts: '2026-11-22T06:30:00' }, '2026-11-22 07:00');
      assert.deepEqual([f.s.event.celsius, f.s.event.fahrenheit, f.s.event.method], [38, 100.4, 'rectal']);
      assert.match(f.text, /^Logged temperature 38\.0 °C \(100\.4 °F\), rectal for Leo at 06:30/);
      assert.deepEqual(f.s.event, await restEvent(us, f.s.event.id));
      const read = await ok(leo, 'Leo', 'get_events', { type: 'temperature', days: 1 }, '2026-11-22 07:00');
      assert.deepEqual(read.s.events, [f.s.event]);
      assert.deepEqual([read.s.from, read.s.to, read.s.truncated], ['2026-11-22', '2026-11-22', false]);
      assert.match(read.text, /^1 temperature event from 2026-11-22 to 2026-11-22\. The latest: temperature 38\.0 °C \(100\.4 °F\), rectal at 06:30\.$/);
      // Never the other family's reading.
      const mine = await ok(ada, 'Ada', 'get_events', { type: 'temperature' });
      assert.deepEqual(mine.s.events.map((e: any) => e.id), [c.s.event.id]);
      assert.equal(mine.s.from, '2026-11-16', 'seven family-local days by default, today included');
    });

    test('a 6-week-old at 38.2 °C: the confirmation and the live summary carry the urgent alert; a 6-month-old at 38.2 °C gets none', async () => {
      const baby = await signUp(t.app, { baby_name: 'Bo', dob: '2026-10-11', gender: 'boy' });
      const bo = await connect(t, await newToken(t, baby.cookie));
      try {
        const r = await ok(bo, 'Bo', 'log_temperature', { celsius: 38.2, method: 'rectal', ts: '2026-11-22T11:30:00' });
        assert.equal(r.s.live.alert_level, 'urgent');
        assert.ok(r.s.live.alert_msg, 'live says what to do');
        assert.equal(r.text, `Logged temperature 38.2 °C (100.8 °F), rectal for Bo at 11:30 (id ${r.s.event.id}). Urgent: ${r.s.live.alert_msg}`);
        const live = await ok(bo, 'Bo', 'get_live_status');
        assert.ok(live.text.startsWith(`Urgent: ${r.s.live.alert_msg} `), live.text);
        assert.deepEqual(live.s.temperature.celsius, 38.2);
      } finally {
        await bo.close();
      }
      const older = await ok(ada, 'Ada', 'log_temperature', { celsius: 38.2, ts: '2026-11-22T11:31:00' });
      assert.notEqual(older.s.live.alert_level, 'urgent');
      assert.doesNotMatch(older.text, /Urgent/);
      await ok(ada, 'Ada', 'delete_event', { id: older.s.event.id });
    });

    test('two caregivers give Calpol 2 hours apart against a 4-hour family setting: warned with the last dose, nothing blocked', async () => {
      const tool = (await ada.client.listTools()).tools.find((x) => x.name === 'log_medicine')!;
      assert.match(tool.description!, /records what was given, nothing more, and never advises a dose/);
      const first = await ok(ada, 'Ada', 'log_medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T08:00:00' });
      assert.equal(first.s.warning, null);
      assert.match(first.text, /^Logged Calpol 2\.5 ml for Ada at 08:00 \(id [0-9a-f]{8}\)\.$/);
      const second = await ok(grandma, 'Ada', 'log_medicine', { medicine: 'calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T10:00:00' });
      assert.equal(second.s.warning.type, 'medicine_too_soon');
      const said = `Calpol was last given at 08:00 by ${uk.username} (2.5 ml), 2 h before this dose; your setting for Calpol is at least 4 hours between doses.`;
      assert.ok(second.s.warning.message.startsWith(said), second.s.warning.message);
      assert.ok(second.text.includes(`Note: ${said}`), second.text);
      assert.equal(second.s.event.author, grandmaName);
      assert.deepEqual(second.s.event, await restEvent(uk, second.s.event.id));

      const meds = await ok(ada, 'Ada', 'get_medicines');
      assert.deepEqual(meds.s.doses.map((e: any) => e.id), [second.s.event.id, first.s.event.id], 'both doses logged, newest first');
      const [calpol] = meds.s.given_24h;
      assert.deepEqual(
        [calpol.name, calpol.last_given_ts, calpol.last_given_by, calpol.last_amount, calpol.doses_24h, calpol.min_hours, calpol.max_per_24h, calpol.not_before],
        ['Calpol', '2026-11-22T10:00:00', grandmaName, '2.5 ml', 2, 4, 4, '14:00'],
      );
      assert.equal(meds.text, `Calpol: last given at 10:00 by ${grandmaName} (2.5 ml); 2 doses in 24 h of your 4; not before 14:00 by your setting.`);
      assert.deepEqual(meds.s.settings, (await rest(uk, '/api/vega/medicines')).body.medicines);
    });

    test('a medicine the family set nothing for is recorded with no warning and no "not before"', async () => {
      const a = await ok(ada, 'Ada', 'log_medicine', { medicine: 'Amoxicillin', amount: 5, unit: 'ml', ts: '2026-11-22T09:00:00' });
      const b = await ok(ada, 'Ada', 'log_medicine', { medicine: 'Amoxicillin', ts: '2026-11-22T11:00:00' });
      assert.equal(b.s.warning, null);
      assert.deepEqual([b.s.event.amount, b.s.event.unit], [null, null]);
      const amox = (await ok(ada, 'Ada', 'get_medicines', { days: 1 })).s.given_24h.find((m: any) => m.name === 'Amoxicillin');
      assert.deepEqual([amox.doses_24h, amox.min_hours, amox.not_before, amox.last_amount], [2, null, null, null]);
      assert.doesNotMatch(amox.message, /not before/);
      assert.ok(a.s.event.id !== b.s.event.id);
    });

    test('a retried log_medicine with the same key records one dose and answers the same warning', async () => {
      const key = randomUUID();
      const args = { medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T11:30:00', idempotency_key: key };
      const before = await eventCount(t);
      const one = await ok(ada, 'Ada', 'log_medicine', args);
      const two = await ok(ada, 'Ada', 'log_medicine', args);
      assert.equal(await eventCount(t), before + 1);
      assert.equal(two.s.event.id, one.s.event.id);
      assert.equal(one.s.warning.type, 'medicine_too_soon');
      assert.equal(two.text, one.text);
      await ok(ada, 'Ada', 'delete_event', { id: one.s.event.id });
    });

    test('pumping and tummy time are logged and read back by type', async () => {
      const pump = await ok(ada, 'Ada', 'log_pumping', { ml: 140, side: 'both', duration_min: 20, ts: '2026-11-21T21:00:00' });
      assert.match(pump.text, /^Logged pumped 140 ml \(both sides, 20 min\) for Ada on 21 Nov 21:00/);
      assert.deepEqual(pump.s.event, await restEvent(uk, pump.s.event.id, '2026-11-21'));
      const pumps = await ok(ada, 'Ada', 'get_events', { type: 'pumping', days: 2 });
      assert.deepEqual(pumps.s.events, [pump.s.event]);
      assert.equal(pumps.s.from, '2026-11-21');
      assert.equal((await ok(ada, 'Ada', 'get_events', { type: 'pumping', days: 1 })).s.events.length, 0, 'yesterday is outside today');

      const tummy = await ok(ada, 'Ada', 'log_activity', { kind: 'tummy_time', duration_min: 10, ts: '2026-11-22T09:30:00' });
      assert.match(tummy.text, /^Logged tummy time \(10 min\) for Ada at 09:30/);
      const bath = await ok(ada, 'Ada', 'log_activity', { kind: 'bath', ts: '2026-11-22T11:40:00' });
      assert.equal(bath.s.event.duration_min, null);
      const acts = await ok(ada, 'Ada', 'get_events', { type: 'activity' });
      assert.deepEqual(acts.s.events.map((e: any) => [e.kind, e.duration_min]), [['bath', null], ['tummy_time', 10]]);
    });

    test('milestones are listed oldest first with the age on their day', async () => {
      const late = await ok(ada, 'Ada', 'log_milestone', { title: 'rolled over', ts: '2026-11-20T16:00:00' });
      assert.match(late.text, /^Logged milestone "rolled over" for Ada on 20 Nov 16:00/);
      await ok(ada, 'Ada', 'log_milestone', { title: '  first   smile ', ts: '2026-07-01T08:00:00' });
      const list = await ok(ada, 'Ada', 'get_milestones');
      assert.deepEqual(
        list.s.milestones.map((m: any) => [m.title, m.ts, m.age]),
        [['first smile', '2026-07-01T08:00:00', ageDisplay('2026-05-10', '2026-07-01')], ['rolled over', '2026-11-20T16:00:00', ageDisplay('2026-05-10', '2026-11-20')]],
      );
      assert.equal(list.text, `2 milestones: first smile (2026-07-01, ${ageDisplay('2026-05-10', '2026-07-01')}); rolled over (2026-11-20, ${ageDisplay('2026-05-10', '2026-11-20')}).`);
      assert.equal((await ok(leo, 'Leo', 'get_milestones', {}, '2026-11-22 07:00')).text, 'No milestones logged yet.');
    });

    test('log_growth takes a head circumference; get_measurements lists it with its WHO centile, as REST does', async () => {
      const head = await ok(ada, 'Ada', 'log_growth', { head_cm: 42.5, ts: '2026-11-22T09:10:00' });
      assert.match(head.text, /^Logged head circumference 42\.5 cm for Ada at 09:10/);
      assert.deepEqual([head.s.event.type, head.s.event.cm, head.s.event.kg], ['head_circumference', 42.5, null]);
      await ok(ada, 'Ada', 'log_growth', { cm: 66, ts: '2026-11-22T09:11:00' });
      const m = await ok(ada, 'Ada', 'get_measurements');
      assert.deepEqual(m.s.measurements.map((x: any) => [x.type, x.cm]), [['head_circumference', 42.5], ['length', 66]]);
      const p = m.s.measurements[0].percentile;
      const expected = percentileOf('head', 'girl', ageAt('2026-05-10', '2026-11-22').days, 42.5)!;
      assert.equal(p.indicator, 'head-circumference-for-age');
      assert.equal(p.percentile, expected.percentile);
      assert.equal(p.z, expected.z);
      assert.deepEqual(m.s.measurements, (await rest(uk, '/api/vega/measurements')).body.measurements);
      assert.equal((await ok(ada, 'Ada', 'get_events', { type: 'head_circumference' })).s.events[0].id, head.s.event.id);
    });

    test('bad input is a tool error naming the field, and writes nothing', async () => {
      await bad('log_temperature', { celsius: 38.2, fahrenheit: 100.8 }, /Send the temperature once: celsius or fahrenheit, not both\. \(invalid_event\)/);
      await bad('log_temperature', { method: 'ear' }, /needs celsius \(or fahrenheit\)/);
      await bad('log_temperature', { celsius: 43.5 }, /celsius/);
      await bad('log_temperature', { celsius: 38.25 }, /celsius takes at most 1 decimal/);
      await bad('log_temperature', { fahrenheit: 110 }, /fahrenheit/);
      await bad('log_temperature', { celsius: 38, method: 'mouth' }, /method/);
      await bad('log_temperature', { celsius: '38' }, /celsius/);
      await bad('log_medicine', { medicine: 'Calpol', amount: 2.5, unit: 'teaspoon' }, /unit/);
      await bad('log_medicine', { medicine: 'Calpol', amount: 2.5 }, /amount needs its unit/);
      await bad('log_medicine', { medicine: 'Calpol', unit: 'ml' }, /unit needs the amount/);
      await bad('log_medicine', { medicine: 'Calpol', amount: 0, unit: 'ml' }, /amount/);
      await bad('log_medicine', { medicine: '   ', amount: 1, unit: 'dose' }, /medicine/);
      await bad('log_medicine', { medicine: 'x'.repeat(81) }, /medicine/);
      await bad('log_medicine', { amount: 1, unit: 'dose' }, /medicine/);
      await bad('log_pumping', { ml: 1001 }, /ml/);
      await bad('log_pumping', { ml: 100, duration_min: 181 }, /duration_min/);
      await bad('log_pumping', { ml: 100, side: 'middle' }, /side/);
      await bad('log_activity', { kind: 'swimming' }, /kind/);
      await bad('log_activity', { kind: 'bath', duration_min: 721 }, /duration_min/);
      await bad('log_milestone', { title: 'x'.repeat(81) }, /title/);
      await bad('log_milestone', {}, /title/);
      await bad('log_growth', { head_cm: 61 }, /head_cm/);
      await bad('log_growth', { head_cm: 24.9 }, /head_cm/);
      await bad('log_growth', { head_cm: 42, kg: 7 }, /exactly one of kg \(a weight\), cm \(a length\) or head_cm/);
      await bad('log_growth', { cm: 30 }, /cm/);
      await bad('log_temperature', { celsius: 37, ts: '2026-11-22T13:00:00' }, /future/);
      await bad('log_temperature', { celsius: 37, child: 'Cleo' }, /child_not_found/);
      await bad('get_events', { type: 'pumping', days: 91 }, /days/);
      await bad('get_events', {}, /type/);
      await bad('get_medicines', { days: 61 }, /days/);
    });
  });
}
