// Opens and migrates the database the environment names, for one CLI command.
import { loadConfig, type Config } from '../config.ts';
import { connect, type Db } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';

/** `applied` lists the migrations this call ran (empty when the schema was current). */
export async function withDatabase<T>(fn: (db: Db, config: Config, applied: string[]) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  try {
    const applied = await migrate(db);
    return await fn(db, config, applied);
  } finally {
    await db.close();
  }
}
