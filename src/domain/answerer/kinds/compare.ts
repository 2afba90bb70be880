// "Is she sleeping more than last week?", "did she have more feeds yesterday than on Monday?",
// "compare nappies this week with last week": one period against another (../compare.ts).
import type { Log, WindowTopic } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { compareReply } from '../compare.ts';
import { COMPARE_SHAPE } from '../question-shapes.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

// "now her cough is better", "getting worse": a state, not a comparison between periods.
const STATE_COMPARATIVE = /\b(is|are|was|were|got|getting|gets|feeling|feels|seems|much) (better|worse)\b|\b(better|worse) now\b/g;

export function match(q: Question): WindowTopic | null {
  const { topic, text } = q;
  if (topic === null || topic === 'wake' || !COMPARE_SHAPE.test(text.replace(STATE_COMPARATIVE, ' '))) return null;
  // Weight and length were answered before (growth.ts): what is left is counted over a window.
  return /\bthan\b|\bcompared?\b|\bvs\b|\bversus\b/.test(text) || q.period ? (topic as WindowTopic) : null;
}

export function reply(q: Question, log: Log, topic: WindowTopic): Reply {
  return compareReply(topic, q.text, log);
}

export const suggestions: Suggestion[] = [
  { id: 'milk_compare', rank: 17, topics: TOPIC_WORDS.feed, example: (n) => `Has ${n} had more milk than yesterday?`, has: logged.milk },
  { id: 'sleep_compare', rank: 20, topics: TOPIC_WORDS.sleep, example: (n) => `Is ${n} sleeping more than last week?`, has: logged.sleep },
];
