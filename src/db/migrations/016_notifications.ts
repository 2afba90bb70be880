// Reminders, Web Push and webhooks (issue 28). Everything that leaves the service goes through
// `outbox`: a row is written in the same transaction as the change that caused it, and a worker
// sends it after the commit (architecture.md, property 9), so a crash loses nothing committed
// and no write waits on another system.
// - webhooks: an admin's receiver (url, the event names it wants, its signing secret: HMAC needs
//   the secret itself, so it is stored as given and never shown again after creation or
//   rotation), and whether it still works (failing_since, disabled_at);
// - webhook_deliveries: the last attempts per webhook (status, duration, error), for the admin;
// - outbox: one row per message and destination (a webhook, or one push subscription); delivered
//   or abandoned rows are removed. A worker leases a row (lease_until) before sending, so two
//   processes never send the same row at once; message_id is the receiver's dedupe key.
// - push_subscriptions: a caregiver's browser (endpoint and its keys), removed with the session
//   or token it was made with, with the member, or when the push service says it is gone;
// - service_keys: keys the service makes for itself at first start (the VAPID key pair);
// - reminder_settings: one caregiver's reminders (JSON: which, thresholds, quiet hours);
// - reminders_sent: one row per reminder occurrence and caregiver: the unique key is what makes
//   a reminder fire once however many processes look at the same moment.
// families.webhooks_on counts the family's enabled webhooks, so the log's hot path knows from
// the family row it already holds whether a write has anyone to tell.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function notifications(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const family = (c: any) => c.notNull().references('families.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('families').addColumn('webhooks_on', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', family)
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('failing_since', sql.raw(bigint))
        .addColumn('disabled_at', sql.raw(bigint))
        .addColumn('disabled_reason', 'text')
        .execute();
      await db.schema.createIndex('webhooks_family').on('webhooks').columns(['family_id']).execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('seq', sql.raw(serial), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('family_id', 'text', family)
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'seq']).execute();

      await db.schema
        .createTable('outbox')
        .addColumn('seq', sql.raw(serial), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('family_id', 'text', family)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('lease_until', sql.raw(bigint))
        .addColumn('lease_owner', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['next_attempt_at']).execute();
      await db.schema.createIndex('outbox_target').on('outbox').columns(['target_id', 'seq']).execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', family)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_hash', 'text', (c) => c.references('sessions.id_hash').onDelete('cascade'))
        .addColumn('token_id', 'text', (c) => c.references('tokens.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id']).execute();

      await db.schema
        .createTable('service_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('reminder_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', family)
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reminder_settings_family').on('reminder_settings').columns(['family_id']).execute();

      await db.schema
        .createTable('reminders_sent')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('occurrence', 'text', (c) => c.notNull())
        .addColumn('family_id', 'text', family)
        .addColumn('at', sql.raw(bigint), (c) => c.notNull())
        .addPrimaryKeyConstraint('reminders_sent_pk', ['user_id', 'occurrence'])
        .execute();
      await db.schema.createIndex('reminders_sent_at').on('reminders_sent').columns(['at']).execute();
    },
  };
}
