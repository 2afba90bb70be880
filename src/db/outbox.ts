// The outbox's rows: written only inside the transaction of the change that caused them
// (architecture.md, property 9), by the routing of domain events (domain-events.ts) and by the
// Home Assistant bridge's refreshes; sent after the commit by the worker (src/outbox/worker.ts),
// which registers here to be woken when a commit wrote some (the data layer does not import it).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * 'webhook' and 'push': one message to one webhook or browser (target: its id). 'ha_state':
 * publish one child's state to Home Assistant (target: the child). 'ha_config': publish or clear
 * a family's Home Assistant discovery configs (target: the family).
 */
export type OutboxKind = 'webhook' | 'push' | 'ha_state' | 'ha_config';

export interface OutboxMessage {
  kind: OutboxKind;
  target_id: string;
  event_type: string;
  payload: unknown;
  /** the receiver's dedupe key; a fresh one when not given */
  message_id?: string;
}

/** A message id as Standard Webhooks shows them (msg_ and 26 base-32 characters). */
export function newMessageId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(26);
  let s = 'msg_';
  for (const b of bytes) s += alphabet[b & 31];
  return s;
}

/**
 * Puts the family's messages into the outbox, due now, on `k` (the caller's transaction). With
 * `onceOnly`, a message whose (target_id, message_id) is already queued is left out instead of
 * failing the statement (a refresh that every process queues under one id).
 */
export async function enqueue(k: Kysely<Database>, familyId: string, now: number, msgs: readonly OutboxMessage[], opts: { onceOnly?: boolean } = {}): Promise<void> {
  if (msgs.length === 0) return;
  const insert = k.insertInto('outbox').values(
    msgs.map((m) => ({
      family_id: familyId,
      kind: m.kind,
      target_id: m.target_id,
      message_id: m.message_id ?? newMessageId(),
      event_type: m.event_type,
      payload: JSON.stringify(m.payload),
      created_at: now,
      next_attempt_at: now,
      lease_until: null,
      lease_owner: null,
      last_error: null,
    })),
  );
  await (opts.onceOnly ? insert.onConflict((oc) => oc.columns(['target_id', 'message_id']).doNothing()) : insert).execute();
}

let worker: (() => void) | null = null;

/** The worker of this process registers how to wake it (src/outbox/worker.ts); null when it stops. */
export function setOutboxWorker(wake: (() => void) | null): void {
  worker = wake;
}

/** After a commit that wrote outbox rows: this process's worker looks at the outbox now, not at its next poll. */
export function wakeOutboxWorker(): void {
  worker?.();
}
