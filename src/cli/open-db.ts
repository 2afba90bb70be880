// Opens and migrates the database the environment names, for one CLI command.
import { loadConfig, type Config } from '../config.ts';
import { connect, type Db } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';

export async function withDatabase<T>(fn: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  try {
    await migrate(db);
    return await fn(db, config);
  } finally {
    await db.close();
  }
}
