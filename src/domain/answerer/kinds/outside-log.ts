// A period the log read does not reach, or before the log starts ("what did she eat on 3 March
// last year?"): said plainly (../history.ts coverageReply), never "0 feeds".
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { coverageReply } from '../history.ts';
import { replyFound } from '../question-kind.ts';

export function match(q: Question, log: Log): Reply | null {
  return q.asked && coverageReply(q.asked, log);
}

export const reply = replyFound;
