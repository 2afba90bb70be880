// "Why is she so grumpy?", "he's been unsettled today": the log cannot say why; the family's
// recent notes and the nearest log facts, never a cause (../mood.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { MOOD, moodReply } from '../mood.ts';
import { todayOf } from '../periods.ts';
import { notesText } from '../notes.ts';

export function match(q: Question): boolean {
  return MOOD.test(q.text) && (/\bwhy\b/.test(q.text) || q.topic === null);
}

export function reply(q: Question, log: Log): Reply {
  return moodReply(log, q.text, todayOf(log.now, log.zone), notesText);
}
