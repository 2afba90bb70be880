// Import with several children (issue 25 part 2): this service's export of a family of several
// restores its children, Baby Buddy's children are matched by name and birth date (created when
// missing), Huckleberry goes into the child the request names; dedupe is per child, a dry run
// creates nothing, and every refusal changes nothing.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, assertError, type TestApp, type Family } from '../helpers/app.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');
const TWINS = JSON.parse(fixture('babybuddy-twins.json'));
const HUCK = fixture('huckleberry.csv');

// type|ts|ml|kind|kg|side|duration_min|note
const brief = (e: any) => [e.type, e.ts, e.ml, e.kind, e.kg, e.side, e.duration_min, e.note].map((x) => (x === null || x === undefined ? '' : String(x))).join('|');

for (const d of testDatabases()) {
  describe(`import with several children [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
    });
    after(async () => t?.close());

    const tok = (f: Family) => ({ token: f.token });
    const exportOf = async (f: Family) => (await call(t.app, 'GET', '/api/vega/export', undefined, tok(f))).body;
    const childrenOf = async (f: Family) => (await call(t.app, 'GET', '/api/vega/children', undefined, tok(f))).body.children as any[];
    const addChild = async (f: Family, body: Record<string, unknown>) => {
      const r = await call(t.app, 'POST', '/api/vega/children', body, tok(f));
      assert.equal(r.status, 200, r.text);
      return r.body.child;
    };
    const log = async (f: Family, body: Record<string, unknown>) => {
      const r = await call(t.app, 'POST', '/api/vega/log', body, tok(f));
      assert.equal(r.status, 200, r.text);
    };
    /** Each event of the family's log as child name → its events, in time order. */
    const byChild = async (f: Family) => {
      const x = await exportOf(f);
      const names = new Map<string, string>((x.children ?? []).map((c: any) => [c.id, c.baby_name]));
      const out: Record<string, string[]> = {};
      for (const e of x.events) {
        const who = e.child_id === undefined ? 'only child' : names.get(e.child_id)!;
        (out[who] ??= []).push(brief(e));
      }
      return out;
    };
    // The export lists children in creation order; the test clock stands still, so ties are by id.
    const byKey = (cs: any[]) => [...cs].sort((x, y) => (x.name.toLowerCase() < y.name.toLowerCase() ? -1 : 1));
    const byName = (cs: any[]) => [...cs].sort((x, y) => (x.baby_name.toLowerCase() < y.baby_name.toLowerCase() ? -1 : 1));
    const nothingChanged = async (f: Family, before: { children: any[]; events: number }, label: string) => {
      assert.deepEqual(await childrenOf(f), before.children, `${label}: no child added`);
      assert.equal((await exportOf(f)).events.length, before.events, `${label}: no event added`);
    };

    test('an export of two children into a new family: the same children, every event on its child; again adds nothing', async () => {
      const a = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', timezone: 'Europe/London' });
      const tom = await addChild(a, { baby_name: 'Tom', dob: '2026-06-10', gender: 'boy' });
      await log(a, { type: 'milk', ml: 120, ts: '2026-11-20T08:00:00' });
      await log(a, { type: 'milk', ml: 90, ts: '2026-11-20T08:00:00', child: tom.id });
      // The same nappy at the same minute for both: two events, one per child, not a duplicate.
      await log(a, { type: 'nappy', kind: 'wet', ts: '2026-11-20T09:30:00' });
      await log(a, { type: 'nappy', kind: 'wet', ts: '2026-11-20T09:30:00', child: tom.id });
      await log(a, { type: 'sleep', ts: '2026-11-20T12:00:00', child: tom.id });
      await log(a, { type: 'weight', kg: 5.9, ts: '2026-11-19T12:00:00', child: tom.id });
      const exported = await exportOf(a);
      assert.equal(exported.children.length, 2);
      assert.equal(exported.events.length, 6);
      const ada = exported.children.find((c: any) => c.baby_name === 'Ada');

      // The new family's own child is "ADA", born on another day: the export's Ada is matched by
      // name ignoring case (the family here keeps its own date of birth); Tom is created.
      const b = await signUp(t.app, { baby_name: 'ADA', dob: '2026-04-30', timezone: 'Europe/London' });
      const own = (await childrenOf(b))[0];
      const dry = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', dry_run: true, data: exported }, tok(b));
      assert.equal(dry.status, 200, dry.text);
      assert.deepEqual(byKey(dry.body.children), [
        { source: `Ada (export id ${ada.id})`, child_id: own.id, name: 'ADA', action: 'matched', new: 2, already_there: 0 },
        { source: `Tom (export id ${tom.id})`, child_id: null, name: 'Tom', action: 'created', new: 4, already_there: 0 },
      ]);
      assert.equal(dry.body.new, 6);
      await nothingChanged(b, { children: [own], events: 0 }, 'dry run');

      const real = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, tok(b));
      assert.equal(real.status, 200, real.text);
      const kids = byName(await childrenOf(b));
      assert.deepEqual(
        kids.map((c) => [c.baby_name, c.dob, c.gender, c.archived, c.primary]),
        [['ADA', '2026-04-30', own.gender, false, true], ['Tom', '2026-06-10', 'boy', false, false]],
      );
      const newTom = kids[1];
      assert.deepEqual(byKey(real.body.children), [
        { source: `Ada (export id ${ada.id})`, child_id: own.id, name: 'ADA', action: 'matched', new: 2, already_there: 0 },
        { source: `Tom (export id ${tom.id})`, child_id: newTom.id, name: 'Tom', action: 'created', new: 4, already_there: 0 },
      ]);
      assert.deepEqual(real.body.skipped, []);
      const want = await byChild(a);
      const got = await byChild(b);
      assert.deepEqual(got, { ADA: want.Ada, Tom: want.Tom });
      assert.deepEqual(want.Ada, ['milk|2026-11-20T08:00:00|120|||||', 'nappy|2026-11-20T09:30:00||wet||||']);
      assert.equal(want.Tom.length, 4);

      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, tok(b));
      assert.equal(again.status, 200, again.text);
      assert.deepEqual([again.body.new, again.body.already_there], [0, 6]);
      assert.deepEqual(byKey(again.body.children).map((c: any) => [c.name, c.action, c.child_id, c.new, c.already_there]), [
        ['ADA', 'matched', own.id, 0, 2],
        ['Tom', 'matched', newTom.id, 0, 4],
      ]);
      assert.equal((await childrenOf(b)).length, 2);
    });

    test('a one-child family round trip is unchanged: no children in the export or the answer', async () => {
      const a = await signUp(t.app, { baby_name: 'Ada' });
      await log(a, { type: 'milk', ml: 100, ts: '2026-11-20T08:00:00' });
      const exported = await exportOf(a);
      assert.equal('children' in exported, false);
      assert.equal('child_id' in exported.events[0], false);
      const b = await signUp(t.app, { baby_name: 'Bea' });
      const r = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, tok(b));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.body), ['format', 'dry_run', 'counts', 'first_ts', 'last_ts', 'new', 'already_there', 'skipped', 'notes', 'recipes']);
      assert.deepEqual(await byChild(b), { 'only child': ['milk|2026-11-20T08:00:00|100|||||'] });
      assert.deepEqual((await childrenOf(b)).map((c) => c.baby_name), ['Bea']);
    });

    test('Baby Buddy with two children: the dry run lists the mapping and creates nothing; entries go to their child; again adds nothing', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', timezone: 'UTC' });
      const ada = (await childrenOf(f))[0];
      const dry = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', dry_run: true, data: TWINS }, tok(f));
      assert.equal(dry.status, 200, dry.text);
      const expected = {
        format: 'babybuddy',
        dry_run: true,
        counts: { milk: 2, nappy: 2, sleep: 1, wake: 1, weight: 2, note: 1 },
        first_ts: '2026-11-19T12:00:00',
        last_ts: '2026-11-20T18:00:00',
        new: 9,
        already_there: 0,
        skipped: [{ line: 3, source: 'feedings', reason: 'child 3 is not in data.children' }],
        notes: { new: 0, already_there: 0 },
        recipes: { new: 0, already_there: 0 },
        children: [
          // Ada here is Baby Buddy's Ada Lovelace: her first name and birth date agree.
          { source: 'Ada Lovelace (Baby Buddy id 1)', child_id: ada.id, name: 'Ada', action: 'matched', new: 4, already_there: 0 },
          { source: 'Tom Lovelace (Baby Buddy id 2)', child_id: null, name: 'Tom', action: 'created', new: 5, already_there: 0 },
        ],
      };
      assert.deepEqual(dry.body, expected);
      await nothingChanged(f, { children: [ada], events: 0 }, 'dry run');

      const real = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: TWINS }, tok(f));
      assert.equal(real.status, 200, real.text);
      const kids = byName(await childrenOf(f));
      assert.deepEqual(kids.map((c) => [c.baby_name, c.dob, c.gender, c.archived]), [['Ada', '2026-05-01', ada.gender, false], ['Tom', '2026-05-01', '', false]]);
      expected.children[1]!.child_id = kids[1].id;
      assert.deepEqual(real.body, { ...expected, dry_run: false });
      assert.deepEqual(await byChild(f), {
        Ada: ['weight|2026-11-19T12:00:00|||6.2|||', 'milk|2026-11-20T08:00:00|120||||20|formula', 'nappy|2026-11-20T09:30:00||wet||||', 'note|2026-11-20T18:00:00||||||First bath together'],
        Tom: ['weight|2026-11-19T12:00:00|||5.9|||', 'milk|2026-11-20T08:00:00|90||||15|formula', 'nappy|2026-11-20T09:30:00||wet||||', 'sleep|2026-11-20T12:00:00||||||', 'wake|2026-11-20T13:30:00||||||'],
      });
      // Each child's own reads see only its entries.
      const tomDay = await call(t.app, 'GET', `/api/vega/export.csv?child=${kids[1].id}`, undefined, tok(f));
      assert.equal(tomDay.status, 200, tomDay.text);
      assert.equal(tomDay.text.trim().split('\r\n').length, 1 + 5);

      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: TWINS }, tok(f));
      assert.equal(again.status, 200, again.text);
      assert.deepEqual([again.body.new, again.body.already_there], [0, 9]);
      assert.deepEqual(byKey(again.body.children).map((c: any) => [c.name, c.action, c.child_id, c.new, c.already_there]), [
        ['Ada', 'matched', ada.id, 0, 4],
        ['Tom', 'matched', kids[1].id, 0, 5],
      ]);
      assert.equal((await childrenOf(f)).length, 2, 're-importing creates no child');
    });

    test('one transaction: a failure while writing the entries leaves no created child either', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01' });
      const before = { children: await childrenOf(f), events: 0 };
      const k = t.ctx.db.kysely;
      // A real failure inside the database (no mock): a trigger refuses one entry of the file.
      if (d.name === 'sqlite') {
        await sql`CREATE TRIGGER refuse_bath BEFORE INSERT ON events WHEN NEW.note = 'First bath together' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(k);
      } else {
        await sql`CREATE FUNCTION refuse_bath() RETURNS trigger AS $$ BEGIN IF NEW.note = 'First bath together' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(k);
        await sql`CREATE TRIGGER refuse_bath BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_bath()`.execute(k);
      }
      try {
        const r = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: TWINS }, tok(f));
        assertError(r, 500, 'internal_error');
        await nothingChanged(f, before, 'rolled back');
      } finally {
        await sql`DROP TRIGGER refuse_bath${sql.raw(d.name === 'sqlite' ? '' : ' ON events')}`.execute(k);
      }
    });

    test('Baby Buddy: a child of the same name born on another day is refused (409 child_mismatch), nothing changed', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-02' });
      const before = { children: await childrenOf(f), events: 0 };
      for (const dry_run of [true, false]) {
        const r = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', dry_run, data: TWINS }, tok(f));
        assertError(r, 409, 'child_mismatch');
        assert.equal(
          r.body.message,
          'Ada Lovelace (Baby Buddy id 1) was born on 2026-05-01, but Ada here was born on 2026-05-02. Correct the date of birth in one of them (here: POST /api/vega/children/edit), then import again.',
        );
      }
      await nothingChanged(f, before, 'mismatch');
    });

    test('over the 10-children limit: 409 child_limit, no child and no entry added', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01' });
      for (let i = 1; i <= 9; i++) await addChild(f, { baby_name: `Kid ${i}`, dob: '2026-01-01' });
      const data = structuredClone(TWINS);
      data.children.results[0].first_name = 'Una';
      const before = { children: await childrenOf(f), events: 0 };
      const r = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data }, tok(f));
      assertError(r, 409, 'child_limit');
      assert.equal(r.body.message, 'This import would add Una, Tom, but a family holds at most 10 children (archived ones count too) and yours has 10.');
      await nothingChanged(f, before, 'limit');
    });

    test('files that cannot say whose entries are whose, and a child named for a file of several: 400, nothing changed', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01' });
      const tom = await addChild(f, { baby_name: 'Tom', dob: '2026-05-01' });
      const before = { children: await childrenOf(f), events: 0 };
      const { children: _drop, ...noList } = TWINS;
      const r1 = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: noList }, tok(f));
      assertError(r1, 400, 'invalid_import');
      assert.equal(
        r1.body.message,
        "The entries belong to 3 children (Baby Buddy child ids 1, 2, 3), but the file has no children list to tell them apart: add Baby Buddy's children (GET /api/children/) as data.children.",
      );
      const r2 = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: TWINS, child: tom.id }, tok(f));
      assertError(r2, 400, 'invalid_import');
      assert.equal(
        r2.body.message,
        'child: this file holds 2 children (Ada Lovelace (Baby Buddy id 1), Tom Lovelace (Baby Buddy id 2)), each imported into its own child here; leave out child.',
      );
      const bad = structuredClone(TWINS);
      bad.children.results[1].birth_date = '2026-02-30';
      const r3 = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: bad }, tok(f));
      assertError(r3, 400, 'invalid_import');
      assert.equal(r3.body.message, 'data.children[1].birth_date must be a date, YYYY-MM-DD.');
      const old = structuredClone(TWINS);
      old.children.results[1] = { ...old.children.results[1], first_name: 'Una', birth_date: '2019-01-01' };
      const r4 = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', dry_run: true, data: old }, tok(f));
      assertError(r4, 400, 'invalid_import');
      assert.match(r4.body.message, /^Una Lovelace \(Baby Buddy id 2\) would be added here, but its date of birth 2019-01-01 cannot be: dob must be within the last 5 years/);
      const exported = await exportOf(f);
      const mixed = { ...exported, children: undefined, events: [{ type: 'note', note: 'a', ts: '2026-11-20T08:00:00', child_id: 'x1' }, { type: 'note', note: 'b', ts: '2026-11-20T08:00:00', child_id: 'x2' }] };
      const r5 = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: JSON.parse(JSON.stringify(mixed)) }, tok(f));
      assertError(r5, 400, 'invalid_import');
      assert.match(r5.body.message, /^The entries belong to 2 children \(child_id x1, x2\)/);
      await nothingChanged(f, before, 'refused');
    });

    test('Huckleberry into the child the request names; an unknown child is 404 and an archived one 409, nothing changed', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', timezone: 'Europe/London' });
      const tom = await addChild(f, { baby_name: 'Tom', dob: '2026-05-01' });
      const kit = await addChild(f, { baby_name: 'Kit', dob: '2026-05-01' });
      assert.equal((await call(t.app, 'POST', '/api/vega/children/archive', { id: kit.id, archived: true }, tok(f))).status, 200);
      const before = { children: await childrenOf(f), events: 0 };
      const unknown = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: HUCK, child: 'nosuchchild' }, tok(f));
      assertError(unknown, 404, 'child_not_found');
      assert.match(unknown.body.message, /^No child with id 'nosuchchild' in your family\. The family's children: \w+ \(id \w+\), \w+ \(id \w+\), \w+ \(id \w+\)\.$/);
      const archived = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: HUCK, child: kit.id }, tok(f));
      assertError(archived, 409, 'child_archived');
      await nothingChanged(f, before, 'refused');

      const r = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: HUCK, child: tom.id }, tok(f));
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.new, 8);
      assert.equal('children' in r.body, false, 'a one-child file answers as before');
      const got = await byChild(f);
      assert.deepEqual(Object.keys(got), ['Tom']);
      assert.equal(got.Tom!.length, 8);
      // Into Ada (the primary child) as well: the same rows are new for her, not Tom's duplicates.
      const intoAda = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', dry_run: true, data: HUCK }, tok(f));
      assert.deepEqual([intoAda.body.new, intoAda.body.already_there], [8, 0]);
    });

    test('an export child matched to an archived child here: 409 child_archived while it has new entries, nothing changed', async () => {
      const a = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01' });
      const tom = await addChild(a, { baby_name: 'Tom', dob: '2026-05-01' });
      await log(a, { type: 'milk', ml: 90, ts: '2026-11-20T08:00:00', child: tom.id });
      const exported = await exportOf(a);
      const b = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01' });
      const bTom = await addChild(b, { baby_name: 'tom', dob: '2026-05-01' });
      assert.equal((await call(t.app, 'POST', '/api/vega/children/archive', { id: bTom.id, archived: true }, tok(b))).status, 200);
      const before = { children: await childrenOf(b), events: 0 };
      const r = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported }, tok(b));
      assertError(r, 409, 'child_archived');
      assert.equal(r.body.message, 'tom is archived: unarchive tom in settings (POST /api/vega/children/archive) to import entries into their log.');
      await nothingChanged(b, before, 'archived');
    });
  });
}
