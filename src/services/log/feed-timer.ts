// A child's breastfeed timer, shared by the family: one row per child in feed_timers, so every
// caregiver and every process sees the same running feed and it survives a restart, and twins
// can be fed together (a timer each). Start claims the child's row with INSERT … ON CONFLICT
// DO NOTHING: of two caregivers pressing Start for one child at once exactly one wins. Stop
// removes the row and logs one milk event for that child in the same transaction.
import { namesChildren } from '../../domain/children.ts';
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
import { childProfile, loadFamily, type FamilyRow } from '../family/family-row.ts';
import { zoneAfter } from '../../domain/zone-now.ts';
import { resolveEventTime } from './event-time.ts';
import { liveNow } from '../insights/live.ts';
import { insertWithFreshId } from './event-insert.ts';
import { presentEvent } from './event-reads.ts';
import { newEventRow } from './event-rows.ts';
import { loadFeedTimer, toFeedTimerState } from './feed-timer-rows.ts';
import { anyListener } from '../../db/domain-events.ts';
import { familyReadWithCredential } from '../access/auth.ts';
import { t } from '../../i18n/text.ts';

async function lockedTimer(tx: ChildScope): Promise<FeedTimerState | null> {
  const row = await tx.forUpdate(tx.selectFrom('feed_timers').selectAll()).executeTakeFirst();
  return row ? toFeedTimerState(row) : null;
}

/** Where the baby is now (domain/zone-now.ts), from the child's most recent log: one indexed row. */
async function zoneWhereBabyIs(scope: ChildScope, family: FamilyRow, now: number): Promise<string> {
  const last = await scope.selectFrom('events').select(['at', 'zone']).where('at', '<=', now).orderBy('at', 'desc').limit(1).executeTakeFirst();
  return zoneAfter(last ? { at: Number(last.at), zone: last.zone } : null, childProfile(family, scope.child), now);
}

/** The running feed with its times in `zone`: live's (where the baby is now) beside a live status, else the family's. */
function feedOf(t: FeedTimerState, now: number, zone: string): Feed {
  return presentFeed(t, now, (ms) => instantToLocal(ms, zone));
}

function noFeed(): AppError {
  return new AppError(409, 'no_feed_in_progress', t('error.no_feed_in_progress'));
}

function ruleError(err: unknown): never {
  if (err instanceof FeedRuleError) {
    throw new AppError(err.code === 'feed_stale' ? 409 : 400, err.code, err.text);
  }
  throw err;
}

export async function startFeed(ctx: Ctx, actor: Actor, input: { side: BreastSide; ts?: string | null; timezone?: string | null }) {
  const scope = await childScopeOf(ctx, actor, { forLogging: true });
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const { at } = resolveEventTime(input.ts, input.timezone, family.timezone, now);
  if (now - at > STALE_FEED_MS) {
    throw badRequest(t('error.feed_start_too_old'), 'invalid_timestamp');
  }
  const state: FeedTimerState = {
    started_at: at, side: input.side, side_since: at, left_ms: 0, right_ms: 0, switched: false, started_by: actor.username,
  };
  const insertTimer = (s: ChildScope) => s
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
  // One statement for a family nobody listens to; otherwise feed_timer.started commits with the timer.
  const inserted = anyListener(family)
    ? await scope.transaction(async (tx) => {
        const r = await insertTimer(tx);
        if (r) await tx.emit({ kind: 'feed_timer.started', at: now, childId: tx.childId, data: () => ({ timer: feedOf(state, now, family.timezone) }) });
        return r;
      }, { family })
    : await insertTimer(scope);
  if (!inserted) {
    const running = await loadFeedTimer(scope);
    throw new AppError(409, 'feed_in_progress', namesChildren(scope.children) ? t('error.feed_in_progress_child', { name: scope.child.name }) : t('error.feed_in_progress'), {
      feed: running ? feedOf(running, now, family.timezone) : null,
    });
  }
  const live = await liveNow(scope, now);
  return { status: 'ok' as const, feed: feedOf(state, now, live.timezone), live };
}

export async function switchFeed(ctx: Ctx, actor: Actor, input: { side?: BreastSide | null }) {
  const scope = await childScopeOf(ctx, actor);
  const now = ctx.clock();
  const family = familyReadWithCredential(actor) ?? (await loadFamily(scope));
  const feed = await scope.transaction(async (tx) => {
    const t = await lockedTimer(tx);
    if (!t) throw noFeed();
    const next = switchTo(t, Math.floor(now / 1000) * 1000, input.side ?? undefined);
    if (next !== t) {
      await tx
        .updateTable('feed_timers')
        .set({ side: next.side, side_since: next.side_since, left_ms: next.left_ms, right_ms: next.right_ms, switched: next.switched ? 1 : 0 })
        .execute();
      // The side feeding now shows in Home Assistant (webhooks are not told of a switch).
      await tx.emit({ kind: 'feed_timer.switched', at: now, childId: tx.childId });
    }
    return next;
  }, { family });
  const live = await liveNow(scope, now);
  return { status: 'ok' as const, feed: feedOf(feed, now, live.timezone), live };
}

export async function stopFeed(ctx: Ctx, actor: Actor, input: { ts?: string | null; ml?: number | null; timezone?: string | null }) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const end = input.ts === undefined || input.ts === null ? null : resolveEventTime(input.ts, input.timezone, family.timezone, now).at;
  // Kept in the zone it happened in, as a log is (events.ts): the one given, else where the baby
  // is now (the zone of the recent logs; domain/zone-now.ts), so a family abroad whose app
  // sends no zone with the timer still finds the feed on the baby's clock there.
  const zone = input.timezone ?? (await zoneWhereBabyIs(scope, family, now));
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
    const logged = await insertWithFreshId(tx, newEventRow(
      { type: 'milk', ts: instantToLocal(t.started_at, zone), at: t.started_at, zone, author: t.started_by, created_at: now, last_side: outcome.last_side },
      { ml: input.ml ?? 0, side: outcome.side, duration_min: outcome.duration_min },
    ));
    // The stop, then the feed it logged (event.created, as POST /api/vega/log announces one).
    const event = () => presentEvent(scope, logged, family.timezone);
    await tx.emit({ kind: 'feed_timer.stopped', at: now, childId: tx.childId, data: () => ({ timer: feedOf(t, now, family.timezone), cancelled: false, event: event() }) });
    await tx.emit({ kind: 'event.created', at: now, childId: tx.childId, data: () => ({ event: event() }) });
    return logged;
  }, { family });
  return { status: 'ok' as const, event: presentEvent(scope, row, family.timezone), removed: null, live: await liveNow(scope, now) };
}

export async function cancelFeed(ctx: Ctx, actor: Actor) {
  const scope = await childScopeOf(ctx, actor);
  const now = ctx.clock();
  const family = familyReadWithCredential(actor) ?? (await loadFamily(scope));
  const cancelled = await scope.transaction(async (tx) => {
    const t = await lockedTimer(tx);
    if (!t) throw noFeed();
    await tx.deleteFrom('feed_timers').execute();
    // A cancel stops the timer without logging a feed: feed_timer.stopped with cancelled true and no event.
    await tx.emit({ kind: 'feed_timer.stopped', at: now, childId: tx.childId, data: () => ({ timer: feedOf(t, now, family.timezone), cancelled: true }) });
    return t;
  }, { family });
  const live = await liveNow(scope, now);
  return { status: 'ok' as const, cancelled: feedOf(cancelled, now, live.timezone), live };
}
