// Sends one outbox row of kind 'webhook' (issue 28): signed as Standard Webhooks do
// (webhook-id = the row's message id, stable across retries; webhook-timestamp; webhook-signature
// v1 = HMAC-SHA256 with the webhook's current secret, so a rotation takes effect at once), POSTed
// through the one outbound sender (outbound.ts: the address policy again at connect time, 10 s
// timeout). Every attempt is recorded (the last 50 per webhook). A webhook that has failed for
// 24 hours is disabled (families.webhooks_on − 1, in the same transaction) and its queued
// messages dropped; the admin sees why in GET /api/vega/webhooks.
import type { Selectable } from 'kysely';
import { Webhook as Signer } from 'standardwebhooks';
import type { Ctx } from '../services/context.ts';
import { FamilyScope } from '../db/family-scope.ts';
import type { WebhooksTable } from '../db/schema.ts';
import { countEnabled, KEPT_DELIVERIES } from '../services/notify/webhooks.ts';
import { OUTBOUND_TIMEOUT_MS, postOutbound } from './outbound.ts';
import type { Outcome, OutboxRow } from './worker.ts';

/** How long a webhook may keep failing before it is disabled. */
export const DISABLE_AFTER_MS = 24 * 3600_000;

type WebhookRow = Selectable<WebhooksTable>;

/** The request a receiver gets for one message. */
export function signedRequest(secret: string, messageId: string, now: number, body: string) {
  const at = new Date(Math.floor(now / 1000) * 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now / 1000)),
    'webhook-signature': new Signer(secret).sign(messageId, at, body),
  };
}

export async function deliverWebhook(ctx: Ctx, row: OutboxRow): Promise<Outcome> {
  const scope = new FamilyScope(ctx.db.kysely, row.family_id, ctx.db.dialect);
  const hook = (await scope.selectFrom('webhooks').selectAll().where('id', '=', row.target_id).executeTakeFirst()) as WebhookRow | undefined;
  if (!hook || Number(hook.enabled) !== 1) return { result: 'drop', error: 'the webhook was deleted or disabled', dropTarget: true };

  const now = ctx.clock();
  const answer = await postOutbound(
    hook.url,
    { headers: signedRequest(hook.secret, row.message_id, now, row.payload), body: row.payload, timeoutMs: OUTBOUND_TIMEOUT_MS },
    ctx.config.outboundAllowPrivate,
  );
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const error = answer.error ?? (ok ? null : `the receiver answered ${answer.status}`);
  const after = ctx.clock();

  return scope.transaction(async (tx): Promise<Outcome> => {
    // Deleted while the request was out: nothing to record it against.
    const current = await tx.forUpdate(tx.selectFrom('webhooks').select(['enabled', 'failing_since']).where('id', '=', hook.id)).executeTakeFirst();
    if (!current) return { result: 'drop', error: 'the webhook was deleted', dropTarget: true };
    await tx
      .insertInto('webhook_deliveries', {
        webhook_id: hook.id,
        message_id: row.message_id,
        event_type: row.event_type,
        attempt: Number(row.attempts) + 1,
        at: now,
        status: answer.status,
        duration_ms: answer.durationMs,
        error: error === null ? null : error.slice(0, 500),
      })
      .execute();
    // Only the last attempts are kept: everything older than the 50th newest goes.
    await tx
      .deleteFrom('webhook_deliveries')
      .where('webhook_id', '=', hook.id)
      .where('seq', '<', (eb) =>
        eb.selectFrom('webhook_deliveries').select('seq').where('webhook_id', '=', hook.id).orderBy('seq', 'desc').limit(1).offset(KEPT_DELIVERIES - 1),
      )
      .execute();
    if (ok) {
      if (current.failing_since !== null) await tx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', hook.id).execute();
      return { result: 'sent' };
    }
    const since = current.failing_since === null ? null : Number(current.failing_since);
    if (since === null) {
      await tx.updateTable('webhooks').set({ failing_since: now }).where('id', '=', hook.id).execute();
    } else if (after - since >= DISABLE_AFTER_MS && Number(current.enabled) === 1) {
      const reason = `Deliveries failed for 24 hours (since ${new Date(since).toISOString()}); the last: ${error}`.slice(0, 500);
      await tx.updateTable('webhooks').set({ enabled: 0, disabled_at: after, disabled_reason: reason }).where('id', '=', hook.id).execute();
      await countEnabled(tx, -1);
      return { result: 'drop', error: reason, dropTarget: true };
    }
    return { result: 'retry', error: error ?? 'failed' };
  });
}
