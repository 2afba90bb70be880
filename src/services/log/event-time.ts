// Turning a requested timestamp into the instant stored and the family-local string shown.
import { fieldProblem } from '../../errors.ts';
import { localToInstant, TimeError } from '../../domain/time.ts';
// The zone clock's (memoised offsets) rather than Temporal's: every log resolves its time.
import { instantToLocalFast as instantToLocal } from '../../domain/zone-clock.ts';
import { t } from '../../i18n/text.ts';

/** Phones' clocks drift: a timestamp up to this far ahead of ours counts as "now". */
export const FUTURE_TOLERANCE_MS = 60 * 1000;
const OLDEST_MS = 6 * 366 * 24 * 3600 * 1000;

export interface ResolvedTime {
  at: number;
  /** family-local: what the API shows */
  ts: string;
  /** the zone the time was given in (the request's `timezone`, else the family's): stored with the event */
  zone: string;
  /** the time in `zone`: the wall clock where it happened */
  own_ts: string;
}

export function resolveEventTime(ts: string | null | undefined, zone: string | null | undefined, familyZone: string, now: number): ResolvedTime {
  const own = zone ?? familyZone;
  const resolved = (at: number): ResolvedTime => {
    const shown = instantToLocal(at, familyZone);
    return { at, ts: shown, zone: own, own_ts: own === familyZone ? shown : instantToLocal(at, own) };
  };
  if (ts === null || ts === undefined) return resolved(Math.floor(now / 1000) * 1000);
  let at: number;
  try {
    at = localToInstant(ts, zone ?? familyZone);
  } catch (err) {
    if (err instanceof TimeError) throw fieldProblem('invalid_timestamp', err.text, 'ts', 'invalid_timestamp');
    throw err;
  }
  if (at > now + FUTURE_TOLERANCE_MS) {
    throw fieldProblem('future_timestamp', t('error.ts_in_future', { ts, now: instantToLocal(now, zone ?? familyZone) }), 'ts', 'future_timestamp');
  }
  if (at < now - OLDEST_MS) throw fieldProblem('invalid_timestamp', t('error.ts_too_old', { ts }), 'ts', 'too_old');
  return resolved(at);
}
