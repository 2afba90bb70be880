// "How much iron is she getting from food?", "how much vitamin D from food today?": nutrients
// from food and drops as the patterns endpoint serves them (../rhythm.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { nutrientAsked, nutrientReply, type NutrientAsk } from '../rhythm.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): NutrientAsk | null {
  return nutrientAsked(q.text);
}

export function reply(_q: Question, log: Log, asked: NutrientAsk): Reply | null {
  return nutrientReply(asked, log);
}

export const suggestions: Suggestion[] = [
  {
    id: 'nutrients', rank: 25, topics: [...TOPIC_WORDS.food, 'iron', 'protein', 'calcium', 'zinc', 'nutrient'], example: (n) => `How much iron is ${n} getting from food?`,
    has: (l) => logged.solid(l) && l.insights?.nutrients_7d != null,
  },
];
