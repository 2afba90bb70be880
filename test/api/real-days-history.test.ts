// Issue 27, items 5, 7 and 8, on both databases, with families built through the API and the
// figures a careful parent would check by hand:
// - the whole history: an allergen first given three weeks ago and not since shows in the
//   patterns allergen grid as introduced (first date, last exposure, 21 days since, "keep
//   offering"), not as "not yet logged"; questions about a dated day months back, "first"
//   questions and "how much has she grown since her first birthday?" answer from the whole log;
// - fever by age: a temperature of 38 °C or more under 3 months (39 °C at 3 to 6 months) gets
//   the urgent signpost first; a 4-month-old's 38.5 and a 7-month-old's 38.2 the general redirect;
// - the family's notes: a fact only a note holds is the answer, not a refusal followed by it.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { actorFromToken } from '../../src/services/access/auth.ts';
import { builtinAnswer } from '../../src/services/ask/ask.ts';
import { GUARDRAIL_TEXTS } from '../../src/domain/guardrails.ts';

const NOW = '2026-11-22T12:00:00Z'; // 12:00 in London (GMT)

async function log(t: TestApp, f: Family, body: Record<string, unknown>): Promise<void> {
  const r = await call(t.app, 'POST', '/api/vega/log', body, { token: f.token });
  assert.equal(r.status, 200, `${JSON.stringify(body)}: ${r.text}`);
}

async function ask(t: TestApp, f: Family, question: string) {
  const r = await call(t.app, 'POST', '/api/ask', { question }, { token: f.token });
  assert.equal(r.status, 200, `${question}: ${r.text}`);
  return r.body as { answer: string; guardrail: string | null; context_used: boolean; model: string | null; saved_notes: unknown };
}

/** The built-in answer's figures on the same context the route uses. */
async function figures(t: TestApp, f: Family, question: string) {
  const actor = (await actorFromToken(t.ctx, f.token))!;
  return (await builtinAnswer(t.ctx, actor, question)).builtin;
}

