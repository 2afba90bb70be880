// Web Push to a caregiver's browsers (issue 28; RFC 8030 delivery, RFC 8291 encryption, RFC 8292
// VAPID). A subscription belongs to the caregiver who made it and to the credential it was made
// with: it goes (ON DELETE CASCADE) when that session ends or that token is revoked, when the
// caregiver leaves or is removed, and when the push service says the browser is gone (404/410).
// Messages go through the outbox like webhooks; the encryption and the VAPID JWT come from the
// `web-push` library, and the request itself is made by postOutbound, so a push endpoint (a URL
// a client chose) is held to the same address policy as a webhook, checked at connect time.
import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import type { Ctx } from '../context.ts';
import { retryOnUniqueViolation, scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { firstName } from '../../domain/answerer/text.ts';
import type { PushSubscribeInput } from '../../schemas/push.ts';
import { checkOutboundUrl, hostOf, postOutbound } from './outbound.ts';
import { enqueue } from './outbox.ts';
import type { Outcome, OutboxRow } from './worker.ts';
import { nudge } from './worker.ts';
import { vapidKeys, vapidSubject } from './vapid.ts';

/** Subscriptions one caregiver keeps at most; a new one past it replaces their oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;
/** A push message not delivered within this long is dropped: a late reminder is noise. */
export const PUSH_MAX_AGE_MS = 3600_000;
const USER_AGENT_MAX = 300;

/** What a notification carries: the child's first name, one line, and a tag (nothing else). */
export interface PushPayload {
  title: string;
  body: string;
  /** the reminder occurrence, or 'test': a newer notification with the same tag replaces the older */
  tag: string;
}

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function iso(ms: number): string {
  return new Date(Number(ms)).toISOString();
}

function endpointRefused(msg: string): AppError {
  return new AppError(400, 'bad_request', `endpoint: ${msg}.`, { detail: [{ loc: ['body', 'endpoint'], msg, type: 'refused_url' }] });
}

/** Base64url without padding, as the browser gives keys and the library expects them. */
function unpadded(s: string): string {
  return s.replace(/=+$/, '');
}

export async function pushKey(ctx: Ctx) {
  return { public_key: (await vapidKeys(ctx)).publicKey };
}

/**
 * Stores the caller's browser. The endpoint is unique: a browser subscribed again (the same
 * caregiver after signing in anew, or another caregiver on a shared device) is moved to the
 * caller and to the credential of this request; the previous owner no longer reaches it.
 */
export async function subscribePush(ctx: Ctx, actor: Actor, input: PushSubscribeInput, userAgent: string | null) {
  const refusal = checkOutboundUrl(input.endpoint, ctx.config.outboundAllowPrivate);
  if (refusal) throw endpointRefused(refusal);
  const endpoint = input.endpoint;
  const values = {
    user_id: actor.userId,
    session_hash: actor.via === 'session' ? actor.sessionHash : null,
    token_id: actor.via === 'token' ? actor.tokenId : null,
    p256dh: unpadded(input.keys.p256dh),
    auth: unpadded(input.keys.auth),
    user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
  const scope = scopeOf(ctx, actor);
  const row = await retryOnUniqueViolation(async () => {
    try {
      return await store();
    } catch (err) {
      // The session or token of this request ended meanwhile (signed out in another tab).
      if (isForeignKeyViolation(err)) throw unauthorized();
      throw err;
    }
  });
  return { subscription: { id: row.id, endpoint_host: hostOf(endpoint), created_at: iso(row.created_at) } };

  async function store(): Promise<{ id: string; created_at: number }> {
    // The browser was another family's (the same device, signed in to another family before):
    // holding its endpoint and keys proves it is this caller's browser now.
    await ctx.db.kysely.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('family_id', '!=', actor.familyId).execute();
    return scope.transaction(async (tx) => {
      const now = ctx.clock();
      const existing = await tx.forUpdate(tx.selectFrom('push_subscriptions').select(['id', 'user_id', 'created_at']).where('endpoint', '=', endpoint)).executeTakeFirst();
      if (existing && existing.user_id === actor.userId) {
        // The same caregiver again (new keys after the browser renewed them, or a new sign-in).
        await tx.updateTable('push_subscriptions').set(values).where('id', '=', existing.id).execute();
        return { id: existing.id, created_at: Number(existing.created_at) };
      }
      if (existing) {
        // Another caregiver's browser until now: a new subscription, so nothing queued for them reaches the caller.
        await tx.deleteFrom('push_subscriptions').where('id', '=', existing.id).execute();
        await tx.deleteFrom('outbox').where('kind', '=', 'push').where('target_id', '=', existing.id).execute();
      }
      const mine = await tx.selectFrom('push_subscriptions').select(['id']).where('user_id', '=', actor.userId).orderBy('created_at', 'desc').orderBy('id').execute();
      for (const old of mine.slice(MAX_PUSH_SUBSCRIPTIONS - 1)) {
        await tx.deleteFrom('push_subscriptions').where('id', '=', old.id).execute();
        await tx.deleteFrom('outbox').where('kind', '=', 'push').where('target_id', '=', old.id).execute();
      }
      const id = `push_${randomUUID()}`;
      await tx.insertInto('push_subscriptions', { id, endpoint, ...values, created_at: now }).execute();
      return { id, created_at: now };
    });
  }
}

export async function listPushSubscriptions(ctx: Ctx, actor: Actor) {
  const rows = await scopeOf(ctx, actor)
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'user_agent', 'created_at'])
    .where('user_id', '=', actor.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { subscriptions: rows.map((r) => ({ id: r.id, endpoint_host: hostOf(r.endpoint), user_agent: r.user_agent, created_at: iso(r.created_at) })) };
}

/** Removes the caller's subscription with this endpoint (another caregiver's is left alone). */
export async function unsubscribePush(ctx: Ctx, actor: Actor, endpoint: string) {
  const removed = await scopeOf(ctx, actor).transaction(async (tx) => {
    const row = await tx.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).where('user_id', '=', actor.userId).executeTakeFirst();
    if (!row) return 0;
    await tx.deleteFrom('push_subscriptions').where('id', '=', row.id).execute();
    await tx.deleteFrom('outbox').where('kind', '=', 'push').where('target_id', '=', row.id).execute();
    return 1;
  });
  return { status: 'ok' as const, removed };
}

