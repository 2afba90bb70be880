// "What is her average milk per day over the last 7 days?", "how long are her naps on
// average?": per day, per feed or per nap (../compare.ts).
import type { Log, WindowTopic } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { averageReply } from '../compare.ts';
import { AVERAGE_SHAPE } from '../question-shapes.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): WindowTopic | null {
  // Weight and length were answered before (growth.ts): what is left is counted over a window.
  return q.topic !== null && q.topic !== 'wake' && AVERAGE_SHAPE.test(q.rest) ? (q.topic as WindowTopic) : null;
}

export function reply(q: Question, log: Log, topic: WindowTopic): Reply {
  return averageReply(topic, q.rest, log, q.period);
}

export const suggestions: Suggestion[] = [
  { id: 'milk_average', rank: 16, topics: TOPIC_WORDS.feed, example: (n) => `What is ${n}'s average milk per day over the last 7 days?`, has: logged.milk },
];
