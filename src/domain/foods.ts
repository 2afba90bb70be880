// Free-text food names → entries of the shipped food table (data/foods.json, see
// scripts/build-foods.ts). Parents type "mashed banana", "Scrambled eggs", "pb on toast":
// normalise case, accents, punctuation, plurals and cooking words, then look up names and synonyms.
import { readFileSync } from 'node:fs';

export const NUTRIENT_KEYS = [
  'energy_kcal', 'protein_g', 'iron_mg', 'zinc_mg', 'calcium_mg', 'vitamin_c_mg', 'vitamin_d_ug',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];
export type Nutrients = Record<NutrientKey, number>;

export interface Food {
  id: string;
  name: string;
  group: string;
  /** "USDA SR28 NDB nnnnn" */
  source: string;
  ndb: string;
  sr28_description: string;
  /** Typical infant portion, grams as eaten. */
  portion_g: number;
  per_portion: Nutrients;
  per_100g: Nutrients;
  /** Nutrients SR28 has no value for (counted as 0). */
  missing?: NutrientKey[];
  /** Canonical allergen ids from the UK 14 and US 9 lists (see foods-allergens.ts). */
  allergens: { uk: string[]; us: string[] };
  synonyms: string[];
}

export interface Recipe {
  name: string;
  ingredients: string[];
}

interface FoodFile {
  foods: Food[];
}

const FILE = JSON.parse(readFileSync(new URL('../../data/foods.json', import.meta.url), 'utf8')) as FoodFile;

/** Every food in the table, in source order. */
export const FOODS: readonly Food[] = FILE.foods;

/** Lowercase, strip accents and apostrophes, punctuation → spaces, collapse whitespace. */
export function normaliseName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * Crude English singular. It only has to map a plural and its singular to the same key (both
 * the table and the query go through it), so "hummus" → "hummus", "tomatoes" → "tomato",
 * "berries" → "berry", "peaches" → "peach".
 */
