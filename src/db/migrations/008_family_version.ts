// A per-family version number, bumped by the database itself in the same transaction as any
// change to what live status and patterns are derived from: the family's events, its feed
// timer, its recipes, and its own row (time zone, date of birth, region…). A process may cache
// what it derived from a family's log under that version (src/services/insights/derived-cache.ts):
// every request reads the family row anyway, so a stale entry is never served, whichever
// process (or CLI, or import) made the change. Triggers rather than application code, so no
// write path can forget to bump it.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

const CHILD_TABLES = ['events', 'feed_timers', 'recipes'] as const;
// The family's own columns the derivations read (not version itself).
const FAMILY_COLUMNS = ['family_name', 'baby_name', 'dob', 'gender', 'timezone', 'region', 'units', 'plan', 'age_band_targets'];

export function familyVersion(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('families').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'sqlite') {
        // SQLite has row triggers only; recursive triggers are off, so the inner UPDATE of
        // families.version does not fire families_version again.
        for (const t of CHILD_TABLES) {
          for (const [op, row] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']] as const) {
            await sql
              .raw(
                `CREATE TRIGGER ${t}_version_${op.toLowerCase()} AFTER ${op} ON ${t} FOR EACH ROW BEGIN ` +
                  `UPDATE families SET version = version + 1 WHERE id = ${row}.family_id; END`,
              )
              .execute(db);
          }
        }
        await sql
          .raw(
            `CREATE TRIGGER families_version AFTER UPDATE OF ${FAMILY_COLUMNS.join(', ')} ON families FOR EACH ROW BEGIN ` +
              `UPDATE families SET version = version + 1 WHERE id = NEW.id; END`,
          )
          .execute(db);
        return;
      }
      // PostgreSQL: statement triggers with transition tables, so a bulk insert of 500 rows
      // bumps the version once, not 500 times; a BEFORE row trigger on families bumps it when
      // the family's own columns change.
      await sql
        .raw(`
          CREATE FUNCTION bump_family_version_new() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            UPDATE families SET version = version + 1 WHERE id IN (SELECT DISTINCT family_id FROM new_rows);
            RETURN NULL;
          END $$;
          CREATE FUNCTION bump_family_version_old() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            UPDATE families SET version = version + 1 WHERE id IN (SELECT DISTINCT family_id FROM old_rows);
            RETURN NULL;
          END $$;
          CREATE FUNCTION bump_own_family_version() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.version = OLD.version AND (${FAMILY_COLUMNS.map((c) => `NEW.${c} IS DISTINCT FROM OLD.${c}`).join(' OR ')}) THEN
              NEW.version := OLD.version + 1;
            END IF;
            RETURN NEW;
          END $$;
          CREATE TRIGGER families_version BEFORE UPDATE ON families FOR EACH ROW EXECUTE FUNCTION bump_own_family_version();
        `)
        .execute(db);
      for (const t of CHILD_TABLES) {
        await sql
          .raw(`
            CREATE TRIGGER ${t}_version_insert AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows
              FOR EACH STATEMENT EXECUTE FUNCTION bump_family_version_new();
            CREATE TRIGGER ${t}_version_update AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS new_rows
              FOR EACH STATEMENT EXECUTE FUNCTION bump_family_version_new();
            CREATE TRIGGER ${t}_version_delete AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows
              FOR EACH STATEMENT EXECUTE FUNCTION bump_family_version_old();
          `)
          .execute(db);
      }
    },
  };
}
