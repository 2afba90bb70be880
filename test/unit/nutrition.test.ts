import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { solidsBlocks, targetsFor, type NutrientsToday, type Nutrients7d, type AllergenGrid } from '../../src/domain/nutrition.ts';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import type { TargetSet } from '../../src/domain/nutrition-targets.ts';
import { localToInstant } from '../../src/domain/time.ts';

const UK: ChildProfile = { baby_name: 'Ada', dob: '2024-01-15', gender: 'girl', timezone: 'Europe/London', region: 'uk', units: 'metric' };
const US: ChildProfile = { ...UK, region: 'us', timezone: 'America/New_York', units: 'imperial' };

let n = 0;
function ev(ts: string, type: TimedEvent['type'], foods: string[] | null, zone = 'Europe/London'): TimedEvent {
  n += 1;
  return {
    id: n.toString(16).padStart(8, '0'), ts, type, author: 'app', ml: null, kind: null, foods,
    meal_type: type === 'solid' ? 'meal' : null, kg: null, cm: null, ug: null, note: null, reactions: null, side: null, duration_min: null,
    celsius: null, fahrenheit: null, method: null, medicine: null, amount: null, unit: null, title: null,
    at: localToInstant(ts, zone),
  };
}

const near = (a: number, b: number, tol = 1e-6) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

describe('targetsFor', () => {
  test('UK RNI and US DRI per age band', () => {
    assert.equal(targetsFor('uk', 8).nutrients.iron_mg.target, 7.8);
    assert.equal(targetsFor('uk', 8).age_band.id, '7-9m');
    assert.equal(targetsFor('uk', 4).nutrients.iron_mg.target, 4.3);
    assert.equal(targetsFor('uk', 11).nutrients.protein_g.target, 14.9);
    assert.equal(targetsFor('uk', 18).nutrients.iron_mg.target, 6.9);
    assert.equal(targetsFor('us', 8).nutrients.iron_mg.target, 11);
    assert.equal(targetsFor('us', 8).nutrients.iron_mg.kind, 'RDA');
    assert.equal(targetsFor('us', 3).nutrients.iron_mg.target, 0.27);
    assert.equal(targetsFor('us', 20).nutrients.vitamin_c_mg.target, 15);
    assert.equal(targetsFor('uk', 8).nutrients.calcium_mg.provisional, true);
  });
  test('energy from solids follows WHO 200/300/550 kcal', () => {
    assert.equal(targetsFor('uk', 5).nutrients.energy_kcal.target, null);
    assert.equal(targetsFor('uk', 7).nutrients.energy_kcal.target, 200);
    assert.equal(targetsFor('us', 10).nutrients.energy_kcal.target, 300);
    assert.equal(targetsFor('us', 15).nutrients.energy_kcal.target, 550);
  });
});

