// Brings a database to the current schema with Kysely's Migrator. The dialect is passed in
// explicitly (not sniffed from the driver) because a few column types differ per engine.
//
// Each migration this release applies is recorded with the release's version
// (schema_releases), so that a database upgraded by a newer release and then opened by this
// one (a rollback without restoring the backup) is refused with a message naming both
// releases, before anything touches it. docs/operations.md: Upgrading, Rolling back.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.ts';
import { RELEASE_VERSION } from '../version.ts';
import { initial } from './migrations/001_initial.ts';
import { eventsSeqIndex } from './migrations/002_events_seq_index.ts';
import { tokenLabelPerUser } from './migrations/003_token_label_per_user.ts';
import { idempotencyRequestHash } from './migrations/004_idempotency_request_hash.ts';
import { tokenParent } from './migrations/005_token_parent.ts';
import { feedTimer } from './migrations/006_feed_timer.ts';
import { accessLifecycle } from './migrations/007_access_lifecycle.ts';
import { familyVersion } from './migrations/008_family_version.ts';
import { exportLease } from './migrations/010_export_lease.ts';
import { passwordResets } from './migrations/011_password_resets.ts';
import { schemaReleases } from './migrations/012_schema_releases.ts';
import { children } from './migrations/013_children.ts';
import { moreEventTypes } from './migrations/014_more_event_types.ts';
import { timezoneSetAt } from './migrations/015_timezone_set_at.ts';
import { notifications } from './migrations/016_notifications.ts';
import { homeAssistant } from './migrations/017_home_assistant.ts';
import { outboxOutlivesFamily } from './migrations/018_outbox_outlives_family.ts';
import { caregiverPreferences } from './migrations/019_caregiver_preferences.ts';

/** Every migration of this release, by name (applied in name order). */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001_initial': initial(db.dialect),
    '002_events_seq_index': eventsSeqIndex,
    '003_token_label_per_user': tokenLabelPerUser,
    '004_idempotency_request_hash': idempotencyRequestHash,
    '005_token_parent': tokenParent,
    '006_feed_timer': feedTimer(db.dialect),
    '007_access_lifecycle': accessLifecycle(db.dialect),
    '008_family_version': familyVersion(db.dialect),
    '010_export_lease': exportLease(db.dialect),
    '011_password_resets': passwordResets(db.dialect),
    '012_schema_releases': schemaReleases(db.dialect),
    '013_children': children(db.dialect),
    '014_more_event_types': moreEventTypes(db.dialect),
    '015_timezone_set_at': timezoneSetAt(db.dialect),
    '016_notifications': notifications(db.dialect),
    '017_home_assistant': homeAssistant(db.dialect),
    '018_outbox_outlives_family': outboxOutlivesFamily(db.dialect),
    '019_caregiver_preferences': caregiverPreferences,
  };
}

export function migratorFor(db: Db): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  return new Migrator({ db: db.kysely, provider });
}

/** A database whose schema is ahead of this release: refused, never touched. */
export class SchemaTooNewError extends Error {}

export interface AppliedMigration {
  name: string;
  /** ISO time it was applied */
  applied_at: string;
  /** the release that applied it; null for migrations applied before releases were recorded */
  release: string | null;
}

export interface MigrationStatus {
  applied: AppliedMigration[];
  pending: string[];
  /** applied by a newer release: this release does not know them */
  unknown: AppliedMigration[];
}

async function tableNames(db: Db): Promise<Set<string>> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  return new Set(tables.map((t) => t.name));
}

/** What is applied and what is pending, without changing anything. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const known = Object.keys(migrationsFor(db)).sort();
  const tables = await tableNames(db);
  if (!tables.has('kysely_migration')) return { applied: [], pending: known, unknown: [] };
  const executed = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db.kysely);
  const releases = new Map<string, string>();
  if (tables.has('schema_releases')) {
    const rows = await db.kysely.selectFrom('schema_releases').select(['migration', 'release']).execute();
    for (const r of rows) releases.set(r.migration, r.release);
  }
  const done = new Set(executed.rows.map((r) => r.name));
  const rows = executed.rows.map((r) => ({ name: r.name, applied_at: r.timestamp, release: releases.get(r.name) ?? null }));
  return {
    applied: rows.filter((r) => known.includes(r.name)),
    pending: known.filter((n) => !done.has(n)),
    unknown: rows.filter((r) => !known.includes(r.name)),
  };
}

/** The refusal an older release gives a database a newer one has upgraded. */
export function tooNewMessage(unknown: AppliedMigration[], release: string = RELEASE_VERSION): string {
  const newer = [...new Set(unknown.map((u) => u.release).filter((r): r is string => r !== null))];
  const by = newer.length ? `release ${newer.join(', ')}` : 'a newer release';
  return (
    `This database was upgraded by ${by} (migration ${unknown.map((u) => u.name).join(', ')}), ` +
    `which this release (${release}) does not know. Run ${newer.length ? `release ${newer[newer.length - 1]} or newer` : 'that release'}, ` +
    'or restore the backup taken before the upgrade (docs/operations.md, "Rolling back").'
  );
}

/** Applies every pending migration; returns their names (empty when the schema was current). */
export async function migrate(db: Db): Promise<string[]> {
  const status = await migrationStatus(db);
  if (status.unknown.length) throw new SchemaTooNewError(tooNewMessage(status.unknown));
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length) {
    const now = Date.now();
    await db.kysely
      .insertInto('schema_releases')
      .values(applied.map((migration) => ({ migration, release: RELEASE_VERSION, applied_at: now })))
      .onConflict((oc) => oc.column('migration').doNothing())
      .execute();
  }
  return applied;
}