function singular(w: string): string {
  if (w.length <= 3) return w;
  if (/(ss|us|is)$/.test(w)) return w;
  if (w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (/(oes|ches|shes|xes|sses|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function keyOf(s: string): string {
  return normaliseName(s).split(' ').filter(Boolean).map(singular).join(' ');
}

// Cooking and serving words that do not change what the food is. Matched after singular().
const MODIFIERS = new Set(
  [
    'mashed', 'mash', 'steamed', 'puree', 'pureed', 'blended', 'boiled', 'baked', 'roasted', 'roast',
    'cooked', 'raw', 'fresh', 'frozen', 'chopped', 'sliced', 'diced', 'grated', 'shredded', 'plain',
    'organic', 'homemade', 'home', 'made', 'stewed', 'soft', 'ripe', 'finger', 'stick', 'wedge',
    'strip', 'chunk', 'piece', 'spear', 'floret', 'slice', 'bit', 'lightly', 'mini', 'baby',
    'unsalted', 'salted', 'unsweetened', 'whole', 'warm', 'cold', 'leftover', 'tinned', 'canned',
    'some', 'a', 'an', 'of', 'the', 'little', 'small', 'tbsp', 'tsp', 'spoon', 'spoonful', 'handful',
    'few', 'cube', 'quartered', 'halved', 'crushed', 'smooth', 'dried', 'thin', 'thinly', 'toasted',
    'warmed', 'bite', 'size', 'sized', 'bowl', 'pouch', 'jar', 'fried',
  ].map(singular),
);

// A head word whose meaning a prefix changes ("oat milk", "almond butter", "lentil pasta"):
// never fall back from "<something> milk" to cow's milk.
const NO_SUFFIX_FALLBACK = new Set(
  ['milk', 'butter', 'yoghurt', 'yogurt', 'cheese', 'cream', 'ice cream', 'custard', 'oil', 'flour',
    'sauce', 'juice', 'pasta', 'noodle', 'bread', 'cracker', 'cake', 'puff', 'biscuit', 'muffin',
    'pancake', 'wrap', 'tortilla', 'cereal', 'porridge', 'spread', 'nut', 'seed', 'bean', 'meat',
    'mince', 'pudding'].map((w) => keyOf(w)),
);

// Every name and synonym's key → its food. Built at the first lookup, not when the module
// loads: normalising the table's ~1,100 names was most of this module's cost at every start,
// and a start looks no food up.
let index: Map<string, Food> | undefined;
function foodIndex(): Map<string, Food> {
  if (index) return index;
  const built = new Map<string, Food>();
  for (const food of FOODS) {
    // The name and id first so a synonym never shadows another food's own name.
    for (const n of [food.name, food.id.replace(/-/g, ' ')]) {
      const k = keyOf(n);
      if (!built.has(k)) built.set(k, food);
    }
  }
  for (const food of FOODS) {
    for (const n of food.synonyms) {
      const k = keyOf(n);
      if (!built.has(k)) built.set(k, food);
    }
  }
  return (index = built);
}

/**
 * One free-text name → the table's food, or null. Tries the whole name, then without cooking /
 * serving words, then (with `headFallback`) its last one or two words ("gala apple" → apple)
 * unless that head word is one whose meaning its prefix changes (milk, butter, pasta…) or the
 * name says "free"/"vegan".
 */
export function lookupFood(name: string, headFallback = true): Food | null {
  const key = keyOf(name);
  if (!key) return null;
  const byKey = foodIndex();
  const hit = byKey.get(key);
  if (hit) return hit;
  const words = key.split(' ').filter((w) => !MODIFIERS.has(w) && !/^\d+(g|ml|%)?$/.test(w));
  if (words.length === 0) return null;
  const hit2 = byKey.get(words.join(' '));
  if (hit2) return hit2;
  if (!headFallback || /\b(free|vegan|plant|alternative|substitute)\b/.test(key)) return null;
  if (NO_SUFFIX_FALLBACK.has(words[words.length - 1])) return null;
  for (const n of [2, 1]) {
    if (words.length <= n) continue;
    const tail = words.slice(-n).join(' ');
    if (NO_SUFFIX_FALLBACK.has(tail)) return null;
    const hit3 = byKey.get(tail);
    if (hit3) return hit3;
  }
  return null;
}

const SPLIT_RE = /\s*(?:,|\+|&|\/|;|\band\b|\bwith\b|\bon\b|\bin\b|\bplus\b)\s*/i;

/**
 * A name → the foods it stands for: one food; or, for "toast with peanut butter" /
 * "banana and yoghurt", every part when every part is known; else the head-word fallback.
 * Null when nothing fits.
 */
export function resolveFood(name: string): Food[] | null {
  const exact = lookupFood(name, false);
  if (exact) return [exact];
  const parts = name.split(SPLIT_RE).map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 2) {
    const out: Food[] = [];
    for (const p of parts) {
      const f = lookupFood(p);
      if (!f) break;
      out.push(f);
    }
    if (out.length === parts.length) return out;
  }
  const seg = segment(name);
  if (seg) return seg;
  const head = lookupFood(name);
  return head ? [head] : null;
}

// A "carrier" food after a grain, legume, nut, soy or fruit word is usually a substitute made
// from it (rice milk, lentil pasta, coconut yoghurt, banana bread), not the two foods together.
const SUBSTITUTE_MAKERS = new Set(['grain', 'cereal', 'legume', 'nut_seed', 'soy', 'fruit']);

/** "avocado toast" → avocado + toast: split the words into known foods, longest match first. */
function segment(name: string): Food[] | null {
  const key = keyOf(name);
  if (/\b(free|vegan|plant|alternative|substitute)\b/.test(key)) return null;
  const words = key.split(' ').filter((w) => !MODIFIERS.has(w) && !/^\d+(g|ml|%)?$/.test(w));
  if (words.length < 2) return null;
  const byKey = foodIndex();
  const out: Food[] = [];
  let i = 0;
  while (i < words.length) {
    let found: Food | null = null;
    let j = words.length;
    for (; j > i; j--) {
      const f = byKey.get(words.slice(i, j).join(' '));
      if (f) {
        found = f;
        break;
      }
    }
    if (!found) return null;
    const prev = out[out.length - 1];
    if (prev && NO_SUFFIX_FALLBACK.has(words.slice(i, j).join(' ')) && SUBSTITUTE_MAKERS.has(prev.group)) return null;
    out.push(found);
    i = j;
  }
  return out.length >= 2 ? out : null;
}

/** The names (as the user gave them, trimmed, first spelling kept) that have no nutrient data. */
export function unknownFoods(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const k = normaliseName(name);
    if (!k || seen.has(k)) continue;
    seen.add(k);
    if (!resolveFood(name)) out.push(name);
  }
  return out;
}

/**
 * Replaces every name that is a saved recipe's name (case-, space- and punctuation-insensitive)
 * by that recipe's ingredients, recursively (a recipe may list another recipe; cycles stop).
 * Other names pass through unchanged, in order.
 */
export function expandFoods(names: string[], recipes: Recipe[] = []): string[] {
  const byName = new Map<string, Recipe>();
  for (const r of recipes) {
    const k = normaliseName(r.name);
    if (k && !byName.has(k)) byName.set(k, r);
  }
  const out: string[] = [];
  const walk = (list: string[], path: Set<string>) => {
    for (const n of list) {
      const k = normaliseName(n);
      const r = byName.get(k);
      if (r && !path.has(k)) {
        path.add(k);
        walk(r.ingredients, path);
        path.delete(k);
      } else if (!r) {
        out.push(n);
      }
    }
  };
  walk(names, new Set());
  return out;
}
