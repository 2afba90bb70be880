// The phone's zone against the family's (issue 27: travel). The app shows every time in the
// family's zone (profile.timezone); a log carries the phone's zone (`timezone`) and its `ts`
// written in that zone, so the server keeps where it happened (the baby's own clock) and shows
// it in the family's zone. Pure, so it is unit tested (test/unit/web-zone.test.ts).
// With its extension: the unit test imports this file under node.
import { browserZone, localTs } from './time.ts';

/** The zone this phone's clock is set to. */
export const phoneZone = browserZone;

function naiveMs(ts: string): number {
  return Date.parse(`${ts.slice(0, 19)}Z`);
}

/** The UTC offset of `zone` at the instant `ms`, in minutes (London in summer: 60; New York in winter: −300). */
export function offsetMinutes(zone: string, ms = Date.now()): number {
  const at = Math.floor(ms / 1000) * 1000;
  return Math.round((naiveMs(localTs(at, zone)) - at) / 60000);
}

/** The instant of a local `YYYY-MM-DDTHH:MM:SS` in `zone` (a time skipped by a clock change reads as after it). */
export function zonedToMs(ts: string, zone: string): number {
  const guess = naiveMs(ts);
  const first = guess - offsetMinutes(zone, guess) * 60000;
  const second = guess - offsetMinutes(zone, first) * 60000;
  return offsetMinutes(zone, second) === offsetMinutes(zone, first) ? second : first;
}

/** `ts` written in zone `from`, read again in zone `to`: the same instant on the other clock. */
export function reZone(ts: string, from: string, to: string): string {
  return from === to ? ts : localTs(zonedToMs(ts, from), to);
}

/** The time of a log as the family sees it: its `ts` is in its own `timezone` when it carries one. */
export function shownTs(body: { ts?: unknown; timezone?: unknown }, familyZone: string): string {
  const ts = typeof body.ts === 'string' ? body.ts : '';
  return ts && typeof body.timezone === 'string' && body.timezone !== familyZone ? reZone(ts, body.timezone, familyZone) : ts;
}

/** True when the two zones' clocks read differently at `ms` (Paris and Berlin read the same). */
export function clocksDiffer(a: string, b: string, ms = Date.now()): boolean {
  return a !== b && offsetMinutes(a, ms) !== offsetMinutes(b, ms);
}

/** "UTC−5", "UTC+5:30", "UTC+1"; "UTC" itself at 0 (a real minus sign). */
export function utcLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const a = Math.abs(minutes);
  const h = Math.floor(a / 60);
  const m = a % 60;
  return `UTC${minutes < 0 ? '\u2212' : '+'}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The place a zone is named after: "America/New_York" → "New York", "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function placeName(zone: string): string {
  if (!zone.includes('/') || zone.startsWith('Etc/')) return zone.replace(/^Etc\//, '');
  return zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
}

/** "New York time (UTC−5)": how the app names a zone to a parent. */
export function zoneWithOffset(zone: string, ms = Date.now()): string {
  return `${placeName(zone)} time (${utcLabel(offsetMinutes(zone, ms))})`;
}
