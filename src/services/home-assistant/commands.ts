// Button presses from Home Assistant (issue 29): `<base>/<familySeg>/<childSeg>/<button>/press`
// with the payload "PRESS". Each press is applied through the same service functions the REST
// routes call (logEvent, startFeed, stopFeed), as a member-less actor of the family whose
// entries carry the author 'app'. The broker's authentication is the boundary (docs/home-assistant.md):
// a press names its family and child only by their unguessable topic segments, and a press that
// does not name an enabled family's current child is dropped and logged, never applied elsewhere.
//
// A retained press is ignored: the broker replays it on every (re)subscription, long after the
// button was pressed. The toggling buttons act on the state, not blindly: "fell asleep" while a
// sleep is open, "woke up" with none open, "start feed" while a timer runs and "stop feed" with
// none running change nothing (a press repeated by the button or redelivered by the broker logs
// one entry, not two).
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { FamilyScope, type ChildRow } from '../../db/family-scope.ts';
import { loadFamily } from '../family/family-row.ts';
import { childrenOf, childScopeIn } from '../family/children.ts';
import { logEvent } from '../log/events.ts';
import { startFeed, stopFeed } from '../log/feed-timer.ts';
import { liveNow } from '../insights/live.ts';
import { AppError } from '../../errors.ts';
import { BUTTONS, childSegment, familySegment, type Button } from './topics.ts';

export { BUTTONS, type Button };

/** The payload Home Assistant's MQTT button sends by default (payload_press). */
export const PRESS_PAYLOAD = 'PRESS';

/** The author of every entry a press logs: a log without a member behind it. */
export const COMMAND_AUTHOR = 'app';

export type DropReason =
  | 'malformed_topic'
  | 'malformed_payload'
  | 'unknown_button'
  | 'unknown_family'
  | 'unknown_child';

/** Why a press for a known child changed nothing. */
export type UnchangedReason = 'already_asleep' | 'not_asleep' | 'feed_in_progress' | 'no_feed_in_progress';

export type CommandResult =
  /** a retained message: replayed by the broker, not a press */
  | { result: 'ignored'; reason: 'retained' }
  /** not a press for a current child of an enabled family: nothing was read further or written */
  | { result: 'dropped'; reason: DropReason }
  /** the press logged an entry (or started a feed timer) */
  | { result: 'done'; family_id: string; child_id: string; button: Button; event_id: string | null; feed_started: boolean }
  /** the state already was what the press asks for: nothing written */
  | { result: 'unchanged'; family_id: string; child_id: string; button: Button; reason: UnchangedReason }
  /** the service refused it as it would refuse the REST call (e.g. 409 feed_stale): nothing written */
  | { result: 'refused'; family_id: string; child_id: string; button: Button; code: string }
  /** the database failed (or another unexpected error): logged at error */
  | { result: 'failed'; family_id: string | null; child_id: string | null; button: Button | null };

const SEGMENT = /^[0-9a-f]{16}$/;
/** A topic is logged cut to this length (a malformed one may be anything); a payload never is. */
const LOGGED_TOPIC_CHARS = 200;

/** The family, child and button a command topic names, or why it names none. */
export function parseCommandTopic(base: string, topic: string): { familySeg: string; childSeg: string; button: Button } | { error: DropReason } {
  const prefix = `${base}/`;
  if (!topic.startsWith(prefix)) return { error: 'malformed_topic' };
  const parts = topic.slice(prefix.length).split('/');
  if (parts.length !== 4 || parts[3] !== 'press') return { error: 'malformed_topic' };
  const [familySeg, childSeg, button] = parts;
  if (!SEGMENT.test(familySeg) || !SEGMENT.test(childSeg)) return { error: 'malformed_topic' };
  if (!(BUTTONS as readonly string[]).includes(button)) return { error: 'unknown_button' };
  return { familySeg, childSeg, button: button as Button };
}

/** A press is exactly "PRESS" (surrounding white space forgiven); anything else is malformed. */
function isPress(payload: Buffer): boolean {
  return payload.length <= 16 && payload.toString('utf8').trim() === PRESS_PAYLOAD;
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

// Presses for one child are applied one after another within this process, so a double press
// of "fell asleep" sees the sleep the first one logged.
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.then(() => undefined, () => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

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
 * Handles one message on a command topic. Never throws: what it did (or why it did nothing) is
 * returned, and logged when nothing was applied. The payload is never logged.
 */
export async function handleCommand(ctx: Ctx, log: FastifyBaseLogger, topic: string, payload: Buffer, opts: { retain: boolean }): Promise<CommandResult> {
  const shown = topic.length > LOGGED_TOPIC_CHARS ? `${topic.slice(0, LOGGED_TOPIC_CHARS)}…` : topic;
  if (opts.retain) {
    log.info({ topic: shown }, 'home assistant: a retained command was ignored');
    return { result: 'ignored', reason: 'retained' };
  }
  const drop = (reason: DropReason): CommandResult => {
    log.warn({ topic: shown, reason, payload_bytes: payload.length }, 'home assistant: a command was dropped');
    return { result: 'dropped', reason };
  };
  const parsed = parseCommandTopic(ctx.config.mqtt.baseTopic, topic);
  if ('error' in parsed) return drop(parsed.error);
  if (!isPress(payload)) return drop('malformed_payload');
  const { familySeg, childSeg, button } = parsed;

  let familyId: string | null = null;
  let childId: string | null = null;
  try {
    const ha = await enabledFamily(ctx, familySeg);
    if (!ha) return drop('unknown_family');
    familyId = ha.family_id;
    const scope = new FamilyScope(ctx.db.kysely, ha.family_id, ctx.db.dialect, null);
    const family = await loadFamily(scope);
    const children = await childrenOf(scope, family);
    const child = children.find((c: ChildRow) => !c.archived && childSegment(ha.topic_key, c.id) === childSeg);
    if (!child) return drop('unknown_child');
    childId = child.id;
    const ids = { family_id: ha.family_id, child_id: child.id, button };
    const outcome = await oneAtATime(child.id, () => press(ctx, commandActor(ha.family_id, child.id), button));
    if ('unchanged' in outcome) {
      log.info({ ...ids, reason: outcome.unchanged }, 'home assistant: a press changed nothing');
      return { result: 'unchanged', ...ids, reason: outcome.unchanged };
    }
    log.info({ ...ids, event_id: outcome.event_id }, 'home assistant: a press was applied');
    return { result: 'done', ...ids, event_id: outcome.event_id, feed_started: outcome.feed_started };
  } catch (err) {
    if (err instanceof AppError && familyId !== null && childId !== null) {
      // As the REST call would have been refused (a child archived or removed meanwhile, a stale feed timer).
      log.warn({ family_id: familyId, child_id: childId, button, code: err.code }, 'home assistant: a press was refused');
      return { result: 'refused', family_id: familyId, child_id: childId, button, code: err.code };
    }
    log.error({ err, family_id: familyId, child_id: childId, button }, 'home assistant: a press failed');
    return { result: 'failed', family_id: familyId, child_id: childId, button };
  }
}

type Outcome = { event_id: string | null; feed_started: boolean } | { unchanged: UnchangedReason };

/** Applies a press for the actor's child. AppErrors other than the "already so" ones propagate. */
async function press(ctx: Ctx, actor: Actor, button: Button): Promise<Outcome> {
  const logged = (answer: { event: { id: string } }): Outcome => ({ event_id: answer.event.id, feed_started: false });
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