describe('solidsBlocks', () => {
  const now = localToInstant('2024-09-10T18:00:00', 'Europe/London');
  const day = [
    ev('2024-09-10T08:00:00', 'solid', ['porridge', 'mashed banana']),
    ev('2024-09-10T12:30:00', 'solid', ['Toast with peanut butter', 'scrambled eggs']),
    ev('2024-09-10T13:00:00', 'milk', null),
  ];

  test('no solid ever logged → five empty objects', () => {
    const b = solidsBlocks([ev('2024-09-10T08:00:00', 'milk', null)], UK, now);
    assert.deepEqual(b, { nutrients_today: {}, nutrients_7d: {}, nutrient_targets: {}, allergens_today: {}, allergen_grid: {} });
    assert.deepEqual(solidsBlocks(day, UK, now, [], { solidsStarted: false }).nutrients_today, {});
  });

  test('solidsStarted flag fills the blocks even with no solid in the window', () => {
    const b = solidsBlocks([], UK, now, [], { solidsStarted: true });
    const t = b.nutrients_today as NutrientsToday;
    assert.equal(t.portions, 0);
    assert.equal(t.nutrients.iron_mg.amount, 0);
    assert.equal((b.allergen_grid as AllergenGrid).days.length, 14);
  });

  test('hand-computed day (UK, 7–9 months)', () => {
    const b = solidsBlocks(day, UK, now);
    const t = b.nutrients_today as NutrientsToday;
    assert.equal(t.date, '2024-09-10');
    assert.equal(t.portions, 5);
    // porridge 60 g + banana 40 g + white bread 15 g + peanut butter 5 g + scrambled egg 25 g
    // kcal: 0.6×71 + 0.4×89 + 0.15×266 + 0.05×598 + 0.25×149 = 185.3
    near(t.nutrients.energy_kcal.amount, 185.3, 0.05);
    assert.equal(t.nutrients.energy_kcal.target, 200);
    assert.equal(t.nutrients.energy_kcal.pct, 93);
    // iron: 0.6×0.90 + 0.4×0.26 + 0.15×3.61 + 0.05×1.74 + 0.25×1.31 = 1.6005
    near(t.nutrients.iron_mg.amount, 1.6, 0.005);
    assert.equal(t.nutrients.iron_mg.target, 7.8);
    assert.equal(t.nutrients.iron_mg.pct, 21);
    // vitamin C: banana only, 0.4×8.7 = 3.48
    near(t.nutrients.vitamin_c_mg.amount, 3.48, 0.005);
    assert.deepEqual(t.unknown_foods, []);
    const targets = b.nutrient_targets as TargetSet;
    assert.equal(targets.age_band.id, '7-9m');
    assert.equal(targets.region, 'uk');
  });

  test('7-day average divides by 7 and lists each day', () => {
    const b = solidsBlocks([...day, ev('2024-09-05T10:00:00', 'solid', ['banana'])], UK, now);
    const w = b.nutrients_7d as Nutrients7d;
    assert.equal(w.from, '2024-09-04');
    assert.equal(w.to, '2024-09-10');
    assert.equal(w.days_with_solids, 2);
    assert.equal(w.portions, 6);
    assert.equal(w.by_day.length, 7);
    near(w.totals.vitamin_c_mg, 6.96, 0.005);
    near(w.daily_average.vitamin_c_mg.amount, 0.99, 0.005);
  });

  test('allergens today: UK list vs US list', () => {
    const uk = solidsBlocks(day, UK, now).allergens_today;
    assert.deepEqual(Object.keys(uk).sort(), ['eggs', 'gluten', 'peanuts']);
    assert.equal(uk.gluten.label, 'Cereals containing gluten');
    assert.deepEqual(uk.gluten.foods, ['porridge', 'Toast with peanut butter']);
    assert.equal(uk.gluten.count, 2);

    const usDay = [
      ev('2024-09-10T08:00:00', 'solid', ['porridge', 'mashed banana'], 'America/New_York'),
      ev('2024-09-10T12:30:00', 'solid', ['Toast with peanut butter', 'scrambled eggs'], 'America/New_York'),
    ];
    const usNow = localToInstant('2024-09-10T18:00:00', 'America/New_York');
    const us = solidsBlocks(usDay, US, usNow).allergens_today;
    // Oats are not on the US list; wheat is.
    assert.deepEqual(Object.keys(us).sort(), ['eggs', 'peanuts', 'wheat']);
    assert.deepEqual(us.wheat.foods, ['Toast with peanut butter']);
  });

  test('recipes count as their ingredients; unknown names are reported, with keyword allergens', () => {
    const recipes = [{ name: 'Fish pie', ingredients: ['cod', 'mashed potato', 'peas'] }];
    const b = solidsBlocks([ev('2024-09-10T17:00:00', 'solid', ['fish PIE', 'peanut puffs'])], UK, now, recipes);
    const t = b.nutrients_today as NutrientsToday;
    assert.equal(t.portions, 3);
    assert.deepEqual(t.unknown_foods, ['peanut puffs']);
    const a = b.allergens_today;
    assert.deepEqual(Object.keys(a).sort(), ['fish', 'milk', 'peanuts']);
    assert.deepEqual(a.fish.foods, ['cod']);
  });

  test('14-day grid, last exposure and never-logged allergens', () => {
    const evs = [
      ev('2024-08-27T09:00:00', 'solid', ['egg']), // today − 14: outside the grid
      ev('2024-08-28T09:00:00', 'solid', ['egg', 'salmon']), // today − 13: first grid day
      ev('2024-09-10T09:00:00', 'solid', ['scrambled egg']),
      ev('2024-09-11T09:00:00', 'solid', ['prawns']), // after now: ignored
    ];
    const g = solidsBlocks(evs, UK, now).allergen_grid as AllergenGrid;
    assert.equal(g.days.length, 14);
    assert.equal(g.days[0], '2024-08-28');
    assert.equal(g.days[13], '2024-09-10');
    assert.equal(g.allergens.length, 14);
    assert.deepEqual(g.cells.eggs, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(g.cells.fish, [1, ...Array(13).fill(0)]);
    assert.equal(g.last_exposure.eggs, '2024-09-10');
    assert.equal(g.days_since_last.eggs, 0);
    assert.equal(g.last_exposure.fish, '2024-08-28');
    assert.equal(g.days_since_last.fish, 13);
    assert.equal(g.last_exposure.crustaceans, null);
    assert.ok(g.not_yet_logged.includes('crustaceans'));
    assert.ok(!g.not_yet_logged.includes('eggs'));
    const us = solidsBlocks(evs, US, now).allergen_grid as AllergenGrid;
    assert.equal(us.allergens.length, 9);
  });

  test('days are family-local across the autumn clock change (25-hour day)', () => {
    // London 2024-10-27: 00:30 BST is 23:30 UTC on the 26th; 23:30 GMT is late on the 27th.
    const dstNow = localToInstant('2024-10-28T09:00:00', 'Europe/London');
    const evs = [
      ev('2024-10-27T00:30:00', 'solid', ['egg']),
      ev('2024-10-27T23:30:00', 'solid', ['egg']),
      ev('2024-10-28T00:10:00', 'solid', ['banana']),
    ];
    const b = solidsBlocks(evs, UK, dstNow);
    const g = b.allergen_grid as AllergenGrid;
    assert.equal(g.days[12], '2024-10-27');
    assert.equal(g.cells.eggs[12], 2);
    assert.equal(g.cells.eggs[11], 0);
    assert.equal(g.cells.eggs[13], 0);
    assert.equal((b.nutrients_today as NutrientsToday).portions, 1);
    const w = b.nutrients_7d as Nutrients7d;
    assert.deepEqual(w.by_day.map((d) => d.portions), [0, 0, 0, 0, 0, 2, 1]);
  });

  test('spring-forward week keeps 7 consecutive local dates', () => {
    const springNow = localToInstant('2024-04-02T12:00:00', 'Europe/London');
    const w = solidsBlocks([ev('2024-03-31T03:30:00', 'solid', ['pear'])], UK, springNow).nutrients_7d as Nutrients7d;
    assert.deepEqual(w.by_day.map((d) => d.date), ['2024-03-27', '2024-03-28', '2024-03-29', '2024-03-30', '2024-03-31', '2024-04-01', '2024-04-02']);
    assert.equal(w.by_day[4].portions, 1);
  });
});
