// The answerer and the patterns endpoint's allergen grid (solidsBlocks) read a logged food's
// allergens from the same food data, so "has he had egg today?" and "which allergens has she
// had today?" must agree with allergens_today for either region.
import { test, describe } from 'node:test';
import { makeEvent } from '../helpers/events.ts';
import assert from 'node:assert/strict';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { solidsBlocks } from '../../src/domain/nutrition.ts';
import { allergenList } from '../../src/domain/foods-allergens.ts';
import type { Recipe } from '../../src/domain/foods.ts';
import { answerQuestion } from '../../src/domain/answerer/index.ts';
import { allergensInQuestion, allergensOf } from '../../src/domain/answerer/allergens.ts';

const ZONE = 'Europe/London';
const UK: ChildProfile = { baby_name: 'Ada Smith', dob: '2024-06-15', gender: 'girl', timezone: ZONE, region: 'uk', units: 'metric' };
const US: ChildProfile = { ...UK, region: 'us' };
const NOW = localToInstant('2025-04-02T19:00:00', ZONE);

const solid = (ts: string, foods: string[]): TimedEvent => makeEvent(ZONE, 'solid', ts, { foods, meal_type: 'meal' });

// One name per event, so the grid's portion count equals the answerer's count of meals.
const MEALS = [
  'scrambled egg', 'toast with peanut butter', 'hummus', 'fish fingers', // the brief's examples
  'porridge', // oats: UK gluten, nothing on the US list
  'mussels', // UK molluscs only
  'pesto pasta', // not in the table: keyword hints, pine nuts are a US tree nut
  'peanut puffs', // not in the table: keyword hint
  'Fish pie', // a recipe: counts as its ingredients
];
const RECIPES: Recipe[] = [{ name: 'Fish pie', ingredients: ['cod', 'mashed potato', 'peas'] }];
const EVENTS = MEALS.map((f, i) => solid(`2025-04-02T${String(7 + i).padStart(2, '0')}:00:00`, [f]));

// A parent's word for each allergen id.
const WORD: Record<string, string> = {
  milk: 'dairy', eggs: 'egg', fish: 'fish', crustaceans: 'crustaceans', molluscs: 'molluscs', tree_nuts: 'tree nuts',
  peanuts: 'peanuts', gluten: 'gluten', wheat: 'wheat', soybeans: 'soya', sesame: 'sesame', mustard: 'mustard',
  celery: 'celery', lupin: 'lupin', sulphites: 'sulphites',
};

const ask = (q: string, profile: ChildProfile) => answerQuestion(q, { events: EVENTS, profile, now: NOW, notes: [], recipes: RECIPES });

for (const profile of [UK, US]) {
  describe(`answerer agrees with solidsBlocks (${profile.region})`, () => {
    const today = solidsBlocks(EVENTS, profile, NOW, RECIPES).allergens_today;

    test('"which allergens today" lists the grid\'s allergens, in the region list\'s order', () => {
      const r = ask('Which allergens has Ada had today?', profile);
      assert.equal(r.answered, true);
      assert.equal(r.figures.allergens, Object.keys(today).join(', '), r.answer);
      assert.equal(r.figures.count, Object.keys(today).length);
    });

    test('"has she had <allergen> today?" is yes exactly when the grid has it, with the same count', () => {
      assert.equal(Object.keys(WORD).length, 15);
      for (const { id } of allergenList(profile.region)) {
        const word = WORD[id]!;
        assert.deepEqual(allergensInQuestion(`has baby had ${word}`)?.ids, [id], word);
        const r = ask(`Has Ada had ${word} today?`, profile);
        const cell = today[id];
        if (cell) {
          assert.match(r.answer, /^Yes/, `${id}: ${r.answer}`);
          assert.equal(r.figures.times, cell.count, `${id}: ${r.answer}`);
        } else {
          assert.match(r.answer, /^No/, `${id}: ${r.answer}`);
        }
      }
    });

    test('per meal, allergensOf matches the grid for that meal alone', () => {
      for (const meal of MEALS) {
        const e = [solid('2025-04-02T08:00:00', [meal])];
        const grid = Object.keys(solidsBlocks(e, profile, NOW, RECIPES).allergens_today);
        assert.deepEqual(allergensOf(meal, profile.region, RECIPES), grid, meal);
      }
    });
  });
}

describe('answerer allergens from the food data', () => {
  test('the brief\'s meals carry what the food table says', () => {
    assert.deepEqual(allergensOf('scrambled egg', 'uk'), ['eggs']);
    assert.deepEqual(allergensOf('toast with peanut butter', 'uk'), ['gluten', 'peanuts']);
    assert.deepEqual(allergensOf('toast with peanut butter', 'us'), ['peanuts', 'wheat']);
    assert.deepEqual(allergensOf('hummus', 'us'), ['sesame']);
    assert.deepEqual(allergensOf('fish fingers', 'uk'), ['gluten', 'fish']);
  });

  test('"egg" counts every food with egg in it, not only a food logged as "egg"', () => {
    const events = [solid('2025-04-01T08:00:00', ['egg']), solid('2025-04-02T08:00:00', ['scrambled egg'])];
    const r = answerQuestion('Has Ada had egg this week?', { events, profile: UK, now: NOW, notes: [] });
    assert.match(r.answer, /^Yes/);
    assert.equal(r.figures.times, 2, r.answer);
    assert.ok(r.answer.includes('scrambled egg'), r.answer);
  });

  test('a longer logged food name is still asked about as that food', () => {
    const r = ask('Has Ada had fish fingers today?', UK);
    assert.equal(r.figures.food, 'fish fingers', r.answer);
    assert.equal(r.figures.times, 1, r.answer);
  });

  test('a logged recipe name counts as its ingredients', () => {
    const r = ask('When did Ada last have fish?', UK);
    assert.ok(r.answer.includes('Fish pie'), r.answer);
    const without = answerQuestion('Which allergens has Ada had today?', { events: [solid('2025-04-02T08:00:00', ['Fish pie'])], profile: UK, now: NOW, notes: [] });
    assert.equal(without.figures.allergens, 'fish', without.answer); // "fish" keyword hint only
  });

  test('words outside the family\'s list read the other list: wheat for the UK, gluten and molluscs for the US', () => {
    assert.match(ask('Has Ada had wheat today?', UK).answer, /^Yes.*\(toast with peanut butter, fish fingers and pesto pasta\)/);
    const gluten = ask('Has Ada had gluten today?', US);
    assert.ok(gluten.answer.includes('porridge'), gluten.answer);
    const shellfish = ask('Has Ada had shellfish today?', US);
    assert.ok(shellfish.answer.includes('mussels'), shellfish.answer);
    // …but the US "which allergens" list has no gluten or molluscs.
    assert.ok(!/gluten|molluscs/.test(String(ask('Which allergens today?', US).figures.allergens)));
  });

  test('pine nuts are a tree nut in the US only', () => {
    assert.deepEqual(allergensOf('pine nuts', 'uk'), []);
    assert.deepEqual(allergensOf('pine nuts', 'us'), ['tree_nuts']);
  });
});
