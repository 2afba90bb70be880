// Putting one new event into the log, and where the family's version stood around it (what
// lets the cached windows carry the event over instead of being read again).
import { randomBytes } from 'node:crypto';
import { FamilyScope, KEY_COLUMNS, NEW_EVENT_COLUMNS, type ChildScope } from '../../db/family-scope.ts';
import { PreparedQuery } from '../../db/prepared.ts';
import { unauthorized } from '../../errors.ts';
import { isMissingChild } from '../context.ts';
import type { EventRow, NewEvent } from './event-rows.ts';
import { anyListener, type ListenerFlags } from '../../db/domain-events.ts';
import type { DomainEvent } from '../../domain/domain-events.ts';
import { loadFamily, lockFamilyVersion, type FamilyRow } from '../family/family-row.ts';
import { t } from '../../i18n/text.ts';

const ID_ATTEMPTS = 5;

// The log's statement on PostgreSQL, built by the query builder once (src/db/prepared.ts).
const insertBumpingVersion = new PreparedQuery<[string, ...unknown[]], EventRow & { family_locked: FamilyRow }>(1 + NEW_EVENT_COLUMNS.length, (k, familyId, ...values) =>
  new FamilyScope(k, familyId!, 'postgres').insertEventBumpingVersion(Object.fromEntries(NEW_EVENT_COLUMNS.map((c, i) => [c, values[i]])) as Record<(typeof NEW_EVENT_COLUMNS)[number], unknown>),
);

// The same, recording an idempotency key's row in the same statement.
const insertBumpingVersionWithKey = new PreparedQuery<[string, ...unknown[]], EventRow & { family_locked: FamilyRow }>(
  1 + NEW_EVENT_COLUMNS.length + KEY_COLUMNS.length,
  (k, familyId, ...values) =>
    new FamilyScope(k, familyId!, 'postgres').insertEventBumpingVersionWithKey(
      Object.fromEntries(NEW_EVENT_COLUMNS.map((c, i) => [c, values[i]])) as Record<(typeof NEW_EVENT_COLUMNS)[number], unknown>,
      Object.fromEntries(KEY_COLUMNS.map((c, i) => [c, values[NEW_EVENT_COLUMNS.length + i]])) as Record<(typeof KEY_COLUMNS)[number], unknown>,
    ),
);

// The insert inside a transaction (SQLite's group commit, or PostgreSQL when the event is
// announced), built once as well: building and compiling it with the query builder cost a log
// more than running it. ON CONFLICT DO NOTHING: a clash returns no row (and, on PostgreSQL,
// does not abort the transaction), so one statement both checks and inserts.
// Its family id is the scope's own (FamilyScope.run supplies it), its child the scope's child.
const insertEventRow = new PreparedQuery<[string, ...unknown[]], EventRow>(1 + NEW_EVENT_COLUMNS.length, (k, familyId, ...values) =>
  k
    .insertInto('events')
    .values({ family_id: familyId!, ...Object.fromEntries(NEW_EVENT_COLUMNS.map((c, i) => [c, values[i]])) } as never)
    .onConflict((oc) => oc.columns(['family_id', 'id']).doNothing())
    .returningAll() as never,
);

/** An idempotency key's row, for an event with this id: committed with the event. */
export type KeyRowFor = (eventId: string) => { key: string; scope: string; response: string; request_hash: string; created_at: number };

function newEventId(): string {
  return randomBytes(4).toString('hex');
}

// 8 hex characters give 2^32 ids: collisions become likely in big logs, so the unique key
// (family_id, id) decides and a clash just draws another id.
export async function insertWithFreshId(tx: ChildScope, base: NewEvent, drawId: () => string = newEventId): Promise<EventRow> {
  for (let i = 0; i < ID_ATTEMPTS; i++) {
    const values: Record<string, unknown> = { ...base, child_id: tx.childId, id: drawId() };
    const [row] = await tx.run(insertEventRow, ...NEW_EVENT_COLUMNS.map((c) => values[c]));
    if (row) return row;
  }
  throw new Error('could not draw a free event id');
}

