// Shapes of /api/vega/webhooks (issue 28): an admin's receivers of signed messages (Standard
// Webhooks) about what happens in the family's log, with their recent deliveries.
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../domain/webhook-events.ts';

export const WebhookEventName = z
  .enum(WEBHOOK_EVENTS)
  .describe('event.created, event.edited, event.deleted, feed_timer.started, feed_timer.stopped or reminder.fired')
  .meta({ id: 'WebhookEventName' });

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string().describe('where the messages are POSTed'),
    events: z.array(WebhookEventName).describe('the events it is sent'),
    enabled: z.boolean().describe('false once disabled after 24 hours of failed deliveries (POST /api/vega/webhooks/enable turns it back on)'),
    created_at: z.string().describe('ISO 8601 instant'),
    created_by: z.string().describe('the admin who added it (username)'),
    failing_since: z.string().nullable().describe('ISO 8601 instant of the first failure of the current run of failed deliveries; null while deliveries succeed'),
    disabled_at: z.string().nullable().describe('ISO 8601 instant it was disabled; null while enabled'),
    disabled_reason: z.string().nullable().describe('why it was disabled; null while enabled'),
    pending: z.number().int().min(0).describe('messages waiting to be delivered to it'),
  })
  .meta({ id: 'Webhook' });

export const WebhookDelivery = z
  .object({
    message_id: z.string().describe('the webhook-id header: stable across retries of one message'),
    event_type: z.string(),
    attempt: z.number().int().min(1).describe('1 for the first attempt of the message, 2 for its first retry, …'),
    at: z.string().describe('ISO 8601 instant of the attempt'),
    status: z.number().int().nullable().describe("the receiver's HTTP status; null when none came back"),
    ok: z.boolean().describe('true for a 2xx answer'),
    duration_ms: z.number().int().min(0),
    error: z.string().nullable().describe('why no answer came back (timeout, refused address, network), or null'),
  })
  .meta({ id: 'WebhookDelivery' });

export const WebhookWithDeliveries = Webhook.extend({
  deliveries: z.array(WebhookDelivery).describe('the last attempts (at most 50), newest first'),
}).meta({ id: 'WebhookWithDeliveries' });

export const WebhookList = z.object({ webhooks: z.array(WebhookWithDeliveries) }).meta({ id: 'WebhookList' });

export const WebhookCreateBody = z
  .strictObject({
    url: z
      .string()
      .describe(
        'https:// URL of the receiver. Private, loopback and link-local addresses (and plain http to them) are refused unless the server sets OUTBOUND_ALLOW_PRIVATE=1; names are checked again at every delivery.',
      ),
    events: z.array(WebhookEventName).min(1).max(WEBHOOK_EVENTS.length).describe('at least one event name; repeats are ignored'),
  })
  .meta({ id: 'WebhookCreateRequest' });
export type WebhookCreateInput = z.infer<typeof WebhookCreateBody>;

export const WebhookWithSecret = z
  .object({
    webhook: Webhook,
    secret: z.string().describe('whsec_… signing secret, shown only this once: verify the webhook-signature header with it (Standard Webhooks)'),
  })
  .meta({ id: 'WebhookWithSecret' });

export const WebhookEnabled = z.object({ webhook: Webhook }).meta({ id: 'WebhookEnabled' });

export const WebhookTestSent = z
  .object({
    status: z.literal('ok'),
    message_id: z.string().describe('the webhook-id of the webhook.test message queued for delivery'),
  })
  .meta({ id: 'WebhookTestSent' });

export const WebhookDeleted = z.object({ status: z.literal('ok'), removed: Webhook }).meta({ id: 'WebhookDeleted' });
