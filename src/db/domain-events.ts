// From what happened to who hears it: the routing of the domain events a service emits on its
// transaction (FamilyScope.emit; the events are domain/domain-events.ts) into outbox rows, in
// that same transaction (architecture.md, property 9). The listeners switched on are read from
// the family's row: the one the request already holds when the service passes it to
// transaction() (so a family with no webhooks and Home Assistant off pays no query for its
// logs), else read once, at the first event that needs it. Only the worker (src/outbox/)
// sends; after a commit that wrote rows, FamilyScope.transaction wakes it.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { DomainEvent, PushMessage, Routed } from '../domain/domain-events.ts';
import { eventsOf, TEST_EVENT, webhookBody, type WebhookEvent } from '../domain/webhook-events.ts';
import { enqueue, newMessageId } from './outbox.ts';

/** What of the family's row says who listens (families.webhooks_on, families.ha_on). */
export interface ListenerFlags {
  webhooks_on?: number | string | null;
  ha_on?: number | string | null;
}

/** Whether anything listens to the family's log changes: without, a log needs no transaction of its own. */
export function anyListener(family: ListenerFlags): boolean {
  return Number(family.webhooks_on ?? 0) > 0 || Number(family.ha_on ?? 0) > 0;
}

/** The outbox event_type of Home Assistant rows: a family's configs follow its state now, or a removed family's are cleared. */
export const HA_CONFIG_CHANGED = 'family.changed';
export const HA_CONFIG_REMOVED = 'family.removed';
export const HA_STATE = 'ha_state';

/**
 * One transaction's events: created by FamilyScope.transaction and shared by every scope bound
 * to that transaction (wholeLog, forChild), so the listeners are read once and a child's state
 * is queued once however many changes it had.
 */
export class TransactionEvents {
  private flags: { webhooks: boolean; homeAssistant: boolean } | null;
  private readonly statesQueued = new Set<string>();
  /** whether an outbox row was written (the worker is woken after the commit) */
  wrote = false;

  constructor(
    private readonly familyId: string,
    known: ListenerFlags | null,
  ) {
    this.flags = known ? flagsOf(known) : null;
  }

  private async listeners(k: Kysely<Database>) {
    if (this.flags) return this.flags;
    const row = await k.selectFrom('families').select(['webhooks_on', 'ha_on']).where('id', '=', this.familyId).executeTakeFirst();
    this.flags = flagsOf(row ?? {});
    return this.flags;
  }

  /** Writes the outbox rows of `e` for the listeners switched on, on `k` (the transaction). */
  async route(k: Kysely<Database>, e: DomainEvent): Promise<Routed> {
    const routed: Routed = { webhooks: 0, push: 0 };
    switch (e.kind) {
      case 'event.created':
      case 'event.edited':
      case 'event.deleted': {
        const on = await this.listeners(k);
        if (on.webhooks) routed.webhooks = await this.toWebhooks(k, e.at, e.kind, () => ({ child_id: e.childId, ...e.data() }));
        if (on.homeAssistant) await this.statesChanged(k, e.at, e.alsoChangedChildId ? [e.childId, e.alsoChangedChildId] : [e.childId]);
        break;
      }
      case 'event.reacted':
        if ((await this.listeners(k)).webhooks) routed.webhooks = await this.toWebhooks(k, e.at, 'event.edited', () => ({ child_id: e.childId, ...e.data() }));
        break;
      case 'feed_timer.started':
      case 'feed_timer.stopped': {
        const on = await this.listeners(k);
        if (on.webhooks) routed.webhooks = await this.toWebhooks(k, e.at, e.kind, () => ({ child_id: e.childId, ...e.data() }));
        if (on.homeAssistant) await this.statesChanged(k, e.at, [e.childId]);
        break;
      }
      case 'feed_timer.switched':
        if ((await this.listeners(k)).homeAssistant) await this.statesChanged(k, e.at, [e.childId]);
        break;
      case 'reminder.fired':
        routed.push = await this.toBrowsers(k, e.at, e.userId, 'reminder', e.push);
        // Read here, not from a row held since the pass began: a webhook enabled meanwhile hears it.
        routed.webhooks = await this.toWebhooks(k, e.at, 'reminder.fired', () => ({ child_id: e.childId, ...e.data() }));
        break;
      case 'push.test':
        routed.push = await this.toBrowsers(k, e.at, e.userId, 'push.test', e.push);
        break;
      case 'webhook.test':
        await this.write(k, e.at, [
          { kind: 'webhook', target_id: e.webhookId, event_type: TEST_EVENT, message_id: e.messageId, payload: webhookBody(TEST_EVENT, e.at, { family_id: this.familyId, webhook_id: e.webhookId }) },
        ]);
        routed.webhooks = 1;
        break;
      case 'children.changed':
        if ((await this.listeners(k)).homeAssistant) await this.devicesChanged(k, e.at, e.deletedChildId ? [e.deletedChildId] : []);
        break;
      case 'home_assistant.switched':
        if (!e.enabled) {
          // States queued but not yet published have nowhere to go once it is off.
          await k.deleteFrom('outbox').where('family_id', '=', this.familyId).where('kind', '=', 'ha_state').execute();
        }
        this.flags = { ...(await this.listeners(k)), homeAssistant: e.enabled };
        await this.devicesChanged(k, e.at, []);
        break;
      case 'family.removed':
        // Nothing queued for the family goes out any more (its webhooks and browsers are gone with it)…
        await k.deleteFrom('outbox').where('family_id', '=', this.familyId).execute();
        // …but what Home Assistant has of it is cleared (the row outlives the family: migration 018).
        if (e.homeAssistant) {
          await this.write(k, e.at, [
            { kind: 'ha_config', target_id: this.familyId, event_type: HA_CONFIG_REMOVED, payload: { topic_key: e.homeAssistant.topicKey, child_ids: e.homeAssistant.childIds } },
          ]);
        }
        break;
    }
    return routed;
  }