/**
 * The committed event; the family was at version v0 before it and at v1 with it, nothing else
 * between; `family` is the family's row at v1.
 */
export interface LoggedEvent {
  row: EventRow;
  v0: number;
  v1: number;
  family: FamilyRow;
}

/**
 * What a log tells whoever listens: `family`, the family's row as the request holds it (who
 * listens: db/domain-events.ts), and the event.created to emit, given the new row and the
 * family's row as of the insert.
 */
export interface Announce {
  family: ListenerFlags;
  created: (row: EventRow, family: FamilyRow) => DomainEvent;
}

/**
 * Logs one event as a change of its own. On PostgreSQL that is one statement, one round trip
 * (FamilyScope.insertEventBumpingVersion): a write that held the family row across the five
 * round trips of BEGIN, lock, insert, version, COMMIT made a family's concurrent logs queue
 * behind each other's network and event-loop waits. On SQLite, a transaction that joins the
 * group commit (statements there are calls in this process, not round trips). With `keyRow`,
 * an idempotency key's row is committed with the event, in the same statement or transaction:
 * a key already taken fails the write with a unique violation, and nothing is written.
 * The event is emitted on the transaction (event.created) when someone listens: then the outbox
 * rows must be committed with the event, and PostgreSQL takes the transaction too, locking the
 * family's version first as SQLite does. A family nobody listens to emits nothing and pays nothing.
 */
export async function logNewEvent(scope: ChildScope, base: NewEvent, drawId: () => string = newEventId, keyRow?: KeyRowFor, announce?: Announce): Promise<LoggedEvent> {
  const listened = announce !== undefined && anyListener(announce.family);
  if (scope.dialect === 'postgres' && !listened) {
    for (let i = 0; i < ID_ATTEMPTS; i++) {
      let r;
      try {
        const values: Record<string, unknown> = { ...base, child_id: scope.childId, id: drawId() };
        const eventValues = NEW_EVENT_COLUMNS.map((c) => values[c]);
        if (keyRow) {
          const key = keyRow(values.id as string);
          [r] = await scope.run(insertBumpingVersionWithKey, ...eventValues, ...KEY_COLUMNS.map((c) => key[c]));
        } else {
          [r] = await scope.run(insertBumpingVersion, ...eventValues);
        }
      } catch (err) {
        // The family was deleted after its credential resolved: the event has nowhere to go.
        if ((err as { code?: string }).code === '23503' && !isMissingChild(err)) throw unauthorized(t('error.family_gone'));
        throw err;
      }
      if (r) {
        const { family_locked: family, ...row } = r;
        const v0 = Number(family.version);
        return { row: row as EventRow, v0, v1: v0 + 1, family: { ...family, version: v0 + 1 } };
      }
    }
    throw new Error('could not draw a free event id');
  }
  try {
    return await scope.transaction(async (tx) => {
      // SQLite runs one write transaction at a time: the family's row read here is the row the
      // insert changes, and the events trigger bumps its version by exactly one (migration 008;
      // nothing else written here touches it), so the row after is known without reading it
      // again. PostgreSQL locks the row first and reads it afterwards.
      const before = tx.dialect === 'sqlite' ? await loadFamily(tx) : null;
      const v0 = before ? Number(before.version) : await lockFamilyVersion(tx);
      const row = await insertWithFreshId(tx, base, drawId);
      if (keyRow) await tx.insertInto('idempotency_keys', keyRow(row.id)).execute();
      const family = before ? { ...before, version: v0 + 1 } : await loadFamily(tx);
      if (listened && announce) await tx.emit(announce.created(row, family));
      return { row, v0, v1: Number(family.version), family };
    }, { family: announce?.family ?? null });
  } catch (err) {
    // As above: the family was deleted after its credential resolved.
    if ((err as { code?: string }).code === '23503' && !isMissingChild(err)) throw unauthorized(t('error.family_gone'));
    throw err;
  }
}
