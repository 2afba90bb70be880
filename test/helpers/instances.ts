// Several application instances on one database, as several processes would be: each has its
// own connection (pool) and its own in-process caches; a restart is close() then open().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionDatabase, type ProvisionedDb, type TestDatabase } from './databases.ts';
import { testClock, testConfig } from './app.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import type { Ctx } from '../../src/services/context.ts';

/** A database (a SQLite file or a scratch PostgreSQL database) to open instances on. */
export async function twoInstances(kind: TestDatabase['name']) {
  let db: ProvisionedDb;
  let dir: string | null = null;
  if (kind === 'sqlite') {
    dir = mkdtempSync(join(tmpdir(), 'tracker-feed-'));
    db = { url: `sqlite:${join(dir, 'family.db')}`, drop: async () => {} };
  } else {
    db = await provisionDatabase('postgres', 'current');
  }
  const clock = testClock();
  const open = async (env: Record<string, string> = {}) => {
    const config = testConfig({ ...env, DATABASE_URL: db.url });
    const handle = connect(config.databaseUrl);
    await migrate(handle);
    const ctx: Ctx = { db: handle, config, clock: () => clock.now };
    const app = await buildApp(ctx);
    return { app, ctx, close: async () => { await app.close(); await handle.close(); } };
  };
  return {
    clock,
    open,
    drop: async () => {
      await db.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

