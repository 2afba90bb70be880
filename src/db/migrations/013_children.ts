// Several children in one family (issue 25). The child made at sign-up becomes the family's
// primary child; its fields (name, date of birth, gender) move from the family's row to a
// `children` row, and every event and running feed timer is given to it.
// - children: (family_id, id) keyed like every family-owned table; names unique within a
//   family ignoring case (name_key, computed here and by the service with the same rule).
// - families.primary_child_id: the child every request that names none addresses.
// - families.children_version: bumped by triggers on any change to the family's children (and
//   to which is primary), so a process may keep the family's children under it (one read per
//   change, not one per request); families.version is bumped too, since what live status and
//   patterns derive depends on the child's date of birth and name.
// - events.child_id and feed_timers.child_id; feed timers are keyed (family_id, child_id), so
//   twins can be fed together, one timer each.
// - families.baby_name, dob, gender and the unused age_band_targets column are dropped (the
//   values live on the child now); family_name, time zone, region, units and plan stay.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { childNameKey } from '../../domain/children.ts';

const FAMILY_COLUMNS = ['family_name', 'timezone', 'region', 'units', 'plan', 'primary_child_id'];
const DROPPED = ['baby_name', 'dob', 'gender', 'age_band_targets'];

export function children(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('children')
        .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('dob', 'text', (c) => c.notNull())
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
        .addPrimaryKeyConstraint('children_pk', ['family_id', 'id'])
        .execute();
      await db.schema.createIndex('children_name').on('children').columns(['family_id', 'name_key']).unique().execute();
      await db.schema.alterTable('families').addColumn('primary_child_id', 'text').execute();
      await db.schema.alterTable('families').addColumn('children_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      // Every family's child, from its own row (names keyed in JS: SQL's lower() is ASCII-only
      // on SQLite).
      const families = await sql<{ id: string; baby_name: string; dob: string; gender: string; created_at: number }>`
        select id, baby_name, dob, gender, created_at from families`.execute(db);
      for (const f of families.rows) {
        const id = randomBytes(6).toString('hex');
        await sql`insert into children (family_id, id, name, name_key, dob, gender, archived, created_at)
          values (${f.id}, ${id}, ${f.baby_name}, ${childNameKey(f.baby_name)}, ${f.dob}, ${f.gender}, 0, ${f.created_at})`.execute(db);
        await sql`update families set primary_child_id = ${id} where id = ${f.id}`.execute(db);
      }

      if (dialect === 'sqlite') await upSqlite(db);
      else await upPostgres(db);

      await db.schema.createIndex('events_family_child_at').on('events').columns(['family_id', 'child_id', 'at']).execute();
      await db.schema.createIndex('events_family_child_type_at').on('events').columns(['family_id', 'child_id', 'type', 'at']).execute();
      // Every read by type now names the child; the family-wide reads (export, undo) use
      // (family_id, at) and (family_id, seq).
      await db.schema.dropIndex('events_family_type_at').execute();
    },
  };
}

