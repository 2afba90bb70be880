// "When was her last bottle?": the last feed with a volume, not a breastfeed (../feeds.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { lastBottleReply } from '../feeds.ts';
import { AVERAGE_SHAPE, LAST_SHAPE, WHEN_SHAPE } from '../question-shapes.ts';
import { replyFound } from '../question-kind.ts';

export function match(q: Question, log: Log): Reply | null {
  const { rest } = q;
  const asked = (q.topic === 'milk' || q.topic === 'feeds') && !AVERAGE_SHAPE.test(rest) && !q.period && /\bbottles?\b/.test(rest) && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest));
  return asked ? lastBottleReply(log) : null;
}

export const reply = replyFound;
