// Every API test runs on the embedded SQLite store and again on PostgreSQL when
// TEST_DATABASE_URL is set (skipped with the reason otherwise). Each app gets a database of
// its own: an in-memory SQLite store, or a scratch PostgreSQL database dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  skip: string | false;
}

export function testDatabases(): TestDatabase[] {
  const pgUrl = process.env.TEST_DATABASE_URL;
  return [
    { name: 'sqlite', skip: false },
    { name: 'postgres', skip: pgUrl ? false : 'TEST_DATABASE_URL is not set, so the PostgreSQL run is skipped' },
  ];
}

export interface ProvisionedDb {
  url: string;
  drop(): Promise<void>;
}

export async function provisionDatabase(name: TestDatabase['name']): Promise<ProvisionedDb> {
  if (name === 'sqlite') return { url: 'sqlite::memory:', drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const dbName = `tracker_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    },
  };
}
