// The last temperature logged in the past 24 hours, and the urgent fever alert. A reading of
// 38 °C or more under 3 months, or 39 °C or more at 3 to 6 months, is where the NHS ("High
// temperature (fever) in children": call 111 or ask for an urgent GP appointment) and, under
// 3 months, the AAP ("call your child's doctor right away") send a parent for urgent advice
// (docs/insights.md, Fever alert). The alert says what was logged and where to call; it never
// says what is wrong. Pure: no clock, no I/O.
import type { Region, TemperatureMethod, TimedEvent, Units } from './types.ts';
import { ageAtFast, zoneClock } from './zone-clock.ts';
import { shownCelsius, shownFahrenheit } from './temperature.ts';
import { childName } from './live-alerts.ts';
import { at, minutes, t as text, type Text } from '../i18n/text.ts';

/** Live status shows the last reading of the past 24 hours; an older one says nothing about now. */
export const TEMPERATURE_WINDOW_MS = 24 * 3_600_000;
/** Under 3 months: 38 °C or more (NHS; AAP: 100.4 °F / 38.0 °C). */
export const UNDER_3_MONTHS_C = 38.0;
/** 3 to 6 months: 39 °C or more (NHS). */
export const FROM_3_TO_6_MONTHS_C = 39.0;

// Where to call, by region, is in the catalogues (live.fever_urgent): the family's region for
// English (NHS 111 / 999, or the pediatrician / 911); the other languages name their own
// countries' numbers (the family's region is only ever the UK or the US).

export interface TemperatureStatus {
  celsius: number;
  fahrenheit: number;
  method: TemperatureMethod | null;
  /** family-local timestamp of the reading */
  ts: string;
  minutes_ago: number;
  /** the reading raises the urgent alert (see urgentThresholdC) */
  urgent: boolean;
  message: Text;
}

/**
 * The reading at or above which a child of this age (in months, days / 30.4375 as every age
 * band) gets the urgent alert, or null from past 6 months. "3 to 6 months" ends at 6 months:
 * older than that, the NHS and NICE say the height of a temperature alone is not the guide.
 */
export function urgentThresholdC(ageMonths: number): number | null {
  if (ageMonths < 3) return UNDER_3_MONTHS_C;
  if (ageMonths <= 6) return FROM_3_TO_6_MONTHS_C;
  return null;
}

/**
 * The urgent signpost for a reading at or above `limit` (urgentThresholdC): the age band, the
 * threshold and where to call, never what is wrong. Live status's alert and the answer to a
 * question about such a temperature (fever-question.ts) say the same words. The threshold is
 * shown as the guidance writes it: "38 °C", or "100.4 °F (38 °C)" in imperial units.
 */
export function urgentAdvice(limit: number, units: Units, region: Region): Text {
  return text('live.fever_urgent', {
    band: limit === UNDER_3_MONTHS_C ? 'under_3' : 'from_3_to_6', units, region, c: limit, f: shownFahrenheit(limit),
  });
}

export interface TemperatureInput {
  /** the child's events, sorted by instant, none after `now` (only temperatures are read) */
  events: readonly TimedEvent[];
  /** index of the first event in the last 24 hours (the caller's bisection) */
  from: number;
  name: string;
  dob: string;
  region: Region;
  units: Units;
  zone: string;
  now: number;
}

/**
 * The last reading of the past 24 hours, or null. It alone decides the alert: a later reading
 * below the threshold clears an earlier one above it, and a reading above it after a lower one
 * raises it again. The child's age is taken at the reading, not now.
 */
export function temperatureStatus(t: TemperatureInput): TemperatureStatus | null {
  let last: TimedEvent | null = null;
  for (let i = t.events.length - 1; i >= t.from; i--) {
    const e = t.events[i]!;
    if (e.at <= t.now - TEMPERATURE_WINDOW_MS) break;
    if (e.type === 'temperature' && e.celsius !== null) {
      last = e;
      break;
    }
  }
  if (last === null) return null;
  const clock = zoneClock(t.zone);
  // As the API shows the reading: one decimal each, °F from the stored value (a reading sent
  // in °F reads back as sent). The thresholds compare with what the thermometer showed.
  const c = shownCelsius(last.celsius!);
  const f = last.fahrenheit ?? shownFahrenheit(c);
  const ts = clock.localTs(last.at);
  const minutesAgo = Math.max(0, Math.floor((t.now - last.at) / 60_000));
  const limit = urgentThresholdC(ageAtFast(t.dob, clock.localDate(last.at)).months);
  const urgent = limit !== null && c >= limit;
  // The reading as the API shows it, one decimal each: "38.2 °C", or "100.8 °F (38.2 °C)" in imperial units.
  const said = text('live.temperature_reading', {
    ...childName(t.name), c, f, units: t.units, method: last.method ?? 'none', time: at(ts),
    recent: minutesAgo < 1 ? 'yes' : 'no', ago: minutes(minutesAgo),
  });
  const message = urgent ? text('live.temperature_urgent', { reading: said, advice: urgentAdvice(limit!, t.units, t.region) }) : said;
  return {
    celsius: c,
    fahrenheit: f,
    method: last.method,
    ts,
    minutes_ago: minutesAgo,
    urgent,
    message,
  };
}
