// The single most useful nudge for right now. Kind, plain and non-clinical: it says what the
// log shows and what is usual at this age, never what is wrong.
import type { AgeBand } from './age-bands.ts';
import type { HungryState } from './live-feeds.ts';
import type { SupplementStatus } from './live-supplements.ts';
import { zoneClock } from './zone-clock.ts';
import { minutes, t, type Text, type TextValues } from '../i18n/text.ts';

/** `urgent` (1.3.0): a temperature that public guidance says needs urgent advice (live-temperature.ts); it comes before any other alert. */
export type AlertLevel = 'info' | 'warn' | 'urgent';

export interface Alert {
  level: AlertLevel;
  msg: Text;
}

/**
 * The child's name as a message's values: `named` picks the catalogue's own words for an unnamed
 * child ("your baby"), in the grammatical case its sentence needs.
 */
export function childName(name: string): { name: string; named: 'yes' | 'no' } {
  const n = name.trim();
  return { name: n, named: n === '' ? 'no' : 'yes' };
}

/** AAP: in the first month, wake a baby who has slept 4–5 hours since a feed → 4.5 h. */
export const FIRST_MONTH_DAYS = 31;
export const FIRST_MONTH_MAX_GAP_MINUTES = 270;
/** An overdue feed is a 'warn' (not 'info') under 6 months once this far past due. */
export const OVERDUE_WARN_MINUTES = 60;
/** The vitamin D reminder waits until midday so the morning is not nagged (and never wakes anyone: awake only). */
export const VITD_REMINDER_HOUR = 12;

export interface AlertInput {
  name: string;
  band: AgeBand;
  ageDays: number;
  now: number;
  zone: string;
  asleep: boolean;
  nightSleep: boolean;
  awakeMinutes: number | null;
  hungry: HungryState;
  dueAt: number | null;
  lastMilkAt: number | null;
  intervalMinutes: number | null;
  vitd: SupplementStatus;
}

/**
 * In order of usefulness: a long gap since a feed in the first month; an overdue feed; a dream
 * feed coming due at night; a wake stretch beyond the age band's wake window; no vitamin D
 * logged yet today when the region's guidance applies. The first that applies wins.
 */
export function chooseAlert(a: AlertInput): Alert | null {
  const who = childName(a.name);
  const sinceFeed = a.lastMilkAt === null ? null : (a.now - a.lastMilkAt) / 60_000;

  if (sinceFeed !== null && a.ageDays < FIRST_MONTH_DAYS && sinceFeed > FIRST_MONTH_MAX_GAP_MINUTES) {
    return { level: 'warn', msg: t('live.alert_first_month_gap', { ...who, since: minutes(sinceFeed) }) };
  }

  if (a.hungry === 'overdue' && a.dueAt !== null && sinceFeed !== null) {
    const past = (a.now - a.dueAt) / 60_000;
    const level: AlertLevel = a.ageDays < 183 && past >= OVERDUE_WARN_MINUTES ? 'warn' : 'info';
    const usual: TextValues = a.intervalMinutes === null ? { usual: 'no' } : { usual: 'yes', interval: minutes(a.intervalMinutes) };
    const msg = a.asleep
      ? t('live.alert_overdue_asleep', { ...who, ...usual })
      : t('live.alert_overdue_awake', { ...who, ...usual, since: minutes(sinceFeed) });
    return { level, msg };
  }

  if (a.hungry === 'dream_feed') {
    return { level: 'info', msg: t('live.alert_dream_feed', who) };
  }

  const ww = a.band.wakeWindowMinutes;
  if (!a.asleep && a.awakeMinutes !== null && a.awakeMinutes > ww.max) {
    return {
      level: 'info',
      msg: t('live.alert_awake_long', { ...who, awake: minutes(a.awakeMinutes), min: minutes(ww.min), max: minutes(ww.max) }),
    };
  }

  if (!a.asleep && a.vitd.relevant && !a.vitd.given && zoneClock(a.zone).localHour(a.now) >= VITD_REMINDER_HOUR) {
    const r = a.vitd.guidance_range_ug;
    const amount: TextValues = r === null ? { range: 'no', max: a.vitd.guidance_ug ?? 10 } : r.min === r.max ? { range: 'no', max: r.max } : { range: 'yes', min: r.min, max: r.max };
    return { level: 'info', msg: t('live.alert_vitd', { ...who, ...amount }) };
  }
  return null;
}
