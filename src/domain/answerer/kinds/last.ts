// "When did she last feed?", "how long since her last wet nappy?", "when was her last vitamin
// D?": the most recent one, how long ago (../last.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import type { Topic } from '../topics.ts';
import { lastOccurrence } from '../last.ts';
import { LAST_SHAPE, WHEN_SHAPE } from '../question-shapes.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): Topic | null {
  return q.topic !== null && !q.period && (LAST_SHAPE.test(q.rest) || WHEN_SHAPE.test(q.rest)) ? q.topic : null;
}

export function reply(q: Question, log: Log, topic: Topic): Reply | null {
  return lastOccurrence(topic, log, q.supplement);
}

export const suggestions: Suggestion[] = [
  { id: 'last_dirty', rank: 2, topics: TOPIC_WORDS.nappy, example: (n) => `When was ${n}'s last dirty nappy?`, has: logged.nappy },
  { id: 'last_feed', rank: 13, topics: TOPIC_WORDS.feed, example: (n) => `When did ${n} last feed?`, has: logged.milk },
];
