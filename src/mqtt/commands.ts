// Button presses from Home Assistant (issue 29): `<base>/<familySeg>/<childSeg>/<button>/press`
// with the payload "PRESS". An inbound door, as a REST route is: it parses the message, asks the
// service which child it names and applies it through the service
// (services/home-assistant/presses.ts: the same logEvent, startFeed and stopFeed the routes call,
// as a member-less actor of the family whose entries carry the author 'app'), and logs what came
// of it. The broker's authentication is the boundary (docs/home-assistant.md): a press names its
// family and child only by their unguessable topic segments, and a press that does not name an
// enabled family's current child is dropped and logged, never applied elsewhere.
//
// A retained press is ignored: the broker replays it on every (re)subscription, long after the
// button was pressed.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../services/context.ts';
import { applyPress, pressTarget, type UnchangedReason } from '../services/home-assistant/presses.ts';
import { AppError } from '../errors.ts';
import { BUTTONS, type Button } from '../domain/home-assistant/topics.ts';

export { BUTTONS, type Button };

/** The payload Home Assistant's MQTT button sends by default (payload_press). */
export const PRESS_PAYLOAD = 'PRESS';

export type DropReason =
  | 'malformed_topic'
  | 'malformed_payload'
  | 'unknown_button'
  | 'unknown_family'
  | 'unknown_child';

export type { UnchangedReason };

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
    const target = await pressTarget(ctx, familySeg, childSeg);
    if ('unknown' in target) return drop(target.unknown === 'family' ? 'unknown_family' : 'unknown_child');
    familyId = target.familyId;
    childId = target.childId;
    const ids = { family_id: target.familyId, child_id: target.childId, button };
    const outcome = await oneAtATime(target.childId, () => applyPress(ctx, target.familyId, target.childId, button));
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
