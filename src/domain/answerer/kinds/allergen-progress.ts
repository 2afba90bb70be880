// "Which allergens haven't we tried?", "which allergens has she had?": the region's list split
// into logged and not yet logged (a period keeps the list of those had in it: food.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { allergenProgressReply, NOT_YET } from '../allergen-progress.ts';
import { allergensInQuestion } from '../allergens.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): boolean {
  return /\ballergens?\b/.test(q.text) && !allergensInQuestion(q.text) && (NOT_YET.test(q.rest) || !q.period);
}

export function reply(q: Question, log: Log): Reply {
  return allergenProgressReply(log, NOT_YET.test(q.rest));
}

export const suggestions: Suggestion[] = [
  { id: 'allergens_not_yet', rank: 23, topics: TOPIC_WORDS.food, example: (n) => `Which allergens hasn't ${n} had yet?`, has: logged.solid },
  { id: 'allergens_had', rank: 24, topics: TOPIC_WORDS.food, example: (n) => `Which allergens has ${n} had?`, has: logged.solid },
];
