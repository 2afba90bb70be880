// What a Home Assistant button press does (issue 29), for the MQTT door (src/mqtt/commands.ts)
// as a route calls a service: which child of which family the press's topic segments name, and
// the press applied through the same service functions the REST routes call (logEvent,
// startFeed, stopFeed), as a member-less actor of the family whose entries carry the author
// 'app'. The toggling buttons act on the state, not blindly: "fell asleep" while a sleep is
// open, "woke up" with none open, "start feed" while a timer runs and "stop feed" with none
// running change nothing (a press repeated by the button or redelivered by the broker logs one
// entry, not two).
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { FamilyScope, type ChildRow } from '../../db/family-scope.ts';
import { loadFamily } from '../family/family-row.ts';
import { childrenOf, childScopeIn } from '../family/children.ts';
import { logEvent } from '../log/events.ts';
import { startFeed, stopFeed } from '../log/feed-timer.ts';
import { liveNow } from '../insights/live.ts';
import { AppError } from '../../errors.ts';
import { childSegment, familySegment, type Button } from '../../domain/home-assistant/topics.ts';

/** The author of every entry a press logs: a log without a member behind it. */
export const COMMAND_AUTHOR = 'app';

/** Why a press for a known child changed nothing. */
export type UnchangedReason = 'already_asleep' | 'not_asleep' | 'feed_in_progress' | 'no_feed_in_progress';

export type PressOutcome = { event_id: string | null; feed_started: boolean } | { unchanged: UnchangedReason };

/** The enabled family whose topic key starts with `familySeg`, if exactly one. */
async function enabledFamily(ctx: Ctx, familySeg: string): Promise<{ family_id: string; topic_key: string } | null> {
  const rows = await ctx.db.kysely
    .selectFrom('home_assistant')
    .select(['family_id', 'topic_key'])
    .where('enabled', '=', 1)
    .where('topic_key', 'like', `${familySeg}%`)
    .execute();
  const found = rows.filter((r) => familySegment(r.topic_key) === familySeg);
  return found.length === 1 ? found[0] : null;
}

/**
 * The current child of an enabled family that a press's topic segments name, or which of the
 * two it does not name. Nothing else is read.
 */
export async function pressTarget(ctx: Ctx, familySeg: string, childSeg: string): Promise<{ familyId: string; childId: string } | { unknown: 'family' | 'child' }> {
  const ha = await enabledFamily(ctx, familySeg);
  if (!ha) return { unknown: 'family' };
  const scope = new FamilyScope(ctx.db.kysely, ha.family_id, ctx.db.dialect, null);
  const family = await loadFamily(scope);
  const children = await childrenOf(scope, family);
  const child = children.find((c: ChildRow) => !c.archived && childSegment(ha.topic_key, c.id) === childSeg);
  if (!child) return { unknown: 'child' };
  return { familyId: ha.family_id, childId: child.id };
}

/**
 * The actor a press acts as: the family's, with no member behind it (no user, no token, no
 * session) and only what logging needs. Its username is the author of what it logs and of a
 * feed timer it starts (so the feed logged at stop carries it too).
 */
function commandActor(familyId: string, childId: string): Actor {
  return {
    familyId,
    userId: '',
    username: COMMAND_AUTHOR,
    role: 'member',
    scopes: new Set(['read', 'write']),
    via: 'token',
    tokenId: null,
    sessionHash: null,
    child: { ref: childId, byName: false },
  };
}

/** Applies a press for the child. AppErrors other than the "already so" ones propagate (as the REST call would answer them). */
export async function applyPress(ctx: Ctx, familyId: string, childId: string, button: Button): Promise<PressOutcome> {
  const actor = commandActor(familyId, childId);
  const logged = (answer: { event: { id: string } }): PressOutcome => ({ event_id: answer.event.id, feed_started: false });
  switch (button) {
    case 'wet_nappy':
    case 'dirty_nappy':
      return logged(await logEvent(ctx, actor, { type: 'nappy', kind: button === 'wet_nappy' ? 'wet' : 'dirty', author: COMMAND_AUTHOR }));
    case 'fell_asleep':
    case 'woke_up': {
      // Open or not as the live status the app shows says: asleep, or a sleep left open so long
      // that live asks for its wake.
      const scope = new FamilyScope(ctx.db.kysely, actor.familyId, ctx.db.dialect, null);
      const child = await childScopeIn(scope, await loadFamily(scope), actor.child, { forLogging: true });
      const live = await liveNow(child, ctx.clock());
      const open = live.asleep || live.check?.kind === 'wake_not_logged';
      if (button === 'fell_asleep' && open) return { unchanged: 'already_asleep' };
      if (button === 'woke_up' && !open) return { unchanged: 'not_asleep' };
      return logged(await logEvent(ctx, actor, { type: button === 'fell_asleep' ? 'sleep' : 'wake', author: COMMAND_AUTHOR }));
    }
    case 'start_feed_left':
    case 'start_feed_right':
      try {
        await startFeed(ctx, actor, { side: button === 'start_feed_left' ? 'left' : 'right' });
        return { event_id: null, feed_started: true };
      } catch (err) {
        if (err instanceof AppError && err.code === 'feed_in_progress') return { unchanged: 'feed_in_progress' };
        throw err;
      }
    case 'stop_feed':
      try {
        return logged(await stopFeed(ctx, actor, {}));
      } catch (err) {
        if (err instanceof AppError && err.code === 'no_feed_in_progress') return { unchanged: 'no_feed_in_progress' };
        throw err;
      }
  }
}
