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

const strip = (e: any) => {
  const { id, ...rest } = e;
  return rest;
};
const brief = (e: any) =>
  [e.type, e.ts, e.ml, e.kind, e.foods?.join('+') ?? null, e.kg, e.cm, e.side, e.duration_min, e.note].map((x) => (x === null || x === undefined ? '' : String(x))).join('|');

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
        counts: { milk: 4, sleep: 1, wake: 1, nappy: 2, note: 2, weight: 1, length: 1 },
        first_ts: '2026-10-20T12:00:00',
        last_ts: '2026-10-27T11:00:00',
        new: 12,
        already_there: 0,
        skipped: [
          { line: 5, source: 'feedings', reason: 'milk ml 591 is outside 0–500' },
          { line: 6, source: 'feedings', reason: 'milk is in the future' },
          { line: 7, source: 'feedings', reason: 'solid food feedings carry no food names to import' },
          { line: 0, source: 'temperature', reason: "section 'temperature' is not imported (no matching event type)" },
          { line: 2, source: 'weight', reason: 'weight weight 36.29 kg is outside 0.5–30 kg' },
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
        'note|2026-10-27T11:00:00||||||||Tummy time 10 min; Lifted head',
      ]);
      assert.ok(got.every((e) => e.author === f.username && e.reactions === null));

      const again = await call(t.app, 'POST', '/api/vega/import', { format: 'babybuddy', data: BB }, { token: f.token });
      assert.equal(again.status, 200);
      assert.equal(again.body.new, 0);
      assert.equal(again.body.already_there, 12);
      assert.equal((await events(f)).length, 12, 're-importing the same file adds nothing');
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
          { line: 9, source: 'csv', reason: 'milk ml 600 is outside 0–500' },
          { line: 10, source: 'csv', reason: "type 'Pump' is not imported (no matching event type)" },
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
      assert.deepEqual(big.body.skipped[8999], { line: 9001, source: 'csv', reason: 'nappy note is longer than 300 characters' });
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
