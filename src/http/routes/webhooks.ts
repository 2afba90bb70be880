// Webhooks (issue 28): an admin's receivers of signed messages about the family's log. Every
// route is the admin's, reads included (a webhook's URL may carry a secret path).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { createWebhook, deleteWebhook, enableWebhook, listWebhooks, rotateWebhookSecret, testWebhook } from '../../services/notify/webhooks.ts';
import {
  WebhookCreateBody, WebhookDeleted, WebhookEnabled, WebhookIdBody, WebhookList, WebhookTestSent, WebhookWithSecret,
} from '../../schemas/webhooks.ts';
import { ErrorBody, ErrorWithDetailBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Webhooks'];

const SIGNING =
  'Each message is a POST of JSON {type, timestamp, data: {family_id, child_id, event | timer, …}} signed as Standard Webhooks do: ' +
  'headers webhook-id (stable across retries: dedupe by it), webhook-timestamp (seconds) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body" ' +
  'with the secret after whsec_, base64-decoded); any standardwebhooks library verifies it. Messages to one webhook arrive in order, at least once; ' +
  'failed deliveries are retried with backoff (30 s, 1 min, 2, 4 … at most hourly) and a webhook failing for 24 hours is disabled.';

export function webhookRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/vega/webhooks', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: "The family's webhooks with their last 50 delivery attempts (admin)",
      description: 'A webhook disabled after 24 hours of failed deliveries shows enabled false, disabled_at and disabled_reason. The secrets are never shown again.',
      response: { 200: WebhookList, 403: ErrorBody },
    },
    handler: async (req) => listWebhooks(ctx, actorOf(req)),
  });

  r.post('/api/vega/webhooks', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Add a webhook: a URL and the events it is sent (admin); the signing secret is shown only in this answer',
      description:
        `${SIGNING} The URL must be https:// to a public host unless the server sets OUTBOUND_ALLOW_PRIVATE=1 (then private, loopback and link-local ` +
        'addresses, and plain http to them, are allowed); it is checked again at every delivery (DNS rebinding). 400 names the field (url or events); ' +
        '409 webhook_limit past 10 webhooks.',
      body: WebhookCreateBody,
      response: { 200: WebhookWithSecret, 400: ErrorWithDetailBody, 403: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => createWebhook(ctx, actorOf(req), req.body),
  });

  r.post('/api/vega/webhooks/test', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Send a webhook.test message to one webhook (admin)',
      description: 'Queued like every message and sent at once; its delivery shows in GET /api/vega/webhooks. 409 webhook_disabled for a disabled webhook.',
      body: WebhookIdBody,
      response: { 200: WebhookTestSent, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => testWebhook(ctx, actorOf(req), req.body.id),
  });

  r.post('/api/vega/webhooks/rotate', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: "Replace a webhook's signing secret (admin); the old one stops at once",
      description: 'Messages still queued are signed with the new secret when they are sent. The new secret is shown only in this answer.',
      body: WebhookIdBody,
      response: { 200: WebhookWithSecret, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => rotateWebhookSecret(ctx, actorOf(req), req.body.id),
  });

  r.post('/api/vega/webhooks/enable', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Turn a disabled webhook back on (admin)',
      description: 'Clears its failing state; it gets messages from now on (those dropped when it was disabled are not sent).',
      body: WebhookIdBody,
      response: { 200: WebhookEnabled, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => enableWebhook(ctx, actorOf(req), req.body.id),
  });

  r.post('/api/vega/webhooks/delete', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: 'Remove a webhook and the messages still queued for it (admin)',
      body: WebhookIdBody,
      response: { 200: WebhookDeleted, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => deleteWebhook(ctx, actorOf(req), req.body.id),
  });
}
