// The report (#16): day totals for a fixture fortnight worked out by hand, across the DST change.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, assertError, type TestApp } from '../helpers/app.ts';
import { fortnightEvents, REPORT_FROM, REPORT_TO } from '../helpers/report-fixture.ts';

for (const d of testDatabases()) {
  describe(`report [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('a fortnight: feeds, sleep (the 25-hour day), nappies, growth with centiles, new foods and allergens, notes', async () => {
      const f = await signUp(t.app, { timezone: 'Europe/London', gender: 'girl', baby_name: 'Maisie' });
      const imp = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: { events: fortnightEvents() } }, { token: f.token });
      assert.equal(imp.status, 200, imp.text);
      assert.deepEqual(imp.body.skipped, []);
      const res = await call(t.app, 'GET', `/api/vega/report?from=${REPORT_FROM}&to=${REPORT_TO}`, undefined, { token: f.token });
      assert.equal(res.status, 200, res.text);
      const r = res.body;
      assert.deepEqual([r.baby_name, r.from, r.to, r.days.length], ['Maisie', REPORT_FROM, REPORT_TO, 14]);
      const usual = {
        feeds: { count: 5, bottle_count: 3, bottle_ml: 420, breastfeed_count: 2, breastfeed_minutes: 35 },
        // 00:00-06:30 of the night before (390) + the 13:00 nap (90) + 19:30-24:00 (270)
        sleep: { total_minutes: 750, longest_minutes: 660, count: 2 },
        nappies: { wet: 2, dirty: 2, total: 3 },
        solids: 0,
        temperatures: [],
        medicines: [],
        milestones: [],
      };
      const byDate = Object.fromEntries(r.days.map((x: any) => [x.date, x]));
      assert.deepEqual(byDate['2026-10-20'], { date: '2026-10-20', ...usual });
      // the night of 24→25 October is 12 hours (19:30 BST to 06:30 GMT)
      assert.deepEqual(byDate['2026-10-24'].sleep, { total_minutes: 750, longest_minutes: 720, count: 2 });
      // 25 October has 25 hours: 00:00 BST to 06:30 GMT is 450 minutes
      assert.deepEqual(byDate['2026-10-25'].sleep, { total_minutes: 810, longest_minutes: 660, count: 2 });
      assert.deepEqual(byDate['2026-10-28'].feeds, { count: 6, bottle_count: 4, bottle_ml: 510, breastfeed_count: 2, breastfeed_minutes: 35 });
      assert.equal(byDate['2026-10-28'].solids, 1);
      assert.deepEqual(byDate['2026-11-02'], { date: '2026-11-02', ...usual });
      assert.deepEqual(r.totals, { feeds: 71, bottle_ml: 5970, breastfeed_count: 28, breastfeed_minutes: 490, sleep_minutes: 10560, wet: 28, dirty: 28 });

      assert.equal(r.growth.sex, 'girl');
      assert.deepEqual(
        r.growth.measurements.map((m: any) => [m.type, m.value, m.unit, m.age_days, typeof m.percentile, m.in_range]),
        [
          ['weight', 7.1, 'kg', 173, 'number', true],
          ['length', 66, 'cm', 173, 'number', true],
        ],
      );
      assert.deepEqual(r.growth.centile_lines.weight.map((l: any) => l.centile), [2, 9, 25, 50, 75, 91, 98]);
      const p50 = r.growth.centile_lines.weight[3].points;
      assert.ok(p50.length > 5 && p50.every((p: any, i: number) => i === 0 || p.value >= p50[i - 1].value), 'the median weight line rises with age');
      assert.deepEqual(r.solids.new_foods, [{ food: 'peanut butter', first_ts: '2026-10-28T12:30:00', allergens: ['peanuts'] }]);
      assert.deepEqual(r.solids.new_allergens.map((a: any) => [a.allergen, a.food]), [['peanuts', 'peanut butter']]);
      assert.deepEqual(r.notes, [{ ts: '2026-10-30T09:00:00', author: f.username, note: 'Saw the health visitor' }]);
    });

    test('errors: more than 31 days, from after to, missing or bad dates → 400', async () => {
      const f = await signUp(t.app);
      const tok = { token: f.token };
      const long = await call(t.app, 'GET', '/api/vega/report?from=2026-10-01&to=2026-11-01', undefined, tok);
      assertError(long, 400, 'range_too_long');
      assert.equal(long.body.message, 'A report covers at most 31 days.');
      assert.equal((await call(t.app, 'GET', '/api/vega/report?from=2026-10-01&to=2026-10-31', undefined, tok)).status, 200, '31 days is fine');
      assertError(await call(t.app, 'GET', '/api/vega/report?from=2026-10-10&to=2026-10-01', undefined, tok), 400, 'invalid_range');
      assertError(await call(t.app, 'GET', '/api/vega/report?from=2026-10-10', undefined, tok), 400, 'bad_request');
      assertError(await call(t.app, 'GET', '/api/vega/report?from=2026-02-30&to=2026-03-01', undefined, tok), 400, 'bad_request');
    });
  });
}
