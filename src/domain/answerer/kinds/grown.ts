// "How much has she grown?": her length, with its trend.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { percentileReply } from '../percentiles.ts';

export function match(q: Question): boolean {
  return q.topic === null && /\b(grown|grow|growing|growth)\b/.test(q.text);
}

export function reply(_q: Question, log: Log): Reply {
  return percentileReply(log, 'length', true);
}
