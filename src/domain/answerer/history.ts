// The whole history behind an answer (issue 27). The answerer holds a window of the log
// (ANSWER_WINDOW_DAYS); the service adds only what a question needs beyond it:
//
// - a dated day or period before the window ("what did she eat on 3 March?") is loaded for the
//   question (`historyNeeds` says which instants), so it is answered from the log of that day;
//   a period the service did not load is answered with how far back the log was read, and one
//   before the first log says the log starts later — never "0 feeds" for a day not looked at;
// - "first" questions ("when did she first have egg?") read the first time, not the last: foods
//   from the whole log's solids (AnswerHistory.solids), other types from their first event;
// - food and allergen questions with no period cover the whole log.
import type { ChildProfile, TimedEvent } from '../types.ts';
import type { FoodSpan } from '../food-history.ts';
import type { AnswerHistory, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { addDaysFast, dayBoundsFast, instantToLocalFast, localDateOfFast } from '../zone-clock.ts';
import { parsePeriod, shortDate, todayOf, type Period } from './periods.ts';
import { clock, list } from './format.ts';
import { measured } from './percentiles.ts';
import { questionForm } from './text.ts';
import { topicOf, type Topic } from './topics.ts';
import { ANSWER_WINDOW_DAYS } from './types.ts';

/** A dated period further back than this many days' span is not loaded: the answer says so. */
export const MAX_LOADED_PERIOD_DAYS = 400;
/** Loaded around a dated period: a sleep begun the evening before, the night after it. */
const MARGIN_MS = 36 * 3_600_000;

/**
 * "When did she first have egg?", "what was her first food?", "the first time he had peanut",
 * "when did she first sleep through": the first time ever, not the first of today.
 */
export const FIRST_EVER =
  /\bfirst (time|ever)\b|\bever\b.*\bfirst\b|\bfirst\b.*\bever\b|\bwhen (did|was|were) (baby|she|he|they|we|i) (first|1st)\b|\b(first|1st|earliest) (foods?|solids?|meals?|tastes?|weigh[ -]?in|weight|length|measurement)\b|\b(first|1st) (had|have|ate|eaten|eat|tried|try|tasted|taste|given|gave|get|got)\b|\bwhat was (baby|her|his|their|the) (very )?(first|1st|earliest)\b|\bintroduced\b|\bintroduce\b/;
/** "first" anywhere in a question (a period's "first feed yesterday" included). */
export const FIRST_WORD = /\b(first|1st|earliest)\b/;

/** The event type a "first" question about a topic reads (foods come from the solids history). */
const TOPIC_TYPE: Partial<Record<Topic, string>> = {
  milk: 'milk', feeds: 'milk', dirty: 'nappy', wet: 'nappy', nappies: 'nappy', sleep: 'sleep', naps: 'sleep',
  supplement: 'supplement', weight: 'weight', length: 'length',
};

/** The first instant of the window the caller loads into `events`: ANSWER_WINDOW_DAYS local days. */
export function answerWindowStart(now: number, zone: string): number {
  return dayBoundsFast(addDaysFast(todayOf(now, zone), -ANSWER_WINDOW_DAYS), zone)[0];
}

export interface HistoryNeeds {
  /** Instant ranges [start, end) before the window to load into `events` for the question. */
  periods: Array<[number, number]>;
  /** Event types whose first event a "first" question asks for. */
  firstTypes: string[];
  /** The log's first instant is needed (a dated period before the window). */
  logStart: boolean;
  /** The local dates of the dated periods loaded (at most 7), for a model's context. */
  days: string[];
}

/** Every time phrase of a question, in order (up to three: "compare 3 March with 4 March"). */
function periodsIn(q: string, now: number, zone: string): Period[] {
  const out: Period[] = [];
  let rest = q;
  for (let i = 0; i < 3; i++) {
    let found: ReturnType<typeof parsePeriod> = null;
    try {
      found = parsePeriod(rest, now, zone);
    } catch {
      found = null;
    }
    if (!found || found.rest === rest) break;
    out.push(found.period);
    rest = found.rest;
  }
  return out;
}

/**
 * What a question needs beyond the answer window (pure): the dated periods before the window to
 * load, the types whose first event a "first" question asks for, and whether the log's start is
 * needed. The service does one targeted read for each (services/ask/ask.ts). `zone`: where the
 * answer counts its days (answer-log.ts hereZone), the family's unless the baby is elsewhere.
 */
export function historyNeeds(question: string, profile: ChildProfile, now: number, zone = profile.timezone): HistoryNeeds {
  const q = questionForm(question, profile.baby_name);
  const windowStart = answerWindowStart(now, zone);
  const periods: Array<[number, number]> = [];
  const found = periodsIn(q, now, zone);
  const days: string[] = [];
  for (const p of found) {
    if (p.start >= windowStart) continue;
    if (p.end - p.start > MAX_LOADED_PERIOD_DAYS * 86_400_000) continue;
    periods.push([p.start - MARGIN_MS, Math.min(p.end + MARGIN_MS, windowStart)]);
    for (let d = localDateOfFast(p.start, zone); d < localDateOfFast(windowStart, zone) && dayBoundsFast(d, zone)[0] < p.end && days.length < 7; d = addDaysFast(d, 1)) days.push(d);
  }
  const firstTypes: string[] = [];
  if (found.length === 0 && FIRST_EVER.test(q)) {
    const t = topicOf(q);
    const type = t ? TOPIC_TYPE[t] : undefined;
    if (type) firstTypes.push(type);
  }
  return { periods, firstTypes, logStart: periods.length > 0 || found.some((p) => p.start < windowStart), days };
}

/** "at 12:00 on Sun 1 Nov" and, further back than this year, "on Sun 1 Nov 2025"; with how long ago past yesterday. */
export function whenLong(at: number, now: number, zone: string): string {
  const date = localDateOfFast(at, zone);
  const today = todayOf(now, zone);
  if (date === today) return `at ${clock(at, zone)} today`;
  if (date === addDaysFast(today, -1)) return `at ${clock(at, zone)} yesterday`;
  return `at ${clock(at, zone)} on ${dateLong(date, today)} (${daysAgo(date, today)})`;
}

/** "Sun 1 Nov", with the year when it is not this year's. */
export function dateLong(date: string, today: string): string {
  return date.slice(0, 4) === today.slice(0, 4) ? shortDate(date) : `${shortDate(date)} ${date.slice(0, 4)}`;
}

function daysAgo(date: string, today: string): string {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
  if (days < 60) return `${days} days ago`;
  const months = Math.floor(days / 30.4375);
  return months < 24 ? `about ${months} months ago` : `about ${Math.floor(months / 12)} years ago`;
}

/** The covered ranges, merged where they touch or overlap, cover all of `p`. */
function isCovered(h: AnswerHistory, p: Period): boolean {
  const ranges = [...h.covered].sort((a, b) => a[0] - b[0]);
  let cur: [number, number] | null = null;
  for (const [s, e] of ranges) {
    if (cur && s <= cur[1]) cur[1] = Math.max(cur[1], e);
    else {
      if (cur && p.start >= cur[0] && p.end <= cur[1]) return true;
      cur = [s, e];
    }
  }
  return cur !== null && p.start >= cur[0] && p.end <= cur[1];
}

/**
 * A period the answer cannot read, said plainly: before the child's first log ("the log starts
 * on …"), or before what was loaded ("I can look back to …"). Null when the events cover it, or
 * when the caller gave no history (the answerer then answers from `events`, as it always did).
 */
export function coverageReply(p: Period, log: Log): Reply | null {
  const h = log.history;
  if (!h) return null;
  const today = todayOf(log.now, log.zone);
  if (h.log_start !== undefined && (h.log_start === null || p.end <= h.log_start)) {
    const start = h.log_start === null ? null : localDateOfFast(h.log_start, log.zone);
    return {
      answer: start
        ? `${log.name}'s log starts on ${dateLong(start, today)}, so nothing is logged ${p.label}.`
        : `Nothing is logged for ${log.name} yet.`,
      figures: { period: p.label, ...(start ? { log_starts: start } : {}) },
    };
  }
  if (isCovered(h, p)) return null;
  const from = localDateOfFast(Math.min(...h.covered.map((c: [number, number]) => c[0])), log.zone);
  const asked = localDateOfFast(p.start, log.zone);
  return {
    answer: `I can only look back to ${dateLong(from, today)} in ${log.name}'s log for this question, not as far as ${dateLong(asked, today)}.`,
    figures: { period: p.label, looked_back_to: from },
  };
}

/** A food question's matches over the whole log's solids. */
export interface FoodHistoryHits {
  times: number;
  first_at: number;
  last_at: number;
  /** the logged names that matched, first spelling kept, in order of first time */
  foods: string[];
  /** the matched names of the first and of the last time */
  firstFoods: string[];
  lastFoods: string[];
}

/** The whole log's solids (when the caller gave them) matched by `matches`, or null without them or no match. */
export function historyHits(log: Log, matches: (foods: string[]) => string[]): FoodHistoryHits | null {
  const spans = log.history?.solids;
  if (!spans) return null;
  let times = 0;
  let firstSpan: FoodSpan | null = null;
  let lastSpan: FoodSpan | null = null;
  const names = new Map<string, { name: string; at: number }>();
  for (const s of spans) {
    const m = matches(s.foods);
    if (m.length === 0) continue;
    times += s.times;
    if (!firstSpan || s.first_at < firstSpan.first_at) firstSpan = s;
    if (!lastSpan || s.last_at > lastSpan.last_at) lastSpan = s;
    for (const f of m) {
      const k = f.trim().toLowerCase();
      const seen = names.get(k);
      if (!seen) names.set(k, { name: f.trim(), at: s.first_at });
      else if (s.first_at < seen.at) seen.at = s.first_at;
    }
  }
  if (!firstSpan || !lastSpan) return null;
  return {
    times,
    first_at: firstSpan.first_at,
    last_at: lastSpan.last_at,
    foods: [...names.values()].sort((a, b) => a.at - b.at).map((n) => n.name),
    firstFoods: matches(firstSpan.foods),
    lastFoods: matches(lastSpan.foods),
  };
}

/**
 * The last time before `before` a matching solid was eaten, from the whole log's solids, when the
 * spans tell it exactly (a span eaten both before and after `before` does not say when it was
 * last eaten before it: then null).
 */
export function lastBefore(log: Log, matches: (foods: string[]) => string[], before: number): { at: number; foods: string[] } | null {
  let best: { at: number; foods: string[] } | null = null;
  for (const s of log.history?.solids ?? []) {
    if (s.first_at >= before) continue;
    const m = matches(s.foods);
    if (m.length === 0) continue;
    if (s.last_at >= before) return null;
    if (!best || s.last_at > best.at) best = { at: s.last_at, foods: m };
  }
  return best;
}

/** Every food name in the whole log's solids (lower case), for recognising a food a question names. */
export function historyFoodNames(log: Log): string[] {
  const out = new Set<string>();
  for (const s of log.history?.solids ?? []) for (const f of s.foods) out.add(f.toLowerCase());
  return [...out];
}

const TYPE_WORDS: Record<string, string> = { milk: 'feed', nappy: 'nappy', sleep: 'sleep', supplement: 'supplement', weight: 'weight', length: 'length' };

/**
 * "When was her first poo ever?", "when did she first have a bottle?": the child's first event
 * of the topic's type, from the first events the service read. Null when it did not read one.
 */
export function firstOfTypeReply(topic: Topic, log: Log): Reply | null {
  const type = TOPIC_TYPE[topic];
  if (type === 'weight' || type === 'length') {
    // Measurements are read over the whole history already (the measurements endpoint's).
    const m = measured(log, type)[0];
    const unit = type === 'weight' ? 'kg' : 'cm';
    if (!m) return { answer: `No ${type} is logged for ${log.name} yet.`, figures: {}, empty: true };
    return {
      answer: `${log.name}'s first logged ${type} was ${m.value} ${unit}, ${whenLong(m.at, log.now, log.zone)}.`,
      figures: { first_at: instantToLocalFast(m.at, log.zone), [type === 'weight' ? 'weight_kg' : 'length_cm']: m.value },
    };
  }
  const first = log.history?.first;
  if (!type || !first || !(type in first)) return null;
  const e = first[type] ?? null;
  const what = TYPE_WORDS[type] ?? type;
  if (!e) return { answer: `No ${what} is logged for ${log.name} yet.`, figures: {}, empty: true };
  const detail = describe(e);
  return {
    answer: `${log.name}'s first logged ${what} was ${whenLong(e.at, log.now, log.zone)}${detail}.`,
    figures: { first_at: instantToLocalFast(e.at, log.zone) },
  };
}

/** "What was her first food?": the first solid of the whole log (or of the events, without it). */
export function firstFoodReply(log: Log): Reply | null {
  const spans = log.history?.solids;
  let first: { at: number; foods: string[] } | null = null;
  if (spans) {
    for (const s of spans) if (!first || s.first_at < first.at) first = { at: s.first_at, foods: s.foods };
  } else {
    for (const e of log.events) if (e.type === 'solid' && e.at <= log.now && (!first || e.at < first.at)) first = { at: e.at, foods: e.foods ?? [] };
  }
  if (!first) return { answer: `No solid food is logged for ${log.name} yet.`, figures: { meals: 0 }, empty: true };
  return {
    answer: `${log.name}'s first logged solid food was ${list(first.foods)}, ${whenLong(first.at, log.now, log.zone)}.`,
    figures: { first_at: instantToLocalFast(first.at, log.zone), foods: first.foods.join(', ') },
  };
}

function describe(e: TimedEvent): string {
  switch (e.type) {
    case 'milk': return (e.ml ?? 0) > 0 ? `, ${e.ml} ml` : ' (a breastfeed)';
    case 'nappy': return e.kind ? ` (${e.kind})` : '';
    case 'weight': return e.kg != null ? `: ${e.kg} kg` : '';
    case 'length': return e.cm != null ? `: ${e.cm} cm` : '';
    case 'supplement': return e.kind ? ` (${e.kind}${e.ug ? `, ${e.ug} µg` : ''})` : '';
    default: return '';
  }
}
