// The shared breastfeed timer as the app shows it. Pure, so it is unit tested
// (test/unit/web-feed-state.test.ts). The server's Feed carries whole minutes and its start
// time; the app ticks mm:ss from started_at against the server's clock (live.now), so every
// caregiver's phone shows the same time whatever its own clock says.

import type { components } from '../generated/openapi.d.ts';

export type Side = 'left' | 'right';

/** The running breastfeed as live status carries it. */
export type Feed = components['schemas']['Feed'];

/** Naive ms of a local timestamp (differences between two local times in one zone). */
export function localMs(ts: string): number {
  return Date.parse(`${ts.slice(0, 19)}Z`);
}

/** How far the server's clock is ahead of this phone's: live.now against the phone's own
 * family-local time when that status arrived. */
export function serverOffsetMs(liveNow: string, phoneLocalNowAtReceipt: string): number {
  return localMs(liveNow) - localMs(phoneLocalNowAtReceipt);
}

/** Elapsed ms of a feed at the phone's local `nowTs` (family zone) corrected by `offsetMs`. */
export function elapsedMs(feed: Pick<Feed, 'started_at'>, nowTs: string, offsetMs = 0): number {
  return Math.max(0, localMs(nowTs) + offsetMs - localMs(feed.started_at));
}

/** 754 s → "12:34"; an hour or more → "1:02:34". */
export function formatTimer(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** "0:42" style for a sleep: hours and minutes. */
export function formatHoursMinutes(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The side to start on: the other one from where the last breastfeed ended (NHS advice). */
export function startSide(lastBreastSide: Side | null | undefined): Side | null {
  if (lastBreastSide === 'left') return 'right';
  if (lastBreastSide === 'right') return 'left';
  return null;
}

/**
 * Asleep or awake as the phone should show it: the last sleep/wake still waiting to be sent
 * (logged offline) wins over the last live status received, so reopening the app offline never
 * shows the opposite state.
 */
export function asleepNow(liveAsleep: boolean | null | undefined, pending: { type?: unknown; ts?: unknown }[]): boolean {
  const last = [...pending].filter((p) => p.type === 'sleep' || p.type === 'wake').sort((a, b) => String(a.ts ?? '').localeCompare(String(b.ts ?? ''))).pop();
  if (last) return last.type === 'sleep';
  return !!liveAsleep;
}