for (const d of testDatabases()) {
  describe(`the whole history, fever by age and notes [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let solids: Family; // 18 months old, on solids, a log going back a year
    before(async () => {
      t = await startApp(d.name, { TRACKER_PLAN_DEFAULT: 'paid', ASK_DAILY_LIMIT: '200', ASK_MONTHLY_LIMIT: '500' });
      t.clock.set(NOW);
      solids = await signUp(t.app, { baby_name: 'Ada', dob: '2025-05-01', gender: 'girl', region: 'uk', timezone: 'Europe/London' });
      // A year of history, logged through the API with past times.
      await log(t, solids, { type: 'solid', foods: ['sweet potato'], meal_type: 'meal', ts: '2025-11-05T12:00:00' });
      for (const [ts, ml] of [['2026-03-03T07:00:00', 120], ['2026-03-03T11:30:00', 150], ['2026-03-03T18:45:00', 180], ['2026-03-04T07:10:00', 200]] as const) {
        await log(t, solids, { type: 'milk', ml, ts });
      }
      await log(t, solids, { type: 'solid', foods: ['porridge', 'banana'], meal_type: 'meal', ts: '2026-03-03T08:00:00' });
      await log(t, solids, { type: 'length', cm: 73.5, ts: '2026-03-01T10:00:00' });
      await log(t, solids, { type: 'length', cm: 74.0, ts: '2026-04-28T10:00:00' }); // 3 days before her first birthday
      await log(t, solids, { type: 'weight', kg: 9.0, ts: '2026-04-28T10:05:00' });
      await log(t, solids, { type: 'length', cm: 76.0, ts: '2026-05-10T10:00:00' }); // 9 days after it
      await log(t, solids, { type: 'solid', foods: ['toast with peanut butter'], meal_type: 'meal', ts: '2026-06-15T12:00:00' });
      await log(t, solids, { type: 'solid', foods: ['sweet potato'], meal_type: 'meal', ts: '2026-11-10T17:30:00' });
      // Egg: first given three weeks ago (Sun 1 Nov), and not since.
      await log(t, solids, { type: 'solid', foods: ['scrambled egg'], meal_type: 'meal', ts: '2026-11-01T12:00:00' });
      await log(t, solids, { type: 'length', cm: 82.0, ts: '2026-11-15T10:00:00' });
      await log(t, solids, { type: 'weight', kg: 10.4, ts: '2026-11-15T10:05:00' });
      await log(t, solids, { type: 'solid', foods: ['banana'], meal_type: 'snack', ts: '2026-11-20T15:00:00' });
      await log(t, solids, { type: 'milk', ml: 150, ts: '2026-11-22T07:00:00' });
    });
    after(async () => {
      await t?.close();
    });

    test('the allergen grid: egg first given 3 weeks ago is introduced, with its dates, 21 days since, and keep offering', async () => {
      const p = (await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: solids.token })).body;
      const g = p.allergen_grid;
      const rows: Array<[string, string | null, string | null, number | null]> = [
        // id, first exposure, last exposure, days since the last
        ['eggs', '2026-11-01', '2026-11-01', 21],
        ['peanuts', '2026-06-15', '2026-06-15', 160],
        ['gluten', '2026-03-03', '2026-06-15', 160], // porridge (oats) in March, the toast in June
        ['fish', null, null, null],
      ];
      for (const [id, first, last, since] of rows) {
        assert.equal(g.first_exposure[id], first, `${id} first`);
        assert.equal(g.last_exposure[id], last, `${id} last`);
        assert.equal(g.days_since_last[id], since, `${id} days since`);
        assert.equal(g.not_yet_logged.includes(id), first === null, `${id} not yet logged`);
      }
      // The 14 days of cells are the window's: egg on 1 Nov is before them.
      assert.deepEqual(g.cells.eggs, Array(14).fill(0));
      assert.equal(g.keep_offering_days, 7);
      const keep = Object.fromEntries(g.keep_offering.map((k: any) => [k.id, k]));
      assert.deepEqual(Object.keys(keep).sort(), ['eggs', 'gluten', 'peanuts']);
      assert.equal(keep.eggs.days_since_last, 21);
      assert.equal(keep.eggs.first_exposure, '2026-11-01');
      assert.match(keep.eggs.message, /not offered for 21 days/);
      // The same read again is served from the cache, and equal.
      const again = (await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: solids.token })).body;
      assert.deepEqual(again.allergen_grid, g);
    });

    test('a solid logged before the window moves the grid on (the cached history is reloaded)', async () => {
      t.clock.set(NOW);
      await log(t, solids, { type: 'solid', foods: ['fish pie'], meal_type: 'meal', ts: '2026-10-01T17:00:00' });
      const g = (await call(t.app, 'GET', '/api/vega/patterns', undefined, { token: solids.token })).body.allergen_grid;
      assert.equal(g.first_exposure.fish, '2026-10-01');
      assert.equal(g.days_since_last.fish, 52);
      assert.ok(!g.not_yet_logged.includes('fish'));
    });

    const questions: Array<{ q: string; has: (string | RegExp)[]; figures?: Record<string, string | number>; not?: RegExp[] }> = [
      // "first" questions give the first time, from the whole log
      { q: 'When did Ada first have sweet potato?', has: ['first had sweet potato', 'Wed 5 Nov 2025'], figures: { first_at: '2025-11-05T12:00:00', last_at: '2026-11-10T17:30:00', times: 2 } },
      { q: 'When did she first have egg?', has: ['first had egg (scrambled egg)', 'Sun 1 Nov', '21 days ago'], figures: { first_at: '2026-11-01T12:00:00', times: 1 } },
      { q: 'What was her first food?', has: ['sweet potato', 'Wed 5 Nov 2025'], figures: { first_at: '2025-11-05T12:00:00' } },
      // an allergen introduced weeks ago: how long since it was offered
      { q: 'Has Ada had egg?', has: [/^Yes/, 'Not offered for 21 days'], figures: { days_since_last: 21, last_at: '2026-11-01T12:00:00' } },
      { q: 'When did she last have peanut?', has: ['Mon 15 Jun', 'Not offered for 160 days'], figures: { last_at: '2026-06-15T12:00:00' } },
      { q: 'Which allergens has she had?', has: ['eggs', 'peanuts', 'in the log', 'Not offered for 7 days or more'], not: [/last 60 days/] },
      // a dated day months back: that day's log, not "0"
      { q: 'How much milk did Ada have on 3 March?', has: ['450 ml'], figures: { milk_ml: 450, feeds: 3 } },
      { q: 'What did she eat on 3 March?', has: ['porridge', 'banana'] },
      { q: 'How much milk did she have on 3 March 2025?', has: ["log starts on Wed 5 Nov 2025"], not: [/\b0 ml\b/] },
      // growth at both ends, naming the measurements used
      { q: 'How much has she grown since her first birthday?', has: ['8 cm', '74 cm on Tue 28 Apr', '82 cm on Sun 15 Nov', 'first birthday'], figures: { change_cm: 8, from_at: '2026-04-28T10:00:00', to_at: '2026-11-15T10:00:00' } },
      { q: 'How much weight has she gained since her first birthday?', has: ['1.4 kg', '9 kg on Tue 28 Apr', '10.4 kg on Sun 15 Nov'], figures: { change_kg: 1.4 } },
      { q: 'What was her first length?', has: ['73.5 cm', 'Sun 1 Mar'] },
    ];
    for (const row of questions) {
      test(`asked: ${row.q}`, async () => {
        t.clock.set(NOW);
        const r = await ask(t, solids, row.q);
        const label = `${row.q} → ${r.answer}`;
        assert.equal(r.guardrail, null, label);
        assert.equal(r.context_used, true, label);
        for (const h of row.has) {
          if (typeof h === 'string') assert.ok(r.answer.includes(h), `${label}\n  missing: ${h}`);
          else assert.match(r.answer, h, label);
        }
        for (const n of row.not ?? []) assert.doesNotMatch(r.answer, n, label);
        if (row.figures) {
          const b = await figures(t, solids, row.q);
          assert.equal(b.answer, r.answer, label);
          for (const [k, v] of Object.entries(row.figures)) assert.equal(b.figures[k], v, `${label}\n  figure ${k}: ${JSON.stringify(b.figures)}`);
        }
      });
    }

    test('a note holding the fact asked for is the answer, not a refusal followed by it', async () => {
      t.clock.set(NOW);
      await ask(t, solids, 'remember: her GP is Dr Patel at the Elm Street surgery');
      const r = await ask(t, solids, "Who is Ada's GP?");
      assert.match(r.answer, /^You noted on Sun 22 Nov: "her GP is Dr Patel at the Elm Street surgery"\.$/, r.answer);
      assert.doesNotMatch(r.answer, /can't answer/);
      assert.equal(r.context_used, true);
      // A question the log answers keeps the log's answer first, the note after it.
      const m = await ask(t, solids, 'How much milk has she had today?');
      assert.match(m.answer, /^Ada had 150 ml/, m.answer);
    });

    // Fever by age: the family's child's age (or the age the question states) and the reading.
    const fever: Array<{ who: string; dob: string; region: 'uk' | 'us'; units?: 'imperial'; q: string; rule?: 'symptom' | 'diagnosis'; urgent: RegExp | null }> = [
      { who: 'newborn', dob: '2026-10-11', region: 'uk', q: "she's 6 weeks and 38.2, what should I do?", urgent: /^Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: call NHS 111 or your GP now; 999 in an emergency\./ },
      { who: 'newborn', dob: '2026-10-11', region: 'uk', q: 'Her temperature is 38.0, is that ok?', rule: 'diagnosis', urgent: /^Under 3 months, a temperature of 38 °C or higher/ },
      { who: 'newborn', dob: '2026-10-11', region: 'uk', q: 'She feels warm, 37.6 on the thermometer', urgent: null },
      { who: 'newborn (US)', dob: '2026-09-28', region: 'us', units: 'imperial', q: 'temperature of 100.8F in my 2 month old', urgent: /^Under 3 months, a temperature of 100\.4 °F \(38 °C\) or higher is a reason to get medical advice urgently: call your child's pediatrician now; 911 in an emergency\./ },
      { who: '4-month-old', dob: '2026-07-20', region: 'uk', q: 'she has a temperature of 38.5, what should I do?', urgent: null },
      { who: '4-month-old', dob: '2026-07-20', region: 'uk', q: 'he has a temperature of 39.1', urgent: /^At 3 to 6 months, a temperature of 39 °C or higher/ },
      { who: '4-month-old', dob: '2026-07-20', region: 'uk', q: '7 month old 38.2', urgent: null },
    ];
    for (const row of fever) {
      test(`fever by age: ${row.who}: ${row.q}`, async () => {
        t.clock.set(NOW);
        const f = await signUp(t.app, { baby_name: 'Sam', dob: row.dob, region: row.region, ...(row.region === 'us' ? { timezone: 'America/New_York' } : {}), ...(row.units ? { units: row.units } : {}) });
        const r = await ask(t, f, row.q);
        const rule = row.rule ?? 'symptom';
        const general = GUARDRAIL_TEXTS[row.region][rule];
        assert.equal(r.guardrail, rule, r.answer);
        assert.equal(r.model, null);
        assert.ok(r.answer.endsWith(general), `the general redirect is kept: ${r.answer}`);
        if (row.urgent) assert.match(r.answer, row.urgent);
        else assert.equal(r.answer, general);
        assert.doesNotMatch(r.answer, /\d+(\.\d+)?\s?(mg|ml)\b/i, 'never a dose');
      });
    }

    test('fever by age: a reading logged in the past 24 hours leads the answer to a temperature question', async () => {
      t.clock.set(NOW);
      const f = await signUp(t.app, { baby_name: 'Mia', dob: '2026-10-11', region: 'uk' });
      await log(t, f, { type: 'temperature', celsius: 38.3, ts: '2026-11-22T11:30:00' });
      const r = await ask(t, f, 'She has a temperature, what should I do?');
      assert.match(r.answer, /^Mia's temperature was 38\.3 °C at 11:30, 30 min ago\. Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: call NHS 111 or your GP now; 999 in an emergency\. I can’t assess symptoms/, r.answer);
      // A log question without a temperature word is answered as before.
      await log(t, f, { type: 'milk', ml: 90, ts: '2026-11-22T10:00:00' });
      const feeds = await ask(t, f, 'How much milk has she had today?');
      assert.match(feeds.answer, /^Mia had 90 ml/, feeds.answer);
    });

    test('fever by age: a let-through log question stating a reading still gets the signpost first', async () => {
      t.clock.set(NOW);
      const f = await signUp(t.app, { baby_name: 'Leo', dob: '2026-10-11', region: 'uk' });
      await log(t, f, { type: 'milk', ml: 90, ts: '2026-11-12T10:00:00' });
      const r = await ask(t, f, 'How many feeds did he have last week while he had a fever of 38.4?');
      assert.equal(r.guardrail, null, r.answer);
      assert.match(r.answer, /^Under 3 months, a temperature of 38 °C or higher is a reason to get medical advice urgently: call NHS 111 or your GP now; 999 in an emergency\. Leo had 90 ml of milk over 1 feed last week/, r.answer);
    });
  });
}
