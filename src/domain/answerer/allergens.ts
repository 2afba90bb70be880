// Which allergens a logged food contains comes from the project's food data, the same way the
// patterns endpoint's allergen grid (src/domain/nutrition.ts) counts them: recipe names expand
// to their ingredients, each name resolves through the food table (foods.ts) and carries that
// table's UK 14 / US 9 allergen ids, and a name the table does not know falls back to
// `allergenHints` (foods-allergens.ts). This module only adds the question side: the words a
// parent uses ("dairy", "nuts", "wheat") mapped onto those ids.
import type { Region } from '../types.ts';
import { expandFoods, resolveFood, type Recipe } from '../foods.ts';
import { allergenHints, allergenList } from '../foods-allergens.ts';

export type AllergenSets = Record<Region, ReadonlySet<string>>;

const REGIONS: Region[] = ['uk', 'us'];

/** Allergen ids of one logged name (no recipe expansion), per region, as solidsBlocks counts them. */
function namedAllergens(name: string): AllergenSets {
  const trimmed = name.trim();
  const out: Record<Region, Set<string>> = { uk: new Set(), us: new Set() };
  if (!trimmed) return out;
  const foods = resolveFood(trimmed);
  for (const r of REGIONS) {
    if (foods) for (const f of foods) for (const a of f.allergens[r]) out[r].add(a);
    else for (const a of allergenHints(trimmed, r)) out[r].add(a);
  }
  return out;
}

/**
 * Looks up the allergens of logged food names against the food data, expanding the family's
 * recipes first ("fish pie" → its ingredients). Results are cached per name for one answer.
 */
export function allergenLookup(recipes: Recipe[] = []): (food: string) => AllergenSets {
  const cache = new Map<string, AllergenSets>();
  return (food) => {
    const key = food.trim().toLowerCase();
    let hit = cache.get(key);
    if (!hit) {
      const sets: Record<Region, Set<string>> = { uk: new Set(), us: new Set() };
      for (const part of expandFoods([food], recipes)) {
        const n = namedAllergens(part);
        for (const r of REGIONS) for (const a of n[r]) sets[r].add(a);
      }
      cache.set(key, (hit = sets));
    }
    return hit;
  };
}

/** The family region's allergen ids a logged food contains, in the region list's order. */
export function allergensOf(food: string, region: Region, recipes: Recipe[] = []): string[] {
  const sets = allergenLookup(recipes)(food)[region];
  return allergenList(region).map((a) => a.id).filter((id) => sets.has(id));
}

/** Short names for a sentence ("eggs", "gluten"); the region list's label otherwise. */
const SHORT: Record<string, string> = { gluten: 'gluten', sulphites: 'sulphites', crustaceans: 'crustaceans' };

export function allergenName(id: string, region: Region): string {
  const info = allergenList(region).find((a) => a.id === id) ?? allergenList(region === 'uk' ? 'us' : 'uk').find((a) => a.id === id);
  return SHORT[id] ?? info?.label.toLowerCase() ?? id.replace(/_/g, ' ');
}

// Words a parent might use for each allergen in a question → the food data's ids. "Milk" alone
// is a milk-feed question, so only "dairy" and "cow's milk" ask about the milk allergen.
const QUESTION_WORDS: Array<[RegExp, string[]]> = [
  [/\bwheat\b/, ['wheat']],
  [/\b(dairy|cow'?s milk|cows milk)\b/, ['milk']],
  [/\beggs?\b/, ['eggs']],
  [/\b(shellfish|seafood)\b/, ['crustaceans', 'molluscs']],
  [/\bfish\b/, ['fish']],
  [/\bpeanuts?\b/, ['peanuts']],
  [/\btree ?nuts?\b/, ['tree_nuts']],
  [/\bnuts\b/, ['tree_nuts', 'peanuts']],
  [/\bgluten\b/, ['gluten']],
  [/\b(soya|soy|soybeans?|soya beans?)\b/, ['soybeans']],
  [/\bsesame\b/, ['sesame']],
  [/\bmustard\b/, ['mustard']],
  [/\bcelery\b/, ['celery']],
  [/\blupin\b/, ['lupin']],
  [/\b(sulphites?|sulfites?|sulphur dioxide|sulfur dioxide)\b/, ['sulphites']],
  [/\bcrustaceans?\b/, ['crustaceans']],
  [/\bmolluscs?\b/, ['molluscs']],
];

export interface AllergenQuestion {
  /** The word the question used ("eggs", "dairy"). */
  word: string;
  /** Food-data allergen ids it stands for. */
  ids: string[];
}

/** The allergen(s) a question names, with the word it used ("eggs" → eggs). */
export function allergensInQuestion(q: string): AllergenQuestion | null {
  for (const [re, ids] of QUESTION_WORDS) {
    const m = q.match(re);
    if (m) return { word: m[0], ids };
  }
  return null;
}

/**
 * Does a food with these allergen sets contain one of `ids`? Each id is read from the family
 * region's list when that list has it, else from the other region's: a UK family asking about
 * wheat gets the US list's wheat (the UK list folds wheat into gluten, with oats and barley), a
 * US family asking about gluten or molluscs gets the UK list's.
 */
export function containsAny(sets: AllergenSets, ids: string[], region: Region): boolean {
  const own = new Set(allergenList(region).map((a) => a.id));
  const other: Region = region === 'uk' ? 'us' : 'uk';
  return ids.some((id) => sets[own.has(id) ? region : other].has(id));
}
