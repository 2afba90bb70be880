// Averages ("average milk a day this week") and comparisons between two periods ("is she
// sleeping more than last week?", "more milk than yesterday?"). Multi-day periods compare
// per-day averages over whole days only, so a half-finished today never drags a week down.
import { addDaysFast, instantToLocalFast, localDateOfFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import { summarise, type Log, type WindowTopic } from './summaries.ts';
import { atLocal, dayPeriod, lastNDays, lastNightPeriod, lastWeek, parsePeriod, shortDate, thisWeek, todayOf, type Period } from './periods.ts';
import { milkFacts, nightFacts, sleepFacts } from './facts.ts';
import { duration, minutes, ml } from './format.ts';

const TOPIC_NOUN: Record<WindowTopic, string> = {
  milk: 'milk', feeds: 'feeds', sleep: 'sleep', naps: 'nap time', nappies: 'nappies', wet: 'wet nappies',
  dirty: 'dirty nappies', solids: 'meals and snacks', supplement: 'supplement doses',
};

/** The whole-day part of a period, or null when it has no finished day. */
function wholeDays(p: Period, log: Log): { window: { start: number; end: number }; days: number } | null {
  if (p.completeDays.length === 0) return null;
  const first = p.completeDays[0]!;
  const last = p.completeDays[p.completeDays.length - 1]!;
  const start = dayPeriod(first, log.now, log.zone).start;
  const end = dayPeriod(last, log.now, log.zone).end;
  return { window: { start, end }, days: p.completeDays.length };
}

function perDay(topic: WindowTopic, log: Log, p: Period): { avg: number; days: number; show: (v: number) => string } | null {
  const w = wholeDays(p, log);
  if (!w) return null;
  const s = summarise(topic, log, { ...p, start: w.window.start, end: w.window.end });
  return { avg: s.value / w.days, days: w.days, show: s.show };
}

const COUNTED: WindowTopic[] = ['feeds', 'nappies', 'wet', 'dirty', 'solids', 'supplement'];

/** "780 ml of milk", "14 h 15 min of sleep", "5.3 feeds" (counts keep one decimal). */
function avgText(topic: WindowTopic, v: number, show: (v: number) => string): string {
  if (COUNTED.includes(topic)) return show(Math.round(v * 10) / 10);
  return `${show(v)} of ${TOPIC_NOUN[topic]}`;
}

export function averageReply(topic: WindowTopic, q: string, log: Log, p: Period | null): Reply {
  const period = p ?? lastNDays(7, log.now, log.zone);
  const name = log.name;
  // Per-feed and per-nap averages.
  if ((topic === 'milk' || topic === 'feeds') && /\b(per|each|a|every|average) (feed|bottle)\b|\bfeed size\b|\bbottle size\b/.test(q)) {
    const m = milkFacts(log.events, period);
    if (m.bottles === 0) return { answer: `No bottle volumes are logged for ${name} ${period.label}.`, figures: {} };
    const avg = Math.round(m.ml / m.bottles);
    return { answer: `${name}'s bottles averaged ${ml(avg, log.units)} ${period.label} (${ml(m.ml, log.units)} over ${m.bottles} bottles).`, figures: { average_ml_per_feed: avg, milk_ml: m.ml, bottles: m.bottles, period: period.label } };
  }
  if (topic === 'naps' && /\b(average|typical) nap\b|\bnap length\b|\beach nap\b|\bper nap\b|\bhow long are\b/.test(q)) {
    const s = sleepFacts(log.spans, period);
    if (s.napCount === 0) return { answer: `No naps are logged for ${name} ${period.label}.`, figures: {} };
    const avg = s.napMs / s.napCount;
    return { answer: `${name}'s naps averaged ${duration(avg)} ${period.label} (${s.napCount} naps, ${duration(s.napMs)} in total).`, figures: { average_nap_minutes: minutes(avg), naps: s.napCount, period: period.label } };
  }
  if (topic === 'naps' && /\bhow many\b/.test(q)) {
    const w = wholeDays(period, log);
    if (w) {
      const n = sleepFacts(log.spans, w.window).napCount;
      const avg = Math.round((n / w.days) * 10) / 10;
      return { answer: `${name} averaged ${avg} naps a day over ${period.label} (${n} naps in ${w.days} whole days).`, figures: { average_naps_per_day: avg, naps: n, days: w.days, period: period.label } };
    }
  }
  const d = perDay(topic, log, period);
  if (!d) {
    return { answer: `There isn't a whole day in ${period.label} yet to average over. ${summarise(topic, log, period).text}`, figures: summarise(topic, log, period).figures };
  }
  const total = summarise(topic, log, period);
  return {
    answer: `${name} averaged ${avgText(topic, d.avg, d.show)} a day ${period.partial ? `over ${d.days === 1 ? '1 whole day' : `${d.days} whole days`} of ` : period.label.startsWith('the ') ? 'over ' : ''}${period.label}${period.partial ? ` (${partialDay(log)})` : ''}.`,
    figures: { average_per_day: topic === 'sleep' || topic === 'naps' ? minutes(d.avg) : Math.round(d.avg * 10) / 10, days: d.days, period: period.label, ...pick(total.figures) },
  };
}

function pick(f: Record<string, number | string>): Record<string, number | string> {
  const { period: _p, ...rest } = f;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [`total_${k}`, v]));
}

