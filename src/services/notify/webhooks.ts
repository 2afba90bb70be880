// An admin's webhooks (issue 28): receivers of signed messages (Standard Webhooks) about what
// happens in the family's log. Managing them here; what they hear is routed by the data layer
// (db/domain-events.ts) and sent through the outbox by src/outbox/webhook-sender.ts. families.webhooks_on counts the enabled ones and is kept right in the same
// transaction as every change that enables or disables one (with the family's version bumped),
// so the log's hot path can tell from the family row it already holds whether anyone listens.
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import type { WebhooksTable, WebhookDeliveriesTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { checkOutboundUrl } from '../../domain/outbound-policy.ts';
import { newMessageId } from '../../db/outbox.ts';
import { eventsOf, WEBHOOK_EVENTS, type WebhookEvent } from '../../domain/webhook-events.ts';
import { t, type Text } from '../../i18n/text.ts';

export const MAX_WEBHOOKS = 10;
/** Attempts kept per webhook for the admin to read. */
export const KEPT_DELIVERIES = 50;

type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A Standard Webhooks secret: whsec_ and the base64 of 24 random bytes. */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function newWebhookId(): string {
  return `wh_${randomBytes(8).toString('hex')}`;
}

const iso = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

function present(row: WebhookRow, pending: number) {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row.events),
    enabled: Number(row.enabled) === 1,
    created_at: iso(row.created_at)!,
    created_by: row.created_by,
    failing_since: iso(row.failing_since),
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    pending,
  };
}

function presentDelivery(d: DeliveryRow) {
  const status = d.status === null ? null : Number(d.status);
  return {
    message_id: d.message_id,
    event_type: d.event_type,
    attempt: Number(d.attempt),
    at: iso(d.at)!,
    status,
    ok: status !== null && status >= 200 && status < 300,
    duration_ms: Number(d.duration_ms),
    error: d.error,
  };
}

/** A 400 naming the body field, as a schema mismatch names it. */
function fieldError(field: string, code: string, message: Text): AppError {
  return new AppError(400, code, message, { detail: [{ loc: ['body', field], msg: String(message), type: code }] });
}

/** Adds `delta` to the family's count of enabled webhooks and bumps its version, in `tx`. */
export async function countEnabled(tx: FamilyScope, delta: number): Promise<void> {
  await tx
    .updateFamily()
    .set((eb) => ({ webhooks_on: eb('webhooks_on', '+', delta), version: eb('version', '+', 1) }))
    .execute();
}

async function pendingOf(scope: FamilyScope, id: string): Promise<number> {
  const r = await scope.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'webhook').where('target_id', '=', id).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The webhook, locked for the rest of the transaction; 404 when the family has none by that id. */
async function lockedWebhook(tx: FamilyScope, id: string): Promise<WebhookRow> {
  const row = await tx.forUpdate(tx.selectFrom('webhooks').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!row) throw notFound(t('error.webhook_not_found', { id }));
  return row as WebhookRow;
}

export async function listWebhooks(ctx: Ctx, actor: Actor) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const rows = (await scope.selectFrom('webhooks').selectAll().orderBy('created_at').orderBy('id').execute()) as WebhookRow[];
  const webhooks = [];
  for (const row of rows) {
    const deliveries = (await scope
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', row.id)
      .orderBy('seq', 'desc')
      .limit(KEPT_DELIVERIES)
      .execute()) as DeliveryRow[];
    webhooks.push({ ...present(row, await pendingOf(scope, row.id)), deliveries: deliveries.map(presentDelivery) });
  }
  return { webhooks };
}

export async function createWebhook(ctx: Ctx, actor: Actor, input: { url: string; events: readonly string[] }) {
  requireAdmin(actor);
  const url = input.url.trim();
  const refused = checkOutboundUrl(url, ctx.config.outboundAllowPrivate);
  if (refused) throw fieldError('url', 'invalid_url', t('error.webhook_url_refused', { reason: refused }));
  const unknown = input.events.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown !== undefined || input.events.length === 0) {
    throw fieldError(
      'events',
      'invalid_events',
      unknown !== undefined ? t('error.webhook_event_unknown', { events: WEBHOOK_EVENTS.join(', '), unknown }) : t('error.webhook_events_none', { events: WEBHOOK_EVENTS.join(', ') }),
    );
  }
  const events = WEBHOOK_EVENTS.filter((e) => input.events.includes(e)) as WebhookEvent[];
  const scope = scopeOf(ctx, actor);
  const now = ctx.clock();
  const row: WebhookRow = {
    id: newWebhookId(),
    family_id: scope.familyId,
    url,
    events: JSON.stringify(events),
    secret: newSecret(),
    created_by: actor.username,
    created_at: now,
    enabled: 1,
    failing_since: null,
    disabled_at: null,
    disabled_reason: null,
  };
  await scope.transaction(async (tx) => {
    // Locking the family row first makes two creations at once count one after the other.
    await countEnabled(tx, 1);
    const count = await tx.count('webhooks');
    if (count >= MAX_WEBHOOKS) throw new AppError(409, 'webhook_limit', t('error.webhook_limit', { max: MAX_WEBHOOKS }));
    const { family_id: _f, ...values } = row;
    await tx.insertInto('webhooks', values).execute();
  });
  return { webhook: present(row, 0), secret: row.secret };
}

export async function rotateWebhookSecret(ctx: Ctx, actor: Actor, id: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const secret = newSecret();
  // The sender reads the secret at every attempt: messages already queued are signed with the new one.
  const row = await scope.transaction(async (tx) => {
    const r = await lockedWebhook(tx, id);
    await tx.updateTable('webhooks').set({ secret }).where('id', '=', id).execute();
    return { ...r, secret };
  });
  return { webhook: present(row, await pendingOf(scope, id)), secret };
}

export async function enableWebhook(ctx: Ctx, actor: Actor, id: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const row = await scope.transaction(async (tx) => {
    const r = await lockedWebhook(tx, id);
    const values = { enabled: 1, failing_since: null, disabled_at: null, disabled_reason: null };
    await tx.updateTable('webhooks').set(values).where('id', '=', id).execute();
    if (Number(r.enabled) !== 1) await countEnabled(tx, 1);
    return { ...r, ...values };
  });
  return { webhook: present(row, await pendingOf(scope, id)) };
}

export async function deleteWebhook(ctx: Ctx, actor: Actor, id: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  return scope.transaction(async (tx) => {
    const r = await lockedWebhook(tx, id);
    const pending = await pendingOf(tx, id);
    // Its queued messages go with it (the outbox does not reference webhooks by a foreign key).
    await tx.deleteFrom('outbox').where('kind', '=', 'webhook').where('target_id', '=', id).execute();
    await tx.deleteFrom('webhooks').where('id', '=', id).execute();
    if (Number(r.enabled) === 1) await countEnabled(tx, -1);
    return { status: 'ok' as const, removed: present(r, pending) };
  });
}

/** Queues a webhook.test message for this webhook only; the delivery shows in GET /api/vega/webhooks. */
export async function testWebhook(ctx: Ctx, actor: Actor, id: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const now = ctx.clock();
  const message_id = newMessageId();
  await scope.transaction(async (tx) => {
    const r = await lockedWebhook(tx, id);
    if (Number(r.enabled) !== 1) {
      throw new AppError(409, 'webhook_disabled', t('error.webhook_disabled'));
    }
    await tx.emit({ kind: 'webhook.test', at: now, webhookId: id, messageId: message_id });
  });
  return { status: 'ok' as const, message_id };
}
