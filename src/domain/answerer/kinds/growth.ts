// "How much does she weigh?", "how long is he now?", "what centile is her length?": the latest
// measurement and the change since the one before, or its WHO percentile (and trend).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { growthReply } from '../growth.ts';
import { percentileReply, PERCENTILE_WORDS, TREND_WORDS } from '../percentiles.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): 'weight' | 'length' | null {
  return q.topic === 'weight' || q.topic === 'length' ? q.topic : null;
}

export function reply(q: Question, log: Log, what: 'weight' | 'length'): Reply {
  const trend = TREND_WORDS.test(q.text);
  if (PERCENTILE_WORDS.test(q.text) || (trend && !q.period)) return percentileReply(log, what, trend);
  return growthReply(log, what);
}

export const suggestions: Suggestion[] = [
  { id: 'weight', rank: 26, topics: TOPIC_WORDS.growth, example: (n) => `How much does ${n} weigh?`, has: logged.weight },
  { id: 'length_percentile', rank: 28, topics: TOPIC_WORDS.growth, example: (n) => `What centile is ${n}'s length?`, has: logged.length },
];
