// "How much did I pump yesterday?", "when did I last express?": pumping sessions, not feeds
// ("how much expressed milk did she drink" is a feed question) (../activities.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { pumpingAsked, pumpingReply } from '../activities.ts';
import { logged } from '../suggestions.ts';

export function match(q: Question): boolean {
  return pumpingAsked(q.text);
}

export function reply(q: Question, log: Log): Reply {
  return pumpingReply(q.rest, q.asked, log);
}

export const suggestions: Suggestion[] = [
  { id: 'pumped', rank: 33, topics: ['pump', 'pumped', 'pumping', 'express', 'expressed'], example: (n) => `How much was pumped for ${n} yesterday?`, has: logged.type('pumping') },
];
