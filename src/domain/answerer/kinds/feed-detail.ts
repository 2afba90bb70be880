// "How many bottles today?", "what was her biggest bottle yesterday?": bottles and their sizes
// in a period (today by default) (../feeds.ts). Other milk questions go on to later kinds.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { feedDetailReply } from '../feeds.ts';
import { dayPeriod, todayOf } from '../periods.ts';
import { AVERAGE_SHAPE } from '../question-shapes.ts';
import { replyFound } from '../question-kind.ts';

export function match(q: Question, log: Log): Reply | null {
  if ((q.topic !== 'milk' && q.topic !== 'feeds') || AVERAGE_SHAPE.test(q.rest)) return null;
  return feedDetailReply(q.rest, log, q.period ?? dayPeriod(todayOf(log.now, log.zone), log.now, log.zone));
}

export const reply = replyFound;
