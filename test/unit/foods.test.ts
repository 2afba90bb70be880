import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { lookupFood, resolveFood, unknownFoods, expandFoods, FOODS, normaliseName } from '../../src/domain/foods.ts';
import { allergenHints, UK_ALLERGENS, US_ALLERGENS } from '../../src/domain/foods-allergens.ts';

const id = (q: string) => lookupFood(q)?.id ?? null;
const ids = (q: string) => resolveFood(q)?.map((f) => f.id) ?? null;

describe('food table', () => {
  test('has at least 150 foods, each with source, portion and both allergen lists', () => {
    assert.ok(FOODS.length >= 150, `${FOODS.length} foods`);
    const seen = new Set<string>();
    for (const f of FOODS) {
      assert.ok(!seen.has(f.id), `duplicate ${f.id}`);
      seen.add(f.id);
      assert.match(f.source, /^USDA SR28 NDB \d{5}$/);
      assert.ok(f.portion_g > 0);
      assert.ok(Array.isArray(f.allergens.uk) && Array.isArray(f.allergens.us));
      const ukIds = new Set(UK_ALLERGENS.map((a) => a.id));
      const usIds = new Set(US_ALLERGENS.map((a) => a.id));
      for (const a of f.allergens.uk) assert.ok(ukIds.has(a), `${f.id}: uk ${a}`);
      for (const a of f.allergens.us) assert.ok(usIds.has(a), `${f.id}: us ${a}`);
    }
  });
  test('per-portion values are per-100 g values scaled by the portion (banana 40 g)', () => {
    const b = lookupFood('banana')!;
    assert.equal(b.source, 'USDA SR28 NDB 09040');
    assert.equal(b.per_100g.energy_kcal, 89);
    assert.equal(b.per_portion.energy_kcal, 35.6);
    assert.equal(b.per_portion.iron_mg, 0.104);
  });
  test('allergens differ by region where the law differs', () => {
    assert.deepEqual(lookupFood('toast')!.allergens, { uk: ['gluten'], us: ['wheat'] });
    assert.deepEqual(lookupFood('porridge')!.allergens, { uk: ['gluten'], us: [] });
    assert.deepEqual(lookupFood('mussels')!.allergens, { uk: ['molluscs'], us: [] });
    assert.deepEqual(lookupFood('pine nuts')!.allergens, { uk: [], us: ['tree_nuts'] });
    assert.deepEqual(lookupFood('coconut')!.allergens, { uk: [], us: [] });
    assert.deepEqual(lookupFood('prawns')!.allergens, { uk: ['crustaceans'], us: ['crustaceans'] });
    assert.deepEqual(lookupFood('hummus')!.allergens, { uk: ['sesame'], us: ['sesame'] });
    assert.deepEqual(lookupFood('dried apricots')!.allergens.uk, ['sulphites']);
  });
});

