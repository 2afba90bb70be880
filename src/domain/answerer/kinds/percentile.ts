// "What percentile is she on?", "is he still on the same centile?": the WHO percentile of her
// weight (length and head have their own: growth.ts, head-size.ts), with its trend when asked.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { percentileReply, PERCENTILE_WORDS, TREND_WORDS } from '../percentiles.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): boolean {
  return PERCENTILE_WORDS.test(q.text) && q.topic !== 'length';
}

export function reply(q: Question, log: Log): Reply {
  return percentileReply(log, 'weight', TREND_WORDS.test(q.text));
}

export const suggestions: Suggestion[] = [
  { id: 'weight_percentile', rank: 27, topics: TOPIC_WORDS.growth, example: (n) => `What percentile is ${n}'s weight?`, has: logged.weight },
];
