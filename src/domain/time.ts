// Family-local time arithmetic. Every "today", "yesterday" and day window is computed in the
// family's IANA zone with Temporal, so a day can be 23 or 25 hours long.
import { Temporal } from 'temporal-polyfill';
import { t, type Text } from '../i18n/text.ts';

export const LOCAL_TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export class TimeError extends Error {
  /** `text`: what is wrong, to put into the reader's words (`message` is its English). */
  constructor(readonly text: Text) {
    super(String(text));
  }
}

/** True when `zone` is an IANA zone name Temporal knows. */
export function isValidZone(zone: string): boolean {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/** Parses YYYY-MM-DD strictly (rejects 2025-02-30). */
export function parseDate(date: string): Temporal.PlainDate {
  if (!DATE_RE.test(date)) throw new TimeError(t('error.not_a_date', { date }));
  try {
    return Temporal.PlainDate.from(date, { overflow: 'reject' });
  } catch {
    throw new TimeError(t('error.not_a_real_date', { date }));
  }
}

/**
 * Local wall-clock string → epoch ms in `zone`. A time skipped by a spring-forward change is
 * rejected; a time that occurs twice (fall back) takes the earlier instant.
 */
export function localToInstant(ts: string, zone: string): number {
  if (!LOCAL_TS_RE.test(ts)) throw new TimeError(t('error.not_a_timestamp', { ts }));
  let pdt: Temporal.PlainDateTime;
  try {
    pdt = Temporal.PlainDateTime.from(ts, { overflow: 'reject' });
  } catch {
    throw new TimeError(t('error.not_a_real_timestamp', { ts }));
  }
  let zdt: Temporal.ZonedDateTime;
  try {
    zdt = pdt.toZonedDateTime(zone, { disambiguation: 'reject' });
  } catch {
    // Either skipped (spring forward) or repeated (fall back): tell them apart.
    const earlier = pdt.toZonedDateTime(zone, { disambiguation: 'earlier' });
    if (earlier.toPlainDateTime().equals(pdt)) return earlier.epochMilliseconds;
    throw new TimeError(t('error.skipped_time', { ts, zone }));
  }
  return zdt.epochMilliseconds;
}

/** Epoch ms → local wall-clock string in `zone` (seconds precision). */
export function instantToLocal(at: number, zone: string): string {
  const zdt = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  return zdt.toPlainDateTime().toString({ smallestUnit: 'second' });
}

/** Epoch ms → local date string YYYY-MM-DD in `zone`. */
export function localDateOf(at: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).toPlainDate().toString();
}

/** [start, end) epoch ms of a local calendar day in `zone` (23, 24 or 25 hours long). */
export function dayBounds(date: string, zone: string): [number, number] {
  const d = parseDate(date);
  const start = d.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  const end = d.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  return [start, end];
}

/** Adds (or subtracts) whole days to a YYYY-MM-DD string. */
export function addDays(date: string, days: number): string {
  return parseDate(date).add({ days }).toString();
}

/** Local hour (0–23, fractional) of an instant in `zone`. */
export function localHour(at: number, zone: string): number {
  const z = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  return z.hour + z.minute / 60 + z.second / 3600;
}

/** Age in whole days and in months (30.4375-day months, as WHO anthro does) at a local date. */
export function ageAt(dob: string, onDate: string): { days: number; months: number } {
  const days = parseDate(dob).until(parseDate(onDate), { largestUnit: 'days' }).days;
  return { days, months: days / 30.4375 };
}

/** Calendar age as a parent would say it: "3 weeks", "4 months", "1 year 2 months". */
export function ageDisplay(dob: string, onDate: string): string {
  const from = parseDate(dob);
  const to = parseDate(onDate);
  if (Temporal.PlainDate.compare(to, from) < 0) return 'not born yet';
  const totalDays = from.until(to, { largestUnit: 'days' }).days;
  if (totalDays < 14) return totalDays === 1 ? '1 day' : `${totalDays} days`;
  const d = from.until(to, { largestUnit: 'years' });
  if (d.years === 0 && d.months === 0) {
    const weeks = Math.floor(totalDays / 7);
    return `${weeks} weeks`;
  }
  if (d.years === 0) return d.months === 1 ? '1 month' : `${d.months} months`;
  const y = d.years === 1 ? '1 year' : `${d.years} years`;
  if (d.months === 0) return y;
  return `${y} ${d.months === 1 ? '1 month' : `${d.months} months`}`;
}

/** ageDisplay in the reader's words (issue 39): the same steps, each a catalogue message. */
export function ageText(dob: string, onDate: string): Text {
  const from = parseDate(dob);
  const to = parseDate(onDate);
  if (Temporal.PlainDate.compare(to, from) < 0) return t('common.age_unborn');
  const totalDays = from.until(to, { largestUnit: 'days' }).days;
  if (totalDays < 14) return t('common.age_days', { n: totalDays });
  const d = from.until(to, { largestUnit: 'years' });
  if (d.years === 0 && d.months === 0) return t('common.age_weeks', { n: Math.floor(totalDays / 7) });
  if (d.years === 0) return t('common.age_months', { n: d.months });
  return d.months === 0 ? t('common.age_years', { y: d.years }) : t('common.age_years_months', { y: d.years, m: d.months });
}

/** The profile's computed age fields: null before the date of birth; the display in the reader's words. */
export function ageSummary(dob: string, today: string): { age_months: number | null; age_display: Text | null } {
  if (dob > today) return { age_months: null, age_display: null };
  return { age_months: Math.round(ageAt(dob, today).months * 10) / 10, age_display: ageText(dob, today) };
}