const SPLIT = /\bthan\b|\bcompared? (to|with)\b|\bvs\.?\b|\bversus\b/;

/** The two periods of a comparison: [main, base]. */
export function comparePeriods(q: string, log: Log): [Period, Period] {
  const { now, zone } = log;
  const today = todayOf(now, zone);
  let main: Period | null = null;
  let base: Period | null = null;
  const m = q.match(SPLIT);
  if (m && m.index !== undefined) {
    main = parsePeriod(q.slice(0, m.index), now, zone)?.period ?? null;
    base = parsePeriod(q.slice(m.index + m[0].length), now, zone)?.period ?? null;
  } else {
    const first = parsePeriod(q, now, zone);
    const second = first ? parsePeriod(first.rest, now, zone) : null;
    if (first && second) [main, base] = first.index <= second.index ? [first.period, second.period] : [second.period, first.period];
    else base = first?.period ?? null;
  }
  // "Did she sleep more last night?": against the night before it.
  const nightBefore = (p: Period): Period => {
    const d = addDaysFast(p.nightOf!, -1);
    return lastNightPeriod(now, zone, d, d === addDaysFast(today, -1) ? `the night before (to ${shortDate(d)})` : `the night to ${shortDate(d)}`);
  };
  if (!main && base?.key === 'last_night') [main, base] = [base, nightBefore(base)];
  if (main?.key === 'last_night' && !base) base = nightBefore(main);
  if (!main && base) {
    main = base.key === 'last_week' ? thisWeek(now, zone)
      : base.key === 'week_before_last' ? lastWeek(now, zone, 1)
      : base.key.startsWith('last_') && base.key.endsWith('_days') ? lastNDays(base.completeDays.length || 7, now, zone)
      : dayPeriod(today, now, zone);
    if (main.key === base.key) main = dayPeriod(today, now, zone);
  }
  if (!main) main = dayPeriod(today, now, zone);
  if (!base) {
    base = main.key === 'this_week' ? lastWeek(now, zone, 1)
      : main.key === 'last_week' ? lastWeek(now, zone, 2)
      : main.key === 'today' ? dayPeriod(addDaysFast(today, -1), now, zone)
      : main.key.startsWith('day:') ? dayPeriod(addDaysFast(localDateOfFast(main.start, zone), -1), now, zone)
      : lastWeek(now, zone, 1);
  }
  return [main, base];
}

