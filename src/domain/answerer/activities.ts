// "How much tummy time today?", "when was her last bath?", "how much did I pump yesterday?":
// activities and pumping sessions as logged, totalled over a period (today by default) or the
// last one. Descriptive only: tummy time is not compared with a target here (live status shows
// the WHO guideline; an answer never says whether a figure is enough).
import type { TimedEvent } from '../types.ts';
import { activityName } from '../describe.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { Figures, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { periodText } from './summaries.ts';
import { dayPeriod, todayOf, type Period } from './periods.ts';
import { ago, duration, list, minutes, ml, plural, when, clock } from './format.ts';
import { AMOUNT_SHAPE, LAST_SHAPE, WHEN_SHAPE, YES_NO } from './question-shapes.ts';

const ACTIVITY_WORDS: Array<[string, RegExp]> = [
  ['tummy_time', /\btumm(y|ies)[ -]?times?\b/],
  ['skin_to_skin', /\bskin[ -]to[ -]skin\b|\bkangaroo care\b/],
  ['bath', /\b(bath|baths|bathed|bathing|bathtime|bath time)\b/],
  ['outdoors', /\b(outdoors|outside|fresh air|pram walks?|walks? outside)\b/],
  ['reading', /\b(reading|read to|books?|stories|story ?time)\b/],
  ['play', /\b(play|plays|playing|played|playtime)\b/],
];
const PUMP = /\b(pump|pumps|pumped|pumping|express|expressed|expressing)\b/;
// "How much expressed milk did she drink?" is a feed, not a pumping session.
const FEED_WORDS = /\b(drink|drank|drunk|drinking|fed|feed|feeds|feeding|bottles?)\b/;
const DAY_MS = 24 * 3_600_000;
/** Sessions are listed one by one up to this many; a week of pumping gets the total alone. */
const MAX_LISTED = 8;

export function activityAsked(q: string): string | null {
  return ACTIVITY_WORDS.find(([, re]) => re.test(q))?.[0] ?? null;
}

export function pumpingAsked(q: string): boolean {
  return PUMP.test(q) && !FEED_WORDS.test(q);
}

/** The last one asked for ("when was her last bath?"), rather than a total over a period. */
function lastAsked(rest: string, period: Period | null): boolean {
  return !period && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest)) && !AMOUNT_SHAPE.test(rest);
}

function periodOr(period: Period | null, log: Log): Period {
  return period ?? dayPeriod(todayOf(log.now, log.zone), log.now, log.zone);
}

/** "08:10", or "Fri 20 Nov 08:10" over several days. */
function stamp(e: TimedEvent, p: Period, log: Log): string {
  return p.end - p.start > DAY_MS + 3_600_000 ? when(e.at, log.now, log.zone).replace(/^at /, '') : clock(e.at, log.zone);
}

export function activityReply(kind: string, rest: string, period: Period | null, log: Log): Reply {
  const { name } = log;
  const what = activityName(kind);
  const all = log.events.filter((e) => e.type === 'activity' && e.kind === kind && e.at <= log.now).sort((a, b) => a.at - b.at);
  if (lastAsked(rest, period)) {
    const e = all[all.length - 1];
    if (!e) return { answer: `No ${what} is logged for ${name}.`, figures: {} };
    const length = e.duration_min ? ` (${duration(e.duration_min * 60_000)})` : '';
    return {
      answer: `${name}'s last ${what} was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}${length}.`,
      figures: { last_at: instantToLocalFast(e.at, log.zone), minutes_ago: minutes(log.now - e.at), ...(e.duration_min ? { duration_min: e.duration_min } : {}) },
    };
  }
  const p = periodOr(period, log);
  const items = all.filter((e) => e.at >= p.start && e.at < p.end);
  const total = items.reduce((s, e) => s + (e.duration_min ?? 0), 0);
  const figures: Figures = { period: p.label, sessions: items.length, minutes: total };
  const when_ = periodText(p);
  if (items.length === 0) {
    const answer = `No ${what} is logged for ${name} ${when_}.`;
    return { answer: YES_NO.test(rest) ? `No. ${answer}` : answer, figures };
  }
  const each = items.map((e) => `${stamp(e, p, log)}${e.duration_min ? ` for ${duration(e.duration_min * 60_000)}` : ''}`);
  const untimed = items.filter((e) => !e.duration_min).length;
  const noLength = untimed === 0 ? '' : untimed === items.length ? 'no durations logged' : `${untimed} without a duration`;
  const detail = [items.length <= MAX_LISTED ? list(each) : '', noLength].filter(Boolean).join('; ');
  // A bath is counted; tummy time and the rest are time spent.
  const head = kind === 'bath' || total === 0 ? `${plural(items.length, what, `${what}s`)}` : `${duration(total * 60_000)} of ${what}`;
  const sessions = kind === 'bath' || total === 0 ? '' : ` in ${plural(items.length, 'session')}`;
  const answer = `${name} had ${head} ${when_}${sessions}${detail ? ` (${detail})` : ''}.`;
  return { answer: YES_NO.test(rest) ? `Yes. ${answer}` : answer, figures };
}

export function pumpingReply(rest: string, period: Period | null, log: Log): Reply {
  const { name } = log;
  const all = log.events.filter((e) => e.type === 'pumping' && e.at <= log.now).sort((a, b) => a.at - b.at);
  const detail = (e: TimedEvent) => {
    const parts = [e.side ? (e.side === 'both' ? 'both sides' : `${e.side} side`) : '', e.duration_min ? `${e.duration_min} min` : ''].filter(Boolean);
    return `${ml(e.ml ?? 0, log.units)}${parts.length ? ` (${parts.join(', ')})` : ''}`;
  };
  if (lastAsked(rest, period)) {
    const e = all[all.length - 1];
    if (!e) return { answer: `No pumping is logged for ${name}.`, figures: {} };
    return {
      answer: `The last pumping session logged for ${name} was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}: ${detail(e)}.`,
      figures: { last_at: instantToLocalFast(e.at, log.zone), minutes_ago: minutes(log.now - e.at), pumped_ml: e.ml ?? 0 },
    };
  }
  const p = periodOr(period, log);
  const items = all.filter((e) => e.at >= p.start && e.at < p.end);
  const total = items.reduce((s, e) => s + (e.ml ?? 0), 0);
  const figures: Figures = { period: p.label, pumped_ml: total, sessions: items.length };
  const when_ = periodText(p);
  if (items.length === 0) return { answer: `No pumping is logged for ${name} ${when_}.`, figures };
  const each = items.length <= MAX_LISTED ? ` (${list(items.map((e) => `${stamp(e, p, log)} ${detail(e)}`))})` : '';
  let answer = `Pumped for ${name} ${when_}: ${ml(total, log.units)} in ${plural(items.length, 'session')}${each}.`;
  // Over several days, the average over the whole days in it (a running day would pull it down).
  const whole = p.completeDays.length;
  if (whole > 1) {
    const fromWhole = items.filter((e) => p.completeDays.includes(instantToLocalFast(e.at, log.zone).slice(0, 10))).reduce((s, e) => s + (e.ml ?? 0), 0);
    figures.average_ml_per_day = Math.round(fromWhole / whole);
    answer += ` That is ${ml(fromWhole / whole, log.units)} a day over the ${whole} whole days.`;
  }
  return { answer, figures };
}
