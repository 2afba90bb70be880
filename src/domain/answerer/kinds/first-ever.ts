// "When did she first have a bottle?", "her first weigh-in": the first event of the log ever,
// not today's first (foods: first-food.ts). When the log has none, a later kind answers.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { FIRST_EVER, firstOfTypeReply } from '../history.ts';
import { replyFound } from '../question-kind.ts';

export function match(q: Question, log: Log): Reply | null {
  return !q.period && FIRST_EVER.test(q.text) && q.topic !== null && q.topic !== 'solids' ? firstOfTypeReply(q.topic, log) : null;
}

export const reply = replyFound;
