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
      // Sessions made before this migration get an id. The releases before it kept no record of
      // a session's last use, so its idle clock starts now, at the upgrade: starting it at the
      // session's creation signed out everyone who signed in 14 to 30 days before upgrading,
      // however recently they had used it (issue 24).
      const rand = dialect === 'postgres' ? sql`md5(random()::text || id_hash)` : sql`lower(hex(randomblob(12)))`;
      await sql`update sessions set public_id = ${rand}, last_seen_at = ${Date.now()}`.execute(db);
      await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();
    },
  };
}
