// Where the baby is now, and each event's own clock (issue 27: travel).
//
// A family abroad logs with the phone's zone (`timezone` on the log); each event keeps the zone
// it was logged in (TimedEvent.zone) and its wall-clock time there (own_ts). The rhythm rules
// (bedtime, morning wake, nap or night) read every event on its own clock, so a week of 19:00
// bedtimes in Los Angeles is a week of 19:00 bedtimes, and a Los Angeles night is never a nap
// because it fell in the home zone's afternoon. Live status predicts in the zone the baby is in
// now (zoneNow): the zone of the most recent log of the last HERE_LOOKBACK_HOURS, unless the
// family has set its zone since that log; otherwise the family's zone.
import type { ChildProfile, TimedEvent } from './types.ts';

/** A log this recent still says where the baby is; older, the family's own zone is assumed. */
export const HERE_LOOKBACK_HOURS = 48;

/** The zone an event happened in: its own, else (unit tests, old rows) the family's. */
export function ownZone(e: { zone?: string }, familyZone: string): string {
  return e.zone ?? familyZone;
}

/**
 * The zone the baby is in at `now`: the zone of the most recent log at or before `now` when it
 * is no more than HERE_LOOKBACK_HOURS old and was not made before the family last set its zone
 * (profile.zone_set_at: a family that has just moved is where it says it is, before its first
 * log there); otherwise the family's zone. `sorted` is in instant order; only its tail is read.
 */
export function zoneNow(sorted: readonly TimedEvent[], profile: ChildProfile, now: number): string {
  let i = sorted.length - 1;
  while (i >= 0 && sorted[i]!.at > now) i--;
  return zoneAfter(i < 0 ? null : sorted[i]!, profile, now);
}

/** zoneNow given the most recent log at or before `now` (null: none). */
export function zoneAfter(last: { at: number; zone?: string } | null, profile: ChildProfile, now: number): string {
  const home = profile.timezone;
  if (last === null || now - last.at > HERE_LOOKBACK_HOURS * 3_600_000) return home;
  const setAt = profile.zone_set_at;
  if (setAt !== undefined && setAt !== null && last.at < setAt) return home;
  return ownZone(last, home);
}
