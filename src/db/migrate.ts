// Brings a database to the current schema with Kysely's Migrator. The dialect is passed in
// explicitly (not sniffed from the driver) because a few column types differ per engine.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.ts';
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

function migrationsFor(db: Db): Record<string, Migration> {
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
  };
}

export async function migrate(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
