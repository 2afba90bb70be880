// The six event types of 1.3.0 over HTTP on both databases (issue 26): each round-trips through
// log, today, events, export, CSV, edit, react and undo with its own fields (and null in every
// field it does not take); every bad input is a 400 naming the field that writes nothing; °C and
// °F; head circumference with its WHO centile; the family's own medicine settings and the
// warning a dose outside them carries.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

const NOW = '2026-11-22T12:00:00Z'; // 12:00 in London (GMT)

const NEW_FIELDS = ['celsius', 'fahrenheit', 'method', 'medicine', 'amount', 'unit', 'title'] as const;
const ALL_FIELDS = ['ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min', ...NEW_FIELDS] as const;

const VALID: Record<string, { body: Record<string, unknown>; expect: Record<string, unknown> }> = {
  temperature: {
    body: { type: 'temperature', celsius: 37.9, method: 'armpit', ts: '2026-11-22T07:00:00' },
    expect: { celsius: 37.9, fahrenheit: 100.2, method: 'armpit' },
  },
  medicine: {
    body: { type: 'medicine', medicine: ' Calpol  infant ', amount: 2.5, unit: 'ml', ts: '2026-11-22T07:05:00' },
    expect: { medicine: 'Calpol infant', amount: 2.5, unit: 'ml' },
  },
  pumping: {
    body: { type: 'pumping', ml: 640, side: 'both', duration_min: 25, ts: '2026-11-22T07:30:00' },
    expect: { ml: 640, side: 'both', duration_min: 25 },
  },
  head_circumference: {
    body: { type: 'head_circumference', cm: 42.3, ts: '2026-11-22T08:00:00' },
    expect: { cm: 42.3 },
  },
  activity: {
    body: { type: 'activity', kind: 'tummy_time', duration_min: 12, note: 'on the play mat', ts: '2026-11-22T08:30:00' },
    expect: { kind: 'tummy_time', duration_min: 12, note: 'on the play mat' },
  },
  milestone: {
    body: { type: 'milestone', title: 'Rolled over', ts: '2026-11-22T09:00:00' },
    expect: { title: 'Rolled over' },
  },
};

/** [label, body, the field the 400 must name] */
const INVALID: [string, Record<string, unknown>, string][] = [
  ['temperature too low', { type: 'temperature', celsius: 33.9 }, 'celsius'],
  ['temperature too high', { type: 'temperature', celsius: 43.1 }, 'celsius'],
  ['temperature with two decimals', { type: 'temperature', celsius: 38.25 }, 'celsius'],
  ['temperature as text', { type: 'temperature', celsius: '38.2' }, 'celsius'],
  ['temperature without a reading', { type: 'temperature', method: 'ear' }, 'celsius'],
  ['celsius and fahrenheit together', { type: 'temperature', celsius: 38, fahrenheit: 100.4 }, 'fahrenheit'],
  ['fahrenheit too high', { type: 'temperature', fahrenheit: 110 }, 'fahrenheit'],
  ['fahrenheit with two decimals', { type: 'temperature', fahrenheit: 100.45 }, 'fahrenheit'],
  ['an unknown method', { type: 'temperature', celsius: 37, method: 'mouth' }, 'method'],
  ['fahrenheit on a milk', { type: 'milk', ml: 100, fahrenheit: 100 }, 'fahrenheit'],
  ['celsius on a nappy', { type: 'nappy', kind: 'wet', celsius: 37 }, 'celsius'],
  ['medicine without a name', { type: 'medicine', amount: 5, unit: 'ml' }, 'medicine'],
  ['an empty medicine name', { type: 'medicine', medicine: '   ' }, 'medicine'],
  ['an over-long medicine name', { type: 'medicine', medicine: 'x'.repeat(81) }, 'medicine'],
  ['an unknown unit', { type: 'medicine', medicine: 'Calpol', amount: 5, unit: 'spoon' }, 'unit'],
  ['an amount without its unit', { type: 'medicine', medicine: 'Calpol', amount: 5 }, 'unit'],
  ['a unit without an amount', { type: 'medicine', medicine: 'Calpol', unit: 'ml' }, 'amount'],
  ['a zero amount', { type: 'medicine', medicine: 'Calpol', amount: 0, unit: 'ml' }, 'amount'],
  ['a medicine name on a note', { type: 'note', note: 'x', medicine: 'Calpol' }, 'medicine'],
  ['pumping above 1000 ml', { type: 'pumping', ml: 1001 }, 'ml'],
  ['pumping without ml', { type: 'pumping', side: 'left' }, 'ml'],
  ['pumping for 181 minutes', { type: 'pumping', ml: 100, duration_min: 181 }, 'duration_min'],
  ['a bottle of 501 ml still refused', { type: 'milk', ml: 501 }, 'ml'],
  ['a feed of 181 minutes still refused', { type: 'milk', ml: 0, duration_min: 181 }, 'duration_min'],
  ['head circumference too small', { type: 'head_circumference', cm: 24.9 }, 'cm'],
  ['head circumference too large', { type: 'head_circumference', cm: 60.1 }, 'cm'],
  ['a length of 30 cm still refused', { type: 'length', cm: 30 }, 'cm'],
  ['an unknown activity', { type: 'activity', kind: 'swimming' }, 'kind'],
  ['activity without a kind', { type: 'activity', duration_min: 10 }, 'kind'],
  ['activity for 721 minutes', { type: 'activity', kind: 'outdoors', duration_min: 721 }, 'duration_min'],
  ['an activity kind on a nappy', { type: 'nappy', kind: 'bath' }, 'kind'],
  ['milestone without a title', { type: 'milestone' }, 'title'],
  ['an empty milestone title', { type: 'milestone', title: '' }, 'title'],
  ['an over-long milestone title', { type: 'milestone', title: 'y'.repeat(81) }, 'title'],
  ['a title on a sleep', { type: 'sleep', title: 'nap' }, 'title'],
  ['a future temperature', { type: 'temperature', celsius: 37, ts: '2026-11-22T13:00:00' }, 'ts'],
];

