// `tracker backup --verify` on a real database file while the real server, in its own process,
// keeps logging events without a pause: the copy completes, verifies, is private, and holds
// everything committed before it started; the writer is acknowledged all along. (SQLite's
// online backup API, used before, restarted on every write and never finished under a writer
// like this one.)
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { seedHistoryDatabase, type HistoryDatabase } from './helpers/history-database.ts';
import { startServerProcess } from './helpers/server-process.ts';

const BIN = new URL('../bin/tracker.mjs', import.meta.url).pathname;
// Enough pages that the old backup (100 pages a step, restarted by any write) could not finish.
const SIZE = 24e6;
/** The server's busy_timeout: a writer held up longer than this would have been refused. */
const BUSY_TIMEOUT_MS = 5000;
/** Writers logging at once, each without a pause. */
const LANES = 4;

interface Ack {
  id: string;
  /** when the answer arrived (performance.now()) */
  at: number;
}

/**
 * Logs events without a pause: `lanes` connections, each sending its next event as soon as the
 * previous one is acknowledged, so the server always has a write to commit.
 */
function writer(base: string, token: string, lanes: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: lanes });
  const acks: Ack[] = [];
  const failures: string[] = [];
  let running = true;
  const post = () =>
    new Promise<void>((resolve) => {
      const req = request(`${base}/api/vega/log`, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          if (res.statusCode === 200) acks.push({ id: JSON.parse(text).event.id, at: performance.now() });
          else failures.push(`${res.statusCode}: ${text.slice(0, 200)}`);
          resolve();
        });
      });
      req.on('error', (err) => {
        failures.push(err.message);
        resolve();
      });
      req.end(JSON.stringify({ type: 'nappy', kind: 'wet' }));
    });
  const done = Promise.all(
    Array.from({ length: lanes }, async () => {
      while (running) await post();
    }),
  );
  return {
    acks,
    failures,
    stop: async () => {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

describe('tracker backup while the server keeps writing', () => {
  let dir: string;
  let file: string;
  let seeded: HistoryDatabase;
  let server: { proc: ChildProcess; base: string };
  /** the writer family's events in the seed, and those it acknowledged before the backup began */
  let seededFamilyEvents = 0;
  let committedBefore: string[] = [];
  const env = () => ({ ...process.env, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tracker-backup-'));
    file = join(dir, 'tracker.db');
    seeded = await seedHistoryDatabase(file, SIZE);
    const db = new Database(file, { readonly: true });
    seededFamilyEvents = (db.prepare('select count(*) n from events where family_id = ?').get(seeded.familyId) as { n: number }).n;
    db.close();
    // Builds dist/ now if it is stale, so that the backup below is the copy, not a compile.
    await promisify(execFile)(process.execPath, [BIN, '--help'], { env: env(), timeout: 120_000 });
    server = await startServerProcess(`sqlite:${file}`);
  });
  after(() => {
    server?.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test('completes and verifies under a writer that never pauses; the copy is 0600 and holds every event committed before it', async () => {
    const w = writer(server.base, seeded.token, LANES);
    while (w.acks.length < 20 && w.failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    const committed = w.acks.map((a) => a.id);
    committedBefore = committed;
    const backups = join(dir, 'backups');
    const target = join(backups, 'copy.db');
    mkdirSync(backups);
    // When the copy is being written: the sizes its file (under a temporary name, then its
    // own) goes through, and when.
    // Any other mode seen on it is noted too: it is never readable by anyone but its owner.
    const sizes: { at: number; size: number }[] = [];
    const modes = new Set<string>();
    const watch = setInterval(() => {
      for (const f of readdirSync(backups)) {
        try {
          const st = statSync(join(backups, f));
          modes.add((st.mode & 0o777).toString(8));
          if (st.size > 0 && sizes.at(-1)?.size !== st.size) sizes.push({ at: performance.now(), size: st.size });
        } catch {
          // renamed meanwhile
        }
      }
    }, 2);
    const t0 = performance.now();
    const backup = spawn(process.execPath, [BIN, 'backup', '--verify', target], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    backup.stdout!.on('data', (b) => (out += b));
    backup.stderr!.on('data', (b) => (out += b));
    const killer = setTimeout(() => backup.kill(), 120_000);
    const code = await new Promise<number | null>((r) => backup.on('exit', r));
    clearTimeout(killer);
    const t1 = performance.now();
    clearInterval(watch);
    await w.stop();

    assert.equal(code, 0, out);
    assert.match(out, /^Backed up .*tracker\.db to .*copy\.db: \d+\.\d MB in \d+\.\d s\.$/m);
    assert.match(out, /^Verified: integrity_check ok \(\d+\.\d s\)\.$/m);
    assert.equal(statSync(target).mode & 0o777, 0o600);
    assert.deepEqual([...modes], ['600']);
    // Nothing but the copy: no temporary file, no journal beside it.
    assert.deepEqual(readdirSync(join(dir, 'backups')), ['copy.db']);

    // The writer was acknowledged throughout, and while the copy was being written too: every
    // request answered 200, none held up.
    assert.deepEqual(w.failures, []);
    let gap = 0;
    const during = w.acks.filter((a) => a.at > t0 && a.at < t1);
    for (let i = 1, times = [t0, ...during.map((a) => a.at), t1]; i < times.length; i++) gap = Math.max(gap, times[i]! - times[i - 1]!);
    assert.ok(gap < BUSY_TIMEOUT_MS, `the writer waited ${gap.toFixed(0)} ms for an answer`);
    assert.ok(sizes.length >= 3, `the copy was seen growing (${sizes.length} sizes)`);
    const copying = w.acks.filter((a) => a.at > sizes[0]!.at && a.at < sizes.at(-1)!.at);
    assert.ok(copying.length >= 5, `${copying.length} writes acknowledged in the ${(sizes.at(-1)!.at - sizes[0]!.at).toFixed(0)} ms the copy was being written`);

    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      assert.equal(copy.pragma('journal_mode', { simple: true }), 'delete');
      const ids = new Set((copy.prepare('select id from events where family_id = ?').all(seeded.familyId) as { id: string }[]).map((r) => r.id));
      const missing = committed.filter((id) => !ids.has(id));
      assert.deepEqual(missing, [], 'every event acknowledged before the backup began is in the copy');
      const total = (copy.prepare('select count(*) n from events').get() as { n: number }).n;
      assert.ok(total >= seeded.events + committed.length && total <= seeded.events + w.acks.length, `${total} events in the copy`);
    } finally {
      copy.close();
    }
  });

  test('the copy restores: the server started on it serves the family, everything committed before the backup included', async () => {
    const restored = join(dir, 'restored', 'tracker.db');
    mkdirSync(join(dir, 'restored'));
    copyFileSync(join(dir, 'backups', 'copy.db'), restored);
    const other = await startServerProcess(`sqlite:${restored}`);
    try {
      const res = await fetch(`${other.base}/api/vega/export`, { headers: { authorization: `Bearer ${seeded.token}` } });
      assert.equal(res.status, 200);
      const body = (await res.json()) as { events: { id: string }[] };
      assert.ok(body.events.length >= seededFamilyEvents + committedBefore.length, `${body.events.length} events exported`);
      const ids = new Set(body.events.map((e) => e.id));
      assert.deepEqual(committedBefore.filter((id) => !ids.has(id)), []);
    } finally {
      other.proc.kill();
    }
  });

  test('refuses an existing file and names pg_dump for PostgreSQL; a refused backup leaves no file behind', async () => {
    const run = (args: string[], databaseUrl = `sqlite:${file}`) =>
      promisify(execFile)(process.execPath, [BIN, ...args], { env: { ...env(), DATABASE_URL: databaseUrl }, timeout: 60_000 });
    const target = join(dir, 'backups', 'copy.db');
    await assert.rejects(run(['backup', target]), (e: any) => e.code === 1 && /already exists; choose a new file name/.test(e.stderr));
    await assert.rejects(run(['backup', join(dir, 'pg.db')], 'postgres://postgres@127.0.0.1:1/none'), (e: any) => /use pg_dump/.test(e.stderr));
    await assert.rejects(run(['backup', join(dir, 'mem.db')], 'sqlite::memory:'), (e: any) => /in-memory database/.test(e.stderr));
    await assert.rejects(run(['backup', join(dir, 'none.db')], `sqlite:${join(dir, 'missing.db')}`), (e: any) => /There is no database at/.test(e.stderr));
    assert.deepEqual(readdirSync(dir).filter((f) => !f.startsWith('tracker.db')).sort(), ['backups', 'restored']);
    assert.deepEqual(readdirSync(join(dir, 'backups')), ['copy.db']);
  });
});
