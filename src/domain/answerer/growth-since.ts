// "How much has she grown since her first birthday?", "how much weight has he gained since he
// was 6 months?", "how much did she grow between 6 months and 1 year?": the change between the
// measurements nearest each end, over the whole history of measurements (the measurements
// endpoint's, or the log's own), saying which measurements and dates were used (issue 27).
import { Temporal } from 'temporal-polyfill';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { measured } from './percentiles.ts';
import { GROWTH_NAME, type GrowthWhat } from './growth.ts';
import { atLocal, parsePeriod, todayOf } from './periods.ts';
import { cm, kg, round } from './format.ts';
import { dateLong } from './history.ts';
import { instantToLocalFast, localDateOfFast } from '../zone-clock.ts';

/** One end of the question's span: a local date and how the answer names it, or the latest measurement. */
export interface GrowthEnd {
  date: string | null;
  label: string;
}

export interface GrowthSince {
  what: GrowthWhat;
  from: GrowthEnd;
  to: GrowthEnd;
}

const NUMBER: Record<string, number> = {
  one: 1, a: 1, an: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  eighteen: 18, first: 1, second: 2, third: 3, fourth: 4, fifth: 5,
};
const ORD = '(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)';
const N = '(\\d{1,2}|one|a|an|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen)';
const WEIGHT = /\b(weigh\w*|weight|heavier|lighter|gained|gain|gaining|put on|kg|kilos?|pounds|lbs?)\b/;
const LENGTH = /\b(grown|grow|grew|growing|growth|taller|longer|length|height|tall|cm|inches)\b/;
const CHANGE = /\b(how much|how many|change[ds]?|difference|grown|grew|gained|gain|put on|increase[ds]?|taller|heavier|longer)\b/;

function num(s: string): number {
  return NUMBER[s] ?? Number.parseInt(s, 10);
}

/** A point in the child's life a question names: "her first birthday", "6 months", "birth". */
function lifeAnchor(text: string, dob: string, name: string): GrowthEnd | null {
  const plain = (d: Temporal.PlainDate) => d.toString();
  const born = Temporal.PlainDate.from(dob);
  let m = text.match(new RegExp(`\\b${ORD} birthday\\b`));
  if (m) {
    const years = num(m[1]!);
    return { date: plain(born.add({ years })), label: `${name}'s ${m[1]} birthday` };
  }
  if (/\b(birth|born|newborn)\b/.test(text)) return { date: dob, label: 'birth' };
  m = text.match(new RegExp(`\\b${N}[ -](weeks?|wks?|months?|mo|mos|mths?|years?|yrs?)( old)?\\b`));
  if (m) {
    const n = num(m[1]!);
    const unit = m[2]!;
    const d = unit.startsWith('w') ? born.add({ weeks: n }) : unit.startsWith('y') ? born.add({ years: n }) : born.add({ months: n });
    const unitName = unit.startsWith('w') ? 'week' : unit.startsWith('y') ? 'year' : 'month';
    return { date: plain(d), label: `${n} ${unitName}${n === 1 ? '' : 's'} of age` };
  }
  return null;
}

/** The growth question's measure and ends, or null when it is not a "how much since …" question. */
export function growthSinceAsked(q: string, log: Log): GrowthSince | null {
  const dob = log.profile?.dob;
  if (!dob || !CHANGE.test(q)) return null;
  // "How much has his head grown since birth?": the head circumference.
  const what: GrowthWhat | null = /\bhead\b/.test(q) ? 'head' : WEIGHT.test(q) ? 'weight' : LENGTH.test(q) ? 'length' : null;
  if (!what) return null;
  const name = log.name;
  const latest: GrowthEnd = { date: null, label: 'the latest' };
  // "between 6 months and 1 year", "from her first birthday to her second"
  const between = q.match(/\b(?:between|from) (.+?) (?:and|to|until|till) (.+)$/);
  if (between) {
    const a = lifeAnchor(between[1]!, dob, name);
    // "from her first birthday to her second": the second is a birthday too.
    const bText = a?.label.endsWith('birthday') && !/\bbirthday\b/.test(between[2]!) ? between[2]!.replace(new RegExp(`\\b${ORD}\\b`), '$1 birthday') : between[2]!;
    const b = lifeAnchor(bText, dob, name);
    if (a && b) return { what, from: a, to: b };
  }
  const since = q.match(/\b(since|from|after)\b (.+)$/);
  if (since) {
    const a = lifeAnchor(since[2]!, dob, name);
    if (a) return { what, from: a, to: latest };
    // "since 1 March", "since Monday", "since last month": the period's first day.
    const p = safePeriod(`${since[1]} ${since[2]}`, log);
    if (p) return { what, from: { date: p, label: dateLabel(p, log) }, to: latest };
  }
  const last = q.match(new RegExp(`\\b(?:in|over|during) the (?:last|past) ${N} (months?|years?)\\b`));
  if (last) {
    const n = num(last[1]!);
    const today = Temporal.PlainDate.from(todayOf(log.now, log.zone));
    const d = (last[2]!.startsWith('y') ? today.subtract({ years: n }) : today.subtract({ months: n })).toString();
    return { what, from: { date: d, label: dateLabel(d, log) }, to: latest };
  }
  const other = q.match(/\b(this year|this month|last month|last week|(?:in|over|during) the (?:last|past) \w+ (?:days?|weeks?))\b/);
  if (other) {
    const p = safePeriod(other[1]!, log);
    if (p) return { what, from: { date: p, label: dateLabel(p, log) }, to: latest };
  }
  return null;
}

