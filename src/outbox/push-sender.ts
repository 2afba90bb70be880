// The outbox's sender of 'push' rows (issue 28; RFC 8030 delivery, RFC 8291 encryption, RFC 8292
// VAPID): the encryption and the VAPID JWT come from the `web-push` library, and the request is
// made by postOutbound, so a push endpoint (a URL a client chose) is held to the same address
// policy as a webhook, checked at connect time. Loaded with the first push to send (start.ts).
import webpush from 'web-push';
import type { Ctx } from '../services/context.ts';
import type { PushMessage } from '../domain/domain-events.ts';
import { vapidKeys, vapidSubject } from '../services/notify/vapid.ts';
import { postOutbound } from './outbound.ts';
import type { Outcome, OutboxRow } from './worker.ts';

/** A push message not delivered within this long is dropped: a late reminder is noise. */
export const PUSH_MAX_AGE_MS = 3600_000;

/** The payload of an outbox row, reduced to what a notification may carry. */
function payloadOf(row: OutboxRow): string {
  const p = JSON.parse(row.payload) as Partial<PushMessage>;
  return JSON.stringify({ title: String(p.title ?? ''), body: String(p.body ?? ''), tag: String(p.tag ?? '') });
}

/**
 * The outbox's sender for 'push' rows: encrypts the payload for the subscription's keys,
 * signs a VAPID JWT for the push service's origin, and POSTs it under the outbound policy.
 */
export async function deliverPush(ctx: Ctx, row: OutboxRow): Promise<Outcome> {
  const k = ctx.db.kysely;
  const sub = await k
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', row.target_id)
    .where('family_id', '=', row.family_id)
    .executeTakeFirst();
  if (!sub) return { result: 'drop', error: 'the push subscription is gone', dropTarget: true };
  const age = ctx.clock() - Number(row.created_at);
  if (age >= PUSH_MAX_AGE_MS) return { result: 'drop', error: 'not delivered within an hour; a late notification is dropped' };
  const keys = await vapidKeys(ctx);
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payloadOf(row), {
    vapidDetails: { subject: vapidSubject(ctx.config), publicKey: keys.publicKey, privateKey: keys.privateKey },
    // The push service keeps it for an offline browser only as long as it is still worth showing.
    TTL: Math.max(0, Math.floor((PUSH_MAX_AGE_MS - age) / 1000)),
    contentEncoding: 'aes128gcm',
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  const r = await postOutbound(sub.endpoint, { headers, body: details.body ?? Buffer.alloc(0) }, ctx.config.outboundAllowPrivate);
  if (r.status !== null && r.status >= 200 && r.status < 300) return { result: 'sent' };
  if (r.status === 404 || r.status === 410) {
    // The browser unsubscribed or the subscription expired: it will never take a message again.
    await k.deleteFrom('push_subscriptions').where('id', '=', sub.id).where('family_id', '=', row.family_id).execute();
    return { result: 'drop', error: `the push service answered ${r.status}: the subscription is gone`, dropTarget: true };
  }
  const why = r.status === null ? (r.error ?? 'no answer') : `the push service answered ${r.status}`;
  if (r.status === null || r.status === 429 || r.status >= 500) {
    // Retried with the outbox's backoff, while the message is still worth showing (checked above).
    return { result: 'retry', error: why };
  }
  // Any other answer (400 malformed, 401/403 a key the push service does not accept, 413 too large) will not change on a retry.
  return { result: 'drop', error: why };
}
