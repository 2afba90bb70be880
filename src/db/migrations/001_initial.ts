// The whole first schema. Every family-owned table leads with family_id in its key, so a
// distributed PostgreSQL can shard by it and every lookup is an index range within a family.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function initial(dialect: Dialect) {
  // SQLite needs INTEGER PRIMARY KEY AUTOINCREMENT for a row counter; PostgreSQL an identity.
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('families')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('family_name', 'text', (c) => c.notNull())
        .addColumn('baby_name', 'text', (c) => c.notNull())
        .addColumn('dob', 'text', (c) => c.notNull())
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('units', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('age_band_targets', 'text', (c) => c.notNull())
        .addColumn('acquisition', 'text')
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_family').on('users').columns(['family_id', 'username']).unique().execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('expires_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_family').on('sessions').columns(['family_id', 'user_id']).execute();

      await db.schema
        .createTable('tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tokens_family_label').on('tokens').columns(['family_id', 'label']).unique().execute();

      await db.schema
        .createTable('invites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('expires_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('used_at', sql.raw(bigint))
        .addColumn('used_by', 'text')
        .addColumn('revoked_at', sql.raw(bigint))
        .execute();
      await db.schema.createIndex('invites_family').on('invites').columns(['family_id', 'created_at']).execute();

      await db.schema
        .createTable('events')
        // SQLite hands out an autoincrement only to its INTEGER PRIMARY KEY; on PostgreSQL the
        // key is (family_id, id) so the table can be distributed by family, and seq is a sequence.
        .addColumn('seq', sql.raw(serial), (c) => (dialect === 'postgres' ? c.notNull() : c.primaryKey().autoIncrement()))
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('ts', 'text', (c) => c.notNull())
        .addColumn('at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('zone', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('ml', 'integer')
        .addColumn('kind', 'text')
        .addColumn('foods', 'text')
        .addColumn('meal_type', 'text')
        .addColumn('kg', 'real')
        .addColumn('cm', 'real')
        .addColumn('ug', 'integer')
        .addColumn('note', 'text')
        .addColumn('reactions', 'text')
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') {
        await sql`alter table events add constraint events_pk primary key (family_id, id)`.execute(db);
      } else {
        await db.schema.createIndex('events_family_id').on('events').columns(['family_id', 'id']).unique().execute();
      }
      await db.schema.createIndex('events_family_at').on('events').columns(['family_id', 'at']).execute();
      await db.schema.createIndex('events_family_type_at').on('events').columns(['family_id', 'type', 'at']).execute();

      await db.schema
        .createTable('recipes')
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('ingredients', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addPrimaryKeyConstraint('recipes_pk', ['family_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('notes')
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('ts', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addPrimaryKeyConstraint('notes_pk', ['family_id', 'ts'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_pk', ['family_id', 'scope', 'key'])
        .execute();

      // Fixed-window counters for throttles, rate limits and usage quotas. The bucket names
      // the subject (e.g. "login:ip:1.2.3.4", "mcp:<token id>", "ask:day:<family>:<date>").
      await db.schema
        .createTable('counters')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', sql.raw(bigint), (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('counters_pk', ['bucket', 'window_start'])
        .execute();

      await db.schema
        .createTable('analytics_events')
        .addColumn('id', sql.raw(serial), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('props', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
    },
  };
}