  private async write(k: Kysely<Database>, now: number, msgs: Parameters<typeof enqueue>[3], opts?: { onceOnly?: boolean }): Promise<void> {
    if (msgs.length === 0) return;
    await enqueue(k, this.familyId, now, msgs, opts);
    this.wrote = true;
  }

  /**
   * `type` to every enabled webhook of the family that subscribes to it, all under one message
   * id (the receiver's dedupe key). Read inside the transaction, after the write that locked the
   * family row, so a webhook enabled or removed concurrently is seen as committed.
   */
  private async toWebhooks(k: Kysely<Database>, now: number, type: WebhookEvent, data: () => Record<string, unknown>): Promise<number> {
    const hooks = await k
      .selectFrom('webhooks')
      .select(['id', 'events'])
      .where('family_id', '=', this.familyId)
      .where('enabled', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const targets = hooks.filter((h) => eventsOf(h.events).includes(type));
    if (targets.length === 0) return 0;
    const payload = webhookBody(type, now, { family_id: this.familyId, ...data() });
    const message_id = newMessageId();
    await this.write(k, now, targets.map((h) => ({ kind: 'webhook' as const, target_id: h.id, event_type: type, payload, message_id })));
    return targets.length;
  }

  /** One push message per browser the caregiver subscribed. */
  private async toBrowsers(k: Kysely<Database>, now: number, userId: string, eventType: string, push: PushMessage): Promise<number> {
    const subs = await k
      .selectFrom('push_subscriptions')
      .select('id')
      .where('family_id', '=', this.familyId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const payload: PushMessage = { title: push.title, body: push.body, tag: push.tag };
    await this.write(k, now, subs.map((s) => ({ kind: 'push' as const, target_id: s.id, event_type: eventType, payload })));
    return subs.length;
  }

  /**
   * A publication of each child's state, once per transaction. The sender publishes the state
   * as it is when it runs and drops the child's other queued rows it covered, so one per change
   * is cheap.
   */
  private async statesChanged(k: Kysely<Database>, now: number, childIds: readonly string[]): Promise<void> {
    const fresh = childIds.filter((id) => !this.statesQueued.has(id));
    for (const id of fresh) this.statesQueued.add(id);
    await this.write(k, now, fresh.map((id) => ({ kind: 'ha_state' as const, target_id: id, event_type: HA_STATE, payload: {} })));
  }

  /**
   * The family's discovery configs (published or cleared as the family is when the row is
   * sent: target the family, so its changes go out in order) and, while it is on, each current
   * child's state.
   */
  private async devicesChanged(k: Kysely<Database>, now: number, deletedChildIds: readonly string[]): Promise<void> {
    await this.write(k, now, [{ kind: 'ha_config', target_id: this.familyId, event_type: HA_CONFIG_CHANGED, payload: { deleted_child_ids: deletedChildIds } }]);
    if (!(await this.listeners(k)).homeAssistant) return;
    const children = await k.selectFrom('children').select('id').where('family_id', '=', this.familyId).where('archived', '=', 0).orderBy('created_at').orderBy('name_key').execute();
    await this.statesChanged(k, now, children.map((c) => c.id));
  }
}

function flagsOf(f: ListenerFlags) {
  return { webhooks: Number(f.webhooks_on ?? 0) > 0, homeAssistant: Number(f.ha_on ?? 0) > 0 };
}
