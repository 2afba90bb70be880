// "What was her first food?": the first solid of the whole log. When none is known, a later
// kind answers.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { FIRST_EVER, firstFoodReply } from '../history.ts';
import { isFoodQuestion } from '../foods.ts';
import { replyFound } from '../question-kind.ts';

export function match(q: Question, log: Log): Reply | null {
  return q.topic === 'solids' && !q.period && FIRST_EVER.test(q.text) && !isFoodQuestion(q.text, log) ? firstFoodReply(log) : null;
}

export const reply = replyFound;
