// Drops in the nutrients (issue 27 item 6): vitamin D and iron drops count toward the day's
// intake beside the amount from food, the percentage is of the two together, and a
// multivitamin is listed but counts toward nothing. Each figure is worked by hand from the food
// table's portions (scrambled egg: 0.45 µg vitamin D, 0.328 mg iron) and the logged ug.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { dropContribution, solidsBlocks, type Nutrients7d, type NutrientsToday } from '../../src/domain/nutrition.ts';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { makeEvent } from '../helpers/events.ts';

const ZONE = 'Europe/London';
// 7–8 months on 2024-09-10: the UK 7–9-month row (vitamin D 8.5, range 8.5–10 µg; iron 7.8 mg).
const UK: ChildProfile = { baby_name: 'Ada', dob: '2024-01-15', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric' };
const US: ChildProfile = { ...UK, region: 'us', timezone: 'America/New_York', units: 'imperial' };
const NOW = localToInstant('2024-09-10T18:00:00', ZONE);

const solid = (ts: string, foods: string[], zone = ZONE) => makeEvent(zone, 'solid', ts, { foods, meal_type: 'meal' });
const drop = (ts: string, kind: string, ug: number | null, zone = ZONE) => makeEvent(zone, 'supplement', ts, { kind, ug });
const today = (events: TimedEvent[], profile = UK, now = NOW) => solidsBlocks(events, profile, now, [], { solidsStarted: true }).nutrients_today as NutrientsToday;
const week = (events: TimedEvent[], profile = UK, now = NOW) => solidsBlocks(events, profile, now, [], { solidsStarted: true }).nutrients_7d as Nutrients7d;

describe('dropContribution', () => {
  const cases: [string | null, number | null, ReturnType<typeof dropContribution>][] = [
    ['vitd', 10, { key: 'vitamin_d_ug', amount: 10 }],
    ['iron', 7000, { key: 'iron_mg', amount: 7 }], // µg → mg
    ['iron', 500, { key: 'iron_mg', amount: 0.5 }],
    ['vitd', null, { key: 'vitamin_d_ug', amount: null }],
    ['multivitamin', 10, null],
    [null, 10, null],
  ];
  for (const [kind, ug, want] of cases) {
    test(`${kind} ${ug} µg`, () => assert.deepEqual(dropContribution(kind, ug), want));
  }
});

describe('nutrients_today with drops', () => {
  test('food + drops = total; pct of the total; multivitamin listed, not counted', () => {
    const t = today([
      drop('2024-09-10T08:00:00', 'vitd', 10),
      drop('2024-09-10T08:05:00', 'iron', 7000),
      drop('2024-09-10T09:00:00', 'multivitamin', 10),
      solid('2024-09-10T12:00:00', ['scrambled egg']),
    ]);
    assert.deepEqual(t.nutrients.vitamin_d_ug, {
      amount: 10.45, target: 8.5, pct: 123, unit: 'µg', // 10.45 / 8.5 = 122.9 %
      from_food: 0.45, from_drops: 10, drops: 1, drops_without_amount: 0, target_range: { min: 8.5, max: 10 },
    });
    assert.deepEqual(t.nutrients.iron_mg, {
      amount: 7.33, target: 7.8, pct: 94, unit: 'mg', // (0.328 + 7) / 7.8 = 93.9 %
      from_food: 0.33, from_drops: 7, drops: 1, drops_without_amount: 0, target_range: null,
    });
    // Nutrients drops cannot carry: the food alone, as before.
    assert.equal(t.nutrients.protein_g.amount, 2.5);
    assert.equal(t.nutrients.protein_g.from_food, 2.5);
    assert.equal('from_drops' in t.nutrients.protein_g, false);
    assert.deepEqual(t.drops, [
      { ts: '2024-09-10T08:00:00', kind: 'vitd', ug: 10, counts_toward: 'vitamin_d_ug', amount: 10 },
      { ts: '2024-09-10T08:05:00', kind: 'iron', ug: 7000, counts_toward: 'iron_mg', amount: 7 },
      { ts: '2024-09-10T09:00:00', kind: 'multivitamin', ug: 10, counts_toward: null, amount: null },
    ]);
  });

  test('no drops: amount is the food, from_drops 0, the same pct as before drops counted', () => {
    const t = today([solid('2024-09-10T12:00:00', ['scrambled egg'])]);
    assert.deepEqual(t.nutrients.vitamin_d_ug, {
      amount: 0.45, target: 8.5, pct: 5, unit: 'µg', from_food: 0.45, from_drops: 0, drops: 0, drops_without_amount: 0, target_range: { min: 8.5, max: 10 },
    });
    assert.deepEqual(t.drops, []);
  });

  test('drops with no food today still count (portions 0)', () => {
    const t = today([solid('2024-09-09T12:00:00', ['banana']), drop('2024-09-10T08:00:00', 'vitd', 10)]);
    assert.equal(t.portions, 0);
    assert.equal(t.nutrients.vitamin_d_ug.amount, 10);
    assert.equal(t.nutrients.vitamin_d_ug.pct, 118); // 10 / 8.5
  });

  test('drops logged without an amount: counted as a dose, not as µg, and pct is null (intake not known)', () => {
    const t = today([drop('2024-09-10T08:00:00', 'vitd', null), solid('2024-09-10T12:00:00', ['scrambled egg'])]);
    const d = t.nutrients.vitamin_d_ug;
    assert.deepEqual([d.amount, d.from_food, d.from_drops, d.drops, d.drops_without_amount, d.pct], [0.45, 0.45, 0, 1, 1, null]);
    assert.equal(t.nutrients.iron_mg.pct, 4); // iron is unaffected: 0.328 / 7.8
  });

  test('two doses add; a dose after now and one yesterday are not today\'s', () => {
    const t = today([
      drop('2024-09-09T08:00:00', 'vitd', 10),
      drop('2024-09-10T08:00:00', 'vitd', 5),
      drop('2024-09-10T17:00:00', 'vitd', 5),
      drop('2024-09-10T19:00:00', 'vitd', 10), // after now (18:00)
    ]);
    assert.deepEqual([t.nutrients.vitamin_d_ug.from_drops, t.nutrients.vitamin_d_ug.drops, t.drops.length], [10, 2, 2]);
  });

  test('US: iron drops in µg against the mg RDA (7–12 months: 11 mg); vitamin D 10 µg AI, no range', () => {
    const now = localToInstant('2024-09-10T18:00:00', US.timezone);
    const t = today([drop('2024-09-10T08:00:00', 'iron', 11000, US.timezone), drop('2024-09-10T08:00:00', 'vitd', 10, US.timezone)], US, now);
    assert.deepEqual([t.nutrients.iron_mg.amount, t.nutrients.iron_mg.target, t.nutrients.iron_mg.pct], [11, 11, 100]);
    assert.deepEqual([t.nutrients.vitamin_d_ug.amount, t.nutrients.vitamin_d_ug.pct, t.nutrients.vitamin_d_ug.target_range], [10, 100, null]);
  });

  test('solids not started: the blocks stay empty, drops or not', () => {
    const b = solidsBlocks([drop('2024-09-10T08:00:00', 'vitd', 10)], UK, NOW);
    assert.deepEqual(b.nutrients_today, {});
    assert.deepEqual(b.nutrients_7d, {});
    assert.deepEqual(solidsBlocks([drop('2024-09-10T08:00:00', 'vitd', 10)], UK, NOW, [], { solidsStarted: false }).nutrients_today, {});
  });
});

describe('nutrients_7d with drops', () => {
  // Vitamin D 10 µg every day of the 7 (and the day before, outside), iron 7000 µg on 3 days,
  // scrambled egg once today.
  const events: TimedEvent[] = [drop('2024-09-03T08:00:00', 'vitd', 10)];
  for (let d = 4; d <= 10; d++) events.push(drop(`2024-09-${String(d).padStart(2, '0')}T08:00:00`, 'vitd', 10));
  for (const d of ['05', '07', '09']) events.push(drop(`2024-09-${d}T08:30:00`, 'iron', 7000));
  events.push(drop('2024-09-08T09:00:00', 'multivitamin', 10));
  events.push(solid('2024-09-10T12:00:00', ['scrambled egg']));

  test('totals and the daily average include the drops; pct of the average total', () => {
    const w = week(events);
    assert.deepEqual([w.from, w.to, w.days_with_solids], ['2024-09-04', '2024-09-10', 1]);
    assert.deepEqual(w.totals_from_drops, { iron_mg: 21, vitamin_d_ug: 70 });
    assert.equal(w.totals.vitamin_d_ug, 70.45);
    assert.equal(w.totals.iron_mg, 21.33);
    // vitamin D: food 0.45 / 7 = 0.06, drops 70 / 7 = 10; (0.0643 + 10) / 8.5 = 118.4 %
    assert.deepEqual(w.daily_average.vitamin_d_ug, {
      amount: 10.06, target: 8.5, pct: 118, unit: 'µg', from_food: 0.06, from_drops: 10, drops: 7, drops_without_amount: 0, target_range: { min: 8.5, max: 10 },
    });
    // iron: food 0.328 / 7 = 0.05, drops 21 / 7 = 3; (0.0469 + 3) / 7.8 = 39.1 %
    assert.deepEqual([w.daily_average.iron_mg.from_food, w.daily_average.iron_mg.from_drops, w.daily_average.iron_mg.amount, w.daily_average.iron_mg.pct], [0.05, 3, 3.05, 39]);
    assert.deepEqual(w.drops, { vitd: { doses: 7, days: 7 }, iron: { doses: 3, days: 3 }, multivitamin: { doses: 1, days: 1 } });
  });

  test('by_day: each day\'s nutrients are food and drops, from_drops the drops', () => {
    const w = week(events);
    assert.deepEqual(w.by_day.map((d) => [d.date, d.nutrients.vitamin_d_ug, d.from_drops.vitamin_d_ug, d.nutrients.iron_mg, d.from_drops.iron_mg]), [
      ['2024-09-04', 10, 10, 0, 0],
      ['2024-09-05', 10, 10, 7, 7],
      ['2024-09-06', 10, 10, 0, 0],
      ['2024-09-07', 10, 10, 7, 7],
      ['2024-09-08', 10, 10, 0, 0],
      ['2024-09-09', 10, 10, 7, 7],
      ['2024-09-10', 10.45, 10, 0.33, 0],
    ]);
  });

  test('one dose without an amount in the 7 days: the average pct is null', () => {
    const w = week([...events, drop('2024-09-06T20:00:00', 'vitd', null)]);
    assert.equal(w.daily_average.vitamin_d_ug.pct, null);
    assert.equal(w.daily_average.vitamin_d_ug.drops_without_amount, 1);
    assert.equal(w.daily_average.iron_mg.pct, 39);
  });
});
