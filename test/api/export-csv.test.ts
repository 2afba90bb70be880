// CSV export (#16): RFC 4180 quoting, a header naming every column, local times, day range in
// the family's zone, paging past one page of events, errors.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { testDatabases } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, startApp, assertError, type TestApp } from '../helpers/app.ts';

const HEADER = 'id,date,time,timestamp,type,author,ml,side,duration_min,kind,foods,meal_type,kg,cm,ug,note,reactions,celsius,fahrenheit,method,medicine,amount,unit,title';

for (const d of testDatabases()) {
  describe(`CSV export [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('one row per event, quoted per RFC 4180, local times, the range in family-local days', async () => {
      const f = await signUp(t.app, { timezone: 'Europe/London' });
      const tok = { token: f.token };
      const log = async (body: any) => {
        const r = await call(t.app, 'POST', '/api/vega/log', body, tok);
        assert.equal(r.status, 200, r.text);
        return r.body.event;
      };
      await log({ type: 'milk', ml: 0, side: 'left', duration_min: 12, ts: '2026-10-24T23:30:00' });
      const bottle = await log({ type: 'milk', ml: 120, ts: '2026-10-25T09:00:00', note: 'said "more", then slept\nwell' });
      await call(t.app, 'POST', '/api/vega/event/react', { id: bottle.id, emoji: '👍' }, tok);
      await log({ type: 'solid', foods: ['Banana', 'Oats'], meal_type: 'meal', ts: '2026-10-26T12:00:00' });
      await log({ type: 'note', note: '=SUM(A1)', ts: '2026-10-27T08:00:00' });

      const res = await call(t.app, 'GET', '/api/vega/export.csv?from=2026-10-25&to=2026-10-26', undefined, tok);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="baby-tracker-2026-10-25-to-2026-10-26.csv"');
      const lines = res.text.split('\r\n');
      assert.equal(lines[0], HEADER);
      const rows = parse(res.text, { columns: true }) as Record<string, string>[];
      assert.deepEqual(
        rows.map((r) => [r.date, r.time, r.timestamp, r.type, r.ml, r.foods, r.meal_type, r.note, r.reactions, r.author]),
        [
          ['2026-10-25', '09:00:00', '2026-10-25T09:00:00', 'milk', '120', '', '', 'said "more", then slept\nwell', `👍 ${f.username}`, f.username],
          ['2026-10-26', '12:00:00', '2026-10-26T12:00:00', 'solid', '', 'Banana; Oats', 'meal', '', '', f.username],
        ],
      );
      assert.ok(res.text.includes('"said ""more"", then slept\nwell"'), 'quotes doubled inside a quoted field');

      const all = await call(t.app, 'GET', '/api/vega/export.csv', undefined, tok);
      const allRows = parse(all.text, { columns: true }) as Record<string, string>[];
      assert.deepEqual(allRows.map((r) => r.timestamp), ['2026-10-24T23:30:00', '2026-10-25T09:00:00', '2026-10-26T12:00:00', '2026-10-27T08:00:00']);
      assert.deepEqual([allRows[0].side, allRows[0].duration_min], ['left', '12']);
      assert.ok(all.text.includes('"=SUM(A1)"'), 'a formula-looking note is quoted');
    });

    test('longer than one page: every event once, in order', async () => {
      const f = await signUp(t.app, { timezone: 'UTC' });
      const rows = ['Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes'];
      const start = Date.parse('2026-09-01T00:00:00Z');
      for (let i = 0; i < 2100; i++) {
        const ts = new Date(start + i * 30 * 60000).toISOString().slice(0, 16).replace('T', ' ');
        rows.push(`Diaper,${ts},,,Pee,,,n${i}`);
      }
      const imp = await call(t.app, 'POST', '/api/vega/import', { format: 'huckleberry', data: rows.join('\n') }, { token: f.token });
      assert.equal(imp.body.new, 2100, imp.text.slice(0, 300));
      const res = await call(t.app, 'GET', '/api/vega/export.csv', undefined, { token: f.token });
      const got = parse(res.text, { columns: true }) as Record<string, string>[];
      assert.equal(got.length, 2100);
      assert.deepEqual(got.map((r) => r.note), Array.from({ length: 2100 }, (_, i) => `n${i}`));
    });

    test('errors: a bad date or an upside-down range is 400; a member is 403', async () => {
      const f = await signUp(t.app);
      const bad = await call(t.app, 'GET', '/api/vega/export.csv?from=2026-02-30', undefined, { token: f.token });
      assertError(bad, 400, 'bad_request');
      assertError(await call(t.app, 'GET', '/api/vega/export.csv?from=2026-11-10&to=2026-11-01', undefined, { token: f.token }), 400, 'invalid_range');
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { token: f.token });
      const joined = await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: `c${Date.now()}@example.com`, password: 'secret pass' });
      assertError(await call(t.app, 'GET', '/api/vega/export.csv', undefined, { cookie: sessionCookieOf(joined) }), 403, 'forbidden');
    });
  });
}
