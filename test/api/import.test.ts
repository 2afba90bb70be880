// Import (#16): Baby Buddy and Huckleberry fixtures built from their published formats, this
// service's own export, dry runs, duplicates, limits, DST, the 20 MB body limit and admin only.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { testDatabases } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, startApp, assertError, type TestApp, type Family } from '../helpers/app.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');
const BB = JSON.parse(fixture('babybuddy.json'));
const HUCK = fixture('huckleberry.csv');
const BB_MORE = JSON.parse(fixture('babybuddy-more.json'));
const HUCK_MORE = fixture('huckleberry-more.csv');

const strip = (e: any) => {
  const { id, ...rest } = e;
  return rest;
};
const joined = (xs: unknown[]) => xs.map((x) => (x === null || x === undefined ? '' : String(x))).join('|');
// type|ts|ml|kind|foods|kg|cm|side|duration_min|note, then (only when one is set)
// |celsius|fahrenheit|method|medicine|amount|unit|title
const brief = (e: any) => {
  const base = joined([e.type, e.ts, e.ml, e.kind, e.foods?.join('+') ?? null, e.kg, e.cm, e.side, e.duration_min, e.note]);
  const more = [e.celsius, e.fahrenheit, e.method, e.medicine, e.amount, e.unit, e.title];
  return more.some((x) => x !== null && x !== undefined) ? `${base}|${joined(more)}` : base;
};

