// Writing a message into the outbox: always inside the transaction of the change that caused it
// (architecture.md, property 9). The worker (worker.ts) sends it after the commit.
import { randomBytes } from 'node:crypto';
import type { FamilyScope } from '../../db/family-scope.ts';

/** 'ha_state': publish one child's state to Home Assistant (services/home-assistant/state-sender.ts). */
export type OutboxKind = 'webhook' | 'push' | 'ha_state';

export interface OutboxMessage {
  kind: OutboxKind;
  /** the webhook's or push subscription's id; for 'ha_state', the child's */
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
 * Puts the messages into the outbox, due now, in the caller's transaction. With `onceOnly`, a
 * message whose (target_id, message_id) is already queued is left out instead of failing the
 * statement (the periodic refresh that every process queues under one id).
 */
export async function enqueue(tx: FamilyScope, now: number, msgs: readonly OutboxMessage[], opts: { onceOnly?: boolean } = {}): Promise<void> {
  if (msgs.length === 0) return;
  const insert = tx
    .insertManyInto(
      'outbox',
      msgs.map((m) => ({
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
