// Taking access back (issue 14): tokens that expire and say when they were last used; sessions
// with an opaque public id (to list and revoke them; the cookie's secret and its hash are never
// shown), when they were last seen (idle timeout) and the browser that made them.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function accessLifecycle(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tokens').addColumn('last_used_at', sql.raw(bigint)).execute();
      await db.schema.alterTable('tokens').addColumn('expires_at', sql.raw(bigint)).execute();
      await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('last_seen_at', sql.raw(bigint)).execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
      // Sessions made before this migration get an id and count as seen when they were made.
      const rand = dialect === 'postgres' ? sql`md5(random()::text || id_hash)` : sql`lower(hex(randomblob(12)))`;
      await sql`update sessions set public_id = ${rand}, last_seen_at = created_at`.execute(db);
      await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();
    },
  };
}
