// The outbox across real server processes (issue 28), started as `npm start` would: a message
// committed with its change survives a SIGKILL of the server before it is delivered, and is
// delivered once when a server runs again (both databases); two servers on one PostgreSQL
// database deliver each of 30 messages exactly once, in order. The receiver verifies every
// signature with the `standardwebhooks` library on its own (real) clock.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../helpers/server-process.ts';
import { testDatabases, provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';
import { call, signUp, testConfig } from '../helpers/app.ts';
import { Receiver, freePort, verifyAt } from '../helpers/webhook-receiver.ts';
import { connect, type Db } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';

const ENV = { PUBLIC_URL: '', OUTBOUND_ALLOW_PRIVATE: '1' };

/** Waits (polling) until `ready` holds; fails after `limitMs` with `what`. Not a timing assertion: a bound. */
async function until(what: string, ready: () => Promise<boolean> | boolean, limitMs = 120_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function outboxRows(db: Db) {
  return db.kysely.selectFrom('outbox').select(['message_id', 'attempts']).orderBy('seq').execute();
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve())));
}

async function setUp(d: 'sqlite' | 'postgres') {
  let dir: string | null = null;
  let provisioned: ProvisionedDb;
  if (d === 'sqlite') {
    dir = mkdtempSync(join(tmpdir(), 'tracker-outbox-'));
    provisioned = { url: `sqlite:${join(dir, 'tracker.db')}`, drop: async () => {} };
  } else {
    provisioned = await provisionDatabase('postgres', 'current');
  }
  const config = testConfig({ ...ENV, DATABASE_URL: provisioned.url });
  const db = connect(config.databaseUrl);
  await migrate(db);
  // An app in this process for the setup only: it runs no delivery loop (main.ts starts that).
  const app = await buildApp({ db, config, clock: Date.now });
  return {
    url: provisioned.url,
    db,
    app,
    close: async () => {
      await app.close();
      await db.close();
      await provisioned.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function logVia(base: string, token: string, body: unknown): Promise<any> {
  const res = await fetch(`${base}/api/vega/log`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.equal(res.status, 200, JSON.stringify(json));
  return json;
}

for (const d of testDatabases()) {
  describe(`outbox across server processes [${d.name}]`, { skip: d.skip }, () => {
    test('a SIGKILL after the commit loses nothing: the message arrives once when a server runs again', async () => {
      const s = await setUp(d.name);
      const procs: ChildProcess[] = [];
      const receiver = new Receiver();
      try {
        const f = await signUp(s.app);
        const port = await freePort();
        const created = await call(s.app, 'POST', '/api/vega/webhooks', { url: `http://127.0.0.1:${port}/hook`, events: ['event.created'] }, { token: f.token });
        assert.equal(created.status, 200, created.text);
        const secret = created.body.secret as string;

        // The receiver is not listening yet: the server can commit the message but not send it.
        const first = await startServerProcess(s.url, ENV);
        procs.push(first.proc);
        const logged = await logVia(first.base, f.token, { type: 'milk', ml: 110 });
        first.proc.kill('SIGKILL');
        await exited(first.proc);
        const waiting = await outboxRows(s.db);
        assert.equal(waiting.length, 1, 'the committed message is still in the outbox');

        await receiver.start(port);
        const second = await startServerProcess(s.url, ENV);
        procs.push(second.proc);
        // At most a retry's wait (30 s) after the failed attempt, if the first server made one.
        await until('the message to arrive and leave the outbox', async () => receiver.accepted().length >= 1 && (await outboxRows(s.db)).length === 0);
        second.proc.kill('SIGTERM');
        await exited(second.proc);

        assert.equal(receiver.got.length, 1, 'delivered once');
        const got = receiver.got[0]!;
        assert.equal(got.id, waiting[0]!.message_id, 'with the id it was committed with');
        const body = verifyAt(secret, got) as any;
        assert.equal(body.type, 'event.created');
        assert.deepEqual(body.data.event, logged.event);
      } finally {
        for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
        await Promise.all(procs.map(exited));
        await receiver.stop();
        await s.close();
      }
    });

    test('two servers on one database: 30 logs, each message received exactly once, in order', { skip: d.name === 'sqlite' ? 'several server processes share a PostgreSQL database' : false }, async () => {
      const s = await setUp(d.name);
      const procs: ChildProcess[] = [];
      const receiver = await new Receiver().start();
      try {
        const f = await signUp(s.app);
        const created = await call(s.app, 'POST', '/api/vega/webhooks', { url: receiver.url(), events: ['event.created'] }, { token: f.token });
        assert.equal(created.status, 200, created.text);
        const secret = created.body.secret as string;
        const servers = [await startServerProcess(s.url, ENV), await startServerProcess(s.url, ENV)];
        procs.push(...servers.map((x) => x.proc));

        const ids: string[] = [];
        for (let i = 0; i < 30; i++) {
          const logged = await logVia(servers[i % 2]!.base, f.token, { type: 'milk', ml: 30 + i });
          ids.push(logged.event.id);
        }
        await until('30 messages to arrive and the outbox to empty', async () => receiver.accepted().length >= 30 && (await outboxRows(s.db)).length === 0);
        // Stopped gracefully (each finishes the pass it is in) before counting.
        for (const p of procs) p.kill('SIGTERM');
        await Promise.all(procs.map(exited));

        assert.equal(receiver.got.length, 30, 'no message twice');
        assert.equal(new Set(receiver.got.map((r) => r.id)).size, 30);
        const bodies = receiver.got.map((r) => verifyAt(secret, r) as any);
        assert.deepEqual(bodies.map((b) => b.data.event.id), ids, 'in logging order');
      } finally {
        for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
        await Promise.all(procs.map(exited));
        await receiver.stop();
        await s.close();
      }
    });
  });
}
