// node --import tsx bench/backup.ts [SIZE_MB=250] [WRITES_PER_S=20]
// `tracker backup --verify` on a SQLite database of SIZE_MB while a writer logs WRITES_PER_S
// events a second to the running server, each its own process:
// - the service: the compiled server (dist/main.js) on the database file;
// - the writer: this process, POST /api/vega/log on a fixed schedule (a late answer does not
//   delay the next request, so a stall shows in the latencies rather than hiding);
// - the backup: bin/tracker.mjs backup --verify, as an operator's cron job would run it.
// Prints the copy's time and the writer's latencies before and during it. Never run in tests.
// BENCH_BACKUP_DB=/path/file.db keeps the seeded database (and its token, in file.db.json)
// for the next run instead of seeding afresh into a temporary directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedHistoryDatabase } from '../test/helpers/history-database.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const SIZE_MB = Number(process.argv[2] ?? 250);
const RATE = Number(process.argv[3] ?? 20);
const WARMUP_MS = 3000;
const BASELINE_MS = 10_000;

interface Sample { start: number; ms: number; status: number }

function startServer(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: 'ignore',
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Logs RATE events a second until stop() is called; every request's start, latency and status. */
function writer(port: number, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const body = JSON.stringify({ type: 'nappy', kind: 'wet' });
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const one = () => {
    const start = performance.now();
    const p = new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/vega/log', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          samples.push({ start, ms: performance.now() - start, status: res.statusCode ?? 0 });
          resolve();
        });
      });
      req.on('error', () => {
        samples.push({ start, ms: performance.now() - start, status: 0 });
        resolve();
      });
      req.end(body);
    });
    pending.add(p);
    void p.then(() => pending.delete(p));
  };
  const t0 = performance.now();
  let n = 0;
  let timer: NodeJS.Timeout;
  const tick = () => {
    one();
    n += 1;
    timer = setTimeout(tick, Math.max(0, t0 + n * (1000 / RATE) - performance.now()));
  };
  tick();
  return {
    samples,
    stop: async () => {
      clearTimeout(timer);
      await Promise.all(pending);
      agent.destroy();
    },
  };
}

function stats(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? NaN;
  const failed = samples.filter((s) => s.status !== 200).length;
  return `${samples.length} writes, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(ms.at(-1) ?? NaN).toFixed(1)} ms${failed ? `, ${failed} FAILED` : ''}`;
}

async function main() {
  if (spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
  const keep = process.env.BENCH_BACKUP_DB;
  const dir = mkdtempSync(join(tmpdir(), 'tracker-backup-bench-'));
  const file = keep ?? join(dir, 'tracker.db');
  let token: string;
  if (keep && existsSync(file) && existsSync(`${file}.json`)) {
    token = JSON.parse(readFileSync(`${file}.json`, 'utf8')).token;
    console.log(`Reusing ${file} (${(statSync(file).size / 1e6).toFixed(0)} MB).`);
  } else {
    const t = performance.now();
    const seeded = await seedHistoryDatabase(file, SIZE_MB * 1e6);
    token = seeded.token;
    if (keep) writeFileSync(`${file}.json`, JSON.stringify({ token }));
    console.log(`Seeded ${(seeded.bytes / 1e6).toFixed(0)} MB: ${seeded.families} families, ${seeded.events} events, in ${((performance.now() - t) / 1000).toFixed(0)} s.`);
  }
  const url = `sqlite:${file}`;
  const port = 3900 + Math.floor(Math.random() * 500);
  const server = startServer(url, port);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const w = writer(port, token);
    // Warm-up (the server's first requests compile code and fill its caches), then the baseline.
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const tb = performance.now();
    await new Promise((r) => setTimeout(r, BASELINE_MS));
    const target = join(dir, 'copy.db');
    const t0 = performance.now();
    const backup = spawn(process.execPath, [join(ROOT, 'bin/tracker.mjs'), 'backup', '--verify', target], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    backup.stdout!.on('data', (b) => (out += b));
    backup.stderr!.on('data', (b) => (out += b));
    const code = await new Promise<number | null>((r) => backup.on('exit', r));
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    await w.stop();
    const before = w.samples.filter((s) => s.start >= tb && s.start < t0);
    const during = w.samples.filter((s) => s.start >= t0 && s.start <= t1);
    console.log(`Database ${(statSync(file).size / 1e6).toFixed(0)} MB, writer at ${RATE} writes/s.`);
    console.log(`tracker backup --verify: exit ${code}, ${((t1 - t0) / 1000).toFixed(1)} s in all (process start to exit).`);
    console.log(out.trim().replace(/^/gm, '  '));
    console.log(`Writer before the backup (${BASELINE_MS / 1000} s): ${stats(before)}`);
    console.log(`Writer during the backup:        ${stats(during)}`);
    const slow = during.filter((x) => x.ms > 50).map((x) => `${((x.start - t0) / 1000).toFixed(2)} s: ${x.ms.toFixed(0)} ms`);
    if (slow.length) console.log(`Writes over 50 ms, by when they started after the backup did: ${slow.join(', ')}`);
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
