// "When did he first roll over?", "what milestones has she reached?": milestone titles are the
// family's own words ("rolled over", "Rolling front to back!"), so a question is matched loosely:
// its meaningful words, stemmed ("rolled" = "roll" = "rolling", "sat" = "sit"), against each
// title's. Every word found in a title is a match; failing that, the titles sharing the most
// words. The earliest match is the first time. The answer quotes the title it matched, so a
// loose match is plain to see.
import type { TimedEvent } from '../types.ts';
import { ageDisplay } from '../time.ts';
import { localDateOfFast } from '../zone-clock.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { shortDate, todayOf } from './periods.ts';
import { clock, list } from './format.ts';
import { words } from './text.ts';

const IRREGULAR: Record<string, string> = {
  sat: 'sit', stood: 'stand', took: 'take', said: 'say', ate: 'eat', teeth: 'tooth', crept: 'creep', fell: 'fall', ran: 'run',
  began: 'begin', went: 'go', got: 'get', held: 'hold', threw: 'throw', drew: 'draw', slept: 'sleep', grew: 'grow',
};
// The words of a question that do not say which milestone it is.
const QUESTION_WORDS = new Set([
  'when', 'what', 'which', 'who', 'how', 'did', 'does', 'do', 'was', 'were', 'is', 'are', 'has', 'have', 'had', 'the', 'a', 'an', 'her', 'his',
  'their', 'she', 'he', 'they', 'baby', 'it', 'i', 'we', 'you', 'my', 'our', 'first', 'time', 'date', 'day', 'ever', 'last', 'start', 'started',
  'starting', 'begin', 'began', 'to', 'on', 'at', 'for', 'of', 'in', 'by', 'and', 'old', 'age', 'get', 'got', 'take', 'took', 'make', 'made',
  'say', 'said', 'go', 'went', 'log', 'logged', 'milestone', 'milestones', 'reach', 'reached', 'hit', 'happen', 'happened', 'manage', 'managed',
  'learn', 'learned', 'learnt', 'able', 'finally', 'properly', 'own', 'herself', 'himself', 'themselves', 'yet',
]);
// Things babies are first seen doing: with "first", a question about one of them is a milestone
// question even before anything is logged ("when did he first roll over?" → none logged yet).
const MILESTONE_HINTS =
  /\b(roll\w*|crawl\w*|walk\w*|smil\w*|laugh\w*|giggl\w*|sit|sat|sitting|stand\w*|stood|steps?|words?|tooth|teeth|clap\w*|wav(e|ed|ing)|babbl\w*|cruis\w*|pull\w* up|point\w*|grab\w*|reach\w*|coo\w*|rais\w* (her|his|their) head|head up)\b/;

function stem(w: string): string {
  let s = IRREGULAR[w] ?? w;
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss')) s = s.slice(0, -1);
  if (s.length > 3 && s.endsWith('e')) s = s.slice(0, -1);
  // "clapped" → "clapp" → "clap"; "roll" → "rol" alike on both sides.
  if (s.length > 2 && s[s.length - 1] === s[s.length - 2] && !/[aeiou]/.test(s[s.length - 1]!)) s = s.slice(0, -1);
  return s;
}

const stems = (text: string) => words(text).map(stem);

export interface MilestoneAsked {
  /** "what milestones has she reached?": all of them */
  all: boolean;
  /** the question's meaningful words, stemmed */
  terms: string[];
  /** the question's meaningful words as asked, for the answer */
  asked: string;
}

function milestones(log: Log): TimedEvent[] {
  return log.events.filter((e) => e.type === 'milestone' && e.title !== null && e.at <= log.now).sort((a, b) => a.at - b.at);
}

function matches(terms: string[], e: TimedEvent): number {
  const title = new Set(stems(e.title!));
  return terms.filter((t) => title.has(t)).length;
}

/** A milestone question, or null. `q` is normalised (the child's name reads "baby"). */
export function milestoneAsked(q: string, log: Log): MilestoneAsked | null {
  const meaningful = words(q).filter((w) => !QUESTION_WORDS.has(w));
  const terms = meaningful.map(stem);
  const asked = meaningful.join(' ');
  if (/\bmilestones?\b/.test(q) && terms.length === 0) return { all: true, terms, asked };
  if (/\bmilestones?\b/.test(q)) return { all: false, terms, asked };
  if (terms.length === 0) return null;
  const first = /\bfirst\b|\bstart(ed)? to\b|\bbegan\b/.test(q);
  // A title holding every word asked is a milestone question unless it asks for the last time
  // ("when did she last have egg?" is a food question even with "first egg" logged).
  const whole = milestones(log).some((e) => matches(terms, e) === terms.length);
  if (first && (whole || MILESTONE_HINTS.test(q))) return { all: false, terms, asked };
  if (whole && /\bwhen\b/.test(q) && !/\blast\b/.test(q)) return { all: false, terms, asked };
  return null;
}

export function milestoneReply(m: MilestoneAsked, log: Log): Reply {
  const { name } = log;
  const all = milestones(log);
  const today = todayOf(log.now, log.zone);
  const dated = (e: TimedEvent) => {
    const date = localDateOfFast(e.at, log.zone);
    const day = `${shortDate(date)}${date.slice(0, 4) !== today.slice(0, 4) ? ` ${date.slice(0, 4)}` : ''}`;
    const age = log.profile ? `, at ${ageDisplay(log.profile.dob, date)}` : '';
    return { day, age, text: `"${e.title}" on ${day}${age}` };
  };
  if (all.length === 0) return { answer: `No milestones are logged for ${name} yet.`, figures: { milestones: 0 } };
  if (m.all) return { answer: `${name}'s milestones, oldest first: ${list(all.map((e) => dated(e).text))}.`, figures: { milestones: all.length } };
  const scored = all.map((e) => ({ e, n: matches(m.terms, e) }));
  const best = Math.max(...scored.map((s) => s.n));
  const whole = scored.filter((s) => s.n === m.terms.length).map((s) => s.e);
  const found = whole.length ? whole : best > 0 ? scored.filter((s) => s.n === best).map((s) => s.e) : [];
  if (found.length === 0) {
    return {
      answer: `I can't find a milestone like "${m.asked}" in ${name}'s log. Milestones logged: ${list(all.map((e) => `${e.title} (${dated(e).day})`))}.`,
      figures: { milestones: all.length },
    };
  }
  const e = found[0]!;
  const d = dated(e);
  let answer = `${name}'s log has "${e.title}" on ${d.day} at ${clock(e.at, log.zone)}${d.age}.`;
  if (found.length > 1) answer += ` That is the earliest of ${found.length} that match; the others: ${list(found.slice(1).map((x) => dated(x).text))}.`;
  return { answer, figures: { milestone: e.title!, at: instantToLocalFast(e.at, log.zone), matches: found.length } };
}
