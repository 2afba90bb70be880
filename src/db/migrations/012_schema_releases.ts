// Which release applied each migration (issue 24). Kysely's own table records only names, so a
// database upgraded by a newer release and then opened by an older one could only say
// "corrupted migrations". With this table, from this release on, the older release names the
// newer one and refuses the database with a message saying how to roll back (db/migrate.ts).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function schemaReleases(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('schema_releases')
        .addColumn('migration', 'text', (c) => c.primaryKey())
        .addColumn('release', 'text', (c) => c.notNull())
        .addColumn('applied_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
    },
  };
}
