import { withDatabase } from './open-db.ts';

export async function migrateCommand(): Promise<void> {
  await withDatabase(async (_db, _config, applied) => {
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is already at the current schema.');
  });
}