describe('lookupFood', () => {
  test('case, whitespace and plurals', () => {
    assert.equal(id('  BANANAS '), 'banana');
    assert.equal(id('Blueberry'), 'blueberries');
    assert.equal(id('tomatoes'), 'tomato');
    assert.equal(id('peaches'), 'peach');
    assert.equal(id('cherries'), 'cherries');
    assert.equal(id('Eggs'), 'egg');
  });
  test('synonyms and UK/US names', () => {
    assert.equal(id('scrambled egg'), 'scrambled-egg');
    assert.equal(id('scrambled eggs'), 'scrambled-egg');
    assert.equal(id('boiled egg'), 'egg');
    assert.equal(id('peanut butter'), 'peanut-butter');
    assert.equal(id('pb'), 'peanut-butter');
    assert.equal(id('yoghurt'), 'yoghurt');
    assert.equal(id('yogurt'), 'yoghurt');
    assert.equal(id('courgette'), 'courgette');
    assert.equal(id('zucchini'), 'courgette');
    assert.equal(id('aubergine'), 'aubergine');
    assert.equal(id('eggplant'), 'aubergine');
    assert.equal(id('houmous'), 'hummus');
    assert.equal(id('baby rice'), 'infant-rice-cereal');
    assert.equal(id('fish sticks'), 'fish-fingers');
  });
  test('cooking and serving words', () => {
    assert.equal(id('mashed banana'), 'banana');
    assert.equal(id('steamed broccoli florets'), 'broccoli');
    assert.equal(id('carrot purée'), 'carrot');
    assert.equal(id('Butternut squash puree'), 'butternut-squash');
    assert.equal(id('1 tbsp lentils'), 'lentils');
    assert.equal(id('gala apple'), 'apple');
  });
  test('substitutes are not mistaken for the dairy or wheat original', () => {
    assert.equal(id('oat milk'), null);
    assert.equal(id('almond milk'), null);
    assert.equal(ids('coconut yoghurt'), null);
    assert.equal(ids('red lentil pasta'), null);
    assert.equal(ids('gluten free bread'), null);
    assert.equal(id('dragon fruit'), null);
  });
  test('normaliseName', () => {
    assert.equal(normaliseName("  Cow's  Milk—Purée "), 'cows milk puree');
  });
});

describe('resolveFood (combinations)', () => {
  test('split on and / with / on, and word segmentation', () => {
    assert.deepEqual(ids('toast with peanut butter'), ['white-bread', 'peanut-butter']);
    assert.deepEqual(ids('pb on toast'), ['peanut-butter', 'white-bread']);
    assert.deepEqual(ids('mac and cheese'), ['pasta', 'cheddar']);
    assert.deepEqual(ids('avocado toast'), ['avocado', 'white-bread']);
    assert.deepEqual(ids('salmon, broccoli'), ['salmon', 'broccoli']);
  });
});

describe('unknownFoods', () => {
  test('returns names without data as given, once each', () => {
    assert.deepEqual(unknownFoods(['banana', 'Dragon fruit', 'dragon fruit', '', ' kale ', 'oat milk']), [
      'Dragon fruit',
      'oat milk',
    ]);
    assert.deepEqual(unknownFoods([]), []);
  });
});

describe('expandFoods', () => {
  const recipes = [
    { name: 'Fish Pie', ingredients: ['cod', 'mashed potato', 'peas', 'white sauce'] },
    { name: 'white sauce', ingredients: ['milk', 'butter', 'flour'] },
    { name: 'loop a', ingredients: ['loop b', 'apple'] },
    { name: 'loop b', ingredients: ['loop a', 'pear'] },
  ];
  test('recipe names (any case) become their ingredients, nested', () => {
    assert.deepEqual(expandFoods(['fish pie', 'banana'], recipes), ['cod', 'mashed potato', 'peas', 'milk', 'butter', 'flour', 'banana']);
    assert.deepEqual(expandFoods(['FISH  PIE'], recipes).length, 6);
  });
  test('non-recipes pass through; no recipes given', () => {
    assert.deepEqual(expandFoods(['banana', 'Pear']), ['banana', 'Pear']);
  });
  test('cycles stop', () => {
    assert.deepEqual(expandFoods(['loop a'], recipes), ['pear', 'apple']);
  });
});

describe('allergenHints for unknown names', () => {
  test('keywords per region, with -free and plant milks respected', () => {
    assert.deepEqual(allergenHints('peanut puffs', 'uk'), ['peanuts']);
    assert.deepEqual(allergenHints('pesto pasta', 'us'), ['milk', 'tree_nuts', 'wheat']);
    assert.deepEqual(allergenHints('pesto pasta', 'uk'), ['gluten', 'milk']);
    assert.deepEqual(allergenHints('dairy-free yoghurt', 'uk'), []);
    assert.deepEqual(allergenHints('almond milk', 'uk'), ['tree_nuts']);
    assert.deepEqual(allergenHints('fish pie', 'us'), ['fish']);
  });
});
