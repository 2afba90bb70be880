// "Why is she so grumpy?", "he's been really unsettled today": the log cannot say why, and the
// answerer never guesses a cause. It quotes the family's own recent notes ("You noted on Tue 24
// Nov: …") and the log facts nearest the question (last night, naps, last feed), and points to
// the people who can assess a child. Clinical words are caught by the guardrails before this.
import type { Note, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { dayPeriod } from './periods.ts';
import { nightReply } from './night.ts';
import { summarise } from './summaries.ts';
import { lastEatReply } from './last.ts';
import { regionWords } from './format.ts';

export const MOOD =
  /\b(grumpy|grumpier|fussy|fussier|fussing|cranky|crankier|unsettled|clingy|clingier|whingy|whingey|whining|whiny|whiney|grizzly|grizzling|irritable|crying|cries|cried|cry|crabby|upset|restless|miserable|moody|tearful|teary|out of sorts|not (herself|himself|themselves)|off (colour|color)|in a mood|bad mood|screaming|screamy|tetchy|ratty)\b/;

/** Notes from the last 14 days, newest first (at most 3): what the family said is going on. */
export function recentNotes(notes: Note[], now: string, days = 14): Note[] {
  const cutoff = new Date(Date.parse(`${now.slice(0, 10)}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  return [...notes].filter((n) => n.ts.slice(0, 10) >= cutoff).sort((a, b) => (a.ts < b.ts ? 1 : -1)).slice(0, 3);
}

export function moodReply(log: Log, q: string, today: string, notesText: (notes: Note[]) => string): Reply & { notes: Note[] } {
  const name = log.name;
  const notes = recentNotes(log.notes ?? [], today);
  const word = q.match(MOOD)?.[0] ?? 'like this';
  const parts: string[] = [`The log can't tell me why ${name} is ${word}, and I can't assess how ${name} is.`];
  if (notes.length > 0) parts.push(notesText(notes));
  const night = nightReply(log, 'how did baby sleep last night', today).answer;
  parts.push(`From the log: ${night.startsWith('Last night') ? `last night${night.slice(10)}` : night}`);
  parts.push(summarise('naps', log, dayPeriod(today, log.now, log.zone)).text);
  parts.push(lastEatReply(log).answer);
  parts.push(log.region === 'us' ? "If you are worried, your child's doctor can help." : 'If you are worried, your health visitor, GP or NHS 111 can help.');
  // American words for the log's part only: the notes are quoted as the family wrote them.
  const quoted = notes.length > 0 ? 1 : -1;
  const answer = parts.map((p, i) => (i === quoted ? p : regionWords(p, log.region))).join(' ');
  return { answer, figures: { notes_quoted: notes.length }, notes, aboutOneChild: true };
}
