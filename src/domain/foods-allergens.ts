// The regulated allergen lists per region, and a keyword fallback for foods not in our table.
import type { Region } from './types.ts';

export interface AllergenInfo {
  id: string;
  label: string;
}

/**
 * UK: the 14 allergens of retained EU 1169/2011 as the FSA lists them. "Cereals containing
 * gluten" covers wheat (incl. spelt, khorasan), rye, barley and oats. Tree nuts: almond,
 * hazelnut, walnut, cashew, pecan, Brazil, pistachio, macadamia (no pine nut, no coconut).
 */
export const UK_ALLERGENS: AllergenInfo[] = [
  { id: 'celery', label: 'Celery' },
  { id: 'gluten', label: 'Cereals containing gluten' },
  { id: 'crustaceans', label: 'Crustaceans' },
  { id: 'eggs', label: 'Eggs' },
  { id: 'fish', label: 'Fish' },
  { id: 'lupin', label: 'Lupin' },
  { id: 'milk', label: 'Milk' },
  { id: 'molluscs', label: 'Molluscs' },
  { id: 'mustard', label: 'Mustard' },
  { id: 'tree_nuts', label: 'Tree nuts' },
  { id: 'peanuts', label: 'Peanuts' },
  { id: 'sesame', label: 'Sesame' },
  { id: 'soybeans', label: 'Soya' },
  { id: 'sulphites', label: 'Sulphur dioxide and sulphites' },
];

/**
 * US: the 9 major food allergens (FALCPA 2004 + FASTER Act 2021, sesame from 2023). Tree nuts
 * per FDA guidance Edition 5 (Jan 2025): 12 nuts incl. pine nut; coconut removed. Oats, rye,
 * barley and molluscs are not on the US list.
 */
export const US_ALLERGENS: AllergenInfo[] = [
  { id: 'milk', label: 'Milk' },
  { id: 'eggs', label: 'Eggs' },
  { id: 'fish', label: 'Fish' },
  { id: 'crustaceans', label: 'Crustacean shellfish' },
  { id: 'tree_nuts', label: 'Tree nuts' },
  { id: 'peanuts', label: 'Peanuts' },
  { id: 'wheat', label: 'Wheat' },
  { id: 'soybeans', label: 'Soybeans' },
  { id: 'sesame', label: 'Sesame' },
];

export function allergenList(region: Region): AllergenInfo[] {
  return region === 'us' ? US_ALLERGENS : UK_ALLERGENS;
}

// Keyword → allergen ids per region, used only for names our table does not know (e.g. a
// brand or a dish): "peanut puffs" still counts as a peanut exposure. Deliberately short and
// obvious; a miss is better than a wrong claim.
type Hint = { uk: string[]; us: string[] };
const H = (uk: string[], us: string[] = uk): Hint => ({ uk, us });
const WHEAT = H(['gluten'], ['wheat']);
const KEYWORDS: [RegExp, Hint][] = [
  // Plant "milks", nut butters and cream crackers are not dairy.
  [/(?<!\b(coconut|oat|almond|soy|soya|rice|hemp|cashew|pea|nut) )\b(milk|yogh?urt)\b|(?<!\b(peanut|nut|seed|cocoa|apple|almond|cashew|sunflower) )\bbutter\b|\bcream\b(?! cracker)|\b(cheese|cheesy|custard|kefir|ghee|paneer|fromage)\b/, H(['milk'])],
  [/\beggs?\b|\beggy\b|\bomelett?e\b|\bfrittata\b|\bquiche\b|\bmayo(nnaise)?\b/, H(['eggs'])],
  [/\bpeanuts?\b|\bpb\b|\bbamba\b/, H(['peanuts'])],
  [/\b(almonds?|cashews?|hazelnuts?|walnuts?|pecans?|pistachios?|macadamias?|brazil nuts?|praline|marzipan|frangipane|nutella)\b/, H(['tree_nuts'])],
  [/\bpine ?nuts?\b|\bpesto\b/, H(['milk'], ['tree_nuts', 'milk'])],
  [/\b(sesame|tahini|hummus|houmous)\b/, H(['sesame'])],
  [/\b(soya?|tofu|edamame|tempeh|miso)\b/, H(['soybeans'])],
  [/\b(wheat|bread|toast|pasta|spaghetti|noodles?|couscous|semolina|flour|biscuits?|crackers?|cake|muffins?|pancakes?|waffles?|pizza|crumpets?|scones?|rusks?|pitta|pita|naan|wraps?|bagels?|croissants?|weetabix|cereal bar)\b/, WHEAT],
  [/\b(oats?|oaty|porridge|oatmeal|barley|rye|spelt)\b/, H(['gluten'], [])],
  [/\b(fish|salmon|cod|haddock|tuna|sardines?|mackerel|pollock|trout|anchov(y|ies)|plaice|hake|basa|tilapia|kippers?)\b/, H(['fish'])],
  [/\b(prawns?|shrimps?|crab|lobster|crayfish|langoustines?)\b/, H(['crustaceans'])],
  [/\b(mussels?|clams?|squid|calamari|octopus|scallops?|oysters?|cockles?)\b/, H(['molluscs'], [])],
  [/\bcelery\b|\bceleriac\b/, H(['celery'], [])],
  [/\bmustard\b/, H(['mustard'], [])],
  [/\blupin\b/, H(['lupin'], [])],
];

// "dairy-free yoghurt", "gluten free pasta": remove the freed allergen's keywords' effect.
const FREE_OF: Record<string, string[]> = {
  dairy: ['milk'], milk: ['milk'], lactose: [], egg: ['eggs'], gluten: ['gluten', 'wheat'],
  wheat: ['wheat', 'gluten'], nut: ['tree_nuts', 'peanuts'], peanut: ['peanuts'], soy: ['soybeans'],
  soya: ['soybeans'], sesame: ['sesame'],
};

/** Allergen ids (region list) suggested by keywords in a free-text name the table does not know. */
export function allergenHints(name: string, region: Region): string[] {
  let text = name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const suppressed = new Set<string>();
  text = text.replace(/\b(\w+)[\s-]+free\b/g, (_m, w: string) => {
    for (const a of FREE_OF[w] ?? []) suppressed.add(a);
    return ' ';
  });
  const out = new Set<string>();
  for (const [re, hint] of KEYWORDS) {
    if (re.test(text)) for (const a of hint[region]) if (!suppressed.has(a)) out.add(a);
  }
  const order = allergenList(region).map((a) => a.id);
  return order.filter((id) => out.has(id));
}
