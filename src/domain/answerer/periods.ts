// Resolves the time phrase of a question ("yesterday", "last night", "since Monday",
// "last 7 days", "on Sunday", "28 March") into a window of instants in the family's zone.
// Days come from the shared time helpers, so a DST day is 23 or 25 hours long.
import { Temporal } from 'temporal-polyfill';
import { addDaysFast, dayBoundsFast, localDateOfFast, localHourFast } from '../zone-clock.ts';

export interface Period {
  key: string;
  /** How answers name the window: "today", "yesterday (Tue 1 Apr)", "last night". */
  label: string;
  /** [start, end) in epoch ms; end is clipped to now. */
  start: number;
  end: number;
  /** Whole local dates inside the window that have ended: the divisor of per-day averages. */
  completeDays: string[];
  /** True while the window is still running (today, this week, last night before 07:00). */
  partial: boolean;
  /** Set for "last night": the local date the night ended on. */
  nightOf?: string;
  /** Set for part of one day ("yesterday afternoon", "since 6am", "between 2 and 6"): that local date. */
  day?: string;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, twenty: 20, thirty: 30,
};
const NUM = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty)';

function num(s: string): number {
  return NUMBER_WORDS[s] ?? Number.parseInt(s, 10);
}

/** Epoch ms of a local wall-clock time; a time skipped by DST moves forward (never throws). */
export function atLocal(date: string, hhmm: string, zone: string): number {
  const pdt = Temporal.PlainDateTime.from(`${date}T${hhmm}:00`);
  return pdt.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** Day of week of a local date, 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  return Temporal.PlainDate.from(date).dayOfWeek;
}

/** "Fri 28 Mar" */
export function shortDate(date: string): string {
  const d = Temporal.PlainDate.from(date);
  const wd = WEEKDAYS[d.dayOfWeek - 1]!.slice(0, 3);
  const mon = MONTHS[d.month - 1]!.slice(0, 3);
  return `${wd[0]!.toUpperCase()}${wd.slice(1)} ${d.day} ${mon[0]!.toUpperCase()}${mon.slice(1)}`;
}

export function todayOf(now: number, zone: string): string {
  return localDateOfFast(now, zone);
}

function completeDays(from: string, to: string, now: number, zone: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDaysFast(d, 1)) {
    if (dayBoundsFast(d, zone)[1] <= now) out.push(d);
  }
  return out;
}

/** The window of local dates from..to inclusive, clipped to now. */
export function datesPeriod(key: string, label: string, from: string, to: string, now: number, zone: string): Period {
  const start = dayBoundsFast(from, zone)[0];
  const end = Math.min(dayBoundsFast(to, zone)[1], now);
  return { key, label, start, end, completeDays: completeDays(from, to, now, zone), partial: end === now };
}

export function dayPeriod(date: string, now: number, zone: string): Period {
  const today = todayOf(now, zone);
  // A day of another year names its year ("on Mon 3 Mar 2025").
  const label =
    date === today ? 'today' : date === addDaysFast(today, -1) ? `yesterday (${shortDate(date)})` : `on ${shortDate(date)}${date.slice(0, 4) === today.slice(0, 4) ? '' : ` ${date.slice(0, 4)}`}`;
  return datesPeriod(date === today ? 'today' : `day:${date}`, label, date, date, now, zone);
}

/**
 * "Last night" is the night ending on the morning of today: 19:00 the evening before to 07:00
 * today (clipped to now while it is still running). Sleep spans are picked separately by
 * when they start (18:00–06:00), see facts.ts.
 */
export function lastNightPeriod(now: number, zone: string, endDate?: string, label = 'last night'): Period {
  const d = endDate ?? todayOf(now, zone);
  const start = atLocal(addDaysFast(d, -1), '19:00', zone);
  const end = Math.min(atLocal(d, '07:00', zone), now);
  return { key: 'last_night', label, start, end, completeDays: [], partial: end === now, nightOf: d };
}

export function weekStartOf(date: string): string {
  return addDaysFast(date, 1 - weekdayOf(date));
}

/** "Last N days" means the N whole days before today, so totals and averages compare like with like. */
export function lastNDays(n: number, now: number, zone: string): Period {
  const today = todayOf(now, zone);
  const from = addDaysFast(today, -n);
  const to = addDaysFast(today, -1);
  return datesPeriod(`last_${n}_days`, `the last ${n} days (${shortDate(from)} – ${shortDate(to)})`, from, to, now, zone);
}

