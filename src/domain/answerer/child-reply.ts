// One child's reply to a question, before the family's notes that bear on it are quoted: the
// question parsed once (question.ts) and answered by the first kind of question it matches
// (the ordered list in index.ts), or "I can't answer that" with questions this log can answer.
import type { AnswerContext, Figures, Note, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Suggestion } from './question-kind.ts';
import { parseQuestion, type Question } from './question.ts';
import { answerLog } from './answer-log.ts';
import { suggestions } from './suggestions.ts';
import { regionWords } from './format.ts';

export interface ChildReply {
  answer: string;
  answered: boolean;
  figures: Figures;
  /** the notes the reply quoted itself (a mood question) */
  quoted?: Note[];
  /** about how the child is (a mood question), not a figure of the log: see Reply.aboutOneChild */
  aboutOneChild: boolean;
  /** the log holds nothing of what was asked: see Reply.empty */
  empty?: true;
}

/** The reply of the first kind of question that matches (null: not understood, or not from the log). */
export type Route = (q: Question, log: Log) => Reply | null;

/** `examples`: every kind's example questions, commonest first, offered when the question is not understood. */
export function childReplyBy(route: Route, examples: readonly Suggestion[], question: string, ctx: AnswerContext): ChildReply {
  const log = answerLog(ctx);
  const q = parseQuestion(question, ctx.profile.baby_name, log);
  let reply: Reply | null = null;
  try {
    // "How many ounces …?": fluid ounces alongside ml whatever the profile's units.
    reply = route(q, /\b(oz|ounces?)\b/.test(q.text) && log.units !== 'imperial' ? { ...log, units: 'imperial' } : log);
  } catch {
    // A reply that cannot be worked out from this question is treated as not understood.
    reply = null;
  }
  // A US family reads diaper and poop; a reply that quotes notes itself has done this already.
  const answer = reply?.notes ? reply.answer : regionWords(reply ? reply.answer : cannotAnswer(log.name, suggestions(q.first, log, examples)), ctx.profile.region);
  return {
    answer,
    answered: reply !== null,
    figures: reply?.figures ?? {},
    ...(reply?.notes ? { quoted: reply.notes } : {}),
    aboutOneChild: reply?.aboutOneChild === true,
    ...(reply?.empty ? { empty: true as const } : {}),
  };
}

/** Not understood, or advice: say so, and offer nearby questions this family's data can answer. */
function cannotAnswer(name: string, examples: string[]): string {
  const quoted = examples.map((e) => `"${e}"`);
  const list = quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return `I can't answer that from the log. For ${name} I can answer questions such as ${list}`;
}