function safePeriod(text: string, log: Log): string | null {
  if (/\bthis year\b/.test(text)) return `${todayOf(log.now, log.zone).slice(0, 4)}-01-01`;
  try {
    const p = parsePeriod(text, log.now, log.zone);
    return p ? localDateOfFast(p.period.start, log.zone) : null;
  } catch {
    return null;
  }
}

function dateLabel(date: string, log: Log): string {
  return dateLong(date, todayOf(log.now, log.zone));
}

/** How far apart two local dates are, in words ("12 days after", "about 2 months before"). */
function gap(measured: string, anchor: string): string {
  const days = Math.round((Date.parse(`${measured}T00:00:00Z`) - Date.parse(`${anchor}T00:00:00Z`)) / 86_400_000);
  const n = Math.abs(days);
  const size = n < 60 ? `${n} day${n === 1 ? '' : 's'}` : `about ${Math.round(n / 30.4375)} months`;
  return days === 0 ? 'on the day' : `${size} ${days > 0 ? 'after' : 'before'}`;
}

export function growthSinceReply(g: GrowthSince, log: Log): Reply {
  const list = measured(log, g.what);
  const name = log.name;
  const today = todayOf(log.now, log.zone);
  const show = (v: number) => (g.what === 'weight' ? kg(v, log.units) : cm(v, log.units));
  const noun = GROWTH_NAME[g.what];
  if (list.length === 0) return { answer: `No ${noun} is logged for ${name}, so I can't say how it has changed.`, figures: {}, empty: true };
  for (const end of [g.from, g.to]) {
    if (end.date && end.date > today) {
      return { answer: `${cap(end.label)} is on ${dateLabel(end.date, log)}, still to come, so there is no ${noun} for it yet.`, figures: { anchor_date: end.date } };
    }
  }
  const nearest = (end: GrowthEnd) => {
    if (!end.date) return list[list.length - 1]!;
    const target = atLocal(end.date, '12:00', log.zone);
    let best = list[0]!;
    for (const m of list) if (Math.abs(m.at - target) < Math.abs(best.at - target)) best = m;
    return best;
  };
  let a = nearest(g.from);
  let b = nearest(g.to);
  if (a.at > b.at) [a, b] = [b, a];
  const dateOf = (at: number) => localDateOfFast(at, log.zone);
  // "(the latest)", "(on Ada's first birthday)", "(2 days after Ada's first birthday, Fri 1 May)".
  const which = (end: GrowthEnd, m: { at: number }) => {
    if (!end.date) return 'the latest';
    const off = gap(dateOf(m.at), end.date);
    return off === 'on the day' ? `on ${end.label === 'birth' ? 'the day of birth' : end.label}` : `${off} ${end.label}, ${dateLabel(end.date, log)}`;
  };
  if (a.at === b.at) {
    return {
      answer: `Only one ${noun} is logged near both ends: ${show(a.value)} on ${dateLabel(dateOf(a.at), log)}, so I can't say how much it changed from ${g.from.label} to ${g.to.label === 'the latest' ? 'now' : g.to.label}.`,
      figures: { [g.what === 'weight' ? 'weight_kg' : g.what === 'head' ? 'head_cm' : 'length_cm']: a.value, measured_at: instantToLocalFast(a.at, log.zone) },
    };
  }
  const diff = b.value - a.value;
  const abs = Math.abs(diff);
  const amount = g.what === 'weight'
    ? abs >= 1 ? `${round(abs, 2)} kg${log.units === 'imperial' ? ` (${(abs * 2.20462).toFixed(1)} lb)` : ''}` : `${Math.round(abs * 1000)} g${log.units === 'imperial' ? ` (${(abs * 35.274).toFixed(1)} oz)` : ''}`
    : `${round(abs, 1)} cm${log.units === 'imperial' ? ` (${(abs / 2.54).toFixed(1)} in)` : ''}`;
  const verb = g.what === 'weight' ? (diff >= 0 ? 'gained' : 'lost') : diff >= 0 ? 'grown' : 'measured less by';
  const whose = g.what === 'head' ? `${name}'s head circumference has` : `${name} has`;
  const span = g.to.date ? `from ${g.from.label} to ${g.to.label}` : `since ${g.from.label === 'birth' ? 'birth' : g.from.label}`;
  const aWhich = which(g.from, a);
  const bWhich = which(g.to, b);
  const answer = `${whose} ${verb} ${amount} ${span}: ${show(a.value)} on ${dateLabel(dateOf(a.at), log)} (${aWhich}) and ${show(b.value)} on ${dateLabel(dateOf(b.at), log)} (${bWhich}).`;
  const key = g.what === 'weight' ? 'kg' : g.what === 'head' ? 'head_cm' : 'cm';
  return {
    answer,
    figures: {
      [`from_${key}`]: a.value, [`to_${key}`]: b.value, [`change_${key}`]: round(diff, g.what === 'weight' ? 3 : 1),
      from_at: instantToLocalFast(a.at, log.zone), to_at: instantToLocalFast(b.at, log.zone),
      ...(g.from.date ? { from_anchor: g.from.date } : {}), ...(g.to.date ? { to_anchor: g.to.date } : {}),
    },
  };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
