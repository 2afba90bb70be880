// Every API test runs on the embedded SQLite store and again on PostgreSQL when
// TEST_DATABASE_URL is set (skipped with the reason otherwise). Each app gets a database of
// its own: an in-memory SQLite store, or a scratch PostgreSQL database dropped afterwards.
//
// A scratch PostgreSQL database at the current schema is a copy of one migrated template
// (CREATE DATABASE … TEMPLATE …, a file copy) rather than migrated from nothing each time: the
// template is migrated once, by the first test process that needs it, and named by a hash of the
// migrations, so any change to them makes a new one. Upgrade tests ask for an empty database.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';

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

/**
 * 'current': migrated to this release's schema (the service's own migrate() finds nothing to do);
 * 'empty': no tables at all, for tests of the migrations themselves.
 */
export type Schema = 'current' | 'empty';

export async function provisionDatabase(name: TestDatabase['name'], schema: Schema = 'empty'): Promise<ProvisionedDb> {
  if (name === 'sqlite') return { url: 'sqlite::memory:', drop: async () => {} };
  const base = baseUrl();
  const template = schema === 'current' ? await migratedTemplate() : null;
  const dbName = `tracker_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${dbName}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: urlOf(base, dbName),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).then(() => undefined),
  };
}

function baseUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return base;
}

function urlOf(base: string, dbName: string): string {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl() });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const ROOT = new URL('../..', import.meta.url).pathname;

/** A hash of everything that decides the migrated schema: the migrations, the migrator, the release. */
function migrationsHash(): string {
  const h = createHash('sha256');
  const dir = join(ROOT, 'src/db/migrations');
  const files = [...readdirSync(dir).sort().map((f) => join(dir, f)), join(ROOT, 'src/db/migrate.ts'), join(ROOT, 'src/version.ts')];
  for (const f of files) h.update(f.slice(ROOT.length)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 16);
}

let template: Promise<string> | null = null;

/**
 * The migrated template's name, creating it on first use. It is named after the database
 * TEST_DATABASE_URL points at (so CI drops it with its scratch database) and the migrations'
 * hash. Test processes running at once take an advisory lock while one of them builds it; it is
 * migrated under a temporary name and renamed when complete, so a crash never leaves a
 * half-migrated template behind.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const baseDb = (new URL(baseUrl()).pathname.slice(1) || 'postgres').toLowerCase().replace(/[^a-z0-9_]/g, '_');
    const name = `${baseDb.slice(0, 40)}_tpl_${migrationsHash()}`;
    return withAdmin(async (admin) => {
      await admin.query(`SELECT pg_advisory_lock(hashtext('baby-tracker test template'))`);
      try {
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          const building = `${name}_part`;
          await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
          await admin.query(`CREATE DATABASE ${building}`);
          const db = connect(urlOf(baseUrl(), building));
          try {
            await migrate(db);
          } finally {
            await db.close();
          }
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        }
        return name;
      } finally {
        await admin.query(`SELECT pg_advisory_unlock(hashtext('baby-tracker test template'))`);
      }
    });
  })();
  return template;
}
