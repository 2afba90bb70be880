// Account recovery without e-mail (issue 14): an admin or the operator issues a one-hour,
// single-use reset link. Only the SHA-256 of the link's code is stored, so a copy of the
// database cannot be turned into working links. The row goes with its account (CASCADE).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function passwordResets(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('password_resets')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('expires_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('used_at', sql.raw(bigint))
        .execute();
      // A new link replaces the person's older unused ones: found by (family, user).
      await db.schema.createIndex('password_resets_user').on('password_resets').columns(['family_id', 'user_id']).execute();
    },
  };
}
