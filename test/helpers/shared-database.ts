// A database that several processes open at once (a server that is killed and started again, two
// servers, the test itself): a SQLite file in a directory of its own (an in-memory store lives in
// one process only), or a scratch PostgreSQL database. drop() removes either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionDatabase, type ProvisionedDb, type TestDatabase } from './databases.ts';
import { testConfig } from './app.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';

export async function provisionSharedDatabase(name: TestDatabase['name'], prefix = 'tracker-shared-'): Promise<ProvisionedDb> {
  if (name === 'postgres') return provisionDatabase('postgres', 'current');
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { url: `sqlite:${join(dir, 'tracker.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A shared database, migrated, with an app in this process for the test's own setup (signing
 * up, reading rows). The app runs no delivery loop and no bridge (main.ts starts those): what
 * leaves the service is sent by the server processes the test starts on the same database.
 */
export async function setUpSharedApp(name: TestDatabase['name'], env: Record<string, string>, prefix?: string) {
  const provisioned = await provisionSharedDatabase(name, prefix);
  const config = testConfig({ ...env, DATABASE_URL: provisioned.url });
  const db = connect(config.databaseUrl);
  await migrate(db);
  const app = await buildApp({ db, config, clock: Date.now });
  return {
    url: provisioned.url,
    db,
    app,
    close: async () => {
      await app.close();
      await db.close();
      await provisioned.drop();
    },
  };
}
