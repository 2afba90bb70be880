// Data that is deleted is gone, and what is kept is private (issue 14): on the embedded store
// a deleted family's baby name and notes are not left in the database file or its WAL, and
// the database, WAL and backup files are readable by their owner only. And when the database
// does not answer, the service says so (503 with Retry-After), never 500.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { assertError, call, signUp, testConfig } from '../helpers/app.ts';
import { provisionDatabase } from '../helpers/databases.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

async function fileApp(dbPath: string) {
  const config = testConfig({ DATABASE_URL: `sqlite:${dbPath}` });
  const db = connect(config.databaseUrl);
  await migrate(db);
  const app = await buildApp({ db, config, clock: Date.now });
  return { app, db, close: async () => (await app.close(), await db.close()) };
}

const mode = (p: string) => statSync(p).mode & 0o777;

describe('the embedded store at rest', () => {
  test("after deleting a family its baby name and notes are found neither in the file nor in the WAL; files are 0600", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracker-rest-'));
    const dbPath = join(dir, 'tracker.db');
    try {
      const s = await fileApp(dbPath);
      const keep = await signUp(s.app, { baby_name: 'Keepsake' });
      const gone = await signUp(s.app, { baby_name: 'Zephyrinequux', family_name: 'Vanishing' });
      for (let i = 0; i < 30; i++) {
        await call(s.app, 'POST', '/api/vega/log', { type: 'note', note: `secret-note-marigold-${i}` }, { token: gone.token });
      }
      await call(s.app, 'POST', '/api/vega/log', { type: 'note', note: 'kept-note-sunflower' }, { token: keep.token });
      const before = Buffer.concat([readFileSync(dbPath), existsSync(`${dbPath}-wal`) ? readFileSync(`${dbPath}-wal`) : Buffer.alloc(0)]);
      assert.ok(before.includes('secret-note-marigold') && before.includes('Zephyrinequux'), 'the test data was written to disk');

      for (const p of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) assert.equal(mode(p).toString(8), '600', p);

      const del = await call(s.app, 'DELETE', '/api/vega/family', { confirm: 'Vanishing' }, { token: gone.token });
      assert.equal(del.status, 200, del.text);
      const after = Buffer.concat([readFileSync(dbPath), existsSync(`${dbPath}-wal`) ? readFileSync(`${dbPath}-wal`) : Buffer.alloc(0)]);
      assert.ok(!after.includes('Zephyrinequux'), 'the baby name is gone from the file and the WAL');
      assert.ok(!after.includes('secret-note-marigold'), 'the notes are gone from the file and the WAL');
      assert.ok(after.includes('kept-note-sunflower') || (await call(s.app, 'GET', '/api/vega/events', undefined, { token: keep.token })).text.includes('kept-note-sunflower'));
      await s.close();

      // A backup made by the CLI is private too.
      const backup = join(dir, 'copy.db');
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'backup', backup], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: `sqlite:${dbPath}`, LOG_LEVEL: 'silent' },
      });
      assert.equal(mode(backup).toString(8), '600');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an existing database file with wider permissions is narrowed to 0600 at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracker-mode-'));
    const dbPath = join(dir, 'old.db');
    try {
      execFileSync('sh', ['-c', `touch '${dbPath}' && chmod 644 '${dbPath}'`]);
      const s = await fileApp(dbPath);
      assert.equal(mode(dbPath).toString(8), '600');
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a database that does not answer', () => {
  test('PostgreSQL unreachable: /api/health and every request that needs it answer 503 with Retry-After, not 500', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const config = testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none' });
    const db = connect(config.databaseUrl);
    const app = await buildApp({ db, config, clock: Date.now });
    try {
      const health = await call(app, 'GET', '/api/health');
      assertError(health, 503, 'database_unavailable');
      assert.equal(health.headers['retry-after'], '5');
      const me = await call(app, 'GET', '/api/me', undefined, { token: 'bt_0123456789abcdef0123456789abcdef' });
      assertError(me, 503, 'database_unavailable');
      const signup = await call(app, 'POST', '/api/vega/onboard', { email: 'a@example.com', password: 'correct horse', baby_name: 'Bo', dob: '2026-05-01' });
      assertError(signup, 503, 'database_unavailable');
      assert.ok(!JSON.stringify(signup.body).includes('ECONNREFUSED'), 'no driver detail leaks');
    } finally {
      await app.close();
      await db.close();
    }
  });

  test('PostgreSQL database dropped while the service runs: 503, and health says so', { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' }, async () => {
    const provisioned = await provisionDatabase('postgres', 'current');
    const config = testConfig({ DATABASE_URL: provisioned.url });
    const db = connect(config.databaseUrl);
    await migrate(db);
    const app = await buildApp({ db, config, clock: Date.now });
    try {
      const f = await signUp(app);
      assert.equal((await call(app, 'GET', '/api/health')).status, 200);
      await provisioned.drop();
      assertError(await call(app, 'GET', '/api/vega/today', undefined, { token: f.token }), 503, 'database_unavailable');
      assertError(await call(app, 'GET', '/api/health'), 503, 'database_unavailable');
    } finally {
      await app.close();
      await db.close();
    }
  });
});
