// A question in a family of several children (issue 25): answered from each child's own log,
// never from a mix, and never for one child picked silently. The service decides whom a
// question is about (child-names.ts: the children it names, else every active child); this puts
// their answers together.
//
// - Each child's answer on a line of its own, starting with the child's name: "Ada's last feed
//   was at 14:10…" as it is, "Tom: No. Tom had 0 dirty nappies…" with the name put in front.
// - The family's remembered notes are the family's, not a child's: quoted once, at the end.
// - A mood question ("why is she so grumpy?") naming no child asks which child is meant: the
//   parent has one child in mind, and an answer for each would quote the same notes and
//   pointers to help once per child.
// - A question no child's log can answer gets the one "I can't answer that" reply, not one per
//   child.
import type { AnswerContext, AnswerResult, Figures, Note } from './types.ts';
import { childReply } from './index.ts';
import { questionAbout, type NamedChild } from './child-names.ts';
import { notesHolding, notesText, relevantNotes } from './notes.ts';
import { recentNotes } from './mood.ts';
import { firstName } from './text.ts';
import { todayOf } from './periods.ts';
import { hereZone } from './answer-log.ts';

export interface ChildAsked {
  child: NamedChild;
  ctx: AnswerContext;
}

export interface ChildrenAnswer extends AnswerResult {
  /** The answer asks which child is meant (no model is asked either). */
  askedWhichChild: boolean;
}

/** "Ada or Tom", "Ada, Tom or Kit". */
export function orList(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Each line starts with the child's name: the answer as it is when it does already. */
function lineFor(name: string, answer: string): string {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(answer) ? answer : `${name}: ${answer}`;
}

/**
 * The answer for several children. `named`: the question named them (else it named none and
 * they are every active child of the family). Each context carries the family's notes; they are
 * quoted once here.
 */
export function answerForChildren(question: string, asked: readonly ChildAsked[], named: boolean): ChildrenAnswer {
  const first = asked[0]!;
  // By first name, as the answers name them; by the whole name where two share a first name.
  const firsts = asked.map((a) => firstName(a.child.name));
  const names = asked.map((a, i) => (firsts.filter((f) => f === firsts[i]).length > 1 ? a.child.name.trim() : firsts[i]!));
  const notes = first.ctx.notes;
  // Each child's log alone: no child's reply quotes the family's notes (they come once, below).
  const replies = asked.map((a) => childReply(named ? questionAbout(question, asked.map((x) => x.child), a.child) : question, { ...a.ctx, notes: [] }));
  if (!named && replies.some((r) => r.aboutOneChild)) {
    const answer = `Which child do you mean: ${orList(names)}? Ask again with the child's name in the question.`;
    return { answer, answered: false, figures: {}, notes_used: [], askedWhichChild: true };
  }
  if (replies.every((r) => !r.answered)) {
    // Not understood whichever child it is about: the suggestions of the first (they name a child).
    const r = replies[0]!;
    // The family's notes hold what no log does: they are the answer (issue 27), not a footnote.
    const holding = notesHolding(question, notes, names.join(' '));
    if (holding.length) return { answer: notesText(holding), answered: true, figures: {}, notes_used: holding, askedWhichChild: false };
    const quoted = relevantNotes(question, notes, names.join(' '));
    return { answer: quoted.length ? `${r.answer} ${notesText(quoted)}` : r.answer, answered: false, figures: {}, notes_used: quoted, askedWhichChild: false };
  }
  const lines = replies.map((r, i) => lineFor(names[i]!, r.answered ? r.answer : `I can't answer that from ${names[i]}'s log.`));
  // A mood question about the children named quotes the recent notes, as for one child; any
  // other the notes sharing a word with the question (the children's names say nothing of it).
  const quoted: Note[] = replies.some((r) => r.aboutOneChild)
    ? recentNotes(notes, todayOf(first.ctx.now, hereZone(first.ctx)))
    : relevantNotes(question, notes, names.join(' '));
  if (quoted.length) lines.push(notesText(quoted));
  const figures: Figures = {};
  replies.forEach((r, i) => {
    for (const [k, v] of Object.entries(r.figures)) figures[`${names[i]}:${k}`] = v;
  });
  return { answer: lines.join('\n'), answered: true, figures, notes_used: quoted, askedWhichChild: false };
}
