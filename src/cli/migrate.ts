import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrationStatus, tooNewMessage } from '../db/migrate.ts';
import { RELEASE_VERSION } from '../version.ts';
import { withDatabase } from './open-db.ts';

export async function migrateCommand(opts: { status?: boolean } = {}): Promise<void> {
  if (opts.status) return statusCommand();
  await withDatabase(async (_db, _config, applied) => {
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is already at the current schema.');
  });
}

/** `tracker migrate --status`: applied and pending migrations; changes nothing. */
async function statusCommand(): Promise<void> {
  const db = connect(loadConfig().databaseUrl);
  try {
    const s = await migrationStatus(db);
    console.log(`Release ${RELEASE_VERSION}, database ${db.dialect}.`);
    console.log(s.applied.length ? 'Applied:' : 'Applied: none (a new database)');
    for (const m of s.applied) console.log(`  ${m.name}  ${m.applied_at}${m.release ? `  by release ${m.release}` : ''}`);
    console.log(s.pending.length ? 'Pending (applied by `tracker migrate` or at the next start):' : 'Pending: none; the schema is current.');
    for (const name of s.pending) console.log(`  ${name}`);
    if (s.unknown.length) {
      console.log('Applied by a newer release (unknown to this one):');
      for (const m of s.unknown) console.log(`  ${m.name}  ${m.applied_at}${m.release ? `  by release ${m.release}` : ''}`);
      console.error(tooNewMessage(s.unknown));
      process.exitCode = 2;
    }
  } finally {
    await db.close();
  }
}
