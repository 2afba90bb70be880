// "What time does she usually go to bed?", "how often does he feed?": the family's rhythm as
// the patterns endpoint serves it (../rhythm.ts). Without patterns, a later kind answers.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { rhythmAsked, rhythmReply } from '../rhythm.ts';
import { replyFound } from '../question-kind.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question, log: Log): Reply | null {
  const asked = q.period ? null : rhythmAsked(q.text);
  return asked && rhythmReply(asked, log);
}

export const reply = replyFound;

export const suggestions: Suggestion[] = [
  { id: 'feed_interval', rank: 15, topics: TOPIC_WORDS.feed, example: (n) => `How often does ${n} feed?`, has: (l) => l.insights?.patterns != null && logged.milk(l) },
  { id: 'typical_bedtime', rank: 21, topics: TOPIC_WORDS.sleep, example: (n) => `What time does ${n} usually go to bed?`, has: (l) => l.insights?.patterns?.typical_bedtime != null },
];
