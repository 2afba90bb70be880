// What happened, as a service records it on the transaction of the change (FamilyScope.emit):
// the one seam between a write and everything that leaves the service after it
// (architecture.md, property 9). A service says what happened; the data layer
// (db/domain-events.ts) decides who hears it (webhooks, Web Push, Home Assistant's state and
// discovery configs) from the family's row, writes their outbox rows in the same transaction,
// and wakes the worker after the commit. Data that costs something to build is a function,
// called only when a listener will get it.

/** A Web Push notification: the child's first name, one line, and a tag (nothing else of the family goes out). */
export interface PushMessage {
  title: string;
  body: string;
  /** the reminder occurrence, or 'test': a newer notification with the same tag replaces the older */
  tag: string;
}

type Data = () => Record<string, unknown>;

export type DomainEvent =
  /** a change to a child's log: the webhooks subscribed to it, and the child's state in Home Assistant */
  | {
      kind: 'event.created' | 'event.edited' | 'event.deleted';
      at: number;
      childId: string;
      /** the webhook message's data (child_id is added) */
      data: Data;
      /** another child whose log changed too (an entry moved away from it) */
      alsoChangedChildId?: string;
    }
  /** a reaction on an entry: webhooks hear event.edited; nothing Home Assistant shows changed */
  | { kind: 'event.reacted'; at: number; childId: string; data: Data }
  | { kind: 'feed_timer.started' | 'feed_timer.stopped'; at: number; childId: string; data: Data }
  /** the breast a running feed is on changed: only Home Assistant shows it */
  | { kind: 'feed_timer.switched'; at: number; childId: string }
  /** a reminder came due for a caregiver: a push to each of their browsers, and reminder.fired to the webhooks */
  | { kind: 'reminder.fired'; at: number; childId: string; userId: string; push: PushMessage; data: Data }
  /** POST /api/vega/push/test: a push to each of the caregiver's browsers */
  | { kind: 'push.test'; at: number; userId: string; push: PushMessage }
  /** POST /api/vega/webhooks/test: one message to that webhook only, under the id the caller is answered with */
  | { kind: 'webhook.test'; at: number; webhookId: string; messageId: string }
  /**
   * What Home Assistant shows of the family's children changed: a child added, renamed,
   * archived or back, deleted (deletedChildId), made primary; the family's units or zone.
   */
  | { kind: 'children.changed'; at: number; deletedChildId?: string }
  /** The family turned its Home Assistant bridge on or off. */
  | { kind: 'home_assistant.switched'; at: number; enabled: boolean }
  /** The family was deleted (its rows are gone): what it had in Home Assistant is cleared. */
  | { kind: 'family.removed'; at: number; homeAssistant: { topicKey: string; childIds: readonly string[] } | null };

/** How many messages the event was queued as, per kind of listener. */
export interface Routed {
  webhooks: number;
  push: number;
}
