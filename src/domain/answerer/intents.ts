// The question families the built-in answerer knows, each with an example and what it needs
// from this family's data. When a question cannot be answered, the reply suggests the nearby
// ones (sharing a topic word with the question) whose data exist for this family.
import type { Log } from './summaries.ts';
import { words } from './text.ts';

export interface Intent {
  id: string;
  /** Words of a question on this topic (stems; "feed" matches "feeds", "feeding"). */
  topics: string[];
  example: (name: string) => string;
  /** Whether this family's data can answer it now. */
  has: (log: Log) => boolean;
}

const any = (log: Log, pred: (t: string) => boolean) => log.events.some((e) => pred(e.type));
const milk = (log: Log) => any(log, (t) => t === 'milk');
const sleep = (log: Log) => log.spans.length > 0;
const nappy = (log: Log) => any(log, (t) => t === 'nappy' || t === 'poop');
const solid = (log: Log) => any(log, (t) => t === 'solid');
const weight = (log: Log) => any(log, (t) => t === 'weight') || (log.insights?.measurements ?? []).some((m) => m.type === 'weight');
const length = (log: Log) => any(log, (t) => t === 'length') || (log.insights?.measurements ?? []).some((m) => m.type === 'length');
const live = (log: Log) => log.insights?.live != null;

const FEED = ['milk', 'feed', 'fed', 'bottle', 'drink', 'drank', 'formula', 'breastfeed', 'nurse', 'eat', 'ate', 'hungry', 'ml', 'oz', 'ounce'];
const SLEEP = ['sleep', 'slept', 'nap', 'kip', 'asleep', 'awake', 'wake', 'woke', 'bed', 'bedtime', 'night', 'tired', 'down'];
const NAPPY = ['nappy', 'nappies', 'diaper', 'poo', 'poop', 'dirty', 'wet', 'wee', 'pee', 'change'];
const FOOD = ['food', 'eat', 'ate', 'solid', 'meal', 'lunch', 'breakfast', 'dinner', 'snack', 'allergen', 'egg', 'fish', 'peanut', 'dairy', 'nut', 'tried', 'try', 'introduce'];
const GROWTH = ['weight', 'weigh', 'heavy', 'length', 'tall', 'height', 'grow', 'growth', 'percentile', 'centile', 'chart', 'gain'];

