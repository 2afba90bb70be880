// Builds data/foods.json from the hand-written list (data/foods-source.ts) and the USDA SR28
// abbreviated file. Run once when the list changes; the JSON is committed so the service never
// needs the SR28 file at run time:
//   node --import tsx scripts/build-foods.ts [path/to/usda-sr28-abbrev.txt]
import { readFileSync, writeFileSync } from 'node:fs';
import { FOOD_SOURCES, type AllergenTag } from '../data/foods-source.ts';

const SR28 = process.argv[2] ?? '/work/shared/data/usda-sr28-abbrev.txt';
const OUT = new URL('../data/foods.json', import.meta.url);

// Field indexes in ABBREV.txt (see the SR28 documentation / shared data README).
const COL = { ndb: 0, desc: 1, kcal: 3, protein: 4, calcium: 10, iron: 11, zinc: 16, vitC: 20, vitD: 41 } as const;
const NUTRIENTS = [
  ['energy_kcal', COL.kcal],
  ['protein_g', COL.protein],
  ['iron_mg', COL.iron],
  ['zinc_mg', COL.zinc],
  ['calcium_mg', COL.calcium],
  ['vitamin_c_mg', COL.vitC],
  ['vitamin_d_ug', COL.vitD],
] as const;

const UK: Partial<Record<AllergenTag, string>> = {
  milk: 'milk', eggs: 'eggs', fish: 'fish', crustaceans: 'crustaceans', molluscs: 'molluscs',
  tree_nuts: 'tree_nuts', peanuts: 'peanuts', sesame: 'sesame', soy: 'soybeans', wheat: 'gluten',
  gluten: 'gluten', celery: 'celery', mustard: 'mustard', sulphites: 'sulphites', lupin: 'lupin',
};
const US: Partial<Record<AllergenTag, string>> = {
  milk: 'milk', eggs: 'eggs', fish: 'fish', crustaceans: 'crustaceans', tree_nuts: 'tree_nuts',
  pine_nut: 'tree_nuts', peanuts: 'peanuts', sesame: 'sesame', soy: 'soybeans', wheat: 'wheat',
};

function mapTags(tags: AllergenTag[], table: Partial<Record<AllergenTag, string>>): string[] {
  return [...new Set(tags.map((t) => table[t]).filter((x): x is string => !!x))].sort();
}

// latin-1, '^'-separated, text wrapped in '~'; an empty field means "no value".
const rows = new Map<string, string[]>();
for (const line of readFileSync(SR28, 'latin1').split(/\r?\n/)) {
  if (!line.trim()) continue;
  const f = line.split('^').map((x) => x.replace(/^~|~$/g, ''));
  rows.set(f[COL.ndb], f);
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
const seenIds = new Set<string>();
const foods = FOOD_SOURCES.map((s) => {
  if (seenIds.has(s.id)) throw new Error(`duplicate id ${s.id}`);
  seenIds.add(s.id);
  const f = rows.get(s.ndb);
  if (!f) throw new Error(`${s.name}: NDB ${s.ndb} not in SR28`);
  const per100: Record<string, number> = {};
  const perPortion: Record<string, number> = {};
  const missing: string[] = [];
  for (const [key, col] of NUTRIENTS) {
    const raw = f[col];
    if (raw === '' || raw === undefined) missing.push(key);
    const v = raw ? Number(raw) : 0;
    if (!Number.isFinite(v)) throw new Error(`${s.name}: bad ${key} '${raw}'`);
    per100[key] = v;
    perPortion[key] = round((v * s.portion_g) / 100, key === 'energy_kcal' ? 1 : 3);
  }
  return {
    id: s.id,
    name: s.name,
    group: s.group,
    source: `USDA SR28 NDB ${s.ndb}`,
    ndb: s.ndb,
    sr28_description: f[COL.desc],
    portion_g: s.portion_g,
    per_portion: perPortion,
    per_100g: per100,
    ...(missing.length ? { missing } : {}),
    allergens: { uk: mapTags(s.tags, UK), us: mapTags(s.tags, US) },
    synonyms: s.synonyms,
  };
});

const out = {
  source:
    'USDA ARS National Nutrient Database for Standard Reference, Release 28 (May 2016), ABBREV.txt ' +
    '(= FoodData Central SR Legacy, same NDB numbers); public domain. Portions, allergens and ' +
    'synonyms: this project (data/foods-source.ts).',
  nutrients: NUTRIENTS.map(([k]) => k),
  count: foods.length,
  foods,
};
writeFileSync(OUT, JSON.stringify(out, null, 1) + '\n');
console.log(`wrote ${foods.length} foods to ${OUT.pathname}`);
