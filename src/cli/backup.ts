import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { withDatabase } from './open-db.ts';
import { createPrivately } from '../db/connect.ts';

export async function backupCommand(file: string): Promise<void> {
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name.`);
  await withDatabase(async (db) => {
    if (!db.sqlite || !db.sqlitePath) {
      throw new Error('backup copies the embedded SQLite database; for PostgreSQL use pg_dump.');
    }
    // SQLite's online backup API copies a consistent snapshot while other connections write.
    // Created readable by its owner only (0600), like the database itself.
    createPrivately(target);
    await db.sqlite.backup(target);
    console.log(`Backed up ${db.sqlitePath} to ${target}.`);
  });
}
