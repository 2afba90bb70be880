// "What was his temperature this morning?", "when did we last take her temperature?": the
// readings the log records, never judged (../readings.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { TEMPERATURE_WORDS, temperatureReply } from '../readings.ts';
import { logged } from '../suggestions.ts';

export function match(q: Question): boolean {
  return TEMPERATURE_WORDS.test(q.text);
}

export function reply(q: Question, log: Log): Reply {
  return temperatureReply(q.rest, q.asked, log);
}

export const suggestions: Suggestion[] = [
  { id: 'temperature', rank: 31, topics: ['temperature', 'temp', 'thermometer', 'reading'], example: (n) => `What was ${n}'s last temperature?`, has: logged.type('temperature') },
];
