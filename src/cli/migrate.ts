import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';

export async function migrateCommand(): Promise<void> {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is already at the current schema.');
  } finally {
    await db.close();
  }
}
