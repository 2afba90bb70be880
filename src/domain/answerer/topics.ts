// What a question is about. The earliest topic word wins, so "how much milk before her nap"
// is about milk and "how long did she nap after her feed" is about naps.

export type Topic =
  | 'weight' | 'length' | 'supplement' | 'dirty' | 'wet' | 'nappies' | 'naps' | 'wake' | 'sleep'
  | 'feeds' | 'milk' | 'solids';

const TOPIC_WORDS: Array<[Topic, RegExp]> = [
  ['weight', /\b(weigh|weighs|weighed|weight|heavy|heavier|kg|kilos?|pounds|lbs?)\b/],
  ['length', /\b(length|tall|taller|height|measured|cm)\b|^how long is \w+( now)?$/],
  ['supplement', /\b(vitamins?|vit d|vitd|iron|multivitamins?|supplements?|drops)\b/],
  ['dirty', /\b(poo|poos|poop|poops|pooped|pooed|pooing|pooping|poopy|pooey|poopies|dirty|dirties|bowel|stools?|number twos?)\b/],
  ['wet', /\b(wet|wees?|weed|pee|pees|peed|wee'd)\b/],
  ['nappies', /\b(nappy|nappies|nappys|nappie|diaper|diapers|diapies|changes?|changed)\b/],
  ['naps', /\b(nap|naps|napped|napping|daytime sleep|day sleep)\b/],
  ['wake', /\b(wake|woke|waking|wakings|awake|woken|wake ups?|got up|get up|gets up)\b/],
  ['sleep', /\b(sleep|sleeps|slept|sleeping|asleep|bed|bedtime|stretch|kip|down for the night)\b/],
  ['feeds', /\b(feeds|feed|fed|feeding|feedings|bottles?|breastfeeds?|breastfed|nursed|nursing|nurse)\b/],
  ['milk', /\b(milk|ml|oz|ounces?|drink|drinks|drinking|drank|drunk|formula)\b/],
  ['solids', /\b(eat|ate|eaten|eating|food|foods|solid|solids|meal|meals|snack|snacks|lunch|breakfast|dinner|tried|allergens?)\b/],
];

export function topicOf(q: string): Topic | null {
  let best: Topic | null = null;
  let bestAt = Infinity;
  for (const [topic, re] of TOPIC_WORDS) {
    const m = re.exec(q);
    if (m && m.index < bestAt) {
      best = topic;
      bestAt = m.index;
    }
  }
  // "how many times did she feed" / "how much milk": both are about milk; keep what was counted.
  if (best === 'feeds' && /\bhow much\b|\bml\b|\boz\b|\bvolume\b/.test(q)) return 'milk';
  if (best === 'milk' && /\bhow many (feeds|bottles|times)\b/.test(q)) return 'feeds';
  return best;
}
