// Breastfeeding detail and the shared feed timer (issue 12).
// - events.side / events.duration_min: which breast and how long, on milk events only.
// - events.last_side: internal, not part of the API: the side a "both" feed ended on, so the
//   next caregiver is told to start on the other one.
// - feed_timers: at most one running feed per family. The primary key is the family id, so two
//   caregivers pressing Start at once cannot both win, on SQLite or PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

export function feedTimer(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('events').addColumn('side', 'text').execute();
      await db.schema.alterTable('events').addColumn('duration_min', 'integer').execute();
      await db.schema.alterTable('events').addColumn('last_side', 'text').execute();
      await db.schema
        .createTable('feed_timers')
        .addColumn('family_id', 'text', (c) => c.primaryKey().references('families.id').onDelete('cascade'))
        .addColumn('started_at', sql.raw(bigint), (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('side_since', sql.raw(bigint), (c) => c.notNull())
        .addColumn('left_ms', sql.raw(bigint), (c) => c.notNull())
        .addColumn('right_ms', sql.raw(bigint), (c) => c.notNull())
        .addColumn('switched', 'integer', (c) => c.notNull())
        .addColumn('started_by', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .execute();
    },
  };
}
