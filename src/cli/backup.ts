// tracker backup [--verify] FILE: a consistent copy of the embedded SQLite database, taken while
// the server keeps running and writing.
//
// The copy is one `VACUUM INTO` on a read-only connection: a single read transaction, so it
// sees one snapshot from start to end. In WAL mode a reader never blocks the writer, so the
// server keeps committing meanwhile (into the WAL, which cannot be checkpointed past the
// snapshot until the copy ends). SQLite's online backup API, used before, copies 100 pages a
// step and starts again from the beginning whenever another connection writes: on a busy
// instance it never finished. The copy is also compact (no free pages, so nothing deleted
// lingers in it) and in rollback-journal mode: one self-contained file.
//
// It is written under a temporary name beside FILE, created 0600 before any byte goes in, then
// synced and linked to FILE only when complete (and verified, with --verify): a failed or
// interrupted backup never leaves a partial file under the name asked for.
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fchmodSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.ts';
import { parseDatabaseUrl } from '../db/connect.ts';

export interface BackupOptions {
  verify?: boolean;
}

/** Same as the server's: a copy waits this long for a lock (a checkpoint, a migration). */
const BUSY_TIMEOUT_MS = 5000;

/** The database file DATABASE_URL names, or why this command cannot copy it. */
function sourceFile(databaseUrl: string): string {
  const { dialect, target } = parseDatabaseUrl(databaseUrl);
  if (dialect === 'postgres') {
    throw new Error('backup copies the embedded SQLite database; DATABASE_URL names PostgreSQL: use pg_dump (e.g. pg_dump --format=custom --file=tracker.dump "$DATABASE_URL") and pg_restore to restore.');
  }
  if (target === ':memory:') {
    throw new Error('DATABASE_URL names an in-memory database (sqlite::memory:), which lives only inside the process that opened it: there is nothing on disk to back up.');
  }
  const path = resolve(target);
  if (!existsSync(path)) throw new Error(`There is no database at ${path} (DATABASE_URL=${databaseUrl}).`);
  return path;
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename or link in `dir` durable. */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can open or sync a directory; the file itself is synced already.
  }
}

// The copy is written faster than a disk takes it, and the kernel keeps what waits in memory
// (up to gigabytes) until someone syncs it. Synced once at the end, the whole copy goes to the
// disk in one burst, and every commit of the server (synchronous=FULL: an fsync each) queues
// behind it: writers stalled for half a second on a 250 MB copy. So a second thread syncs the
// file every FLUSH_EVERY_MS while VACUUM INTO (synchronous, on this thread) writes it: the disk
// takes it in small pieces, and a commit waits for one piece at most.
const FLUSH_EVERY_MS = 50;
const FLUSHER = `
const { closeSync, fdatasyncSync, openSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const fd = openSync(workerData.path, 'r+');
parentPort.postMessage('ready');
try {
  while (Atomics.wait(state, 0, 0, workerData.everyMs) === 'timed-out') {
    fdatasyncSync(fd);
  }
} finally {
  closeSync(fd);
}
`;

/** Runs `copy` (which writes `path`) while a second thread syncs the file. */
async function whileFlushing(path: string, copy: () => void): Promise<void> {
  // 1 once the copy is over
  const state = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(FLUSHER, { eval: true, workerData: { path, state: state.buffer, everyMs: FLUSH_EVERY_MS } });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // Started before the copy (this thread is busy until the copy ends). If it cannot start, the
  // copy goes ahead unflushed: the file is synced in full afterwards in any case.
  await new Promise<void>((resolve) => {
    worker.once('message', () => resolve());
    worker.once('error', () => resolve());
    void exited.then(resolve);
  });
  try {
    copy();
  } finally {
    Atomics.store(state, 0, 1);
    Atomics.notify(state, 0);
    await exited;
  }
}

/** integrity_check's answer: ['ok'] for a sound database, else the problems it lists. */
function integrityCheck(path: string): string[] {
  const copy = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    return (copy.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check);
  } finally {
    copy.close();
  }
}

/** Gives the finished copy its name, refusing (never replacing) a file that appeared meanwhile. */
function publish(temp: string, target: string): void {
  try {
    linkSync(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new Error(`${target} already exists; choose a new file name.`);
    // A file system without hard links: check, then rename (the check and the rename are not
    // one step, but the name was free a moment ago and is about to be taken).
    if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name.`);
    renameSync(temp, target);
    return;
  }
  unlinkSync(temp);
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function backupCommand(file: string, opts: BackupOptions = {}): Promise<void> {
  // A backup is a background job: where the CPU is short, the server's requests go first (the
  // copy and the check each keep a core busy for seconds on a large database). Threads started
  // from here on (the flusher) inherit it.
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // not permitted here: run at the normal priority
  }
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name.`);
  const source = sourceFile(loadConfig().databaseUrl);
  const dir = dirname(target);
  mkdirSync(dir, { recursive: true });
  // Hidden, beside the target (so the final link stays on one file system), unguessable, and
  // created empty with mode 0600 (VACUUM INTO fills an empty file and keeps its mode).
  const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
  const started = performance.now();
  try {
    await whileFlushing(temp, () => {
      const db = new SQLite(source, { readonly: true, fileMustExist: true });
      try {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
        db.prepare('VACUUM INTO ?').run(temp);
      } finally {
        db.close();
      }
    });
    // SQLite does not sync what VACUUM INTO writes.
    syncFile(temp);
    const copied = performance.now();
    let verified: string | null = null;
    if (opts.verify) {
      const problems = integrityCheck(temp);
      if (problems.length !== 1 || problems[0] !== 'ok') {
        throw new Error(`The copy failed its integrity check, so it was not kept:\n${problems.slice(0, 20).join('\n')}`);
      }
      verified = `integrity_check ok (${((performance.now() - copied) / 1000).toFixed(1)} s)`;
    }
    publish(temp, target);
    syncDirectory(dir);
    const size = statSync(target).size;
    console.log(`Backed up ${source} to ${target}: ${mb(size)} in ${((copied - started) / 1000).toFixed(1)} s.`);
    if (verified) console.log(`Verified: ${verified}.`);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // already gone (published, or never written)
    }
    throw err;
  }
}