for (const d of testDatabases()) {
  describe(`import [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
    });
    after(async () => t?.close());

    const events = async (f: Family) => (await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token })).body.events as any[];

    test('Baby Buddy: dry run previews, import maps every endpoint across the DST change, re-import adds nothing', async () => {
      const f = await signUp(t.app, { timezone: 'Europe/London' });
      const dry = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', dry_run: true, data: BB }, { token: f.token });
      assert.equal(dry.status, 200, dry.text);
      const expected = {
        format: 'babybuddy',
        dry_run: true,
        counts: { milk: 4, sleep: 1, wake: 1, nappy: 2, note: 1, weight: 1, length: 1, activity: 1, milestone: 1, temperature: 1 },
        first_ts: '2026-10-20T12:00:00',
        last_ts: '2026-10-27T11:00:00',
        new: 14,
        already_there: 0,
        skipped: [
          { line: 5, source: 'feedings', reason: 'ml of a milk event must be 0 to 500 (this row: 591)' },
          { line: 6, source: 'feedings', reason: 'milk is in the future' },
          { line: 7, source: 'feedings', reason: 'solid food feedings carry no food names to import' },
          { line: 2, source: 'weight', reason: 'kg of a weight event must be 0.5 to 30 (this row: 36.29)' },
        ],
        notes: { new: 0, already_there: 0 },
        recipes: { new: 0, already_there: 0 },
      };
      assert.deepEqual(dry.body, expected);
      assert.deepEqual(await events(f), [], 'a dry run changes nothing');

      const real = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: BB }, { token: f.token });
      assert.equal(real.status, 200, real.text);
      assert.deepEqual(real.body, { ...expected, dry_run: false });
      const got = await events(f);
      // fields: type|ts|ml|kind|foods|kg|cm|side|duration_min|note
      assert.deepEqual(got.map(brief), [
        'weight|2026-10-20T12:00:00||||5.22||||',
        'length|2026-10-20T12:00:00|||||55.9|||',
        'milk|2026-10-24T22:10:00|0|||||left|25|',
        'milk|2026-10-25T00:30:00|0|||||both|20|sleepy',
        // 01:30 happened twice that night: BST first (00:30 UTC), then GMT (01:30 UTC)
        'milk|2026-10-25T01:30:00|89||||||10|formula',
        'milk|2026-10-25T01:30:00|118||||||15|formula',
        'sleep|2026-10-25T19:00:00||||||||',
        'wake|2026-10-26T06:15:00||||||||',
        'nappy|2026-10-26T08:00:00||both||||||colour: yellow',
        'nappy|2026-10-26T15:00:00||wet||||||',
        'note|2026-10-27T10:00:00||||||||First smile',
        // tummy time is an activity, its milestone a milestone; the temperature a temperature
        'activity|2026-10-27T11:00:00||tummy_time|||||10|',
        'milestone|2026-10-27T11:00:00|||||||||||||||Lifted head',
        'temperature|2026-10-27T11:00:00|||||||||37.2|99|||||',
      ]);
      assert.ok(got.every((e) => e.author === f.username && e.reactions === null));

      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: BB }, { token: f.token });
      assert.equal(again.status, 200);
      assert.equal(again.body.new, 0);
      assert.equal(again.body.already_there, 14);
      assert.equal((await events(f)).length, 14, 're-importing the same file adds nothing');
    });

    test('Huckleberry CSV: real CSV parsing (quotes, CRLF, multi-line notes), imperial bottle, bad rows by line', async () => {
      const f = await signUp(t.app, { timezone: 'Europe/London' });
      const res = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: HUCK }, { token: f.token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, {
        format: 'huckleberry',
        dry_run: false,
        counts: { sleep: 1, wake: 1, milk: 2, nappy: 2, weight: 1, solid: 1 },
        first_ts: '2026-11-01T19:30:00',
        last_ts: '2026-11-02T13:00:00',
        new: 8,
        already_there: 0,
        skipped: [
          { line: 9, source: 'csv', reason: 'ml of a milk event must be 0 to 500 (this row: 600)' },
          { line: 10, source: 'csv', reason: 'pump row has no amount (expected e.g. 60ml or 2oz in Start or End Condition)' },
          { line: 12, source: 'csv', reason: "time 'yesterday' is not a timestamp (YYYY-MM-DD HH:MM[:SS], optionally with a UTC offset)" },
        ],
        notes: { new: 0, already_there: 0 },
        recipes: { new: 0, already_there: 0 },
      });
      const got = await events(f);
      assert.deepEqual(got.map(brief), [
        'sleep|2026-11-01T19:30:00||||||||start: Upset; place: Crib',
        'wake|2026-11-02T06:10:00||||||||end: Woke up child',
        'milk|2026-11-02T06:20:00|0|||||both|25|',
        'weight|2026-11-02T09:00:00||||6.1||||',
        'milk|2026-11-02T10:00:00|118|||||||Formula; Took it slowly, "fussy"',
        'nappy|2026-11-02T10:15:00||both||||||',
        'solid|2026-11-02T12:30:00|||banana+peanut|||||',
        'nappy|2026-11-02T13:00:00||wet||||||two lines\r\nof notes',
      ]);
      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', dry_run: true, data: HUCK }, { token: f.token });
      assert.equal(again.body.new, 0);
      assert.equal(again.body.already_there, 8);
    });

    test('Huckleberry CSV, the rest of the day: Pump, Meds, Temp, activities and a growth row with length and head circumference', async () => {
      const f = await signUp(t.app, { timezone: 'Europe/London' });
      const res = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: HUCK_MORE }, { token: f.token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, {
        format: 'huckleberry',
        dry_run: false,
        counts: { pumping: 2, medicine: 4, temperature: 2, activity: 7, weight: 2, length: 1, head_circumference: 2 },
        first_ts: '2026-11-10T06:00:00',
        last_ts: '2026-11-12T11:00:00',
        new: 20,
        already_there: 0,
        skipped: [
          { line: 4, source: 'csv', reason: 'pump row has no amount (expected e.g. 60ml or 2oz in Start or End Condition)' },
          { line: 9, source: 'csv', reason: 'medicine row names no medicine (expected in Start Location)' },
          { line: 12, source: 'csv', reason: "temperature '37.4' has no unit (°C or °F)" },
          { line: 13, source: 'csv', reason: 'celsius of a temperature event must be 34 to 43 (this row: 45.2)' },
          { line: 20, source: 'csv', reason: "type 'Screen time' is not imported (no matching event type)" },
          { line: 21, source: 'csv', reason: "type 'Potty' is not imported (no matching event type)" },
          // the weight of this row is imported; its head circumference is outside 25–60 cm
          { line: 24, source: 'csv', reason: 'cm of a head_circumference event must be 25 to 60 (this row: 70)' },
          { line: 25, source: 'csv', reason: "growth value '13.7 lbs.oz' is not read: lbs.oz could be read two ways" },
          { line: 26, source: 'csv', reason: 'growth row has 62 cm in Start Condition, where the export writes the weight: not taken as a length or a head circumference' },
          { line: 27, source: 'csv', reason: 'ml of a pumping event must be 0 to 1000 (this row: 1300)' },
        ],
        notes: { new: 0, already_there: 0 },
        recipes: { new: 0, already_there: 0 },
      });
      const got = await events(f);
      assert.deepEqual(got.map(brief), [
        'activity|2026-11-10T06:00:00||skin_to_skin|||||16|',
        // both sides' amounts, the side left out (the export does not say which is which)
        'pumping|2026-11-10T07:00:00|105||||||20|morning pump',
        'medicine|2026-11-10T08:00:00||||||||||||Calpol|2.5|ml|',
        'temperature|2026-11-10T09:00:00|||||||||37.6|99.7|||||',
        // 100.4 °F is 38.0 °C, and reads back as 100.4 °F
        'temperature|2026-11-10T10:00:00||||||||felt warm|38|100.4|||||',
        'activity|2026-11-10T10:30:00||tummy_time|||||4|',
        // a teaspoon is converted to 5 ml; the note keeps what was written
        'medicine|2026-11-10T12:00:00||||||||dose as written: 1 tsp; after lunch||||Amoxicillin|5|ml|',
        'pumping|2026-11-10T13:00:00|59|||||||',
        'medicine|2026-11-10T14:00:00||||||||2.5||||Lactulose|||',
        'activity|2026-11-10T15:00:00||outdoors|||||45|',
        'medicine|2026-11-10T16:00:00||||||||dose as written: a few||||Vitamin drops|||',
        'activity|2026-11-10T16:30:00||play||||||',
        'activity|2026-11-10T18:00:00||bath|||||10|',
        'activity|2026-11-10T19:15:00||reading|||||15|',
        // 00:00 is no duration (logged without its timer), not a minute
        'activity|2026-11-10T20:00:00||tummy_time||||||',
        // one growth row: a weight, a length and a head circumference, each as what it is
        'weight|2026-11-11T10:00:00||||6.66||||health visitor',
        'length|2026-11-11T10:00:00|||||62.5|||',
        'head_circumference|2026-11-11T10:00:00|||||41|||',
        'head_circumference|2026-11-12T10:00:00|||||40.6|||',
        'weight|2026-11-12T11:00:00||||6.8||||',
      ]);
      // Every new field is null on the types it does not belong to.
      for (const e of got) {
        if (e.type !== 'temperature') assert.deepEqual([e.celsius, e.fahrenheit, e.method], [null, null, null], e.type);
        if (e.type !== 'medicine') assert.deepEqual([e.medicine, e.amount, e.unit], [null, null, null], e.type);
        assert.equal(e.title, null);
      }
      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: HUCK_MORE }, { token: f.token });
      assert.deepEqual([again.body.new, again.body.already_there], [0, 20]);
      assert.equal((await events(f)).length, 20, 're-importing the same file adds nothing');
    });

    test('Baby Buddy, the rest of the day: temperature in °F, pumping, tummy time with its milestone, head circumference, medication', async () => {
      const f = await signUp(t.app, { timezone: 'America/New_York' });
      const res = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: BB_MORE }, { token: f.token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, {
        format: 'babybuddy',
        dry_run: false,
        counts: { temperature: 2, pumping: 2, activity: 2, milestone: 1, head_circumference: 1, medicine: 3 },
        first_ts: '2026-11-09T12:00:00',
        last_ts: '2026-11-10T20:00:00',
        new: 11,
        already_there: 0,
        skipped: [
          { line: 0, source: 'bmi', reason: "section 'bmi' is not imported (no matching event type)" },
          // 42 in is no head circumference: it was written in cm, and is reported, not guessed
          { line: 2, source: 'head-circumference', reason: 'cm of a head_circumference event must be 25 to 60 (this row: 106.7)' },
          { line: 4, source: 'medication', reason: 'names no medicine' },
          { line: 3, source: 'temperature', reason: 'fahrenheit of a temperature event must be 93.2 to 109.4 (this row: 37.5)' },
        ],
        notes: { new: 0, already_there: 0 },
        recipes: { new: 0, already_there: 0 },
      });
      const got = await events(f);
      assert.deepEqual(got.map(brief), [
        'head_circumference|2026-11-09T12:00:00|||||41.9|||clinic',
        'pumping|2026-11-10T06:00:00|118||||||25|left then right',
        'temperature|2026-11-10T09:00:00||||||||after nap|38|100.4|||||',
        'medicine|2026-11-10T09:05:00||||||||||||Infant Tylenol|2.5|ml|',
        'activity|2026-11-10T10:00:00||tummy_time|||||12|',
        'milestone|2026-11-10T10:00:00|||||||||||||||Rolled over',
        'medicine|2026-11-10T12:00:00||||||||with food||||Amoxicillin|1|tablet|',
        'pumping|2026-11-10T13:00:00|74|||||||',
        'temperature|2026-11-10T15:00:00|||||||||37|98.6|||||',
        'activity|2026-11-10T17:00:00||tummy_time|||||5|',
        // a dosage without a unit keeps its number in the note, and no unit is invented
        'medicine|2026-11-10T20:00:00||||||||dose as written: 5||||Gripe water|||',
      ]);
      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: BB_MORE }, { token: f.token });
      assert.deepEqual([again.body.new, again.body.already_there], [0, 11]);
      assert.equal((await events(f)).length, 11, 're-importing the same file adds nothing');
    });

    test('round trip of the new types: temperatures in °C and °F, medicines, pumping, head circumference, activity, milestone', async () => {
      const a = await signUp(t.app, { timezone: 'America/New_York' });
      const tok = { token: a.token };
      const log = async (body: any) => {
        const r = await call(t.app, 'POST', '/api/vega/log', body, tok);
        assert.equal(r.status, 200, r.text);
        return r.body.event;
      };
      await log({ type: 'temperature', celsius: 38.2, method: 'ear', ts: '2026-11-10T08:00:00' });
      // sent in °F: stored unrounded, shown as 37.8 °C / 100.1 °F
      await log({ type: 'temperature', fahrenheit: 100.1, method: 'armpit', ts: '2026-11-10T09:00:00', note: 'after bath' });
      // sent in °F, and its °C shown (37.8) gives back the same °F
      await log({ type: 'temperature', fahrenheit: 100, ts: '2026-11-10T09:30:00' });
      await log({ type: 'medicine', medicine: 'Calpol', amount: 2.5, unit: 'ml', ts: '2026-11-10T10:00:00' });
      await log({ type: 'medicine', medicine: 'Ibuprofen', ts: '2026-11-10T11:00:00', note: 'half a dose' });
      await log({ type: 'pumping', ml: 90, side: 'left', duration_min: 15, ts: '2026-11-10T12:00:00' });
      await log({ type: 'head_circumference', cm: 41.5, ts: '2026-11-10T13:00:00' });
      await log({ type: 'activity', kind: 'bath', duration_min: 10, ts: '2026-11-10T18:00:00' });
      await log({ type: 'activity', kind: 'tummy_time', ts: '2026-11-10T18:30:00' });
      await log({ type: 'milestone', title: 'Rolled over', ts: '2026-11-10T19:00:00' });
      const exported = (await call(t.app, 'GET', '/api/vega/export', undefined, tok)).body;
      assert.equal(exported.events.length, 10);
      assert.deepEqual(
        exported.events.filter((e: any) => e.type === 'temperature').map((e: any) => [e.celsius, e.fahrenheit, e.method]),
        [[38.2, 100.8, 'ear'], [37.8, 100.1, 'armpit'], [37.8, 100, null]],
      );

      const b = await signUp(t.app, { timezone: 'America/New_York' });
      const imp = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, { token: b.token });
      assert.equal(imp.status, 200, imp.text);
      assert.deepEqual([imp.body.new, imp.body.skipped], [10, []]);
      const back = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: b.token })).body;
      assert.deepEqual(back.events.map(strip), exported.events.map(strip));

      // Both families already hold every event: importing the file again into either adds nothing.
      for (const f of [a, b]) {
        const again = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', dry_run: true, data: exported }, { token: f.token });
        assert.deepEqual([again.body.new, again.body.already_there], [0, 10]);
      }
    });

    test("the API's rules, field by field: each value the log refuses is skipped with the same reason, never clamped", async () => {
      const f = await signUp(t.app, { timezone: 'UTC' });
      const bad: [Record<string, unknown>, string][] = [
        [{ type: 'medicine', medicine: 'Calpol', amount: 2.5 }, 'amount needs its unit (ml, mg, drops, tablet, sachet, puff or dose)'],
        [{ type: 'medicine', medicine: 'Calpol', amount: 0, unit: 'ml' }, 'amount of a medicine event must be more than 0 (this row: 0)'],
        [{ type: 'medicine', medicine: 'x'.repeat(81) }, 'medicine of a medicine event must be at most 80 characters (this row: 81 characters)'],
        [{ type: 'medicine', medicine: 'Calpol', amount: 1, unit: 'spoon' }, "unit of a medicine event must be one of ml, mg, drops, tablet, sachet, puff, dose (this row: 'spoon')"],
        [{ type: 'temperature', celsius: 38.25 }, 'celsius takes at most 1 decimal (as a thermometer shows it, e.g. 38.2) (this row: 38.25)'],
        [{ type: 'temperature', celsius: 38, method: 'toe' }, "method of a temperature event must be one of armpit, ear, forehead, rectal, oral (this row: 'toe')"],
        [{ type: 'milestone', title: '   ' }, 'title of a milestone event must not be empty'.concat(" (this row: '   ')")],
        [{ type: 'milk', ml: 120, medicine: 'Calpol' }, "medicine does not belong to a milk event (it takes ml, side, duration_min, note) (this row: 'Calpol')"],
        [{ type: 'pumping', ml: 1001 }, 'ml of a pumping event must be 0 to 1000 (this row: 1001)'],
        [{ type: 'pumping', ml: 60, duration_min: 200 }, 'duration_min of a pumping event must be 1 to 180 (this row: 200)'],
        [{ type: 'head_circumference', cm: 61 }, 'cm of a head_circumference event must be 25 to 60 (this row: 61)'],
        [{ type: 'activity', kind: 'swimming' }, "kind of an activity event must be one of tummy_time, bath, skin_to_skin, outdoors, reading, play (this row: 'swimming')"],
        [{ type: 'milk', ml: 12.5 }, 'ml of a milk event must be a whole number (this row: 12.5)'],
        [{ type: 'weight', kg: '6.1' }, "kg of a weight event must be a number (this row: '6.1')"],
      ];
      const file = { events: bad.map(([e], i) => ({ ...e, ts: `2026-11-10T${String(8 + i).padStart(2, '0')}:00:00` })) };
      const res = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: file }, { token: f.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.new, 0);
      assert.deepEqual(res.body.skipped, bad.map(([, reason], i) => ({ line: i + 1, source: 'events', reason })));
      // The log refuses each of them too (400 naming the field), so import and API agree.
      for (const e of file.events) {
        const logged = await call(t.app, 'POST', '/api/vega/log', e, { token: f.token });
        assertError(logged, 400, undefined, JSON.stringify(e));
      }
      assert.deepEqual(await events(f), []);
    });

    test('round trip: export a family, import it into a new one: same events, reactions, notes and recipes', async () => {
      const a = await signUp(t.app, { timezone: 'America/New_York' });
      const tok = { token: a.token };
      const log = async (body: any) => {
        const r = await call(t.app, 'POST', '/api/vega/log', body, tok);
        assert.equal(r.status, 200, r.text);
        return r.body.event;
      };
      await log({ type: 'milk', ml: 0, side: 'left', duration_min: 14, ts: '2026-11-01T01:30:00' });
      await log({ type: 'milk', ml: 120, ts: '2026-11-01T06:00:00', note: 'formula' });
      await log({ type: 'sleep', ts: '2026-11-10T19:00:00' });
      await log({ type: 'wake', ts: '2026-11-11T05:40:00' });
      const nappy = await log({ type: 'nappy', kind: 'dirty', ts: '2026-11-12T08:00:00' });
      await log({ type: 'solid', foods: ['Banana', 'oats'], meal_type: 'meal', ts: '2026-11-12T12:00:00' });
      await log({ type: 'weight', kg: 6.4, ts: '2026-11-13T10:00:00' });
      await log({ type: 'length', cm: 62.5, ts: '2026-11-13T10:00:00' });
      await log({ type: 'supplement', kind: 'vitd', ug: 10, ts: '2026-11-14T09:00:00' });
      await log({ type: 'note', note: 'Grandma visited', ts: '2026-11-15T15:00:00' });
      const react = await call(t.app, 'POST', '/api/vega/event/react', { id: nappy.id, emoji: '😮' }, tok);
      assert.equal(react.status, 200, react.text);
      assert.equal((await call(t.app, 'POST', '/api/vega/recipes', { name: 'Green mash', ingredients: ['peas', 'potato'] }, tok)).status, 200);
      const remembered = await call(t.app, 'POST', '/api/ask', { question: 'remember: allergic to cats' }, tok);
      assert.equal(remembered.status, 200, remembered.text);

      const exported = (await call(t.app, 'GET', '/api/vega/export', undefined, tok)).body;
      assert.equal(exported.events.length, 10);
      assert.equal(exported.notes.length, 1);

      const b = await signUp(t.app, { timezone: 'America/New_York' });
      const imp = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, { token: b.token });
      assert.equal(imp.status, 200, imp.text);
      assert.equal(imp.body.new, 10);
      assert.deepEqual(imp.body.skipped, []);
      assert.deepEqual(imp.body.notes, { new: 1, already_there: 0 });
      assert.deepEqual(imp.body.recipes, { new: 1, already_there: 0 });

      const back = (await call(t.app, 'GET', '/api/vega/export', undefined, { token: b.token })).body;
      assert.deepEqual(back.events.map(strip), exported.events.map(strip));
      assert.deepEqual(back.notes, exported.notes);
      assert.deepEqual(back.recipes, exported.recipes);
      assert.deepEqual(back.events.find((e: any) => e.type === 'nappy').reactions, [{ emoji: '😮', username: a.username }]);

      const twice = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, { token: b.token });
      assert.deepEqual([twice.body.new, twice.body.already_there, twice.body.notes, twice.body.recipes], [0, 10, { new: 0, already_there: 1 }, { new: 0, already_there: 1 }]);
    });

    test('all or nothing: a database failure in the second batch leaves none of the import', async () => {
      const f = await signUp(t.app, { timezone: 'UTC' });
      const k = t.ctx.db.kysely;
      // A real failure inside the database (no mock): a trigger refuses one row of the file.
      if (d.name === 'sqlite') {
        await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON events WHEN NEW.note = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(k);
      } else {
        await sql`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.note = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(k);
        await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(k);
      }
      try {
        const rows = ['Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes'];
        const start = Date.parse('2026-10-01T00:00:00Z');
        for (let i = 0; i < 800; i++) {
          const ts = new Date(start + i * 3600000).toISOString().slice(0, 16).replace('T', ' ');
          rows.push(`Diaper,${ts},,,Pee,,,${i === 700 ? 'boom' : `n${i}`}`);
        }
        const res = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: rows.join('\n') }, { token: f.token });
        assert.equal(res.status, 500);
        assert.deepEqual(res.body, { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
        assert.deepEqual(await events(f), [], 'the first 500 rows were rolled back with the rest');
      } finally {
        await sql`DROP TRIGGER refuse_boom${sql.raw(d.name === 'sqlite' ? '' : ' ON events')}`.execute(k);
      }
    });

    test('bad requests: unknown format, wrong data shape, bad CSV header → 400, nothing changed', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      const r1 = await call(t.app, 'POST', '/api/vega/import', { format: 'glow', data: {} }, tok);
      assertError(r1, 400, 'bad_request');
      assert.deepEqual(r1.body.detail.map((x: any) => x.loc), [['body', 'format']]);
      assertError(await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: 'text' }, tok), 400, 'invalid_import');
      assertError(await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: { a: 1 } }, tok), 400, 'invalid_import');
      const hdr = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: 'When,What\n2026-11-01 10:00,Feed\n' }, tok);
      assertError(hdr, 400, 'invalid_import');
      assert.match(hdr.body.message, /no Type, Start column/);
      const broken = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: 'Type,Start\nSleep,"2026-11-01 10:00\n' }, tok);
      assertError(broken, 400, 'invalid_import');
      assert.match(broken.body.message, /^The CSV could not be read: .*quote/i);
      const empty = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: '' }, tok);
      assertError(empty, 400, 'invalid_import');
      assert.equal(empty.body.message, 'The CSV is empty.');
      assertError(await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: { feedings: 3 } }, tok), 400, 'invalid_import');
      assertError(await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: { events: 'x' } }, tok), 400, 'invalid_import');
      assert.deepEqual(await events(f), []);
    });

    test('20 MB on this route only: larger → 413 with a clear body; other routes keep 64 KiB', async () => {
      const f = await signUp(t.app);
      // a 3 MB CSV is accepted (far above the ordinary limit); its 301-character notes are reported
      const rows = ['Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes'];
      const filler = 'x'.repeat(301);
      for (let i = 0; i < 9000; i++) rows.push(`Diaper,2026-11-0${1 + (i % 9)} 10:${String(i % 60).padStart(2, '0')},,,Pee,,,${filler}`);
      const big = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', dry_run: true, data: rows.join('\n') }, { token: f.token });
      assert.equal(big.status, 200, big.text.slice(0, 300));
      assert.equal(big.body.skipped.length, 9000, 'over-long notes are reported, not cut');
      assert.deepEqual(big.body.skipped[8999], { line: 9001, source: 'csv', reason: 'note of a nappy event must be at most 300 characters (this row: 301 characters)' });
      const huge = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: 'x'.repeat(21 * 1024 * 1024) }, { token: f.token, headers: { 'content-type': 'application/json' } });
      assertError(huge, 413, 'payload_too_large');
      assert.equal(huge.body.message, 'The request body is too large (20 MB at most).');
      const other = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'y'.repeat(100 * 1024) }, { token: f.token });
      assertError(other, 413, 'payload_too_large');
      assert.equal(other.body.message, 'The request body is too large (64 KiB at most).');
    });

    test('admin only: a member gets 403 and nothing is imported', async () => {
      const f = await signUp(t.app);
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { token: f.token });
      const joined = await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: `m${Date.now()}@example.com`, password: 'secret pass' });
      assert.equal(joined.status, 200, joined.text);
      const res = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: BB }, { cookie: sessionCookieOf(joined) });
      assertError(res, 403, 'forbidden');
      assert.deepEqual(await events(f), []);
    });
  });
}
