// Web Push (issue 28): the service's VAPID public key, and the caller's own browsers that take
// notifications (reminders and a test). Every caregiver manages only their own subscriptions.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { PushKey, PushSubscribeBody, PushSubscribed, PushSubscriptionList, PushTestSent, PushUnsubscribeBody, PushUnsubscribed } from '../../schemas/push.ts';
import { resource } from '../route.ts';
import { wordsOf } from '../request-words.ts';

// The push service module and the web-push library under it (a quarter of a second to load,
// ~10 MB) are loaded with the first request here, not at start.
const push = () => import('../../services/notify/push.ts');

export function pushRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Push notifications']);

  r.get('/api/vega/push/key', {
    summary: "The service's VAPID public key, for the browser's pushManager.subscribe()",
    description: 'Pass it as applicationServerKey (decoded from base64url). Made once, at first use, and kept: subscriptions made with it stay valid across restarts.',
    response: PushKey,
    run: async () => (await push()).pushKey(ctx),
  });

  r.post('/api/vega/push/subscribe', {
    summary: "Store this browser's push subscription for the caller (PushSubscription.toJSON())",
    description:
      'The subscription belongs to the caller and to the session or token this request is made with: it is removed when that session signs out or ' +
      'that token is revoked, when the caregiver leaves or is removed, and when the push service answers 404 or 410. Subscribing an endpoint ' +
      'already stored moves it to the caller. At most 20 per caregiver: a new one past that replaces the oldest. ' +
      'The endpoint must be https to a public host; private, loopback and link-local addresses (and http to them) are refused unless the server ' +
      'sets OUTBOUND_ALLOW_PRIVATE=1. 400 names the field that is wrong, and nothing is stored.',
    idempotent: true,
    body: PushSubscribeBody,
    response: PushSubscribed,
    run: async (actor, { body, req }) => (await push()).subscribePush(ctx, actor, body, req.headers['user-agent'] ?? null),
  });

  r.get('/api/vega/push/subscriptions', {
    summary: "The caller's own browsers that take notifications",
    response: PushSubscriptionList,
    run: async (actor) => (await push()).listPushSubscriptions(ctx, actor),
  });

  r.post('/api/vega/push/unsubscribe', {
    summary: "Remove the caller's subscription with this endpoint (PushSubscription.endpoint)",
    description: 'removed is 0 when none of your subscriptions has this endpoint (already removed, or another caregiver’s).',
    idempotent: true,
    body: PushUnsubscribeBody,
    response: PushUnsubscribed,
    run: async (actor, { body }) => (await push()).unsubscribePush(ctx, actor, body.endpoint),
  });

  r.post('/api/vega/push/test', {
    summary: "Send a test notification to each of the caller's browsers",
    description:
      'Queued in the outbox and sent within seconds; the answer does not wait for the push services. The notification carries the primary ' +
      "child's first name and one line, nothing else. 409 no_push_devices when the caller has no subscription.",
    idempotent: true,
    response: PushTestSent,
    errors: [409],
    run: async (actor, { req }) => (await push()).sendPushTest(ctx, actor, wordsOf(req)),
  });
}
