// The heap settings, measured against each other in one run (issue 38): the same build served
// as `npm start` serves it, with V8's own young generation and heap growth, with the heap's
// growth bounded (--heap-growing-percent=30), and with both settings 1.4.0 chose for memory
// (--max-semi-space-size=8 as well),
// each from its own copy of one seeded database, pinned to the server core, the load from the
// other core, alternated round by round. Prints req/s, p99, server CPU per request and each
// server's peak resident memory. Never run in tests.
//   node --import tsx bench/gc-ab.ts [rounds]
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { ROOT, SERVER_CORE, load, rss, seed, startProcess, waitFor, watchCpu, type Load } from './harness.ts';

const ROUNDS = Number(process.argv[2] ?? 3);

interface Variant { label: string; nodeArgs: string[]; env: Record<string, string> }
const variants: Variant[] = [
  { label: 'V8 defaults', nodeArgs: [], env: { HEAP_GROWING_PERCENT: '0' } },
  { label: 'growth 30 %', nodeArgs: [], env: { HEAP_GROWING_PERCENT: '30' } },
  { label: 'semi-space 8 MB, growth 30 %', nodeArgs: ['--max-semi-space-size=8'], env: { HEAP_GROWING_PERCENT: '30' } },
];

if (spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
const dir = mkdtempSync(join(tmpdir(), 'tracker-gc-ab-'));
const seeded = seed(`sqlite:${join(dir, 'seed.db')}`, join(dir, 'ceiling.db'), false);
// Everything in the main file, so that a copy of it is the whole database.
new SQLite(join(dir, 'seed.db')).pragma('wal_checkpoint(TRUNCATE)');

const procs: ChildProcess[] = [];
try {
  const sides = await Promise.all(variants.map(async (v, i) => {
    const file = join(dir, `v${i}.db`);
    copyFileSync(join(dir, 'seed.db'), file);
    const port = 3980 + i;
    const proc = startProcess(SERVER_CORE, [process.execPath, ...v.nodeArgs, 'scripts/start.mjs'], { ...v.env, DATABASE_URL: `sqlite:${file}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    procs.push(proc);
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    watchCpu(port, proc.pid!);
    return { ...v, port, proc };
  }));
  const at = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
  const cases: [string, (port: number) => Promise<Load>][] = [
    ['GET /api/vega/live', (port) => load(at(port, '/api/vega/live'), { token: seeded.years3.token })],
    ['GET /api/vega/today', (port) => load(at(port, '/api/vega/today'), { token: seeded.years3.token })],
    ['GET /api/vega/patterns', (port) => load(at(port, '/api/vega/patterns'), { token: seeded.years3.token })],
    ['POST /api/vega/log, 32 families', (port) => load(at(port, '/api/vega/log'), { method: 'POST', tokens: seeded.logFamilies, body: JSON.stringify({ type: 'nappy', kind: 'wet' }) })],
  ];
  for (const s of sides) for (const p of ['live', 'today', 'patterns']) await load(at(s.port, `/api/vega/${p}`), { token: seeded.years3.token, duration: 1 });
  const got = new Map<string, Load[]>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, run] of cases) {
      for (const s of r % 2 === 0 ? sides : [...sides].reverse()) {
        const key = `${name} · ${s.label}`;
        got.set(key, [...(got.get(key) ?? []), await run(s.port)]);
      }
    }
  }
  const mean = (xs: Load[], f: (l: Load) => number) => xs.reduce((a, l) => a + f(l), 0) / xs.length;
  console.log(`Heap settings A/B (${ROUNDS} rounds alternated, Node ${process.version}):\n`);
  console.log(`| request | ${sides.map((s) => s.label).join(' | ')} |`);
  console.log(`|---|${sides.map(() => '---').join('|')}|`);
  for (const [name] of cases) {
    const cell = (label: string) => {
      const xs = got.get(`${name} · ${label}`)!;
      return `${mean(xs, (l) => l.rps).toFixed(0)} req/s, p99 ${Math.min(...xs.map((l) => l.p99))}–${Math.max(...xs.map((l) => l.p99))} ms, ${mean(xs, (l) => l.cpuUs ?? NaN).toFixed(0)} µs CPU/req`;
    };
    console.log(`| ${name} | ${sides.map((s) => cell(s.label)).join(' | ')} |`);
  }
  console.log(`| peak RSS | ${sides.map((s) => `${rss(s.proc.pid!).peak.toFixed(1)} MB`).join(' | ')} |`);
} finally {
  for (const p of procs) p.kill();
  rmSync(dir, { recursive: true, force: true });
}
