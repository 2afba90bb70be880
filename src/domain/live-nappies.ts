// Poo frequency in plain words (domain-facts §3). Population ranges only: the wording can say
// "fewer than usual" or "mention it to your health visitor", never name a condition.
import type { TimedEvent } from './types.ts';
import { t, type Text } from '../i18n/text.ts';

export const POOP_WITHIN = t('live.poop_within');
export const POOP_FEWER = t('live.poop_fewer');
export const POOP_LONGER = t('live.poop_longer');

/** LLL: 2–5 poos a day until about 6 weeks, after which breastfed babies may skip days. */
export const EARLY_WEEKS_DAYS = 42;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A `poop` event, or a nappy logged as dirty or both. */
export function isPoop(e: TimedEvent): boolean {
  return e.type === 'poop' || (e.type === 'nappy' && (e.kind === 'dirty' || e.kind === 'both'));
}

export interface PoopSummary {
  hoursAgo: number | null;
  status: Text | null;
}

/**
 * `sorted` is the live window (sorted, none after now). The "gap" is the time since the last
 * poo or, when none is in the window, since the first nappy or poo log (a lower bound: we only
 * know nothing dirty was logged since then). Coverage is how long nappies have been logged.
 *
 * Under 6 weeks (UNICEF/NHS charts, LLL; formula: NHS "at least 1 poo a day"):
 *   gap over 48 h → longer than usual; over the last 24 h fewer than 2 (breastfed) or 1
 *   (formula only) → fewer than usual.
 * From 6 weeks (LLL: breastfed babies may go several days; Moretti 2019; Rome IV ≤2 a week):
 *   gap over 7 days, or over 3 days for a formula-only baby → longer than usual; 2 or fewer in
 *   each of the last two weeks → longer than usual; formula only and 2 or fewer in the last week →
 *   fewer than usual.
 */
export function poopSummary(
  sorted: readonly TimedEvent[], ageDays: number, breastfed: boolean, anyMilk: boolean, now: number,
): PoopSummary {
  // One pass, no copies: in a busy window nearly every event is a nappy.
  let firstNappyAt: number | null = null;
  let lastPoopAt: number | null = null;
  let poopsDay = 0;
  let poopsWeek = 0;
  let poopsTwoWeeks = 0;
  for (const e of sorted) {
    if (e.type !== 'nappy' && e.type !== 'poop') continue;
    firstNappyAt ??= e.at;
    if (!isPoop(e)) continue;
    lastPoopAt = e.at;
    if (e.at > now - DAY) poopsDay++;
    if (e.at > now - 7 * DAY) poopsWeek++;
    if (e.at > now - 14 * DAY) poopsTwoWeeks++;
  }
  if (firstNappyAt === null) return { hoursAgo: null, status: null };
  const hoursAgo = lastPoopAt === null ? null : Math.round(((now - lastPoopAt) / HOUR) * 10) / 10;
  const coverageMs = now - firstNappyAt;
  const gapMs = lastPoopAt === null ? coverageMs : now - lastPoopAt;
  const formulaOnly = anyMilk && !breastfed;

  if (ageDays < EARLY_WEEKS_DAYS) {
    if (gapMs > 48 * HOUR) return { hoursAgo, status: POOP_LONGER };
    const perDay = formulaOnly ? 1 : 2;
    if (coverageMs >= DAY && poopsDay < perDay) return { hoursAgo, status: POOP_FEWER };
    return { hoursAgo, status: POOP_WITHIN };
  }
  const longGap = formulaOnly ? 3 * DAY : 7 * DAY;
  if (gapMs > longGap) return { hoursAgo, status: POOP_LONGER };
  const lastWeek = poopsWeek;
  const weekBefore = poopsTwoWeeks - lastWeek;
  if (coverageMs >= 14 * DAY && lastWeek <= 2 && weekBefore <= 2) return { hoursAgo, status: POOP_LONGER };
  // A breastfed baby skipping days is usual after 6 weeks (LLL), so one quiet week is only
  // "fewer than usual" for a formula-only baby.
  if (formulaOnly && coverageMs >= 7 * DAY && lastWeek <= 2) return { hoursAgo, status: POOP_FEWER };
  return { hoursAgo, status: POOP_WITHIN };
}
