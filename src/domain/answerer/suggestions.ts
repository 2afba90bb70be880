// The example questions offered when a question is not understood: the nearby ones (sharing a
// topic word with the question) whose data exist for this family. Each kind of question
// (kinds/) lists its own examples with these words and checks of the family's data.
import type { Log } from './summaries.ts';
import type { Suggestion } from './question-kind.ts';
import { words } from './text.ts';

const any = (log: Log, pred: (t: string) => boolean) => log.events.some((e) => pred(e.type));
const measuredAs = (log: Log, type: string) => any(log, (t) => t === type) || (log.insights?.measurements ?? []).some((m) => m.type === type);

/** What this family's data hold: an example is offered only when its data exist. */
export const logged = {
  milk: (log: Log) => any(log, (t) => t === 'milk'),
  sleep: (log: Log) => log.spans.length > 0,
  nappy: (log: Log) => any(log, (t) => t === 'nappy' || t === 'poop'),
  solid: (log: Log) => any(log, (t) => t === 'solid'),
  type: (type: string) => (log: Log) => any(log, (t) => t === type),
  weight: (log: Log) => measuredAs(log, 'weight'),
  length: (log: Log) => measuredAs(log, 'length'),
  head: (log: Log) => measuredAs(log, 'head_circumference'),
  live: (log: Log) => log.insights?.live != null,
};

/** Words of questions on a topic. */
export const TOPIC_WORDS = {
  feed: ['milk', 'feed', 'fed', 'bottle', 'drink', 'drank', 'formula', 'breastfeed', 'nurse', 'eat', 'ate', 'hungry', 'ml', 'oz', 'ounce'],
  sleep: ['sleep', 'slept', 'nap', 'kip', 'asleep', 'awake', 'wake', 'woke', 'bed', 'bedtime', 'night', 'tired', 'down'],
  nappy: ['nappy', 'nappies', 'diaper', 'poo', 'poop', 'dirty', 'wet', 'wee', 'pee', 'change'],
  food: ['food', 'eat', 'ate', 'solid', 'meal', 'lunch', 'breakfast', 'dinner', 'snack', 'allergen', 'egg', 'fish', 'peanut', 'dairy', 'nut', 'tried', 'try', 'introduce'],
  growth: ['weight', 'weigh', 'heavy', 'length', 'tall', 'height', 'grow', 'growth', 'percentile', 'centile', 'chart', 'gain'],
} as const;

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Up to `max` examples for this family: related ones first, then the commonest with data. `all`: every example, commonest first. */
export function suggestions(question: string, log: Log, all: readonly Suggestion[], max = 4): string[] {
  const q = new Set(words(question).map(stem));
  const available = all.filter((i) => i.has(log));
  const related = available.filter((i) => i.topics.some((t) => q.has(stem(t))));
  const chosen = [...related.slice(0, max)];
  for (const i of available) if (chosen.length < Math.max(3, Math.min(max, related.length)) && !chosen.includes(i)) chosen.push(i);
  if (chosen.length === 0) chosen.push(...all.slice(0, 3));
  return chosen.slice(0, max).map((i) => i.example(log.name));
}
