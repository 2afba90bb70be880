// The live status: loads only the window the rule needs (plus the latest weight, wherever it
// is) and hands it to the pure rule.
import type { FamilyScope } from '../db/family-scope.ts';
import { liveStatus, liveWindowStart, type LiveStatus } from '../domain/live.ts';
import type { TimedEvent } from '../domain/types.ts';
import { childProfile, type FamilyRow } from './family-row.ts';
import { toTimedEvent } from './event-rows.ts';
import { loadFeedTimer } from './feed-timer-rows.ts';

export async function eventsBetween(scope: FamilyScope, from: number, to: number): Promise<TimedEvent[]> {
  const rows = await scope
    .selectFrom('events')
    .selectAll()
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .orderBy('seq')
    .execute();
  return rows.map(toTimedEvent);
}

export async function latestOfType(scope: FamilyScope, type: string, before: number): Promise<TimedEvent | null> {
  const row = await scope
    .selectFrom('events')
    .selectAll()
    .where('type', '=', type)
    .where('at', '<', before)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toTimedEvent(row) : null;
}

export async function computeLive(scope: FamilyScope, family: FamilyRow, now: number): Promise<LiveStatus> {
  const from = liveWindowStart(now, family.timezone);
  const events = await eventsBetween(scope, from, now + 1);
  // The milk guide needs the latest weight even when it was logged before the window.
  if (!events.some((e) => e.type === 'weight')) {
    const w = await latestOfType(scope, 'weight', from);
    if (w) events.unshift(w);
  }
  return liveStatus(events, childProfile(family), now, await loadFeedTimer(scope));
}
