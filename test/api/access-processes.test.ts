// Taking access back holds across processes (issue 14): a caregiver removed through one server
// process is refused at once by another process on the same database, on REST with a token and
// with a cookie, and on the MCP connector. The second process is a real `node` process started
// as `npm start` would, on the same PostgreSQL database (or SQLite file).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { startServerProcess } from '../helpers/server-process.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases, provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, testConfig } from '../helpers/app.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';


for (const d of testDatabases()) {
  describe(`a removed caregiver is refused by another server process [${d.name}]`, { skip: d.skip }, () => {
    test('token, cookie and MCP calls to the second process are 401 on the next request', async () => {
      let provisioned: ProvisionedDb;
      let dir: string | null = null;
      if (d.name === 'sqlite') {
        dir = mkdtempSync(join(tmpdir(), 'tracker-procs-'));
        provisioned = { url: `sqlite:${join(dir, 'tracker.db')}`, drop: async () => {} };
      } else {
        provisioned = await provisionDatabase('postgres', 'current');
      }
      const config = testConfig({ DATABASE_URL: provisioned.url });
      const handle = connect(config.databaseUrl);
      await migrate(handle);
      const app = await buildApp({ db: handle, config, clock: Date.now });
      let other: { proc: ChildProcess; base: string } | null = null;
      try {
        const admin = await signUp(app);
        const inv = await call(app, 'POST', '/api/vega/invite', {}, { cookie: admin.cookie });
        const joined = await call(app, 'POST', '/api/vega/join', { code: inv.body.code, email: `nanny.${Date.now()}@example.com`, password: 'correct horse', username: 'nanny' });
        assert.equal(joined.status, 200, joined.text);
        const cookie = sessionCookieOf(joined);
        const token = (await call(app, 'POST', '/api/vega/token', { label: 'phone' }, { cookie })).body.token as string;

        other = await startServerProcess(provisioned.url, { PUBLIC_URL: '' });
        const base = other.base;
        const me = (headers: Record<string, string>) => fetch(`${base}/api/me`, { headers });
        const mcp = () =>
          fetch(`${base}/mcp`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
          });
        assert.equal((await me({ authorization: `Bearer ${token}` })).status, 200);
        assert.equal((await me({ cookie: `tracker_session=${cookie}` })).status, 200);
        assert.equal((await mcp()).status, 200);

        const removed = await call(app, 'POST', '/api/vega/member/remove', { username: 'nanny' }, { cookie: admin.cookie });
        assert.equal(removed.status, 200, removed.text);

        const byToken = await me({ authorization: `Bearer ${token}` });
        assert.equal(byToken.status, 401);
        assert.equal(((await byToken.json()) as { error: string }).error, 'unauthorized');
        assert.equal((await me({ cookie: `tracker_session=${cookie}` })).status, 401);
        assert.equal((await mcp()).status, 401);
        // The admin is untouched in the other process.
        assert.equal((await me({ authorization: `Bearer ${admin.token}` })).status, 200);
      } finally {
        other?.proc.kill();
        await app.close();
        await handle.close();
        await provisioned.drop();
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
