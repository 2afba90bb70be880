// Figures derived from the log for one window: milk, sleep spans, nappies, solids,
// supplements and measurements. Pure functions of (events, window, now, zone).
import type { TimedEvent } from '../types.ts';
import { localHourFast } from '../zone-clock.ts';

export interface Window {
  start: number;
  end: number;
}

export function inWindow(events: TimedEvent[], w: Window, type?: TimedEvent['type']): TimedEvent[] {
  return events.filter((e) => e.at >= w.start && e.at < w.end && (!type || e.type === type));
}

export function sortByTime(events: TimedEvent[]): TimedEvent[] {
  return [...events].sort((a, b) => a.at - b.at);
}

// ---- Milk -------------------------------------------------------------------------------

export interface MilkFacts {
  ml: number;
  feeds: number;
  bottles: number;
  breastfeeds: number;
  largest: number;
}

export function milkFacts(events: TimedEvent[], w: Window): MilkFacts {
  const milk = inWindow(events, w, 'milk');
  const bottles = milk.filter((e) => (e.ml ?? 0) > 0);
  return {
    ml: bottles.reduce((s, e) => s + (e.ml ?? 0), 0),
    feeds: milk.length,
    bottles: bottles.length,
    // ml = 0 records a breastfeed (spec: Event.ml).
    breastfeeds: milk.length - bottles.length,
    largest: bottles.reduce((m, e) => Math.max(m, e.ml ?? 0), 0),
  };
}

// ---- Sleep ------------------------------------------------------------------------------

export interface SleepSpan {
  start: number;
  end: number;
  ongoing: boolean;
  night: boolean;
}

/** A sleep left open for longer than this is treated as a forgotten wake, not as still asleep. */
const MAX_ONGOING_MS = 16 * 3_600_000;

/**
 * Pairs each `sleep` with the next `wake`. A second `sleep` before any `wake` drops the first
 * (its end is unknown); a `wake` with no open sleep is ignored. A span starting 18:00–06:00
 * on the baby's own clock where it began (the zone the sleep was logged in, else `zone`, the
 * family's) counts as night sleep, any other as a nap.
 */
export function sleepSpans(events: TimedEvent[], now: number, zone: string): SleepSpan[] {
  const out: SleepSpan[] = [];
  let open: TimedEvent | null = null;
  for (const e of sortByTime(events)) {
    if (e.at > now) break;
    if (e.type === 'sleep') open = e;
    else if (e.type === 'wake' && open !== null) {
      out.push(span(open.at, e.at, false, open.zone ?? zone));
      open = null;
    }
  }
  if (open !== null && now - open.at <= MAX_ONGOING_MS) out.push(span(open.at, now, true, open.zone ?? zone));
  return out;
}

function span(start: number, end: number, ongoing: boolean, zone: string): SleepSpan {
  const h = localHourFast(start, zone);
  return { start, end, ongoing, night: h >= 18 || h < 6 };
}

export function overlap(s: { start: number; end: number }, w: Window): number {
  return Math.max(0, Math.min(s.end, w.end) - Math.max(s.start, w.start));
}

export interface SleepFacts {
  totalMs: number;
  napCount: number;
  napMs: number;
  nightMs: number;
  longestMs: number;
}

/** Sleep inside a window: spans are clipped to it, so a night across midnight splits by day. */
export function sleepFacts(spans: SleepSpan[], w: Window): SleepFacts {
  let totalMs = 0;
  let napCount = 0;
  let napMs = 0;
  let nightMs = 0;
  let longestMs = 0;
  for (const s of spans) {
    const o = overlap(s, w);
    if (o <= 0) continue;
    totalMs += o;
    longestMs = Math.max(longestMs, o);
    if (s.night) nightMs += o;
    else if (s.start >= w.start) {
      napCount++;
      napMs += o;
    }
  }
  return { totalMs, napCount, napMs, nightMs, longestMs };
}

export interface NightFacts {
  spans: SleepSpan[];
  totalMs: number;
  longestMs: number;
  wakings: number;
  bedtime: number | null;
  wokeAt: number | null;
}

/** The night ending on `nightOf`: night spans starting from 18:00 the evening before to 06:00. */
export function nightFacts(spans: SleepSpan[], eveningStart: number, morningEnd: number): NightFacts {
  const night = spans.filter((s) => s.night && s.start >= eveningStart && s.start < morningEnd);
  const last = night[night.length - 1];
  return {
    spans: night,
    totalMs: night.reduce((t, s) => t + (s.end - s.start), 0),
    longestMs: night.reduce((m, s) => Math.max(m, s.end - s.start), 0),
    wakings: Math.max(0, night.length - 1) ,
    bedtime: night[0]?.start ?? null,
    wokeAt: last && !last.ongoing ? last.end : null,
  };
}

// ---- Nappies ----------------------------------------------------------------------------

export interface NappyFacts {
  nappies: number;
  wet: number;
  dirty: number;
  dry: number;
}

/** A `poop` event within this long of a dirty nappy is the same poo logged twice. */
const POOP_DEDUP_MS = 30 * 60_000;

export function isDirty(e: TimedEvent): boolean {
  return (e.type === 'nappy' && (e.kind === 'dirty' || e.kind === 'both')) || e.type === 'poop';
}

/** Poos: dirty (or both) nappies plus `poop` events not already covered by a dirty nappy. */
export function poos(events: TimedEvent[]): TimedEvent[] {
  const dirtyNappies = events.filter((e) => e.type === 'nappy' && (e.kind === 'dirty' || e.kind === 'both'));
  const extra = events.filter(
    (e) => e.type === 'poop' && !dirtyNappies.some((n) => Math.abs(n.at - e.at) <= POOP_DEDUP_MS),
  );
  return sortByTime([...dirtyNappies, ...extra]);
}

export function nappyFacts(events: TimedEvent[], w: Window): NappyFacts {
  const inside = inWindow(events, w);
  const nappies = inside.filter((e) => e.type === 'nappy');
  return {
    nappies: nappies.length,
    wet: nappies.filter((e) => e.kind === 'wet' || e.kind === 'both').length,
    dirty: poos(inside).length,
    dry: nappies.filter((e) => e.kind === 'dry').length,
  };
}

// ---- Solids and supplements -------------------------------------------------------------

export function solidFoods(events: TimedEvent[], w: Window): { meals: number; snacks: number; foods: string[] } {
  const solids = inWindow(events, w, 'solid');
  const foods: string[] = [];
  for (const e of solids) for (const f of e.foods ?? []) if (!foods.includes(f.toLowerCase())) foods.push(f.toLowerCase());
  return {
    meals: solids.filter((e) => e.meal_type !== 'snack').length,
    snacks: solids.filter((e) => e.meal_type === 'snack').length,
    foods,
  };
}

export const SUPPLEMENT_NAMES: Record<string, string> = { vitd: 'vitamin D', iron: 'iron', multivitamin: 'multivitamin' };

export function supplementFacts(events: TimedEvent[], w: Window, kind?: string): { doses: number; ug: number; last: TimedEvent | null } {
  const s = inWindow(events, w, 'supplement').filter((e) => !kind || e.kind === kind);
  return { doses: s.length, ug: s.reduce((t, e) => t + (e.ug ?? 0), 0), last: s[s.length - 1] ?? null };
}

export function latestOf(events: TimedEvent[], pred: (e: TimedEvent) => boolean, before: number): TimedEvent | null {
  let best: TimedEvent | null = null;
  for (const e of events) if (e.at <= before && pred(e) && (!best || e.at > best.at)) best = e;
  return best;
}
