// "What times did she feed yesterday?", "when did she poo yesterday?", "what time was her first
// feed yesterday?": the times in a period (../times.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import type { Topic } from '../topics.ts';
import type { Period } from '../periods.ts';
import { timesReply } from '../times.ts';
import { WHEN_SHAPE } from '../question-shapes.ts';

export function match(q: Question): { topic: Topic; period: Period } | null {
  return q.topic !== null && q.period && WHEN_SHAPE.test(q.rest) && !/\bhow\b/.test(q.rest) ? { topic: q.topic, period: q.period } : null;
}

export function reply(q: Question, log: Log, { topic, period }: { topic: Topic; period: Period }): Reply {
  return timesReply(topic, log, period, q.supplement, /\bfirst\b/.test(q.rest) ? 'first' : /\blast\b/.test(q.rest) ? 'last' : undefined);
}
