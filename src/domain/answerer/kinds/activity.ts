// "How much tummy time today?", "when was her last bath?": activities, totalled over a period
// or the last one (../activities.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { activityAsked, activityReply } from '../activities.ts';

export function match(q: Question): string | null {
  return activityAsked(q.text);
}

export function reply(q: Question, log: Log, kind: string): Reply {
  return activityReply(kind, q.rest, q.asked, log);
}

export const suggestions: Suggestion[] = [
  {
    id: 'tummy_time', rank: 32, topics: ['tummy', 'activity', 'bath', 'play'], example: (n) => `How much tummy time has ${n} had today?`,
    has: (l) => l.events.some((e) => e.type === 'activity' && e.kind === 'tummy_time'),
  },
];
