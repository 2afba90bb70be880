// Writing a message into the outbox: always inside the transaction of the change that caused it
// (architecture.md, property 9). The worker (worker.ts) sends it after the commit.
import { randomBytes } from 'node:crypto';
import type { FamilyScope } from '../../db/family-scope.ts';

export type OutboxKind = 'webhook' | 'push';

export interface OutboxMessage {
  kind: OutboxKind;
  /** the webhook's or push subscription's id */
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

/** Puts the messages into the outbox, due now, in the caller's transaction. */
export async function enqueue(tx: FamilyScope, now: number, msgs: readonly OutboxMessage[]): Promise<void> {
  if (msgs.length === 0) return;
  await tx
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
    )
    .execute();
}
