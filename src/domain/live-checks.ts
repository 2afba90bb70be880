// Is the log probably incomplete? A forgotten "wake", a feed timer nobody stopped, or a long
// silence would otherwise be taken at face value ("asleep for 15 hours", "a night feed is due"
// in the afternoon). Each check asks rather than asserts, and says what one tap would fix.
// Pure: no clock, no I/O. Thresholds and their reasons are in docs/insights.md.
import type { Feed } from './feed-timer.ts';
import { at, minutes, t, type Text } from '../i18n/text.ts';
import { childName } from './live-alerts.ts';

const HOUR = 3_600_000;

/**
 * Longest plausible daytime nap: 4 hours from 3 months, 5 hours before. Naps run from 30
 * minutes to about 2 hours once a day rhythm forms (NHS, Mindell 2016); a newborn's daytime
 * sleep comes in stretches between feeds, and the AAP advises waking one who has gone 4–5
 * hours without a feed. A nap still open after that most likely ended without a "wake".
 */
export const MAX_NAP_HOURS = 4;
export const MAX_NAP_HOURS_UNDER_3_MONTHS = 5;
/**
 * Longest plausible night: 14 hours. Night sleep is about 10–12 hours from 4 months (NHS,
 * Paruthi 2016: 12–16 hours in 24 including naps for 4–12 months); 14 hours in one go without
 * a logged waking is beyond that.
 */
export const MAX_NIGHT_HOURS = 14;
/** Nothing at all logged for this long while awake: the log has probably been forgotten. A
 * baby under a year feeds at least every 4–5 hours by day (NHS), so 9 quiet hours awake would
 * mean at least one feed and a nappy missing. */
export const QUIET_LOG_HOURS = 9;

export type CheckKind = 'wake_not_logged' | 'feed_timer_stale' | 'nothing_logged';

export interface LiveCheck {
  kind: CheckKind;
  /** family-local timestamp the doubtful state began (the sleep, the feed, the last log) */
  since: string;
  message: Text;
  /** the one-tap fix the app offers: log a wake / stop the feed with its real end / log now */
  fix: 'log_wake' | 'stop_feed' | 'log_event';
}

export interface CheckInput {
  name: string;
  ageMonths: number;
  now: number;
  /** the open sleep, if any: its start, and whether it began in the night window */
  openSleep: { start: number; startTs: string; night: boolean } | null;
  feeding: Feed | null;
  lastEvent: { at: number; ts: string } | null;
}

/** The longest an open sleep of this kind plausibly lasts at this age, in ms. */
export function maxOpenSleepMs(night: boolean, ageMonths: number): number {
  if (night) return MAX_NIGHT_HOURS * HOUR;
  return (ageMonths < 3 ? MAX_NAP_HOURS_UNDER_3_MONTHS : MAX_NAP_HOURS) * HOUR;
}

export function liveCheck(c: CheckInput): LiveCheck | null {
  const who = childName(c.name);
  if (c.feeding?.stale) {
    return {
      kind: 'feed_timer_stale',
      since: c.feeding.started_at,
      message: t('live.check_feed_timer_stale', { since: at(c.feeding.started_at), elapsed: minutes(c.feeding.elapsed_min) }),
      fix: 'stop_feed',
    };
  }
  if (c.openSleep && c.now - c.openSleep.start > maxOpenSleepMs(c.openSleep.night, c.ageMonths)) {
    return {
      kind: 'wake_not_logged',
      since: c.openSleep.startTs,
      message: t('live.check_wake_not_logged', { ...who, since: at(c.openSleep.startTs), ago: minutes((c.now - c.openSleep.start) / 60_000) }),
      fix: 'log_wake',
    };
  }
  if (!c.openSleep && c.lastEvent && c.now - c.lastEvent.at > QUIET_LOG_HOURS * HOUR) {
    return {
      kind: 'nothing_logged',
      since: c.lastEvent.ts,
      message: t('live.check_nothing_logged', { quiet: minutes((c.now - c.lastEvent.at) / 60_000) }),
      fix: 'log_event',
    };
  }
  return null;
}
