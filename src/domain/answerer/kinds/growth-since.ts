// "How much has she grown since her first birthday?": the measurements nearest each end
// (../growth-since.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Reply } from '../types.ts';
import { growthSinceAsked, growthSinceReply, type GrowthSince } from '../growth-since.ts';

export function match(q: Question, log: Log): GrowthSince | null {
  return growthSinceAsked(q.text, log);
}

export function reply(_q: Question, log: Log, asked: GrowthSince): Reply {
  return growthSinceReply(asked, log);
}
