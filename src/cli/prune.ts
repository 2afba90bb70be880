import { withDatabase } from './open-db.ts';
import { prune } from '../services/housekeeping/prune.ts';

/** The server's hourly housekeeping, on demand: prints what it deleted. */
export async function pruneCommand(): Promise<void> {
  await withDatabase(async (db) => {
    const counts = await prune(db.kysely, Date.now());
    const parts = Object.entries(counts).map(([table, n]) => `${n} ${table.replaceAll('_', ' ')}`);
    console.log(`Pruned expired rows: ${parts.join(', ')}.`);
  });
}
