// What a write tells the family's webhooks (issue 28): the message is put into the outbox in the
// write's own transaction (architecture.md, property 9), one row per enabled webhook subscribed
// to the event, all with one message id (the receiver's dedupe key, webhook-id). A write path
// calls announce() only when the family row it already holds says a webhook is enabled
// (families.webhooks_on > 0), so a family without webhooks pays nothing; it calls nudge()
// (worker.ts) after its commit so the message leaves at once.
import type { FamilyScope } from '../../db/family-scope.ts';
import { enqueue, newMessageId } from './outbox.ts';

/** The events a webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['event.created', 'event.edited', 'event.deleted', 'feed_timer.started', 'feed_timer.stopped', 'reminder.fired'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The type of the message POST /api/vega/webhooks/test sends (to that webhook only, whatever it subscribes to). */
export const TEST_EVENT = 'webhook.test';

/**
 * Whether a write has anyone to tell: the family row it already holds says how many webhooks are
 * enabled (families.webhooks_on). Without any, a write queues nothing and pays nothing for it.
 */
export function hasWebhooks(family: { webhooks_on?: number | null }): boolean {
  return Number(family.webhooks_on ?? 0) > 0;
}

/** A message's body (Standard Webhooks): {type, timestamp, data}. */
export function webhookBody(type: string, now: number, data: Record<string, unknown>) {
  return { type, timestamp: new Date(now).toISOString(), data };
}

/** The parsed events column of a webhooks row. */
export function eventsOf(raw: string): WebhookEvent[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? (v.filter((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e)) as WebhookEvent[]) : [];
  } catch {
    return [];
  }
}

/**
 * Queues `type` with `data` (family_id is added) for every enabled webhook of the family that
 * subscribes to it, in the caller's transaction. Read inside the transaction, after the write
 * that locked the family row, so a webhook enabled or removed concurrently is seen as committed.
 * Returns how many messages were queued.
 */
export async function announce(tx: FamilyScope, now: number, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  const hooks = await tx.selectFrom('webhooks').select(['id', 'events']).where('enabled', '=', 1).orderBy('created_at').orderBy('id').execute();
  const targets = hooks.filter((h) => eventsOf(h.events).includes(type));
  if (targets.length === 0) return 0;
  const body = webhookBody(type, now, { family_id: tx.familyId, ...data });
  const message_id = newMessageId();
  await enqueue(
    tx,
    now,
    targets.map((h) => ({ kind: 'webhook' as const, target_id: h.id, event_type: type, payload: body, message_id })),
  );
  return targets.length;
}
