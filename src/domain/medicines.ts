// Medicines a caregiver gave, against the family's own settings for them. The settings are
// the family's, copied from the packet or the prescription: the service never supplies a
// minimum interval or a daily maximum and never suggests an amount (docs/insights.md,
// Medicines). A dose outside the family's settings is still logged; the answer warns, naming
// the last dose, who gave it and when. Pure: no clock, no I/O.
import type { TimedEvent } from './types.ts';
import { instantToLocalFast as instantToLocal } from './zone-clock.ts';
import { at, at as clock, minutes, t, type Text } from '../i18n/text.ts';
import { doseText } from './describe-text.ts';

/** The family's settings for one medicine; either number may be unset. */
export interface MedicineSetting {
  name: string;
  /** the family's own minimum hours between doses */
  min_hours: number | null;
  /** the family's own most doses in 24 hours */
  max_per_24h: number | null;
}

export const MAX_MEDICINES = 50;
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/** Names match ignoring case, width and spacing: "Calpol", "calpol " and "CALPOL" are one medicine. */
export function medicineKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function settingFor(settings: readonly MedicineSetting[], name: string): MedicineSetting | null {
  const key = medicineKey(name);
  return settings.find((s) => medicineKey(s.name) === key) ?? null;
}

/** Doses of `name` in (at − 24 h, at], oldest first. */
function dosesBefore(events: readonly TimedEvent[], name: string, at: number): TimedEvent[] {
  const key = medicineKey(name);
  return events.filter((e) => e.type === 'medicine' && e.medicine !== null && e.at > at - DAY_MS && e.at <= at && medicineKey(e.medicine) === key);
}

/** "2.5 ml", "1 tablet", or "" when the amount was not said. */
export function doseAmount(e: Pick<TimedEvent, 'amount' | 'unit'>): string {
  if (e.amount === null || e.unit === null) return '';
  const plural = e.amount !== 1 && ['tablet', 'sachet', 'puff', 'dose'].includes(e.unit) ? 's' : '';
  return `${e.amount} ${e.unit}${plural}`;
}

export interface DoseWarning {
  type: 'medicine_too_soon' | 'medicine_max_doses';
  /** in the reader's words (catalogues/warning) */
  message: Text;
  sleep_span: null;
}

/**
 * The warning for a new dose of `name` at `at`, judged against the doses logged before it
 * (`before`: the child's events around it, not including the new one), or null when the family
 * set nothing for this medicine or the dose is within its settings.
 */
export function doseWarning(name: string, at: number, before: readonly TimedEvent[], setting: MedicineSetting | null, zone: string): DoseWarning | null {
  if (!setting || (setting.min_hours === null && setting.max_per_24h === null)) return null;
  const earlier = dosesBefore(before, name, at);
  const last = earlier.at(-1);
  if (!last) return null;
  // The last dose, who gave it, when and how long before this one; its amount when it was said.
  const dose = doseText(last);
  const lastSaid = { medicine: last.medicine!, time: clock(instantToLocal(last.at, zone)), author: last.author, ago: minutes(Math.round((at - last.at) / 60000)), ...(dose ? { dose } : {}) };
  if (setting.min_hours !== null && at - last.at < setting.min_hours * HOUR_MS) {
    return {
      type: 'medicine_too_soon',
      message: t(dose ? 'warning.medicine_too_soon_dose' : 'warning.medicine_too_soon', { ...lastSaid, name: setting.name, hours: Math.round(setting.min_hours * 10) / 10 }),
      sleep_span: null,
    };
  }
  if (setting.max_per_24h !== null && earlier.length + 1 > setting.max_per_24h) {
    return {
      type: 'medicine_max_doses',
      message: t(dose ? 'warning.medicine_max_doses_dose' : 'warning.medicine_max_doses', { ...lastSaid, n: earlier.length + 1, name: setting.name, max: setting.max_per_24h }),
      sleep_span: null,
    };
  }
  return null;
}

/** One medicine given in the last 24 hours, as live status shows it. */
export interface MedicineStatus {
  name: string;
  last_given_ts: string;
  last_given_by: string;
  last_amount: string | null;
  doses_24h: number;
  /** the family's own settings, when set */
  min_hours: number | null;
  max_per_24h: number | null;
  /** local HH:MM before which the family's own minimum interval says not to give it again; null when not set or passed */
  not_before: string | null;
  /** local YYYY-MM-DDTHH:MM:SS of not_before */
  not_before_ts: string | null;
  message: Text;
}

/** Per medicine given in the 24 hours before `now` (most recent first). */
export function medicinesGiven(events: readonly TimedEvent[], settings: readonly MedicineSetting[], now: number, zone: string): MedicineStatus[] {
  const byKey = new Map<string, TimedEvent[]>();
  for (const e of events) {
    if (e.type !== 'medicine' || e.medicine === null || e.at <= now - DAY_MS || e.at > now) continue;
    const key = medicineKey(e.medicine);
    const list = byKey.get(key) ?? [];
    list.push(e);
    byKey.set(key, list);
  }
  const out: MedicineStatus[] = [];
  for (const doses of byKey.values()) {
    doses.sort((a, b) => a.at - b.at);
    const last = doses[doses.length - 1];
    const setting = settingFor(settings, last.medicine!);
    const name = setting?.name ?? last.medicine!;
    const lastLocal = instantToLocal(last.at, zone);
    let notBeforeTs: string | null = null;
    if (setting?.min_hours != null) {
      const nb = last.at + setting.min_hours * HOUR_MS;
      if (nb > now) notBeforeTs = instantToLocal(nb, zone);
    }
    const notBefore = notBeforeTs ? notBeforeTs.slice(11, 16) : null;
    const amount = doseAmount(last);
    const message = t('live.medicine_given', {
      name, time: at(lastLocal), by: last.author,
      doses: doses.length,
      // A part the family has nothing for is left out of the sentence by the catalogue's select.
      ...(amount ? { has_amount: 'yes', amount: doseText(last)! } : { has_amount: 'no' }),
      ...(setting?.max_per_24h != null ? { has_max: 'yes', max: setting.max_per_24h } : { has_max: 'no' }),
      ...(notBeforeTs ? { has_not_before: 'yes', not_before: at(notBeforeTs) } : { has_not_before: 'no' }),
    });
    out.push({
      name,
      last_given_ts: lastLocal,
      last_given_by: last.author,
      last_amount: amount || null,
      doses_24h: doses.length,
      min_hours: setting?.min_hours ?? null,
      max_per_24h: setting?.max_per_24h ?? null,
      not_before: notBefore,
      not_before_ts: notBeforeTs,
      message,
    });
  }
  return out.sort((a, b) => b.last_given_ts.localeCompare(a.last_given_ts));
}
