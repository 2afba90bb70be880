// The family's remembered notes in answers: those that share a meaningful word with the
// question are quoted after the answer; those that hold what the log does not lead it.
import type { AnswerContext, AnswerResult, Note } from './types.ts';
import type { ChildReply } from './child-reply.ts';
import { firstName, words } from './text.ts';
import { shortDate } from './periods.ts';

// Words that say nothing about what a note is about.
const STOP_WORDS = new Set(
  ('a about after again all am an and any are as at be been before being both but by can could did do does ' +
    'doing done for from get got had has have having he her here hers him his how i if in into is it its ' +
    'just last let like many may me more most much my no not now of off on once only or our out over own ' +
    'same she should since so some still such than that the their them then there these they this those ' +
    'through to too under until up very was we were what when where which while who why will with would ' +
    'you your yours today yesterday week weeks day days night tonight morning evening afternoon time times ' +
    'ago long often ever yet baby babys tell show give gave know remember please ok okay total average ' +
    'number count monday tuesday wednesday thursday friday saturday sunday month hours hour minutes').split(' '),
);

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

// Two-letter words that say something ("GP", "HV") count; these and numbers do not.
const SHORT_STOP = new Set('am an as at be by do go he hi if in is it me my no of oh ok on or so to up us we ye yo'.split(' '));

function meaningful(w: string): boolean {
  if (w.length >= 3) return !STOP_WORDS.has(w);
  return w.length === 2 && !SHORT_STOP.has(w) && !/^\d+$/.test(w);
}

function keywords(text: string, exclude: Set<string>): Set<string> {
  return new Set(words(text).filter((w) => meaningful(w) && !exclude.has(w)).map(stem));
}

/** Notes sharing at least one meaningful word with the question, best overlap first (at most 3). */
export function relevantNotes(question: string, notes: Note[], childName: string): Note[] {
  // The child's name is in most questions and many notes; it says nothing about the topic.
  const exclude = new Set(words(childName));
  const q = keywords(question, exclude);
  if (q.size === 0) return [];
  const scored = notes
    .map((n) => {
      const k = keywords(`${n.text} ${n.tags.join(' ')}`, exclude);
      let score = 0;
      for (const w of q) if (k.has(w)) score++;
      return { n, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || (a.n.ts < b.n.ts ? 1 : -1));
  return scored.slice(0, 3).map((x) => x.n);
}

// Words any log question uses ("first", "feed", "nap"): a note sharing only these is about the
// same topic, not the fact asked for, so it does not lead an answer (notesHolding).
const GENERIC = new Set(
  ('first second third last next ever always usually new old start started end ended same other ' +
    'feed fed feeding bottle bottles milk formula breastfeed nap napped sleep slept sleeping asleep awake wake woke ' +
    'nappy nappie diaper poo poop pooed wee pee wet dirty eat ate eaten eating food solid solid meal snack ' +
    'breakfast lunch dinner supper weight weigh weighed length tall height vitamin drop supplement ' +
    'ml oz kg cm lb hour minute').split(' ').map(stem),
);

/**
 * The notes that hold what a question asks, when the log does not (issue 27): sharing a word
 * with it that says what the question is about ("GP", "shoe", "size", "grandma"), not only a
 * word every log question uses ("first", "feed"). At most 3, best overlap first.
 */
export function notesHolding(question: string, notes: Note[], childName: string): Note[] {
  const exclude = new Set(words(childName));
  const q = [...keywords(question, exclude)].filter((w) => !GENERIC.has(w));
  if (q.length === 0) return [];
  return relevantNotes(question, notes, childName).filter((n) => {
    const k = keywords(`${n.text} ${n.tags.join(' ')}`, exclude);
    return q.some((w) => k.has(w));
  });
}

/** A child's reply with the notes that bear on the question quoted at its end, or leading it. */
export function withNotes(question: string, ctx: AnswerContext, r: ChildReply): AnswerResult {
  const name = firstName(ctx.profile.baby_name);
  // A reply that quoted notes itself (a mood question) keeps them; otherwise the notes sharing
  // a meaningful word with the question are quoted at the end.
  const notes = r.quoted ?? relevantNotes(question, ctx.notes, name);
  const holding = !r.quoted && (!r.answered || r.empty) ? notesHolding(question, ctx.notes, name) : [];
  if (holding.length > 0) {
    // The notes hold what the log does not: they are the answer, not a footnote to a refusal.
    return { answer: notesLed(holding, r), answered: true, figures: r.figures, notes_used: holding };
  }
  const answer = notes.length > 0 && !r.quoted ? `${r.answer} ${notesText(notes)}` : r.answer;
  return { answer, answered: r.answered, figures: r.figures, notes_used: notes };
}

/**
 * An answer the family's notes give (issue 27): the notes first, then what the log says when it
 * has anything to say ("egg isn't logged"); a question the log cannot answer at all gets the
 * notes alone, never "I can't answer that" in front of them.
 */
export function notesLed(notes: Note[], r: { answer: string; answered: boolean }): string {
  return r.answered ? `${notesText(notes)} From the log: ${r.answer}` : notesText(notes);
}

/** "You noted on Tue 24 Nov: "she is teething"." — the family's own words, never a diagnosis. */
export function notesText(notes: Note[]): string {
  const parts = notes.map((n, i) => `${i === 0 ? 'You noted' : 'on'} ${i === 0 ? 'on ' : ''}${shortDate(n.ts.slice(0, 10))}: "${n.text}"`);
  return `${parts.join('; ')}.`;
}