/**
 * Queues one push message per subscription of a caregiver, in the caller's transaction (a
 * reminder firing, a test). Returns how many were queued; call nudge() after the commit.
 */
export async function enqueuePush(tx: FamilyScope, now: number, userId: string, eventType: string, payload: PushPayload): Promise<number> {
  const subs = await tx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at').execute();
  const message: PushPayload = { title: payload.title, body: payload.body, tag: payload.tag };
  await enqueue(
    tx,
    now,
    subs.map((s) => ({ kind: 'push' as const, target_id: s.id, event_type: eventType, payload: message })),
  );
  return subs.length;
}

/** The name a notification about the family's primary child is titled with: the first name, else the family's name. */
async function primaryChildTitle(tx: FamilyScope): Promise<string> {
  const fam = await tx.family().select(['primary_child_id', 'family_name']).executeTakeFirstOrThrow();
  const child = await tx.selectFrom('children').select('name').where('id', '=', fam.primary_child_id).executeTakeFirst();
  if (child && child.name.trim() !== '') return firstName(child.name);
  return fam.family_name.trim() !== '' ? fam.family_name.trim() : 'Baby tracker';
}

/** A test notification to each of the caller's browsers, through the outbox. */
export async function sendPushTest(ctx: Ctx, actor: Actor) {
  const devices = await scopeOf(ctx, actor).transaction(async (tx) => {
    const title = await primaryChildTitle(tx);
    return enqueuePush(tx, ctx.clock(), actor.userId, 'push.test', { title, body: 'Test notification from Baby tracker', tag: 'test' });
  });
  if (devices === 0) {
    throw new AppError(409, 'no_push_devices', 'You have no browser subscribed to notifications: turn notifications on in settings first.');
  }
  nudge();
  return { status: 'ok' as const, devices };
}

/** The payload of an outbox row, reduced to what a notification may carry. */
function payloadOf(row: OutboxRow): string {
  const p = JSON.parse(row.payload) as Partial<PushPayload>;
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
