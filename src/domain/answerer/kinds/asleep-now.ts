// "Is she asleep?", "how long has he been awake?": asleep or awake now, with any other live
// check ("nothing logged for 9 hours") said too.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { asleepNow } from '../last.ts';
import { checkText } from '../predictions.ts';
import { HOW_LONG_AWAKE, IS_ASLEEP } from '../question-shapes.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): boolean {
  return !q.period && (HOW_LONG_AWAKE.test(q.text) || IS_ASLEEP.test(q.text));
}

export function reply(_q: Question, log: Log): Reply {
  const now = asleepNow(log);
  return { ...now, answer: `${now.answer}${checkText(log.insights?.live)}` };
}

export const suggestions: Suggestion[] = [
  { id: 'asleep_now', rank: 9, topics: TOPIC_WORDS.sleep, example: (n) => `Is ${n} asleep?`, has: logged.sleep },
];
