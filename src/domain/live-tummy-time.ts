// Tummy time today against WHO's guideline for infants not yet mobile: "at least 30 minutes in
// the prone position (tummy time) spread throughout the day while awake" (WHO guidelines on
// physical activity, sedentary behaviour and sleep for children under 5 years of age, 2019).
// The guideline is for infants (under 1 year), so nothing is shown from 12 months. The log
// cannot tell whether a baby is crawling yet, so the wording names who the guideline is for
// rather than assuming. Pure.
import type { TimedEvent } from './types.ts';
import { t, type Text } from '../i18n/text.ts';

export const TUMMY_TIME_TARGET_MINUTES = 30;
/** WHO's infant guideline covers the first year. */
export const TUMMY_TIME_UNTIL_MONTHS = 12;

export interface TummyTime {
  /** today's `activity` events of kind tummy_time, their duration_min summed (none given: 0) */
  minutes_today: number;
  target_minutes: number;
  met: boolean;
  message: Text;
}

/** `today`: the day's events (any types; only tummy-time activities count). Null from 12 months. */
export function tummyTime(today: Iterable<TimedEvent>, ageMonths: number): TummyTime | null {
  if (ageMonths >= TUMMY_TIME_UNTIL_MONTHS) return null;
  let minutes = 0;
  for (const e of today) if (e.type === 'activity' && e.kind === 'tummy_time') minutes += e.duration_min ?? 0;
  const met = minutes >= TUMMY_TIME_TARGET_MINUTES;
  const values = { minutes, target: TUMMY_TIME_TARGET_MINUTES };
  const message = t(met ? 'live.tummy_time_met' : minutes === 0 ? 'live.tummy_time_none' : 'live.tummy_time_some', values);
  return { minutes_today: minutes, target_minutes: TUMMY_TIME_TARGET_MINUTES, met, message };
}
