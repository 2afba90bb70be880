// One export per family at a time, across processes: a lease row per family, claimed with an
// upsert that only succeeds when no live lease is there, renewed while the export streams and
// removed at its end (a process that dies leaves a lease that simply runs out).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function exportLease(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('export_leases')
        .addColumn('family_id', 'text', (c) => c.primaryKey().references('families.id').onDelete('cascade'))
        .addColumn('expires_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
    },
  };
}
