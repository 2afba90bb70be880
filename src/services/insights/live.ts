// The live status: loads only the window the rule needs (plus the latest weight, wherever it
// is) and hands it to the pure rule. What it loads, and the result for a given second, are
// cached under the family's version (derived-cache.ts), so repeated reads between writes cost
// one read of the family row.
import type { ChildScope } from '../../db/family-scope.ts';
import { liveStatus, liveWindowStart, type LiveStatus } from '../../domain/live.ts';
import type { FeedTimerState } from '../../domain/feed-timer.ts';
import type { TimedEvent } from '../../domain/types.ts';
import { childProfile, loadFamily, type FamilyRow } from '../family/family-row.ts';
import { EVENT_COLUMNS, toTimedEvent } from '../log/event-rows.ts';
import { loadFeedTimer } from '../log/feed-timer-rows.ts';
import { CachedDerivation } from './cached-derivation.ts';
import { EventWindow } from '../log/event-window.ts';
import { firstAtOrAfter } from '../../domain/sleep-spans.ts';
import type { MedicineSetting } from '../../domain/medicines.ts';
import { medicineSettings } from '../family/medicines.ts';

/** The child's events in [from, to), as the family sees them in `zone` (its zone now). */
export async function eventsBetween(scope: ChildScope, from: number, to: number, zone: string): Promise<TimedEvent[]> {
  const rows = await scope
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .orderBy('seq')
    .execute();
  return rows.map((r) => toTimedEvent(r, zone));
}

export async function latestOfType(scope: ChildScope, type: string, before: number, zone: string): Promise<TimedEvent | null> {
  const row = await scope
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('type', '=', type)
    .where('at', '<', before)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toTimedEvent(row, zone) : null;
}

/** Live status is computed for whole seconds: events are stored at whole seconds, so every
 * moment within one second gives the same answer, and one result serves them all. */
export function liveInstant(now: number): number {
  return Math.floor(now / 1000) * 1000;
}

interface LiveInputs {
  window: EventWindow;
  timer: FeedTimerState | null;
  /** The family's medicine settings: a change to them bumps the family's version (migration
   * 014), so they are cached with the window and a carried-over event leaves them as they are. */
  medicines: MedicineSetting[];
}

/** Everything from `from` on (no upper bound: a log may be a minute ahead of the clock), the
 * latest weight before it when the window has none, and the feed timer. */
export async function loadLiveInputs(scope: ChildScope, from: number, zone: string): Promise<LiveInputs> {
  const events = await eventsBetween(scope, from, Number.MAX_SAFE_INTEGER, zone);
  // The milk guide needs the latest weight even when it was logged before the window.
  if (!events.some((e) => e.type === 'weight')) {
    const w = await latestOfType(scope, 'weight', from, zone);
    if (w) events.unshift(w);
  }
  // Loaded in instant order (an older weight goes first).
  return { window: EventWindow.of(events), timer: await loadFeedTimer(scope), medicines: await medicineSettings(scope) };
}

function deriveLive(scope: ChildScope, family: FamilyRow, inputs: LiveInputs, at: number): LiveStatus {
  return liveStatus(inputs.window.events, childProfile(family, scope.child), at, inputs.timer, inputs.medicines);
}

// Cached under the family's version (cached-derivation.ts), within the caches' shared memory
// budget (cache-budget.ts): inputs per window, results per second.
const liveCache = new CachedDerivation<LiveInputs, LiveStatus>({ windowStart: liveWindowStart, load: loadLiveInputs, derive: deriveLive });

/** The live status from scratch: no cache. The cached path must always equal this. */
export async function computeLiveFromScratch(scope: ChildScope, family: FamilyRow, now: number): Promise<LiveStatus> {
  const at = liveInstant(now);
  return deriveLive(scope, family, await loadLiveInputs(scope, liveWindowStart(at, family.timezone), family.timezone), at);
}

/**
 * The child's live status. Cached per family and child under the family's version: a change to
 * the family's children bumps it too, so the child's row in the scope is the one of that
 * version or later.
 */
export async function computeLive(scope: ChildScope, family: FamilyRow, now: number): Promise<LiveStatus> {
  const at = liveInstant(now);
  return liveCache.cached(scope, family, at) ?? liveCache.fromWindow(scope, family, at, await liveCache.window(scope, family, at));
}

/**
 * Live status as it stands now, for a write's response: called after the write committed, so
 * the write transaction does no derivation work; it reads the family row (and version) afresh.
 */
export async function liveNow(scope: ChildScope, now: number): Promise<LiveStatus> {
  return computeLive(scope, await loadFamily(scope), now);
}

/**
 * A new event moved the family from version v0 to v1 (nothing else changed in between): keep
 * the cached live window, with the event added when it falls inside. A weight is not carried
 * over (the window may hold an older weight for the milk guide): the next read loads afresh.
 */
export function carryLiveOver(scope: ChildScope, v0: number, v1: number, e: TimedEvent): void {
  liveCache.carryOver(scope, v0, v1, (inputs, key) => {
    if (e.type === 'weight') return undefined;
    return e.at < Number(key) ? inputs : { ...inputs, window: inputs.window.with(e) };
  });
}

/**
 * The events in [from, to), when the cached live window covers them, as of the family row's
 * version or a later one: what a read made now would find. (A log's soft warning uses it: the
 * row came with the credential, and other caregivers' logs may have moved the cache on since.)
 */
export function cachedEventsBetween(scope: ChildScope, family: FamilyRow, now: number, from: number, to: number): TimedEvent[] | null {
  const windowStart = liveWindowStart(liveInstant(now), family.timezone);
  if (from < windowStart) return null;
  const inputs = liveCache.cachedWindow(scope, Number(family.version), windowStart);
  if (!inputs) return null;
  // The window is sorted by instant: both ends by bisection, not a scan.
  const events = inputs.window.events;
  return events.slice(firstAtOrAfter(events, from), firstAtOrAfter(events, to));
}
