// The shape of one kind of question (a file of kinds/): how a question is recognised as this
// kind, the reply, and the example questions it offers when a question is not understood.
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Question } from './question.ts';

/**
 * One kind of question. The kinds are tried in the order of index.ts; the first whose `match`
 * gives a value (not null or false) answers with `reply`, given that value.
 */
export interface QuestionKind {
  /** Whether the question is this kind, and what of it the reply needs (true when nothing). */
  match(q: Question, log: Log): unknown;
  /**
   * The reply, given what `match` found; null: this kind's question, but not one the log can
   * answer (no later kind is tried).
   */
  reply(q: Question, log: Log, matched: unknown): Reply | null;
  /** The questions of this kind offered as examples (suggestions.ts). */
  suggestions?: readonly Suggestion[];
}

/** An example question offered when a question is not understood. */
export interface Suggestion {
  id: string;
  /** Its place among all examples: the commonest questions are offered first. */
  rank: number;
  /** Words of a question on its topic (stems: "feed" matches "feeds", "feeding"). */
  topics: readonly string[];
  example: (name: string) => string;
  /** Whether this family's data can answer it now. */
  has: (log: Log) => boolean;
}

/** The reply of a kind whose `match` already found it (a kind that lets the next one try when it finds none). */
export function replyFound(_q: Question, _log: Log, found: Reply): Reply {
  return found;
}
