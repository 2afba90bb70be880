// Writing the family log: log, edit, delete, react, undo. Each write runs in one transaction
// and answers with the refreshed live status.
import { canonicalEmoji, isSingleEmoji } from '../../domain/text-rules.ts';
import type { Ctx } from '../context.ts';
import { isUniqueViolation, scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { ChildRow, ChildScope, FamilyScope, LogScope } from '../../db/family-scope.ts';
import { childNotFound, childrenOf, childScopeOf } from '../family/children.ts';
import type { FamilyRow } from '../family/family-row.ts';
import { AppError, badRequest, fieldProblem, notFound } from '../../errors.ts';
import { checkEventValues, EventRuleError, warningFor, VALUE_FIELDS, type EventInput, type EventValues } from '../../domain/event-rules.ts';
import { doseWarning, settingFor } from '../../domain/medicines.ts';
import { medicineSettings } from '../family/medicines.ts';
import { unknownFoods, expandFoods } from '../../domain/foods.ts';
import { describeEventText, describeWhenText } from '../../domain/describe-text.ts';
import { t } from '../../i18n/text.ts';
import { instantToLocal, localDateOf } from '../../domain/time.ts';
import type { LogEvent } from '../../domain/types.ts';
import type { EditInput, LogInput } from '../../schemas/log.ts';
import { loadFamily } from '../family/family-row.ts';
import { familyReadWithCredential } from '../access/auth.ts';
import { logNewEvent, type Announce, type LoggedEvent } from './event-insert.ts';
import { apiEvent, newEventRow, toLogEvent, toTimedEvent, type EventRow } from './event-rows.ts';
import { namesChildren } from '../../domain/children.ts';
import { carryLiveOver, cachedEventsBetween, computeLive, eventsBetween, liveNow } from '../insights/live.ts';
import { carryPatternsOver } from '../insights/insights.ts';
import { resolveEventTime } from './event-time.ts';
import { earlierCall, keyRowWith, recordKey } from './idempotency.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { listRecipes } from './recipes.ts';

const WARNING_LOOKBACK_MS = 36 * 3600 * 1000;

function checked(type: LogEvent['type'], values: EventInput): EventValues {
  try {
    return checkEventValues(type, values);
  } catch (err) {
    // detail names the field, in the same form as a schema mismatch's detail. A value outside its
    // type's range is refused as a schema range is (bad_request, as 1.2.0 answered milk ml 501,
    // whose range the schema held then); a field the type does not take is invalid_event.
    if (err instanceof EventRuleError) {
      const code = err.kind === 'range' ? 'bad_request' : 'invalid_event';
      throw fieldProblem(code, err.text, err.field, err.kind === 'range' ? 'out_of_range' : 'invalid_event', err.limits);
    }
    throw err;
  }
}

function jsonOrNull(v: unknown[] | null): string | null {
  return v === null ? null : JSON.stringify(v);
}

/**
 * The event, found in the family's whole log by its id (ids are the family's, whichever child),
 * locked for the rest of the transaction so concurrent edits cannot undo each other.
 */
async function findEvent(log: LogScope, id: string): Promise<EventRow> {
  const row = await log.forUpdate(log.selectFrom('events').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!row) throw notFound(t('error.event_not_found', { id }));
  return row;
}

/** The API's Event for a row of the family's log: with child_id when the family has several children. */
function presentRow(row: EventRow, children: readonly ChildRow[], zone: string) {
  return apiEvent(row, row.child_id, children, zone);
}

/** event.created for a new event, as the API presents the event; `family` (the row the request holds) says who listens. */
function announceCreated(family: FamilyRow, now: number, children: readonly ChildRow[]): Announce {
  return {
    family,
    created: (row, after) => ({ kind: 'event.created', at: now, childId: row.child_id, data: () => ({ event: presentRow(row, children, after.timezone) }) }),
  };
}

/** The family's children and a way to reach the scope of the child an event is about. */
async function familyLog(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const children = await childrenOf(scope, family);
  const childScope = (childId: string): ChildScope => {
    const child = children.find((c) => c.id === childId);
    if (!child) throw new Error(`event of an unknown child ${childId}`);
    return scope.forChild(child, children);
  };
  return { scope, family, children, childScope };
}

export async function logEvent(ctx: Ctx, actor: Actor, input: LogInput, idempotencyKey?: string | null) {
  // The child the request names (or the primary child); an archived child takes no new logs.
  const scope = await childScopeOf(ctx, actor, { forLogging: true });
  // Read with the credential a moment ago, as fresh as reading it again here would be (outside
  // the write either way); the answer is derived from the row the insert itself returns.
  const family = familyReadWithCredential(actor) ?? (await loadFamily(scope));
  const now = ctx.clock();
  const time = resolveEventTime(input.ts, input.timezone, family.timezone, now);
  const at = time.at;
  const values = checked(input.type, input);
  const recipes = values.foods ? await listRecipes(scope) : [];
  const unknown = values.foods ? unknownFoods(expandFoods(values.foods, recipes)) : [];

  // A soft warning, judged from the events around it before the write: the write transaction
  // holds only the insert.
  const aroundFrom = at - WARNING_LOOKBACK_MS;
  const aroundTo = at + 5 * 60 * 1000;
  const around = cachedEventsBetween(scope, family, now, aroundFrom, aroundTo) ?? (await eventsBetween(scope, aroundFrom, aroundTo, family.timezone));
  const warning =
    warningFor({ type: input.type, at, ml: values.ml, kind: values.kind, medicine: values.medicine, celsius: values.celsius, title: values.title }, around, family.timezone) ??
    (values.medicine !== null ? doseWarning(values.medicine, at, around, settingFor(await medicineSettings(scope), values.medicine), family.timezone) : null);
  // Kept in the zone it was logged in (a family abroad logs in the phone's zone): the rhythm
  // rules read the baby's own clock where it happened; reads show it in the family's zone.
  const base = newEventRow({ type: input.type, ts: time.own_ts, at, zone: time.zone, author: input.author ?? actor.username, created_at: now }, values);

  // Imports (services/transfer/import.ts) are not announced event by event; only this path and the feed timer's stop are.
  const announcer = announceCreated(family, now, scope.children);
  if (idempotencyKey === null || idempotencyKey === undefined) {
    const logged = await logNewEvent(scope, base, undefined, undefined, announcer);
    return answerLog(ctx, scope, logged, unknown, warning);
  }

  // With a key: the key's row is committed with the event itself (a marker holding the answer
  // but live), and the full answer recorded over it afterwards. So a retry replays the answer,
  // or, if the first call's answer was lost before it was recorded, answers from the marker: it
  // never logs the event twice, and never finds a claim left behind by a failed call.
  const key = idempotencyKey;
  const earlier = await earlierCall<LogAnswer, LogMarker>(ctx, scope, 'log', key, input);
  if (earlier) return 'answer' in earlier ? earlier.answer : answerFromMarker(ctx, scope, key, earlier.committed);
  let logged: LoggedEvent;
  try {
    logged = await logNewEvent(scope, base, undefined, (id) =>
      keyRowWith(ctx, 'log', key, input, { event: presentRow({ ...base, id, child_id: scope.childId } as EventRow, scope.children, family.timezone), unknown_foods: unknown, warning } satisfies LogMarker),
      announcer,
    );
  } catch (err) {
    // A retry under the same key committed first: answer as it does.
    if (!isUniqueViolation(err)) throw err;
    const first = await earlierCall<LogAnswer, LogMarker>(ctx, scope, 'log', key, input);
    if (!first) throw err;
    return 'answer' in first ? first.answer : answerFromMarker(ctx, scope, key, first.committed);
  }
  const answer = await answerLog(ctx, scope, logged, unknown, warning);
  await recordLogAnswer(scope, key, answer);
  return answer;
}

type LogAnswer = Awaited<ReturnType<typeof answerLog>>;
/** What a keyed log commits with its event: its answer but the live status. */
type LogMarker = Pick<LogAnswer, 'event' | 'unknown_foods' | 'warning'>;

async function answerLog(ctx: Ctx, scope: ChildScope, logged: LoggedEvent, unknown: string[], warning: ReturnType<typeof warningFor>) {
  const { row, v0, v1, family: after } = logged;
  // Nothing but this insert changed the family between v0 and v1 (its row was locked):
  // the cached windows carry over instead of being read again, and live is derived for v1.
  const e = toTimedEvent(row, after.timezone);
  carryLiveOver(scope, v0, v1, e);
  carryPatternsOver(scope, v0, v1, e);
  // One turn of the event loop: the logs committed with this one (a group commit answers
  // dozens at once) carry their events first, so their answers share one derivation of the
  // live status, at the latest version, instead of one derivation each.
  await new Promise(setImmediate);
  return {
    status: 'ok' as const,
    event: presentRow(row, scope.children, after.timezone),
    live: await computeLive(scope, after, ctx.clock()),
    unknown_foods: unknown,
    warning,
  };
}

/** The answer to a retry of a log whose event committed but whose answer was never recorded. */
async function answerFromMarker(ctx: Ctx, scope: ChildScope, key: string, m: LogMarker): Promise<LogAnswer> {
  const answer = { status: 'ok' as const, event: m.event, live: await liveNow(scope, ctx.clock()), unknown_foods: m.unknown_foods, warning: m.warning };
  await recordLogAnswer(scope, key, answer);
  return answer;
}

/**
 * Records a keyed log's answer for its retries. The event is committed whatever happens here:
 * if the database is away now, the answer still goes out, and a retry answers from the marker.
 */
async function recordLogAnswer(scope: ChildScope, key: string, answer: LogAnswer): Promise<void> {
  try {
    await recordKey(scope, 'log', key, answer);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
  }
}

/** A write's transaction, then the live status of the child it was about, computed after its commit. */
async function withLiveAfter<T extends object>(ctx: Ctx, write: Promise<T & { child: ChildScope | null }>) {
  const { child, ...result } = await write;
  return { ...result, live: child ? await liveNow(child, ctx.clock()) : null };
}

/**
 * The child an edit moves an event to (changes.child_id): one of the family's children, not
 * archived (an archived child takes no new entries).
 */
function moveTarget(children: readonly ChildRow[], childId: string): ChildRow {
  const child = children.find((c) => c.id === childId);
  if (!child) throw childNotFound(childId, children, false);
  if (child.archived) throw new AppError(409, 'child_archived', t('error.child_archived_move', { name: child.name }));
  return child;
}

export async function editEvent(ctx: Ctx, actor: Actor, input: EditInput) {
  const { scope, family, children, childScope } = await familyLog(ctx, actor);
  const changes = input.changes;
  if (Object.keys(changes).length === 0) throw badRequest(t('error.nothing_to_change'), 'nothing_to_change');
  const target = changes.child_id !== undefined ? moveTarget(children, changes.child_id) : null;
  return withLiveAfter(ctx, scope.wholeLog().transaction(async (tx) => {
    const row = await findEvent(tx, input.id);
    const current = toLogEvent(row, family.timezone);
    const merged: EventInput = {};
    for (const f of VALUE_FIELDS) {
      const change = (changes as Record<string, unknown>)[f];
      (merged as Record<string, unknown>)[f] = change === undefined ? current[f] : change;
    }
    // A new reading in °F replaces the one in °C; a reading left alone keeps its stored value
    // (unrounded when it was sent in °F, so it still reads back exactly as sent).
    const temperatureKept = changes.celsius === undefined && changes.fahrenheit === undefined;
    if (changes.fahrenheit !== undefined) {
      merged.fahrenheit = changes.fahrenheit;
      if (changes.celsius === undefined) merged.celsius = null;
    }
    const values = checked(current.type, merged);
    if (temperatureKept) values.celsius = row.celsius === null ? null : Number(row.celsius);
    const time = changes.ts !== undefined ? resolveEventTime(changes.ts, null, family.timezone, ctx.clock()) : null;
    const updated = await tx
      .updateTable('events')
      .set({
        ml: values.ml,
        kind: values.kind,
        foods: jsonOrNull(values.foods),
        meal_type: values.meal_type,
        note: values.note,
        side: values.side,
        duration_min: values.duration_min,
        kg: values.kg,
        cm: values.cm,
        celsius: values.celsius,
        method: values.method,
        medicine: values.medicine,
        amount: values.amount,
        unit: values.unit,
        title: values.title,
        // A corrected side no longer says which breast the feed timer ended on.
        ...(changes.side !== undefined ? { last_side: null } : {}),
        ...(changes.author !== undefined ? { author: changes.author } : {}),
        // A new time (read on the family's clock) keeps the zone the event happened in: a feed
        // logged abroad and corrected at home is still on the baby's clock abroad (zone-now.ts).
        ...(time ? { ts: instantToLocal(time.at, row.zone), at: time.at, zone: row.zone } : {}),
        ...(target ? { child_id: target.id } : {}),
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const row_ = updated as EventRow;
    const event = presentRow(row_, children, family.timezone);
    // Moved to another child: the one it left changed too.
    await tx.emit({ kind: 'event.edited', at: ctx.clock(), childId: row_.child_id, data: () => ({ event }), ...(row.child_id !== row_.child_id ? { alsoChangedChildId: row.child_id } : {}) });
    return { status: 'ok' as const, event, removed: null, child: childScope(row_.child_id) };
  }, { family }));
}

export async function deleteEvent(ctx: Ctx, actor: Actor, id: string) {
  const { scope, family, children, childScope } = await familyLog(ctx, actor);
  return withLiveAfter(ctx, scope.wholeLog().transaction(async (tx) => {
    const row = await findEvent(tx, id);
    await tx.deleteFrom('events').where('id', '=', id).execute();
    const removed = presentRow(row, children, family.timezone);
    await tx.emit({ kind: 'event.deleted', at: ctx.clock(), childId: row.child_id, data: () => ({ event: removed }) });
    return { status: 'ok' as const, event: null, removed, child: childScope(row.child_id) };
  }, { family }));
}

/** Reactions on one event: enough for every caregiver to say something, not a flood. */
export const MAX_REACTIONS = 20;

export async function reactToEvent(ctx: Ctx, actor: Actor, id: string, emoji: string) {
  const trimmed = emoji.trim();
  if (!isSingleEmoji(trimmed)) throw badRequest(t('error.invalid_emoji'), 'invalid_emoji');
  const e = canonicalEmoji(trimmed);
  const { scope, family, children, childScope } = await familyLog(ctx, actor);
  return withLiveAfter(ctx, scope.wholeLog().transaction(async (tx) => {
    const row = await findEvent(tx, id);
    const reactions = toLogEvent(row, family.timezone).reactions ?? [];
    // Reacting again with the same emoji changes nothing: one of each per caregiver.
    if (!reactions.some((r) => r.emoji === e && r.username === actor.username)) {
      if (reactions.length >= MAX_REACTIONS) throw badRequest(t('error.too_many_reactions', { max: MAX_REACTIONS }), 'too_many_reactions');
      reactions.push({ emoji: e, username: actor.username });
    }
    const updated = await tx
      .updateTable('events')
      .set({ reactions: JSON.stringify(reactions) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const event = presentRow(updated as EventRow, children, family.timezone);
    await tx.emit({ kind: 'event.reacted', at: ctx.clock(), childId: row.child_id, data: () => ({ event }) });
    return { status: 'ok' as const, event, removed: null, child: childScope(row.child_id) };
  }, { family }));
}

/**
 * Removes the most recently logged event of the family (by logging order, not by its ts),
 * whichever child it was about: undo means "take back what was just logged here". The live
 * status answered is that child's.
 */
export async function undoLast(ctx: Ctx, actor: Actor) {
  const { scope, family, children, childScope } = await familyLog(ctx, actor);
  return withLiveAfter(ctx, scope.wholeLog().transaction(async (tx) => {
    // Two undos at once must remove two events: delete by id and, if another request removed
    // that event first, look again for the newest.
    for (;;) {
      const row = await tx.selectFrom('events').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
      if (!row) {
        return { status: 'ok' as const, removed: null, message: t('undo.nothing'), child: primaryOf(scope, family, children) };
      }
      const gone = await tx.deleteFrom('events').where('id', '=', row.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) continue;
      const removed = presentRow(row, children, family.timezone);
      await tx.emit({ kind: 'event.deleted', at: ctx.clock(), childId: row.child_id, data: () => ({ event: removed }) });
      const today = localDateOf(ctx.clock(), family.timezone);
      // The child is named when the family has several (whose entry it was is then the news).
      const name = namesChildren(children) ? children.find((c) => c.id === row.child_id)?.name : undefined;
      const said = { event: describeEventText(removed), when: describeWhenText(removed.ts, today) };
      return {
        status: 'ok' as const,
        removed,
        message: name ? t('undo.removed_child', { ...said, name }) : t('undo.removed', said),
        child: childScope(row.child_id),
      };
    }
  }, { family }));
}

function primaryOf(scope: FamilyScope, family: FamilyRow, children: readonly ChildRow[]): ChildScope {
  const primary = children.find((c) => c.id === family.primary_child_id)!;
  return scope.forChild(primary, children);
}
