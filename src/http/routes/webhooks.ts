// Webhooks (issue 28): an admin's receivers of signed messages about the family's log. Every
// route is the admin's, reads included (a webhook's URL may carry a secret path).
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { createWebhook, deleteWebhook, enableWebhook, listWebhooks, rotateWebhookSecret, testWebhook } from '../../services/notify/webhooks.ts';
import { WebhookCreateBody, WebhookDeleted, WebhookEnabled, WebhookList, WebhookTestSent, WebhookWithSecret } from '../../schemas/webhooks.ts';
import { ItemIdBody } from '../../schemas/common.ts';
import { resource } from '../route.ts';

const SIGNING =
  'Each message is a POST of JSON {type, timestamp, data: {family_id, child_id, event | timer, …}} signed as Standard Webhooks do: ' +
  'headers webhook-id (stable across retries: dedupe by it), webhook-timestamp (seconds) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body" ' +
  'with the secret after whsec_, base64-decoded); any standardwebhooks library verifies it. Messages to one webhook arrive in order, at least once; ' +
  'failed deliveries are retried with backoff (30 s, 1 min, 2, 4 … at most hourly) and a webhook failing for 24 hours is disabled.';

export function webhookRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Webhooks']);

  r.get('/api/vega/webhooks', {
    summary: "The family's webhooks with their last 50 delivery attempts (admin)",
    description: 'A webhook disabled after 24 hours of failed deliveries shows enabled false, disabled_at and disabled_reason. The secrets are never shown again.',
    auth: 'admin',
    response: WebhookList,
    run: (actor) => listWebhooks(ctx, actor),
  });

  r.post('/api/vega/webhooks', {
    summary: 'Add a webhook: a URL and the events it is sent (admin); the signing secret is shown only in this answer',
    description:
      `${SIGNING} The URL must be https:// to a public host unless the server sets OUTBOUND_ALLOW_PRIVATE=1 (then private, loopback and link-local ` +
      'addresses, and plain http to them, are allowed); it is checked again at every delivery (DNS rebinding). 400 names the field (url or events); ' +
      '409 webhook_limit past 10 webhooks.',
    auth: 'admin',
    idempotent: true,
    body: WebhookCreateBody,
    response: WebhookWithSecret,
    errors: [409],
    run: (actor, { body }) => createWebhook(ctx, actor, body),
  });

  r.post('/api/vega/webhooks/test', {
    summary: 'Send a webhook.test message to one webhook (admin)',
    description: 'Queued like every message and sent at once; its delivery shows in GET /api/vega/webhooks. 409 webhook_disabled for a disabled webhook.',
    auth: 'admin',
    body: ItemIdBody,
    response: WebhookTestSent,
    errors: [404, 409],
    run: (actor, { body }) => testWebhook(ctx, actor, body.id),
  });

  r.post('/api/vega/webhooks/rotate', {
    summary: "Replace a webhook's signing secret (admin); the old one stops at once",
    description: 'Messages still queued are signed with the new secret when they are sent. The new secret is shown only in this answer.',
    auth: 'admin',
    idempotent: true,
    body: ItemIdBody,
    response: WebhookWithSecret,
    errors: [404],
    run: (actor, { body }) => rotateWebhookSecret(ctx, actor, body.id),
  });

  r.post('/api/vega/webhooks/enable', {
    summary: 'Turn a disabled webhook back on (admin)',
    description: 'Clears its failing state; it gets messages from now on (those dropped when it was disabled are not sent).',
    auth: 'admin',
    idempotent: true,
    body: ItemIdBody,
    response: WebhookEnabled,
    errors: [404],
    run: (actor, { body }) => enableWebhook(ctx, actor, body.id),
  });

  r.post('/api/vega/webhooks/delete', {
    summary: 'Remove a webhook and the messages still queued for it (admin)',
    auth: 'admin',
    idempotent: true,
    body: ItemIdBody,
    response: WebhookDeleted,
    errors: [404],
    run: (actor, { body }) => deleteWebhook(ctx, actor, body.id),
  });
}