export function thisWeek(now: number, zone: string): Period {
  const today = todayOf(now, zone);
  const mon = weekStartOf(today);
  return datesPeriod('this_week', `this week (since ${shortDate(mon)})`, mon, today, now, zone);
}

export function lastWeek(now: number, zone: string, weeksAgo = 1): Period {
  const mon = addDaysFast(weekStartOf(todayOf(now, zone)), -7 * weeksAgo);
  const sun = addDaysFast(mon, 6);
  const name = weeksAgo === 1 ? 'last week' : 'the week before last';
  return datesPeriod(weeksAgo === 1 ? 'last_week' : 'week_before_last', `${name} (${shortDate(mon)} – ${shortDate(sun)})`, mon, sun, now, zone);
}

function mostRecentWeekday(today: string, wd: number, strictlyBefore: boolean): string {
  let back = (weekdayOf(today) - wd + 7) % 7;
  if (back === 0 && strictlyBefore) back = 7;
  return addDaysFast(today, -back);
}

export interface ParsedPeriod {
  period: Period;
  /** The question with the time phrase removed, so "last" in "last week" is not read as "most recent". */
  rest: string;
  /** Where the phrase was found, to order two periods in "compare this week with last week". */
  index: number;
}

/** Finds the first time phrase in a normalised question; null when there is none. */
export function parsePeriod(q: string, now: number, zone: string): ParsedPeriod | null {
  const today = todayOf(now, zone);
  const hit = (re: RegExp, make: (m: RegExpMatchArray) => Period | null): ParsedPeriod | null => {
    const m = q.match(re);
    if (!m) return null;
    const period = make(m);
    return period ? { period, rest: q.replace(m[0], ' ').replace(/\s+/g, ' ').trim(), index: m.index ?? 0 } : null;
  };
  const rules: Array<[RegExp, (m: RegExpMatchArray) => Period | null]> = [
    // "the night before (last)": the night ending yesterday morning; before "last night" so
    // "the night before last night" is not read as last night.
    [/\b(the )?night before( last( night)?)?\b/, () => lastNightPeriod(now, zone, addDaysFast(today, -1), `the night before last (to ${shortDate(addDaysFast(today, -1))})`)],
    [/\b(last|past) night\b|\bovernight\b|\b(during|in) the night\b|\bnight time\b|\bthis night\b/, () => lastNightPeriod(now, zone)],
    [/\btonight\b/, () => (localHourFast(now, zone) < 12 ? lastNightPeriod(now, zone) : lastNightPeriod(now, zone, addDaysFast(today, 1)))],
    [/\b(last|past|previous) (\d{1,3}|24|twenty four|forty eight) (hours|hrs|h)\b/, (m) => {
      const h = m[2] === 'twenty four' ? 24 : m[2] === 'forty eight' ? 48 : Math.min(Number(m[2]), 24 * 59);
      return h > 0 ? { key: h === 24 ? 'last_24h' : `last_${h}h`, label: `the last ${h} hours`, start: now - h * 3_600_000, end: now, completeDays: [], partial: true } : null;
    }],
    [new RegExp(`\\b(last|past|previous) ${NUM} days?\\b`), (m) => lastNDays(Math.max(1, Math.min(num(m[2]!), 59)), now, zone)],
    [new RegExp(`\\b(last|past|previous) ${NUM} weeks?\\b`), (m) => lastNDays(Math.min(num(m[2]!) * 7, 56), now, zone)],
    [/\b(last|past|previous) fortnight\b/, () => lastNDays(14, now, zone)],
    // "the past week" / "over the last week" reads as the last 7 days, "last week" as Mon–Sun.
    [/\b(over|in|during|for) the (last|past) week\b|\bthe past week\b|\bthe last seven days\b/, () => lastNDays(7, now, zone)],
    [/\b(the )?week before( last)?\b/, () => lastWeek(now, zone, 2)],
    [/\b(last|previous) week\b/, () => lastWeek(now, zone, 1)],
    [/\b(so far )?this week\b|\bthe week so far\b/, () => thisWeek(now, zone)],
    // "since Monday", "since her cold started on Monday"
    [/\bsince (?:[a-z']+ ){0,5}?(?:on |last )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/, (m) => {
      const from = mostRecentWeekday(today, WEEKDAYS.indexOf(m[1]!) + 1, false);
      return datesPeriod(`since:${from}`, `since ${shortDate(from)}`, from, today, now, zone);
    }],
    [/\bsince yesterday\b/, () => datesPeriod('since_yesterday', 'since yesterday', addDaysFast(today, -1), today, now, zone)],
    [/\bthis month\b/, () => {
      const from = `${today.slice(0, 8)}01`;
      return datesPeriod('this_month', `this month (since ${shortDate(from)})`, from, today, now, zone);
    }],
    [/\blast month\b/, () => {
      const first = Temporal.PlainDate.from(`${today.slice(0, 8)}01`).subtract({ months: 1 });
      const from = first.toString();
      const to = first.add({ months: 1 }).subtract({ days: 1 }).toString();
      return datesPeriod('last_month', `last month (${shortDate(from)} – ${shortDate(to)})`, from, to, now, zone);
    }],
    [/\b(the )?day before yesterday\b/, () => dayPeriod(addDaysFast(today, -2), now, zone)],
    [/\byesterday\b/, () => dayPeriod(addDaysFast(today, -1), now, zone)],
    [/\bthis morning\b/, () => partOfDay('this_morning', 'this morning', today, '06:00', '12:00', now, zone)],
    [/\bthis afternoon\b/, () => partOfDay('this_afternoon', 'this afternoon', today, '12:00', '17:00', now, zone)],
    [/\bthis evening\b/, () => partOfDay('this_evening', 'this evening', today, '17:00', '23:59', now, zone)],
    [/\btoday\b|\bso far\b|\bthis day\b/, () => dayPeriod(today, now, zone)],
    [/\b(\d{4}-\d{2}-\d{2})\b/, (m) => (m[1]! <= today ? dayPeriod(m[1]!, now, zone) : null)],
    // "3 March", "3rd of March 2025", "March 3", "March 3, 2025": with a year, that year's.
    [new RegExp(`\\b(\\d{1,2})(st|nd|rd|th)?( of)? (${MONTHS.join('|')}|${MONTHS.map((x) => x.slice(0, 3)).join('|')})\\b(?: (\\d{4})\\b)?`), (m) => monthDay(today, m[4]!, Number(m[1]), now, zone, m[5])],
    [new RegExp(`\\b(${MONTHS.join('|')}|${MONTHS.map((x) => x.slice(0, 3)).join('|')}) (\\d{1,2})(st|nd|rd|th)?\\b(?:,? (\\d{4})\\b)?`), (m) => monthDay(today, m[1]!, Number(m[2]), now, zone, m[4])],
    [/\b(on |last )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/, (m) => {
      const date = mostRecentWeekday(today, WEEKDAYS.indexOf(m[2]!) + 1, m[1] === 'last ');
      return dayPeriod(date, now, zone);
    }],
    // "on the 18th": the most recent such day of the month.
    [/\b(on )?the (\d{1,2})(st|nd|rd|th)\b/, (m) => {
      for (let back = 0; back < 3; back++) {
        const first = Temporal.PlainDate.from(`${today.slice(0, 8)}01`).subtract({ months: back });
        if (Number(m[2]) > first.daysInMonth) continue;
        const date = first.with({ day: Number(m[2]) }).toString();
        if (date <= today) return dayPeriod(date, now, zone);
      }
      return null;
    }],
  ];
  let found: ParsedPeriod | null = null;
  for (const [re, make] of rules) {
    found = hit(re, make);
    if (found) break;
  }
  // Part of one day: "yesterday afternoon", "since 6am", "between 2 and 6 on Tuesday".
  if (!found || found.period.key === 'today' || found.period.key.startsWith('day:')) return partOfDayIn(q, found, now, zone) ?? found;
  return found;
}

const PARTS: Record<string, [string, string]> = { morning: ['06:00', '12:00'], afternoon: ['12:00', '17:00'], evening: ['17:00', '23:59'], night: ['', ''] };
const CLOCK = '(\\d{1,2})(?:[:.](\\d{2}))? ?(am|pm|a m|p m)?';

/** "6am" → "06:00"; a bare 1–6 reads as afternoon ("between 2 and 6"), 7–11 as morning. */
function clockOf(h: string, mm: string | undefined, ampm: string | undefined, bareIsPm: boolean): string | null {
  let hour = Number(h);
  if (hour > 23 || Number(mm ?? 0) > 59) return null;
  const ap = ampm?.replace(' ', '');
  if (ap === 'pm' && hour < 12) hour += 12;
  else if (ap === 'am' && hour === 12) hour = 0;
  else if (!ap && mm === undefined && bareIsPm && hour >= 1 && hour <= 6) hour += 12;
  return `${String(hour).padStart(2, '0')}:${mm ?? '00'}`;
}

function partOfDayIn(q: string, found: ParsedPeriod | null, now: number, zone: string): ParsedPeriod | null {
  const rest = found?.rest ?? q;
  const today = todayOf(now, zone);
  const named = found?.period.key.startsWith('day:') ? localDateOfFast(found.period.start, zone) : null;
  const date = named ?? today;
  const dayLabel = named ? found!.period.label : 'today';
  const make = (key: string, label: string, d: string, from: string, to: string, m: RegExpMatchArray): ParsedPeriod => {
    const start = atLocal(d, from, zone);
    const end = to === 'now' ? now : Math.min(to === '24:00' ? dayBoundsFast(d, zone)[1] : atLocal(d, to, zone), now);
    const period: Period = { key, label, start, end: Math.max(start, end), completeDays: [], partial: end === now, day: d };
    return { period, rest: rest.replace(m[0], ' ').replace(/\s+/g, ' ').trim(), index: Math.min(found?.index ?? Infinity, m.index ?? 0) };
  };
  const between = rest.match(new RegExp(`\\b(?:between|from) ${CLOCK} (?:and|to|-) ${CLOCK}`));
  if (between) {
    const from = clockOf(between[1]!, between[2], between[3] ?? between[6], true);
    const to = clockOf(between[4]!, between[5], between[6], true);
    if (from && to && from < to) {
      const d = !named && atLocal(today, from, zone) > now ? addDaysFast(today, -1) : date;
      const label = `between ${from} and ${to} ${d === today ? 'today' : named ? dayLabel : `yesterday (${shortDate(d)})`}`;
      return make(`between:${d}:${from}-${to}`, label, d, from, to, between);
    }
  }
  const since = rest.match(new RegExp(`\\bsince ${CLOCK}(?: o ?clock)?\\b`));
  if (since && (since[2] !== undefined || since[3] !== undefined || /o ?clock/.test(since[0]))) {
    const from = clockOf(since[1]!, since[2], since[3], false);
    if (from) {
      const d = !named && atLocal(today, from, zone) > now ? addDaysFast(today, -1) : date;
      const on = d === today ? ' today' : d === addDaysFast(today, -1) ? ` yesterday (${shortDate(d)})` : ` on ${shortDate(d)}`;
      return make(`since:${d}:${from}`, `since ${from}${on}`, d, from, 'now', since);
    }
  }
  const part = found ? rest.match(/\b(in the )?(morning|afternoon|evening|night)\b/) : null;
  if (part?.[2] === 'night' && found) {
    // "Friday night": the night starting that evening, ending the next morning.
    const label = named ? `on the night of ${shortDate(date)}` : 'tonight';
    return { period: lastNightPeriod(now, zone, addDaysFast(date, 1), label), rest: rest.replace(part[0], ' ').replace(/\s+/g, ' ').trim(), index: found.index };
  }
  if (part && found) {
    const [from, to] = PARTS[part[2]!]!;
    const label = !named ? `this ${part[2]}` : dayLabel.startsWith('yesterday') ? `yesterday ${part[2]} (${shortDate(date)})` : `on the ${part[2]} of ${shortDate(date)}`;
    return make(`${part[2]}:${date}`, label, date, from, to, part);
  }
  return null;
}

function partOfDay(key: string, label: string, date: string, from: string, to: string, now: number, zone: string): Period {
  const start = atLocal(date, from, zone);
  const end = Math.min(atLocal(date, to, zone), now);
  return { key, label, start, end, completeDays: [], partial: end === now };
}

function monthDay(today: string, month: string, day: number, now: number, zone: string, givenYear?: string): Period | null {
  const m = MONTHS.findIndex((x) => x === month || x.slice(0, 3) === month) + 1;
  if (givenYear) {
    const y = Number(givenYear);
    let date: string | null = null;
    try {
      date = Temporal.PlainDate.from({ year: y, month: m, day }, { overflow: 'reject' }).toString();
    } catch {
      date = null;
    }
    return date && date <= today ? dayPeriod(date, now, zone) : null;
  }
  let year = Number(today.slice(0, 4));
  const mk = (y: number): string | null => {
    try {
      return Temporal.PlainDate.from({ year: y, month: m, day }, { overflow: 'reject' }).toString();
    } catch {
      return null;
    }
  };
  let date = mk(year);
  if (date && date > today) date = mk(--year);
  return date ? dayPeriod(date, now, zone) : null;
}
