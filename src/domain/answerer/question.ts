// A question parsed once, before any kind of question is tried (index.ts): its normal form,
// its time phrase, what it is about. Every kind matches and answers from this one value.
import type { Log } from './summaries.ts';
import { parsePeriod, type Period } from './periods.ts';
import { topicOf, type Topic } from './topics.ts';
import { nightWindow } from './night.ts';
import { questionForm } from './text.ts';

export interface Question {
  /**
   * The question in normal form (text.ts questionForm). "When was her last feed? We think she
   * is teething": the first question when it has a topic; the rest is context and must not
   * lend it a time phrase ("… constipated last week").
   */
  text: string;
  /** The first question asked, whether or not it has a topic: what suggestions are drawn from. */
  first: string;
  /** The time phrase as asked ("last night": 19:00–07:00), null when there is none. */
  asked: Period | null;
  /**
   * The period the log answers: as asked, except that feeds and nappies "last night" are those
   * between going down and getting up, so the bedtime bottle and the first feed of the morning
   * are not night feeds.
   */
  period: Period | null;
  /** `text` without its time phrase, so "last" in "last week" is not read as "most recent". */
  rest: string;
  /** What it is about; "last night" alone is about sleep. */
  topic: Topic | null;
  /** The supplement named: vitamin D, iron or a multivitamin. */
  supplement?: string;
  /** The question holds a date that does not exist ("31 February"): no period can be read. */
  badDate: boolean;
}

export function parseQuestion(question: string, babyName: string, log: Log): Question {
  const whole = questionForm(question, babyName);
  const qm = question.indexOf('?');
  const head = qm > 0 && /[a-z]/i.test(question.slice(qm + 1)) ? questionForm(question.slice(0, qm), babyName) : null;
  const text = head !== null && topicOf(head) !== null ? head : whole;
  let parsed: ReturnType<typeof parsePeriod> = null;
  let badDate = false;
  try {
    parsed = parsePeriod(text, log.now, log.zone);
  } catch {
    badDate = true;
  }
  const asked = parsed?.period ?? null;
  const rest = parsed?.rest ?? text;
  const topic = topicOf(rest) ?? (asked?.key === 'last_night' ? 'sleep' : null);
  let period = asked;
  if (asked?.nightOf && topic !== null && !['sleep', 'naps', 'wake'].includes(topic)) {
    const w = nightWindow(log, asked.nightOf);
    if (w) period = { ...asked, start: w.start, end: w.end ?? asked.end };
  }
  const supplement = supplementNamed(text);
  return { text, first: head ?? whole, asked, period, rest, topic, ...(supplement ? { supplement } : {}), badDate };
}

function supplementNamed(q: string): string | undefined {
  if (/\b(vitamin d|vit d|vitd|vitamin drops)\b/.test(q)) return 'vitd';
  if (/\biron\b/.test(q)) return 'iron';
  if (/\bmultivitamins?\b/.test(q)) return 'multivitamin';
  return undefined;
}
