// "When did she last eat?": milk and solids both count (a named food is food.ts's).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { lastEatReply } from '../last.ts';
import { isFoodQuestion } from '../foods.ts';
import { LAST_SHAPE, WHEN_SHAPE } from '../question-shapes.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question, log: Log): boolean {
  const { rest } = q;
  return q.topic === 'solids' && !q.period && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest)) && /\b(eat|ate|eaten|eating)\b/.test(rest) &&
    !/\b(solids?|foods?|meals?|snacks?|breakfast|lunch|dinner|supper|tea)\b/.test(rest) && !isFoodQuestion(q.text, log);
}

export function reply(_q: Question, log: Log): Reply {
  return lastEatReply(log);
}

export const suggestions: Suggestion[] = [
  { id: 'last_eat', rank: 5, topics: [...TOPIC_WORDS.feed, ...TOPIC_WORDS.food], example: (n) => `When did ${n} last eat?`, has: (l) => logged.milk(l) || logged.solid(l) },
];
