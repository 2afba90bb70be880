// The one place the answerer asks "which allergens does this food contain?". It is a small
// keyword table for now; point `allergensOf` at src/domain/foods.ts once that exists, and the
// rest of the answerer follows.

/** UK's 14 regulated allergen groups (FSA), which include the US's 9 (wheat sits under gluten). */
export const ALLERGEN_NAMES = [
  'milk', 'egg', 'fish', 'crustaceans', 'molluscs', 'tree nuts', 'peanut', 'gluten', 'soya',
  'sesame', 'mustard', 'celery', 'lupin', 'sulphites',
] as const;
export type Allergen = (typeof ALLERGEN_NAMES)[number];

const FOOD_KEYWORDS: Record<Allergen, RegExp> = {
  milk: /\b(yoghurt|yogurt|cheese|cheddar|butter|cream|custard|cow'?s milk|dairy|fromage|kefir|ricotta|mozzarella|paneer)\b/,
  egg: /\beggs?\b|\bomelett?e\b|\bscrambled\b|\bfrittata\b|\bmayo(nnaise)?\b/,
  fish: /\b(fish|salmon|cod|tuna|haddock|sardines?|mackerel|trout|pollock|plaice|anchov\w*)\b/,
  crustaceans: /\b(prawns?|shrimps?|crab|lobster|crayfish|langoustines?)\b/,
  molluscs: /\b(mussels?|clams?|oysters?|squid|scallops?|octopus)\b/,
  'tree nuts': /\b(almonds?|cashews?|hazelnuts?|walnuts?|pecans?|pistachios?|macadamias?|brazil nuts?|pine nuts?|ground almonds)\b/,
  peanut: /\b(peanuts?|peanut butter|groundnuts?)\b/,
  gluten: /\b(wheat|bread|toast|pasta|couscous|porridge|oats?|oaty|weetabix|barley|rye|spelt|cereal|crackers?|rusks?|pancakes?|flour|noodles|biscuits?)\b/,
  soya: /\b(soya|soy|tofu|edamame|tempeh|miso)\b/,
  sesame: /\b(sesame|tahini|hummus|houmous)\b/,
  mustard: /\bmustard\b/,
  celery: /\b(celery|celeriac)\b/,
  lupin: /\blupin\w*\b/,
  sulphites: /\b(dried apricots?|raisins|sultanas|sulphites?)\b/,
};

/** Allergen groups a logged food name belongs to (empty when none is known). */
export function allergensOf(food: string): Allergen[] {
  const f = food.toLowerCase();
  return ALLERGEN_NAMES.filter((a) => FOOD_KEYWORDS[a].test(f));
}

// Words a parent might use for each group in a question.
const QUESTION_WORDS: Array<[RegExp, Allergen[], RegExp?]> = [
  // Wheat is part of the gluten group, but oats and barley are not wheat.
  [/\bwheat\b/, ['gluten'], /\b(wheat|bread|toast|pasta|couscous|weetabix|crackers?|rusks?|pancakes?|flour|noodles|biscuits?)\b/],
  [/\b(dairy|cow'?s milk|cows milk)\b/, ['milk']],
  [/\beggs?\b/, ['egg']],
  [/\b(shellfish|seafood)\b/, ['crustaceans', 'molluscs']],
  [/\bfish\b/, ['fish']],
  [/\bpeanuts?\b/, ['peanut']],
  [/\btree ?nuts?\b/, ['tree nuts']],
  [/\bnuts\b/, ['tree nuts', 'peanut']],
  [/\bgluten\b/, ['gluten']],
  [/\b(soya|soy)\b/, ['soya']],
  [/\bsesame\b/, ['sesame']],
  [/\bmustard\b/, ['mustard']],
  [/\bcelery\b/, ['celery']],
  [/\blupin\b/, ['lupin']],
  [/\bsulphites?\b/, ['sulphites']],
  [/\bcrustaceans?\b/, ['crustaceans']],
  [/\bmolluscs?\b/, ['molluscs']],
];

/** The allergen group(s) a question names, with the word it used ("eggs" → egg). */
export function allergensInQuestion(q: string): { word: string; groups: Allergen[]; only?: RegExp } | null {
  for (const [re, groups, only] of QUESTION_WORDS) {
    const m = q.match(re);
    if (m) return only ? { word: m[0], groups, only } : { word: m[0], groups };
  }
  return null;
}
