// The single most useful nudge for right now. Kind, plain and non-clinical: it says what the
// log shows and what is usual at this age, never what is wrong.
import type { AgeBand } from './age-bands.ts';
import type { HungryState } from './live-feeds.ts';
import type { SupplementStatus } from './live-supplements.ts';
import { formatDuration } from './patterns-stats.ts';
import { zoneClock } from './zone-clock.ts';

/** `urgent` (1.3.0): a temperature that public guidance says needs urgent advice (live-temperature.ts); it comes before any other alert. */
export type AlertLevel = 'info' | 'warn' | 'urgent';

export interface Alert {
  level: AlertLevel;
  msg: string;
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
  const who = a.name.trim() === '' ? 'Your baby' : a.name.trim();
  const sinceFeed = a.lastMilkAt === null ? null : (a.now - a.lastMilkAt) / 60_000;

  if (sinceFeed !== null && a.ageDays < FIRST_MONTH_DAYS && sinceFeed > FIRST_MONTH_MAX_GAP_MINUTES) {
    return {
      level: 'warn',
      msg: `It's been ${formatDuration(sinceFeed)} since ${who}'s last feed. In the first month babies usually feed at least every 4–5 hours, night and day.`,
    };
  }

  if (a.hungry === 'overdue' && a.dueAt !== null && sinceFeed !== null) {
    const past = (a.now - a.dueAt) / 60_000;
    const level: AlertLevel = a.ageDays < 183 && past >= OVERDUE_WARN_MINUTES ? 'warn' : 'info';
    const usual = a.intervalMinutes === null ? '' : ` (usually about every ${formatDuration(a.intervalMinutes)})`;
    const msg = a.asleep
      ? `${who} is napping and a feed is due${usual} — they may wake up hungry.`
      : `It's been ${formatDuration(sinceFeed)} since ${who}'s last feed — a feed is due${usual}.`;
    return { level, msg };
  }

  if (a.hungry === 'dream_feed') {
    return {
      level: 'info',
      msg: `A night feed would usually be due around now. A dream feed is an option if it suits you, or let ${who} wake when ready.`,
    };
  }

  const ww = a.band.wakeWindowMinutes;
  if (!a.asleep && a.awakeMinutes !== null && a.awakeMinutes > ww.max) {
    return {
      level: 'info',
      msg: `${who} has been awake ${formatDuration(a.awakeMinutes)} — longer than the usual ${formatDuration(ww.min)} to ${formatDuration(ww.max)} at this age. They may be ready for a sleep.`,
    };
  }

  if (!a.asleep && a.vitd.relevant && !a.vitd.given && zoneClock(a.zone).localHour(a.now) >= VITD_REMINDER_HOUR) {
    const r = a.vitd.guidance_range_ug;
    const amount = r === null ? `${a.vitd.guidance_ug ?? 10} µg` : r.min === r.max ? `${r.max} µg` : `${r.min}–${r.max} µg`;
    return {
      level: 'info',
      msg: `No vitamin D logged yet today. Guidance for ${who}'s age is ${amount} a day.`,
    };
  }
  return null;
}