function namesField(body: any, field: string): boolean {
  if (Array.isArray(body?.detail) && body.detail.some((d: any) => (d.loc ?? []).includes(field))) return true;
  return typeof body?.message === 'string' && body.message.includes(field);
}

for (const d of testDatabases()) {
  describe(`the rest of a baby's day [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let uk: Family;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set(NOW);
      uk = await signUp(t.app, { dob: '2026-08-01', gender: 'boy' });
    });
    after(async () => {
      await t?.close();
    });

    test('each new type round-trips through log, today, events, export and CSV with null in every field it does not take', async () => {
      const logged = new Map<string, any>();
      for (const [name, { body, expect }] of Object.entries(VALID)) {
        const r = await call(t.app, 'POST', '/api/vega/log', body, { token: uk.token });
        assert.equal(r.status, 200, `${name}: ${r.text}`);
        assert.equal(r.body.event.type, body.type);
        assert.equal(r.body.event.ts, body.ts);
        for (const f of ALL_FIELDS) assert.deepEqual(r.body.event[f], expect[f] ?? null, `${name}.${f}`);
        logged.set(r.body.event.id, r.body.event);
      }
      const today = await call(t.app, 'GET', '/api/vega/today', undefined, { token: uk.token });
      const day = await call(t.app, 'GET', '/api/vega/events?date=2026-11-22', undefined, { token: uk.token });
      const ex = await call(t.app, 'GET', '/api/vega/export', undefined, { token: uk.token });
      for (const list of [today.body.events, day.body.events, ex.body.events]) {
        for (const [id, e] of logged) assert.deepEqual(list.find((x: any) => x.id === id), e);
      }
      // Events of the spec's ten types carry the new fields too, as null.
      const milk = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90, ts: '2026-11-22T10:00:00' }, { token: uk.token });
      for (const f of NEW_FIELDS) assert.equal(milk.body.event[f], null, `milk.${f}`);

      const csv = await call(t.app, 'GET', '/api/vega/export.csv?from=2026-11-22&to=2026-11-22', undefined, { token: uk.token });
      const lines = csv.text.trim().split('\r\n');
      const header = lines[0].split(',');
      assert.deepEqual(header.slice(-7), [...NEW_FIELDS]);
      const tempRow = lines.slice(1).find((l) => l.includes(',temperature,'))!.split(',');
      assert.equal(tempRow[header.indexOf('celsius')], '37.9');
      assert.equal(tempRow[header.indexOf('fahrenheit')], '100.2');
      assert.equal(tempRow[header.indexOf('method')], 'armpit');
      const doseRow = lines.slice(1).find((l) => l.includes(',medicine,'))!.split(',');
      assert.equal(doseRow[header.indexOf('medicine')], 'Calpol infant');
      assert.equal(doseRow[header.indexOf('amount')], '2.5');
      assert.equal(doseRow[header.indexOf('unit')], 'ml');
      const milestoneRow = lines.slice(1).find((l) => l.includes(',milestone,'))!.split(',');
      assert.equal(milestoneRow[header.indexOf('title')], 'Rolled over');
    });

    test('every bad input is a 400 naming the field, and writes nothing', async () => {
      const before = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: uk.token })).body.events.length;
      for (const [name, body, field] of INVALID) {
        const r = await call(t.app, 'POST', '/api/vega/log', body, { token: uk.token });
        assert.equal(r.status, 400, `${name}: ${r.status} ${r.text}`);
        assert.equal(typeof r.body.error, 'string', name);
        assert.ok(namesField(r.body, field), `${name}: the 400 names ${field}: ${r.text}`);
      }
      const after = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: uk.token })).body.events.length;
      assert.equal(after, before);
    });

    test('a US family sends °F and reads both; a reading sent in °F reads back exactly, also after an edit of another field', async () => {
      const us = await signUp(t.app, { dob: '2026-10-01', gender: 'girl', timezone: 'America/New_York' });
      await call(t.app, 'POST', '/api/vega/profile', { region: 'us', units: 'imperial' }, { token: us.token });
      const r = await call(t.app, 'POST', '/api/vega/log', { type: 'temperature', fahrenheit: 101.1, method: 'rectal', ts: '2026-11-22T06:00:00' }, { token: us.token });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.event.fahrenheit, 101.1);
      assert.equal(r.body.event.celsius, 38.4);
      const edited = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { note: 'after a bath' } }, { token: us.token });
      assert.equal(edited.status, 200, edited.text);
      assert.equal(edited.body.event.fahrenheit, 101.1);
      assert.equal(edited.body.event.note, 'after a bath');
      const inF = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { fahrenheit: 99.5 } }, { token: us.token });
      assert.equal(inF.status, 200, inF.text);
      assert.deepEqual([inF.body.event.celsius, inF.body.event.fahrenheit], [37.5, 99.5]);
      const inC = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { celsius: 36.8 } }, { token: us.token });
      assert.deepEqual([inC.body.event.celsius, inC.body.event.fahrenheit], [36.8, 98.2]);
      const both = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { celsius: 37, fahrenheit: 98.6 } }, { token: us.token });
      assert.equal(both.status, 400);
      assert.ok(namesField(both.body, 'fahrenheit'), both.text);
      const wrongType = await call(t.app, 'POST', '/api/vega/event/edit', { id: r.body.event.id, changes: { title: 'hot' } }, { token: us.token });
      assert.equal(wrongType.status, 400);
      assert.ok(namesField(wrongType.body, 'title'), wrongType.text);
      const read = await call(t.app, 'GET', '/api/vega/events?date=2026-11-22', undefined, { token: us.token });
      const e = read.body.events.find((x: any) => x.id === r.body.event.id);
      assert.deepEqual([e.celsius, e.fahrenheit, e.method], [36.8, 98.2, 'rectal']);
    });

    test('a measurement is corrected with event/edit: cm of a head circumference, kg of a weight, each in its own range', async () => {
      const g = await signUp(t.app, { dob: '2026-08-01', gender: 'girl' });
      const head = await call(t.app, 'POST', '/api/vega/log', { type: 'head_circumference', cm: 48.3, ts: '2026-11-22T09:00:00' }, { token: g.token });
      const fixed = await call(t.app, 'POST', '/api/vega/event/edit', { id: head.body.event.id, changes: { cm: 40.3 } }, { token: g.token });
      assert.equal(fixed.status, 200, fixed.text);
      assert.equal(fixed.body.event.cm, 40.3);
      const tooBig = await call(t.app, 'POST', '/api/vega/event/edit', { id: head.body.event.id, changes: { cm: 70 } }, { token: g.token });
      assert.equal(tooBig.status, 400);
      assert.ok(namesField(tooBig.body, 'cm'), tooBig.text);
      const w = await call(t.app, 'POST', '/api/vega/log', { type: 'weight', kg: 6.4, ts: '2026-11-22T09:05:00' }, { token: g.token });
      const kg = await call(t.app, 'POST', '/api/vega/event/edit', { id: w.body.event.id, changes: { kg: 6.5 } }, { token: g.token });
      assert.equal(kg.body.event.kg, 6.5);
      const kgOnHead = await call(t.app, 'POST', '/api/vega/event/edit', { id: head.body.event.id, changes: { kg: 6.5 } }, { token: g.token });
      assert.equal(kgOnHead.status, 400);
      assert.ok(namesField(kgOnHead.body, 'kg'), kgOnHead.text);
      const m = await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: g.token });
      assert.deepEqual(m.body.measurements.map((x: any) => [x.type, x.cm ?? x.kg]), [['head_circumference', 40.3], ['weight', 6.5]]);
    });

    test('react and undo work on the new types; undo says what it removed', async () => {
      const g = await signUp(t.app);
      const m = await call(t.app, 'POST', '/api/vega/log', { type: 'milestone', title: 'First smile', ts: '2026-11-22T11:00:00' }, { token: g.token });
      const reacted = await call(t.app, 'POST', '/api/vega/event/react', { id: m.body.event.id, emoji: '❤️' }, { token: g.token });
      assert.equal(reacted.status, 200, reacted.text);
      assert.equal(reacted.body.event.title, 'First smile');
      assert.equal(reacted.body.event.reactions.length, 1);
      await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T11:30:00' }, { token: g.token });
      const undone = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: g.token });
      assert.equal(undone.body.removed.medicine, 'Calpol');
      assert.equal(undone.body.message, 'Removed the Calpol 2.5 ml logged for 11:30.');
      const undone2 = await call(t.app, 'POST', '/api/vega/undo', undefined, { token: g.token });
      assert.equal(undone2.body.message, 'Removed the milestone "First smile" logged for 11:00.');
    });

    test('head circumference is a measurement with its WHO head-circumference-for-age centile, in measurements and the report', async () => {
      // A boy born 2026-08-01 measured on 2026-11-22: 113 days. WHO's boys' median at 16 weeks
      // is 41.6 cm (hcfa boys, weekly table); 42.3 cm is above it.
      const r = await call(t.app, 'GET', '/api/vega/measurements', undefined, { token: uk.token });
      const head = r.body.measurements.find((m: any) => m.type === 'head_circumference');
      assert.equal(head.cm, 42.3);
      assert.equal(head.percentile.indicator, 'head-circumference-for-age');
      assert.equal(head.percentile.sex, 'boy');
      assert.equal(head.percentile.age_days, 113);
      assert.ok(head.percentile.percentile > 50 && head.percentile.percentile < 85, `${head.percentile.percentile}`);
      assert.match(head.percentile.description, /head circumference/);
      const rep = await call(t.app, 'GET', '/api/vega/report?from=2026-11-22&to=2026-11-22', undefined, { token: uk.token });
      assert.equal(rep.status, 200, rep.text);
      const m = rep.body.growth.measurements.find((x: any) => x.type === 'head_circumference');
      assert.deepEqual([m.value, m.unit, m.percentile], [42.3, 'cm', head.percentile.percentile]);
      const lines = rep.body.growth.centile_lines.head_circumference;
      assert.deepEqual(lines.map((l: any) => l.centile), [2, 9, 25, 50, 75, 91, 98]);
      const median = lines.find((l: any) => l.centile === 50).points;
      assert.ok(median.every((p: any) => p.value > 38 && p.value < 46), 'the median line is in the hcfa range for 3–5 months');
      const day = rep.body.days[0];
      assert.deepEqual(day.temperatures, [{ ts: '2026-11-22T07:00:00', celsius: 37.9, fahrenheit: 100.2, method: 'armpit' }]);
      assert.deepEqual(day.medicines, [{ ts: '2026-11-22T07:05:00', medicine: 'Calpol infant', amount: 2.5, unit: 'ml', author: uk.username }]);
      assert.deepEqual(day.milestones, [{ ts: '2026-11-22T09:00:00', title: 'Rolled over' }]);
    });

    test("medicine settings are the family's own: admins save them, members read them, a dose outside them is logged with a warning naming the last dose", async () => {
      const fam = await signUp(t.app, { dob: '2026-06-01', gender: 'girl' });
      const sam = await joinFamily(t.app, fam, 'sam');
      const none = await call(t.app, 'GET', '/api/vega/medicines', undefined, { token: fam.token });
      assert.deepEqual(none.body, { medicines: [] }, 'the service supplies no medicines and no numbers');
      const saved = await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 4, max_per_24h: 4 }, { token: fam.token });
      assert.deepEqual(saved.body, { status: 'ok', medicine: { name: 'Calpol', min_hours: 4, max_per_24h: 4 } });
      const byMember = await call(t.app, 'POST', '/api/vega/medicines', { name: 'Calpol', min_hours: 1 }, { token: sam.token });
      assert.equal(byMember.status, 403);
      const listed = await call(t.app, 'GET', '/api/vega/medicines', undefined, { token: sam.token });
      assert.deepEqual(listed.body, { medicines: [{ name: 'Calpol', min_hours: 4, max_per_24h: 4 }] });
      for (const [body, field] of [[{ name: '' }, 'name'], [{ name: 'Calpol', min_hours: 0 }, 'min_hours'], [{ name: 'Calpol', max_per_24h: 2.5 }, 'max_per_24h'], [{ name: 'Calpol', dose_ml: 5 }, 'dose_ml']] as const) {
        const bad = await call(t.app, 'POST', '/api/vega/medicines', body, { token: fam.token });
        assert.equal(bad.status, 400, JSON.stringify(body));
        assert.ok(namesField(bad.body, field), bad.text);
      }
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/medicines', undefined, { token: sam.token })).body.medicines, [{ name: 'Calpol', min_hours: 4, max_per_24h: 4 }], 'bad input changed nothing');

      const first = await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T08:00:00' }, { token: fam.token });
      assert.equal(first.body.warning, null);
      const second = await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T10:00:00' }, { token: sam.token });
      assert.equal(second.status, 200, 'a dose sooner than the setting is still logged');
      assert.equal(second.body.warning.type, 'medicine_too_soon');
      assert.match(second.body.warning.message, new RegExp(`last given at 08:00 by ${fam.username} \\(2\\.5 ml\\), 2 h before this dose`));
      assert.match(second.body.warning.message, /at least 4 hours between doses/);
      // Another medicine at the same time is not a duplicate of the first, nor too soon.
      const other = await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Amoxicillin', amount: 5, unit: 'ml', ts: '2026-11-22T10:01:00' }, { token: sam.token });
      assert.equal(other.body.warning, null);
      // Past the interval but a fifth dose in 24 hours against the family's maximum of 4.
      t.clock.set('2026-11-22T23:00:00Z');
      for (const ts of ['2026-11-22T14:00:00', '2026-11-22T18:00:00']) {
        const ok = await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts }, { token: fam.token });
        assert.equal(ok.body.warning, null, ts);
      }
      const fifth = await call(t.app, 'POST', '/api/vega/log', { type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-22T22:30:00' }, { token: sam.token });
      assert.equal(fifth.body.warning.type, 'medicine_max_doses');
      assert.match(fifth.body.warning.message, /dose 5 of Calpol in 24 hours; your setting is at most 4/);
      t.clock.set(NOW);
      const removed = await call(t.app, 'POST', '/api/vega/medicines/delete', { name: 'CALPOL' }, { token: fam.token });
      assert.deepEqual(removed.body, { status: 'ok', removed: { name: 'Calpol', min_hours: 4, max_per_24h: 4 } });
      const gone = await call(t.app, 'POST', '/api/vega/medicines/delete', { name: 'Calpol' }, { token: fam.token });
      assert.equal(gone.status, 404);
      const doses = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: fam.token })).body.events.filter((e: any) => e.type === 'medicine');
      assert.equal(doses.length, 6, 'removing the settings keeps the doses logged');
    });
  });
}
