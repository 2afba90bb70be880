// "When did he first roll over?", "what milestones has she reached?": the milestones logged,
// matched loosely by title (../milestones.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { milestoneAsked, milestoneReply, type MilestoneAsked } from '../milestones.ts';
import { logged } from '../suggestions.ts';

export function match(q: Question, log: Log): MilestoneAsked | null {
  return milestoneAsked(q.text, log);
}

export function reply(_q: Question, log: Log, asked: MilestoneAsked): Reply {
  return milestoneReply(asked, log);
}

export const suggestions: Suggestion[] = [
  { id: 'milestones', rank: 34, topics: ['milestone', 'first', 'roll', 'crawl', 'walk', 'smile', 'word'], example: (n) => `What milestones has ${n} reached?`, has: logged.type('milestone') },
];
