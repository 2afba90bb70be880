// "What is her head circumference?", "what centile is his head?": the latest measurement and
// the one before, or its WHO percentile (and trend).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { growthReply } from '../growth.ts';
import { percentileReply, PERCENTILE_WORDS, TREND_WORDS } from '../percentiles.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

const HEAD = /\bhead\b[^?]*\b(circumference|size|measurement|measured|measure|big|bigger|centiles?|percentiles?|growth|grown|growing|cm)\b|\b(centiles?|percentiles?|circumference)\b[^?]*\bhead\b|\bhow big is (baby|her|his|their) head\b/;

export function match(q: Question): boolean {
  return HEAD.test(q.text);
}

export function reply(q: Question, log: Log): Reply {
  const trend = TREND_WORDS.test(q.text);
  return PERCENTILE_WORDS.test(q.text) || (trend && !q.asked) ? percentileReply(log, 'head', trend) : growthReply(log, 'head');
}

export const suggestions: Suggestion[] = [
  { id: 'head_percentile', rank: 35, topics: [...TOPIC_WORDS.growth, 'head', 'circumference'], example: (n) => `What centile is ${n}'s head circumference?`, has: logged.head },
];
