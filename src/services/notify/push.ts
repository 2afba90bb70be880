// Web Push to a caregiver's browsers (issue 28; RFC 8030 delivery, RFC 8291 encryption, RFC 8292
// VAPID). A subscription belongs to the caregiver who made it and to the credential it was made
// with: it goes (ON DELETE CASCADE) when that session ends or that token is revoked, when the
// caregiver leaves or is removed, and when the push service says the browser is gone (404/410).
// Messages go through the outbox like webhooks (a reminder or a test is emitted on its
// transaction: db/domain-events.ts); src/outbox/push-sender.ts sends them, held to the same
// address policy as a webhook (domain/outbound-policy.ts), checked again at connect time.
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { retryOnUniqueViolation, scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { firstName } from '../../domain/answerer/text.ts';
import type { PushSubscribeInput } from '../../schemas/push.ts';
import { checkOutboundUrl, hostOf } from '../../domain/outbound-policy.ts';
import { vapidKeys } from './vapid.ts';
import { t, type Text, type Words } from '../../i18n/text.ts';

/** Subscriptions one caregiver keeps at most; a new one past it replaces their oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;
const USER_AGENT_MAX = 300;

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function iso(ms: number): string {
  return new Date(Number(ms)).toISOString();
}

function endpointRefused(reason: Text): AppError {
  return new AppError(400, 'bad_request', t('error.endpoint_refused', { reason }), { detail: [{ loc: ['body', 'endpoint'], msg: String(reason), type: 'refused_url' }] });
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

/** The name a notification about the family's primary child is titled with: the first name, else the family's name. */
async function primaryChildTitle(tx: FamilyScope): Promise<string> {
  const fam = await tx.family().select(['primary_child_id', 'family_name']).executeTakeFirstOrThrow();
  const child = await tx.selectFrom('children').select('name').where('id', '=', fam.primary_child_id).executeTakeFirst();
  if (child && child.name.trim() !== '') return firstName(child.name);
  return fam.family_name.trim() !== '' ? fam.family_name.trim() : 'Baby tracker';
}

/**
 * A test notification to each of the caller's browsers, through the outbox, in `words`: the
 * caller's own (their saved language, else their request's).
 */
export async function sendPushTest(ctx: Ctx, actor: Actor, words: Words) {
  const devices = await scopeOf(ctx, actor).transaction(async (tx) => {
    const title = await primaryChildTitle(tx);
    const routed = await tx.emit({ kind: 'push.test', at: ctx.clock(), userId: actor.userId, push: { title, body: words.render(t('push.test_body')), tag: 'test' } });
    return routed.push;
  });
  if (devices === 0) {
    throw new AppError(409, 'no_push_devices', t('error.no_push_devices'));
  }
  return { status: 'ok' as const, devices };
}
