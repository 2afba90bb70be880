// The rest of a baby's day (issue 26): temperature, medicine given, pumping, head
// circumference, activities and milestones. The new types reuse the columns that mean the
// same thing (ml for pumping, cm for head circumference, kind for an activity, side and
// duration_min for pumping and activities); what no existing column means gets its own:
// - celsius (real): a temperature, as sent in °C or converted from °F unrounded, so a reading
//   sent in °F reads back exactly; method (text): how it was taken;
// - medicine (text), amount (real), unit (text): a dose a caregiver gave;
// - title (text): a milestone.
// And `medicines`: the family's own settings for the medicines it gives (minimum hours between
// doses, most doses in 24 hours, as written on the packet or prescription; the service never
// supplies either). Live status reads them, so a change bumps the family's version like a
// change to its recipes (migration 008).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

const NEW_COLUMNS = [
  ['celsius', 'real'],
  ['method', 'text'],
  ['medicine', 'text'],
  ['amount', 'real'],
  ['unit', 'text'],
  ['title', 'text'],
] as const;

export function moreEventTypes(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      // Nullable columns without defaults: on both engines adding one rewrites nothing.
      for (const [name, type] of NEW_COLUMNS) await db.schema.alterTable('events').addColumn(name, type).execute();

      await db.schema
        .createTable('medicines')
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('min_hours', 'real')
        .addColumn('max_per_24h', 'integer')
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addPrimaryKeyConstraint('medicines_pk', ['family_id', 'name_key'])
        .execute();

      if (dialect === 'sqlite') {
        for (const [op, row] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']] as const) {
          await sql
            .raw(
              `CREATE TRIGGER medicines_version_${op.toLowerCase()} AFTER ${op} ON medicines FOR EACH ROW BEGIN ` +
                `UPDATE families SET version = version + 1 WHERE id = ${row}.family_id; END`,
            )
            .execute(db);
        }
        return;
      }
      // The statement-level functions migration 008 made for the log's tables.
      await sql
        .raw(`
          CREATE TRIGGER medicines_version_insert AFTER INSERT ON medicines REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION bump_family_version_new();
          CREATE TRIGGER medicines_version_update AFTER UPDATE ON medicines REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION bump_family_version_new();
          CREATE TRIGGER medicines_version_delete AFTER DELETE ON medicines REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION bump_family_version_old();
        `)
        .execute(db);
    },
  };
}
