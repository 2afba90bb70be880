// The outbox's rows without a foreign key to their family (issue 37). What a family had in Home
// Assistant is cleared through the outbox after the family is deleted, so that row must outlive
// the family: a crash after the deletion's commit, or another process's bridge, still clears it.
// Nothing else of a deleted family stays: its deletion removes its other outbox rows in the same
// transaction (db/domain-events.ts, family.removed), and a sender drops a row whose webhook,
// browser or child is gone. PostgreSQL drops the constraint; SQLite changes a table's foreign
// keys by rebuilding it (same columns, same indexes).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function outboxOutlivesFamily(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await sql`ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_family_id_fkey`.execute(db);
      else await rebuildWithoutForeignKey(db);
      // A family's rows (its deletion and its Home Assistant turned off remove them).
      await db.schema.createIndex('outbox_family').on('outbox').columns(['family_id']).execute();
    },
  };
}

async function rebuildWithoutForeignKey(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE outbox_new (
    seq integer PRIMARY KEY AUTOINCREMENT,
    family_id text NOT NULL,
    kind text NOT NULL,
    target_id text NOT NULL,
    message_id text NOT NULL,
    event_type text NOT NULL,
    payload text NOT NULL,
    created_at integer NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at integer NOT NULL,
    lease_until integer,
    lease_owner text,
    last_error text)`.execute(db);
  await sql`INSERT INTO outbox_new (seq, family_id, kind, target_id, message_id, event_type, payload, created_at, attempts, next_attempt_at, lease_until, lease_owner, last_error)
    SELECT seq, family_id, kind, target_id, message_id, event_type, payload, created_at, attempts, next_attempt_at, lease_until, lease_owner, last_error FROM outbox`.execute(db);
  // AUTOINCREMENT's high-water mark carries over: a seq is never drawn twice.
  await sql`DELETE FROM sqlite_sequence WHERE name = 'outbox_new'`.execute(db);
  await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox'`.execute(db);
  await sql`DROP TABLE outbox`.execute(db);
  await sql`ALTER TABLE outbox_new RENAME TO outbox`.execute(db);
  await db.schema.createIndex('outbox_due').on('outbox').columns(['next_attempt_at']).execute();
  await db.schema.createIndex('outbox_target').on('outbox').columns(['target_id', 'seq']).execute();
  await db.schema.createIndex('outbox_target_message').on('outbox').columns(['target_id', 'message_id']).unique().execute();
}