/** In the order suggested when nothing is related: the commonest questions first. */
export const INTENTS: Intent[] = [
  { id: 'milk_total', topics: FEED, example: (n) => `How much milk did ${n} have yesterday?`, has: milk },
  { id: 'last_dirty', topics: NAPPY, example: (n) => `When was ${n}'s last dirty nappy?`, has: nappy },
  { id: 'food_had', topics: FOOD, example: (n) => `Has ${n} had egg this week?`, has: solid },
  { id: 'next_feed', topics: FEED, example: (n) => `When is ${n}'s next feed due?`, has: (l) => live(l) && milk(l) },
  { id: 'last_eat', topics: FEED.concat(FOOD), example: (n) => `When did ${n} last eat?`, has: (l) => milk(l) || solid(l) },
  { id: 'next_nap', topics: SLEEP, example: (n) => `When is ${n}'s next nap window?`, has: (l) => live(l) && sleep(l) },
  { id: 'expected_bedtime', topics: SLEEP, example: (n) => `When is ${n}'s bedtime tonight?`, has: live },
  { id: 'last_night', topics: SLEEP, example: (n) => `How did ${n} sleep last night?`, has: sleep },
  { id: 'asleep_now', topics: SLEEP, example: (n) => `Is ${n} asleep?`, has: sleep },
  { id: 'sleep_total', topics: SLEEP, example: (n) => `How much sleep did ${n} get yesterday?`, has: sleep },
  { id: 'naps', topics: SLEEP, example: (n) => `How many naps did ${n} have today?`, has: sleep },
  { id: 'feeds_count', topics: FEED, example: (n) => `How many feeds did ${n} have yesterday?`, has: milk },
  { id: 'last_feed', topics: FEED, example: (n) => `When did ${n} last feed?`, has: milk },
  { id: 'hungry', topics: FEED, example: (n) => `Is ${n} hungry yet?`, has: (l) => live(l) && milk(l) },
  { id: 'feed_interval', topics: FEED, example: (n) => `How often does ${n} feed?`, has: (l) => l.insights?.patterns != null && milk(l) },
  { id: 'milk_average', topics: FEED, example: (n) => `What is ${n}'s average milk per day over the last 7 days?`, has: milk },
  { id: 'milk_compare', topics: FEED, example: (n) => `Has ${n} had more milk than yesterday?`, has: milk },
  { id: 'nappies_count', topics: NAPPY, example: (n) => `How many wet nappies did ${n} have today?`, has: nappy },
  { id: 'poos_week', topics: NAPPY, example: (n) => `How many poos has ${n} had this week?`, has: nappy },
  { id: 'sleep_compare', topics: SLEEP, example: (n) => `Is ${n} sleeping more than last week?`, has: sleep },
  { id: 'typical_bedtime', topics: SLEEP, example: (n) => `What time does ${n} usually go to bed?`, has: (l) => l.insights?.patterns?.typical_bedtime != null },
  { id: 'what_eaten', topics: FOOD, example: (n) => `What did ${n} eat yesterday?`, has: solid },
  { id: 'allergens_not_yet', topics: FOOD, example: (n) => `Which allergens hasn't ${n} had yet?`, has: solid },
  { id: 'allergens_had', topics: FOOD, example: (n) => `Which allergens has ${n} had?`, has: solid },
  { id: 'nutrients', topics: FOOD.concat(['iron', 'protein', 'calcium', 'zinc', 'nutrient']), example: (n) => `How much iron is ${n} getting from food?`, has: (l) => solid(l) && l.insights?.nutrients_7d != null },
  { id: 'weight', topics: GROWTH, example: (n) => `How much does ${n} weigh?`, has: weight },
  { id: 'weight_percentile', topics: GROWTH, example: (n) => `What percentile is ${n}'s weight?`, has: weight },
  { id: 'length_percentile', topics: GROWTH, example: (n) => `What centile is ${n}'s length?`, has: length },
  { id: 'vitamin_d', topics: ['vitamin', 'supplement', 'drops', 'iron'], example: (n) => `Has ${n} had vitamin D today?`, has: (l) => any(l, (t) => t === 'supplement') },
  // 1.3.0 (issue 26): what the log records besides the spec's ten types.
  { id: 'last_medicine', topics: ['medicine', 'medication', 'meds', 'dose', 'given', 'gave'], example: (n) => `When did ${n} last have a medicine?`, has: (l) => any(l, (t) => t === 'medicine') },
  { id: 'temperature', topics: ['temperature', 'temp', 'thermometer', 'reading'], example: (n) => `What was ${n}'s last temperature?`, has: (l) => any(l, (t) => t === 'temperature') },
  { id: 'tummy_time', topics: ['tummy', 'activity', 'bath', 'play'], example: (n) => `How much tummy time has ${n} had today?`, has: (l) => l.events.some((e) => e.type === 'activity' && e.kind === 'tummy_time') },
  { id: 'pumped', topics: ['pump', 'pumped', 'pumping', 'express', 'expressed'], example: (n) => `How much was pumped for ${n} yesterday?`, has: (l) => any(l, (t) => t === 'pumping') },
  { id: 'milestones', topics: ['milestone', 'first', 'roll', 'crawl', 'walk', 'smile', 'word'], example: (n) => `What milestones has ${n} reached?`, has: (l) => any(l, (t) => t === 'milestone') },
  { id: 'head_percentile', topics: GROWTH.concat(['head', 'circumference']), example: (n) => `What centile is ${n}'s head circumference?`, has: (l) => any(l, (t) => t === 'head_circumference') || (l.insights?.measurements ?? []).some((m) => m.type === 'head_circumference') },
];

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Up to `max` examples for this family: related intents first, then the commonest with data. */
export function suggestions(question: string, log: Log, max = 4): string[] {
  const q = new Set(words(question).map(stem));
  const available = INTENTS.filter((i) => i.has(log));
  const related = available.filter((i) => i.topics.some((t) => q.has(stem(t))));
  const chosen = [...related.slice(0, max)];
  for (const i of available) if (chosen.length < Math.max(3, Math.min(max, related.length)) && !chosen.includes(i)) chosen.push(i);
  if (chosen.length === 0) chosen.push(...INTENTS.slice(0, 3));
  return chosen.slice(0, max).map((i) => i.example(log.name));
}