async function upSqlite(db: Kysely<any>) {
  // The events' version triggers fire per row: moving a year of events to their child would
  // bump the family's version once per event. Off for the move (nothing caches during a
  // migration), then back.
  await sql.raw('DROP TRIGGER events_version_update').execute(db);
  await sql.raw("ALTER TABLE events ADD COLUMN child_id text NOT NULL DEFAULT ''").execute(db);
  await sql.raw('UPDATE events SET child_id = (SELECT primary_child_id FROM families WHERE families.id = events.family_id)').execute(db);
  await sql
    .raw('CREATE TRIGGER events_version_update AFTER UPDATE ON events FOR EACH ROW BEGIN UPDATE families SET version = version + 1 WHERE id = NEW.family_id; END')
    .execute(db);

  // feed_timers keyed by (family_id, child_id): SQLite changes a primary key by rebuilding.
  await sql.raw(`
    CREATE TABLE feed_timers_new (
      family_id text NOT NULL REFERENCES families(id) ON DELETE CASCADE,
      child_id text NOT NULL,
      started_at integer NOT NULL, side text NOT NULL, side_since integer NOT NULL,
      left_ms integer NOT NULL, right_ms integer NOT NULL, switched integer NOT NULL,
      started_by text NOT NULL, created_at integer NOT NULL,
      PRIMARY KEY (family_id, child_id))`).execute(db);
  await sql.raw(`
    INSERT INTO feed_timers_new
      SELECT t.family_id, f.primary_child_id, t.started_at, t.side, t.side_since, t.left_ms, t.right_ms, t.switched, t.started_by, t.created_at
      FROM feed_timers t JOIN families f ON f.id = t.family_id`).execute(db);
  await sql.raw('DROP TABLE feed_timers').execute(db);
  await sql.raw('ALTER TABLE feed_timers_new RENAME TO feed_timers').execute(db);

  // Every event and timer belongs to a child of its own family. SQLite cannot add a foreign
  // key to an existing table without rebuilding it (the events table is the big one), so
  // triggers check it: a log racing the deletion of its child fails rather than leaving an
  // event nobody can see.
  for (const t of ['events', 'feed_timers']) {
    for (const [op, when] of [['INSERT', 'INSERT'], ['UPDATE', 'UPDATE OF child_id']] as const) {
      await sql
        .raw(
          `CREATE TRIGGER ${t}_child_${op.toLowerCase()} BEFORE ${when} ON ${t} FOR EACH ROW ` +
            'WHEN NOT EXISTS (SELECT 1 FROM children WHERE children.family_id = NEW.family_id AND children.id = NEW.child_id) ' +
            "BEGIN SELECT RAISE(ABORT, 'child_not_found'); END",
        )
        .execute(db);
    }
  }

  for (const [t, bump] of [
    ['feed_timers', 'version = version + 1'],
    ['children', 'version = version + 1, children_version = children_version + 1'],
  ] as const) {
    for (const [op, row] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']] as const) {
      await sql
        .raw(`CREATE TRIGGER ${t}_version_${op.toLowerCase()} AFTER ${op} ON ${t} FOR EACH ROW BEGIN UPDATE families SET ${bump} WHERE id = ${row}.family_id; END`)
        .execute(db);
    }
  }

  // The family's own columns: the trigger naming the dropped ones goes first.
  await sql.raw('DROP TRIGGER families_version').execute(db);
  for (const c of DROPPED) await sql.raw(`ALTER TABLE families DROP COLUMN ${c}`).execute(db);
  await sql
    .raw(`CREATE TRIGGER families_version AFTER UPDATE OF ${FAMILY_COLUMNS.join(', ')} ON families FOR EACH ROW BEGIN UPDATE families SET version = version + 1 WHERE id = NEW.id; END`)
    .execute(db);
  await sql
    .raw('CREATE TRIGGER families_primary_child AFTER UPDATE OF primary_child_id ON families FOR EACH ROW BEGIN UPDATE families SET children_version = children_version + 1 WHERE id = NEW.id; END')
    .execute(db);
}

async function upPostgres(db: Kysely<any>) {
  await sql.raw(`
    ALTER TABLE events ADD COLUMN child_id text;
    UPDATE events SET child_id = families.primary_child_id FROM families WHERE families.id = events.family_id;
    ALTER TABLE events ALTER COLUMN child_id SET NOT NULL;

    ALTER TABLE feed_timers ADD COLUMN child_id text;
    UPDATE feed_timers SET child_id = families.primary_child_id FROM families WHERE families.id = feed_timers.family_id;
    ALTER TABLE feed_timers ALTER COLUMN child_id SET NOT NULL;
    ALTER TABLE feed_timers DROP CONSTRAINT feed_timers_pkey;
    ALTER TABLE feed_timers ADD CONSTRAINT feed_timers_pkey PRIMARY KEY (family_id, child_id);
    -- Every event and timer belongs to a child of its own family; a child with events cannot go.
    ALTER TABLE events ADD CONSTRAINT events_child_fk FOREIGN KEY (family_id, child_id) REFERENCES children (family_id, id);
    ALTER TABLE feed_timers ADD CONSTRAINT feed_timers_child_fk FOREIGN KEY (family_id, child_id) REFERENCES children (family_id, id) ON DELETE CASCADE;

    CREATE FUNCTION bump_family_children_new() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE families SET version = version + 1, children_version = children_version + 1 WHERE id IN (SELECT DISTINCT family_id FROM new_rows);
      RETURN NULL;
    END $$;
    CREATE FUNCTION bump_family_children_old() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE families SET version = version + 1, children_version = children_version + 1 WHERE id IN (SELECT DISTINCT family_id FROM old_rows);
      RETURN NULL;
    END $$;
    CREATE TRIGGER children_version_insert AFTER INSERT ON children REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_family_children_new();
    CREATE TRIGGER children_version_update AFTER UPDATE ON children REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_family_children_new();
    CREATE TRIGGER children_version_delete AFTER DELETE ON children REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_family_children_old();

    CREATE OR REPLACE FUNCTION bump_own_family_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.version = OLD.version AND (${FAMILY_COLUMNS.map((c) => `NEW.${c} IS DISTINCT FROM OLD.${c}`).join(' OR ')}) THEN
        NEW.version := OLD.version + 1;
      END IF;
      IF NEW.primary_child_id IS DISTINCT FROM OLD.primary_child_id AND NEW.children_version = OLD.children_version THEN
        NEW.children_version := OLD.children_version + 1;
      END IF;
      RETURN NEW;
    END $$;
    ${DROPPED.map((c) => `ALTER TABLE families DROP COLUMN ${c};`).join('\n    ')}
  `).execute(db);
}
