// Any other question about waking ("did she wake?"): last night's wakings.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { nightReply } from '../night.ts';

export function match(q: Question): boolean {
  return q.topic === 'wake';
}

export function reply(q: Question, log: Log): Reply {
  return nightReply(log, q.text);
}
