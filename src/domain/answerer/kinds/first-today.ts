// "What time was her first feed?": today's first, never the last one.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import type { Topic } from '../topics.ts';
import { timesReply } from '../times.ts';
import { dayPeriod, todayOf } from '../periods.ts';
import { FIRST_WORD } from '../history.ts';
import { WHEN_SHAPE } from '../question-shapes.ts';

export function match(q: Question): Topic | null {
  return q.topic !== null && !q.period && FIRST_WORD.test(q.rest) && WHEN_SHAPE.test(q.rest) ? q.topic : null;
}

export function reply(q: Question, log: Log, topic: Topic): Reply {
  return timesReply(topic, log, dayPeriod(todayOf(log.now, log.zone), log.now, log.zone), q.supplement, 'first');
}
