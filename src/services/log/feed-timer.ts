// A child's breastfeed timer, shared by the family: one row per child in feed_timers, so every
// caregiver and every process sees the same running feed and it survives a restart, and twins
// can be fed together (a timer each). Start claims the child's row with INSERT … ON CONFLICT
// DO NOTHING: of two caregivers pressing Start for one child at once exactly one wins. Stop
// removes the row and logs one milk event for that child in the same transaction.
import { namesChildren } from '../../domain/children.ts';
import { EMPTY_VALUES } from '../../domain/event-rules.ts';
import type { ChildScope } from '../../db/family-scope.ts';
import { childScopeOf } from '../family/children.ts';
import { AppError, badRequest } from '../../errors.ts';
import {
  feedOutcome, FeedRuleError, presentFeed, STALE_FEED_MS, switchTo, type Feed, type FeedTimerState,
} from '../../domain/feed-timer.ts';
import type { BreastSide } from '../../domain/types.ts';
import { instantToLocal } from '../../domain/time.ts';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { loadFamily, type FamilyRow } from '../family/family-row.ts';
import { resolveEventTime } from './event-time.ts';
import { liveNow } from '../insights/live.ts';
import { insertWithFreshId } from './event-insert.ts';
import { presentEvent } from './event-reads.ts';
import { loadFeedTimer, toFeedTimerState } from './feed-timer-rows.ts';

async function lockedTimer(tx: ChildScope): Promise<FeedTimerState | null> {
  const row = await tx.forUpdate(tx.selectFrom('feed_timers').selectAll()).executeTakeFirst();
  return row ? toFeedTimerState(row) : null;
}

function feedOf(t: FeedTimerState, now: number, family: FamilyRow): Feed {
  return presentFeed(t, now, (ms) => instantToLocal(ms, family.timezone));
}

function noFeed(): AppError {
  return new AppError(409, 'no_feed_in_progress', 'No feed is running. Start one first.');
}

function ruleError(err: unknown): never {
  if (err instanceof FeedRuleError) {
    throw new AppError(err.code === 'feed_stale' ? 409 : 400, err.code, err.message);
  }
  throw err;
}

export async function startFeed(ctx: Ctx, actor: Actor, input: { side: BreastSide; ts?: string | null }) {
  const scope = await childScopeOf(ctx, actor, { forLogging: true });
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const { at } = resolveEventTime(input.ts, null, family.timezone, now);
  if (now - at > STALE_FEED_MS) {
    throw badRequest('ts is more than 3 hours ago: log that feed with POST /api/vega/log (side and duration_min) instead of starting a timer.', 'invalid_timestamp');
  }
  const state: FeedTimerState = {
    started_at: at, side: input.side, side_since: at, left_ms: 0, right_ms: 0, switched: false, started_by: actor.username,
  };
  const inserted = await scope
    .insertIntoLog('feed_timers', {
      started_at: state.started_at,
      side: state.side,
      side_since: state.side_since,
      left_ms: 0,
      right_ms: 0,
      switched: 0,
      started_by: state.started_by,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['family_id', 'child_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    const running = await loadFeedTimer(scope);
    throw new AppError(409, 'feed_in_progress', `A feed is already running${namesChildren(scope.children) ? ` for ${scope.child.name}` : ''}: switch sides or stop it first.`, {
      feed: running ? feedOf(running, now, family) : null,
    });
  }
  return { status: 'ok' as const, feed: feedOf(state, now, family), live: await liveNow(scope, now) };
}

export async function switchFeed(ctx: Ctx, actor: Actor, input: { side?: BreastSide | null }) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const feed = await scope.transaction(async (tx) => {
    const t = await lockedTimer(tx);
    if (!t) throw noFeed();
    const next = switchTo(t, Math.floor(now / 1000) * 1000, input.side ?? undefined);
    if (next !== t) {
      await tx
        .updateTable('feed_timers')
        .set({ side: next.side, side_since: next.side_since, left_ms: next.left_ms, right_ms: next.right_ms, switched: next.switched ? 1 : 0 })
        .execute();
    }
    return feedOf(next, now, family);
  });
  return { status: 'ok' as const, feed, live: await liveNow(scope, now) };
}

export async function stopFeed(ctx: Ctx, actor: Actor, input: { ts?: string | null; ml?: number | null }) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const end = input.ts === undefined || input.ts === null ? null : resolveEventTime(input.ts, null, family.timezone, now).at;
  const row = await scope.transaction(async (tx) => {
    const t = await lockedTimer(tx);
    if (!t) throw noFeed();
    let outcome;
    try {
      outcome = feedOutcome(t, now, end);
    } catch (err) {
      ruleError(err);
    }
    await tx.deleteFrom('feed_timers').execute();
    return insertWithFreshId(tx, {
      ...EMPTY_VALUES,
      ts: instantToLocal(t.started_at, family.timezone),
      at: t.started_at,
      zone: family.timezone,
      type: 'milk',
      author: t.started_by,
      ml: input.ml ?? 0,
      kind: null,
      foods: null,
      meal_type: null,
      kg: null,
      cm: null,
      ug: null,
      note: null,
      reactions: null,
      side: outcome.side,
      duration_min: outcome.duration_min,
      last_side: outcome.last_side,
      created_at: now,
    });
  });
  return { status: 'ok' as const, event: presentEvent(scope, row, family.timezone), removed: null, live: await liveNow(scope, now) };
}

export async function cancelFeed(ctx: Ctx, actor: Actor) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const cancelled = await scope.transaction(async (tx) => {
    const t = await lockedTimer(tx);
    if (!t) throw noFeed();
    await tx.deleteFrom('feed_timers').execute();
    return feedOf(t, now, family);
  });
  return { status: 'ok' as const, cancelled, live: await liveNow(scope, now) };
}
