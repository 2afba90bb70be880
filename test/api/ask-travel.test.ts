// Issue 37, defect 8b, over HTTP on both databases: a family at home in London logs its days in
// Los Angeles (each log with `timezone: America/Los_Angeles`), so live says the baby is there.
// POST /api/ask counts "today", "yesterday" and "last night" there too, as live does: at 17:00
// in Los Angeles (01:00 the next day in London) she went down last night at 19:00 and has had
// three feeds today. November 2026: London UTC+0, Los Angeles UTC−8.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { localToInstant } from '../../src/domain/time.ts';

const LONDON = 'Europe/London';
const LA = 'America/Los_Angeles';

for (const d of testDatabases()) {
  describe(`answers where the baby is now [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    const at = (local: string) => t.clock.set(new Date(localToInstant(local, LA)).toISOString());
    const ask = async (question: string) => {
      const r = await call(t.app, 'POST', '/api/ask', { question }, { token: f.token });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.model, 'builtin-rules-v1');
      return r.body.answer as string;
    };

    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid' });
      at('2026-11-20T06:00:00');
      f = await signUp(t.app, { baby_name: 'Noor', dob: '2026-05-01', timezone: LONDON });
      at('2026-11-22T17:00:00');
      // Up at 07:00, naps 09:30–10:30 and 13:30–15:00, feeds at 07:15, 11:00, 15:30 and 18:30, down at 19:00.
      for (const date of ['2026-11-20', '2026-11-21', '2026-11-22']) {
        const day: Array<[string, Record<string, unknown>]> = [
          ['07:00', { type: 'wake' }], ['07:15', { type: 'milk', ml: 180 }], ['09:30', { type: 'sleep' }], ['10:30', { type: 'wake' }],
          ['11:00', { type: 'milk', ml: 150 }], ['13:30', { type: 'sleep' }], ['15:00', { type: 'wake' }], ['15:30', { type: 'milk', ml: 150 }],
          ['18:30', { type: 'milk', ml: 200 }], ['19:00', { type: 'sleep' }],
        ];
        for (const [hhmm, body] of day) {
          if (`${date}T${hhmm}` > '2026-11-22T17:00') continue;
          const r = await call(t.app, 'POST', '/api/vega/log', { ...body, ts: `${date}T${hhmm}:00`, timezone: LA }, { token: f.token });
          assert.equal(r.status, 200, r.text);
        }
      }
    });
    after(async () => {
      await t?.close();
    });

    test('live is in Los Angeles, where London\'s day is already the next one', async () => {
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token });
      assert.equal(live.body.timezone, LA);
      assert.equal(live.body.now, '2026-11-22T17:00:00');
      assert.equal(live.body.feeds_today, 3);
    });

    test('"What time did she go to bed last night?": 19:00 there', async () => {
      assert.equal(await ask('What time did she go to bed last night?'), 'Noor went down for the night at 19:00 (last night).');
      assert.equal(await ask('How did she sleep last night?'),
        'Last night Noor went down at 19:00 until 07:00, 12 h of sleep in total, without waking. The longest stretch was 12 h.');
    });

    test('today and yesterday are the days there', async () => {
      assert.equal(await ask('How much milk has she had today?'), 'Noor had 480 ml of milk over 3 feeds so far today.');
      assert.equal(await ask('How many naps has she had today?'), 'Noor had 2 naps so far today, 2 h 30 min in total; the longest was 1 h 30 min.');
      assert.equal(await ask('How many feeds did she have yesterday?'), 'Noor had 680 ml of milk over 4 feeds yesterday (Sat 21 Nov).');
      assert.match(await ask('When did she last feed?'), /^Noor's last feed was at 15:30 today, 1 h 30 min ago, 150 ml\./);
    });
  });
}
