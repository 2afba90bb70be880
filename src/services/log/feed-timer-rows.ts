// feed_timers rows ↔ the feed timer's rule state.
import type { Selectable } from 'kysely';
import type { FeedTimersTable } from '../../db/schema.ts';
import type { ChildScope } from '../../db/family-scope.ts';
import type { FeedTimerState } from '../../domain/feed-timer.ts';
import type { BreastSide } from '../../domain/types.ts';

type TimerRow = Selectable<FeedTimersTable>;

export function toFeedTimerState(r: TimerRow): FeedTimerState {
  return {
    started_at: Number(r.started_at),
    side: r.side as BreastSide,
    side_since: Number(r.side_since),
    left_ms: Number(r.left_ms),
    right_ms: Number(r.right_ms),
    switched: Number(r.switched) === 1,
    started_by: r.started_by,
  };
}

/** The child's running feed, or null. */
export async function loadFeedTimer(scope: ChildScope): Promise<FeedTimerState | null> {
  const row = await scope.selectFrom('feed_timers').selectAll().executeTakeFirst();
  return row ? toFeedTimerState(row) : null;
}

