// The shared breastfeed timer's rules: how a running feed is shown, how switching sides keeps
// each side's time, and what one stop logs. Pure: the caller passes the clock.
import type { BreastSide, FeedSide } from './types.ts';
import { Text } from '../i18n/text.ts';

/** A feed running longer than this was probably never stopped: it is shown as stale and stop
 * asks for the real end time instead of logging a three-hour feed. */
export const STALE_FEED_MS = 3 * 3600 * 1000;
/** The longest feed an event can record (duration_min's upper bound). */
export const MAX_FEED_MINUTES = 180;

/** The timer as stored: one per family. */
export interface FeedTimerState {
  started_at: number;
  /** the side feeding now */
  side: BreastSide;
  /** when the current side began */
  side_since: number;
  /** time on each side before the current stretch */
  left_ms: number;
  right_ms: number;
  /** true once the feed has switched sides */
  switched: boolean;
  started_by: string;
}

/** The running feed as the API shows it. */
export interface Feed {
  started_at: string;
  side: BreastSide;
  sides: { left_min: number; right_min: number };
  started_by: string;
  elapsed_min: number;
  stale: boolean;
}

export class FeedRuleError extends Error {
  constructor(
    /** what is wrong, to put into the reader's words (`message` is its English) */
    readonly text: Text,
    readonly code: string,
  ) {
    super(String(text));
  }
}

export function otherSide(side: BreastSide): BreastSide {
  return side === 'left' ? 'right' : 'left';
}

/** Milliseconds on each side up to `at` (the current side's stretch counts until then). */
export function sideTimes(t: FeedTimerState, at: number): { left: number; right: number } {
  const current = Math.max(0, at - t.side_since);
  return {
    left: t.left_ms + (t.side === 'left' ? current : 0),
    right: t.right_ms + (t.side === 'right' ? current : 0),
  };
}

export function isStale(t: FeedTimerState, now: number): boolean {
  return now - t.started_at > STALE_FEED_MS;
}

export function presentFeed(t: FeedTimerState, now: number, localTs: (ms: number) => string): Feed {
  const s = sideTimes(t, now);
  return {
    started_at: localTs(t.started_at),
    side: t.side,
    sides: { left_min: Math.floor(s.left / 60_000), right_min: Math.floor(s.right / 60_000) },
    started_by: t.started_by,
    elapsed_min: Math.max(0, Math.floor((now - t.started_at) / 60_000)),
    stale: isStale(t, now),
  };
}

/** The timer after a switch at `now` to `to` (default: the other side). Same side: unchanged. */
export function switchTo(t: FeedTimerState, now: number, to?: BreastSide): FeedTimerState {
  const next = to ?? otherSide(t.side);
  if (next === t.side) return t;
  const s = sideTimes(t, now);
  return { ...t, side: next, side_since: Math.max(now, t.started_at), left_ms: s.left, right_ms: s.right, switched: true };
}

export interface FeedOutcome {
  /** the only side used, or both */
  side: FeedSide;
  /** the whole feed, whole minutes, at least 1 */
  duration_min: number;
  /** the side the feed ended on (tells the next feed where to start) */
  last_side: BreastSide;
}

/**
 * What stopping the feed logs. `end` is the caller's end time, or null for now. A stale feed
 * needs an explicit end: a forgotten timer must not become a three-hour feed.
 */
export function feedOutcome(t: FeedTimerState, now: number, end: number | null): FeedOutcome {
  if (end === null && isStale(t, now)) {
    throw new FeedRuleError(
      new Text('error.feed_stale'),
      'feed_stale',
    );
  }
  const until = end ?? now;
  if (until < t.started_at) throw new FeedRuleError(new Text('error.feed_end_before_start'), 'invalid_timestamp');
  const minutes = Math.max(1, Math.round((until - t.started_at) / 60_000));
  if (minutes > MAX_FEED_MINUTES) {
    throw new FeedRuleError(new Text('error.feed_too_long', { minutes, max: MAX_FEED_MINUTES }), 'feed_too_long');
  }
  return { side: t.switched ? 'both' : t.side, duration_min: minutes, last_side: t.side };
}

/** The side the last breastfeed ended on: its side, or for a "both" feed the side it ended on. */
export function lastBreastSide(feeds: { side: FeedSide | null; last_side?: BreastSide | null }[]): BreastSide | null {
  for (let i = feeds.length - 1; i >= 0; i--) {
    const f = feeds[i]!;
    if (f.side === null) continue;
    if (f.side === 'both') return f.last_side ?? null;
    return f.side;
  }
  return null;
}