export function compareReply(topic: WindowTopic, q: string, log: Log): Reply {
  const [main, base] = comparePeriods(q, log);
  const name = log.name;
  const asksLess = /\b(less|fewer|shorter|smaller|lower|worse)\b/.test(q);
  const yesNo = /^(is|are|was|were|has|have|had|did|does|do)\b/.test(q);
  // A yes/no question gets Yes/No; "compare …" gets Higher/Lower.
  const verdict = (a: number, b: number): string => {
    if (Math.abs(a - b) < 1e-9) return 'About the same';
    if (!yesNo) return a > b ? 'Higher' : 'Lower';
    return (a > b) !== asksLess ? 'Yes' : 'No';
  };

  // Night against night: each night's sleep from going down to getting up, as night answers count it.
  if (topic === 'sleep' && main.nightOf && base.nightOf) {
    const night = (p: Period) => {
      const spans = nightFacts(log.spans, atLocal(addDaysFast(p.nightOf!, -1), '18:00', log.zone), atLocal(p.nightOf!, '06:00', log.zone));
      return { ms: spans.totalMs, ongoing: spans.spans.some((x) => x.ongoing) };
    };
    const a = night(main);
    const b = night(base);
    const still = (n: { ongoing: boolean }) => (n.ongoing ? ' so far (still asleep, going by the log)' : '');
    const answer =
      `${verdict(a.ms, b.ms)}: ${name} had ${duration(a.ms)} of night sleep ${main.label}${still(a)} against ${duration(b.ms)} ${base.label}${still(b)}.`;
    return { answer, figures: { main: minutes(a.ms), base: minutes(b.ms), main_period: main.label, base_period: base.label } };
  }

  // A running day against a whole day: also compare with the base day up to the same clock time.
  if (main.key === 'today' && main.partial && base.completeDays.length === 1) {
    const sToday = summarise(topic, log, main);
    const sBase = summarise(topic, log, base);
    const baseDate = base.completeDays[0]!;
    const hhmm = instantToLocalFast(log.now, log.zone).slice(11, 16);
    const byNow = summarise(topic, log, { ...base, end: atLocal(baseDate, hhmm, log.zone) });
    const answer =
      `${verdict(sToday.value, byNow.value)} so far, comparing like with like: ${name} has had ${phrase(topic, sToday.value, sToday.show)} so far today ` +
      `against ${byNow.show(byNow.value)} by ${hhmm} ${base.label}, which ended with ${sBase.show(sBase.value)} in total.`;
    return { answer, figures: { today: figureOf(topic, sToday.value), base_by_now: figureOf(topic, byNow.value), base_total: figureOf(topic, sBase.value), base_period: base.label } };
  }

  const a = perDay(topic, log, main);
  const b = perDay(topic, log, base);
  if (a && b && (main.completeDays.length > 1 || base.completeDays.length > 1)) {
    const diff = COUNTED.includes(topic) ? a.show(Math.round(Math.abs(a.avg - b.avg) * 10) / 10) : a.show(Math.abs(a.avg - b.avg));
    const answer =
      `${verdict(a.avg, b.avg)}: ${name} averaged ${avgText(topic, a.avg, a.show)} a day ${main.label}${daysNote(main, a.days, log)} ` +
      `against ${avgText(topic, b.avg, b.show)} a day ${base.label}${daysNote(base, b.days, log)}, ` +
      `a difference of ${diff} a day.`;
    return { answer, figures: { main_per_day: figureOf(topic, a.avg), base_per_day: figureOf(topic, b.avg), main_period: main.label, base_period: base.label } };
  }
  const sa = summarise(topic, log, main);
  const sb = summarise(topic, log, base);
  const partial = main.partial ? ' (still running)' : '';
  const answer =
    `${verdict(sa.value, sb.value)}: ${name} had ${phrase(topic, sa.value, sa.show)} ${main.label}${partial} against ${sb.show(sb.value)} ${base.label}.`;
  return { answer, figures: { main: figureOf(topic, sa.value), base: figureOf(topic, sb.value), main_period: main.label, base_period: base.label } };
}

/** ", over 2 whole days" when a running period has fewer whole days than its label suggests. */
function daysNote(p: Period, days: number, log: Log): string {
  return p.partial ? `, over ${days === 1 ? '1 whole day' : `${days} whole days`} (${partialDay(log)}),` : '';
}

/** Names the running day a multi-day average leaves out: "today, Wed 29 Oct, is still running". */
export function partialDay(log: Log): string {
  return `today, ${shortDate(todayOf(log.now, log.zone))}, is still running and left out`;
}

function phrase(topic: WindowTopic, v: number, show: (v: number) => string): string {
  return COUNTED.includes(topic) ? show(v) : `${show(v)} of ${TOPIC_NOUN[topic]}`;
}

/** Durations become minutes in figures; other values keep one decimal. */
function figureOf(topic: WindowTopic, v: number): number {
  return topic === 'sleep' || topic === 'naps' ? minutes(v) : Math.round(v * 10) / 10;
}

