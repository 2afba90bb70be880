// What a webhook can subscribe to and the body every message has (issue 28, Standard Webhooks).
// Pure: the outbox rows that carry them are written by the data layer (db/domain-events.ts), and
// sent by src/outbox/webhook-sender.ts.

/** The events a webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['event.created', 'event.edited', 'event.deleted', 'feed_timer.started', 'feed_timer.stopped', 'reminder.fired'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The type of the message POST /api/vega/webhooks/test sends (to that webhook only, whatever it subscribes to). */
export const TEST_EVENT = 'webhook.test';

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
