// A sleep left open far longer than a sleep lasts (live's check): a sleep question about now
// says the wake was probably not logged rather than report a 15-hour sleep (../open-sleep.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { wakeNotLoggedReply } from '../open-sleep.ts';
import { AVERAGE_SHAPE, COMPARE_SHAPE, HOW_LONG_AWAKE, IS_ASLEEP } from '../question-shapes.ts';
import { replyFound } from '../question-kind.ts';

export function match(q: Question, log: Log): Reply | null {
  const { period, topic, text } = q;
  const touchesNow = !period || period.key === 'last_night' || period.key === 'today' || period.end >= log.now;
  const aboutSleep = topic === 'sleep' || topic === 'naps' || topic === 'wake' || HOW_LONG_AWAKE.test(text) || IS_ASLEEP.test(text);
  return touchesNow && aboutSleep && !COMPARE_SHAPE.test(text) && !AVERAGE_SHAPE.test(text) ? wakeNotLoggedReply(log) : null;
}

export const reply = replyFound;
