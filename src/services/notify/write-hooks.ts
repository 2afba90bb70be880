// What a write tells the outside world, decided once per write from the family row it already
// holds: its webhooks (families.webhooks_on, issue 28) and its Home Assistant bridge
// (families.ha_on, issue 29). Whatever is told is written into the outbox in the write's own
// transaction (architecture.md, property 9) and sent by the worker after the commit; a family
// with neither queues nothing and pays nothing (on PostgreSQL its log stays one statement).
import type { Ctx } from '../context.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { enqueue } from './outbox.ts';
import { announce as announceToWebhooks, hasWebhooks, type WebhookEvent } from './webhook-events.ts';
import { nudge } from './worker.ts';

/** The outbox kind that publishes one child's state to Home Assistant. */
export const HA_STATE = 'ha_state';

/** Whether the family's Home Assistant bridge is on (and this service has a broker to publish to). */
export function hasHomeAssistant(ctx: Ctx, family: { ha_on?: number | null }): boolean {
  return Number(family.ha_on ?? 0) > 0 && ctx.config.mqtt.url !== null;
}

/**
 * Queues a publication of each child's state, in the caller's transaction. The sender
 * (home-assistant/state-sender.ts) publishes the state as it is when it runs and drops the
 * child's other queued rows it covered, so queuing one per change is cheap.
 */
export async function queueHomeAssistantState(tx: FamilyScope, now: number, childIds: readonly string[], messageId?: (childId: string) => string): Promise<void> {
  await enqueue(
    tx,
    now,
    childIds.map((id) => ({ kind: 'ha_state' as const, target_id: id, event_type: HA_STATE, payload: {}, ...(messageId ? { message_id: messageId(id) } : {}) })),
    { onceOnly: messageId !== undefined },
  );
}

export class WriteHooks {
  constructor(
    /** an enabled webhook: announce events */
    readonly webhooks: boolean,
    /** the Home Assistant bridge is on: queue the changed child's state */
    readonly homeAssistant: boolean,
  ) {}

  /** Someone listens: the write must run as a transaction that writes to the outbox. */
  get any(): boolean {
    return this.webhooks || this.homeAssistant;
  }

  /**
   * A change to `childId`'s log: `type` to the webhooks subscribed to it (with the data, built
   * only when a webhook will get it), and the child's state to Home Assistant.
   */
  async announce(tx: FamilyScope, now: number, type: WebhookEvent, childId: string, data: () => Record<string, unknown>): Promise<void> {
    await this.tellWebhooks(tx, now, type, childId, data);
    await this.stateChanged(tx, now, childId);
  }

  /** Only the webhooks (a second message about a change whose state is already queued). */
  async tellWebhooks(tx: FamilyScope, now: number, type: WebhookEvent, childId: string, data: () => Record<string, unknown>): Promise<void> {
    if (this.webhooks) await announceToWebhooks(tx, now, type, { child_id: childId, ...data() });
  }

  /** Only Home Assistant: something its state shows changed (a feed timer's side, a child's other log). */
  async stateChanged(tx: FamilyScope, now: number, childId: string): Promise<void> {
    if (this.homeAssistant) await queueHomeAssistantState(tx, now, [childId]);
  }

  /** After the commit: the worker sends what was queued at once. */
  committed(): void {
    if (this.any) nudge();
  }
}

/** The hooks of a write of this family, from its row (read with the credential, or afresh). */
export function writeHooks(ctx: Ctx, family: { webhooks_on?: number | null; ha_on?: number | null }): WriteHooks {
  return new WriteHooks(hasWebhooks(family), hasHomeAssistant(ctx, family));
}
