// A/B of two checkouts on SQLite, alternated in one run on this machine: each checkout seeds its
// own database with its own bench/seed.ts (a release cannot open a database a newer one
// migrated), serves it as `npm start` does, pinned to the server core, and answers the same
// reads and logs from load workers pinned to the other core. Prints req/s, p99 and the server's
// CPU per request for each, and B against A. Never run in tests.
//   node --import tsx bench/ab-sqlite.ts <checkout A> <label A> <checkout B> <label B> [rounds]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_CORE, load, pinned, waitFor, watchCpu, type Load } from './harness.ts';

const [dirA, labelA, dirB, labelB, roundsArg] = process.argv.slice(2);
if (!dirA || !labelA || !dirB || !labelB) throw new Error('usage: ab-sqlite.ts <checkout A> <label A> <checkout B> <label B> [rounds]');
const ROUNDS = Number(roundsArg ?? 2);
const tmp = mkdtempSync(join(tmpdir(), 'tracker-ab-'));

interface Side { label: string; proc: ChildProcess; port: number; token: string; logTokens: string[] }

async function start(dir: string, label: string, port: number): Promise<Side> {
  const url = `sqlite:${join(tmp, `${label}.db`)}`;
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', url, join(tmp, `${label}-ceiling.db`)], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (seeded.status !== 0) throw new Error(`${label}: seeding failed: ${seeded.stderr}`);
  const s = JSON.parse(seeded.stdout.trim().split('\n').pop()!);
  const startScript = JSON.parse(spawnSync('node', ['-p', 'JSON.stringify(require("./package.json").scripts.start)'], { cwd: dir, encoding: 'utf8' }).stdout.trim()) as string;
  const [, ...args] = startScript.split(/\s+/);
  const [cmd, rest] = pinned(SERVER_CORE, [process.execPath, ...args]);
  const proc = spawn(cmd, rest, { cwd: dir, env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  watchCpu(port, proc.pid!);
  return { label, proc, port, token: s.days14.token, logTokens: s.logFamilies };
}

const cases: [string, (x: Side) => Promise<Load>][] = [
  ['GET /api/vega/live', (x) => load(`http://127.0.0.1:${x.port}/api/vega/live`, { token: x.token })],
  ['GET /api/vega/today', (x) => load(`http://127.0.0.1:${x.port}/api/vega/today`, { token: x.token })],
  ['GET /api/vega/patterns', (x) => load(`http://127.0.0.1:${x.port}/api/vega/patterns`, { token: x.token })],
  ['POST /api/vega/log, 32 families', (x) => load(`http://127.0.0.1:${x.port}/api/vega/log`, { method: 'POST', tokens: x.logTokens, body: JSON.stringify({ type: 'nappy', kind: 'wet' }) })],
];

const sides: Side[] = [];
try {
  const base = 3900 + Math.floor(Math.random() * 50) * 2;
  sides.push(await start(dirA, labelA, base), await start(dirB, labelB, base + 1));
  // Warm both (JIT, caches) before anything is measured.
  for (const side of sides) for (const p of ['live', 'today', 'patterns']) await load(`http://127.0.0.1:${side.port}/api/vega/${p}`, { token: side.token, duration: 1 });
  const got = new Map<string, Load[]>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, run] of cases) {
      // Alternated, A first on even rounds and B first on odd ones.
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
        const key = `${name} · ${side.label}`;
        got.set(key, [...(got.get(key) ?? []), await run(side)]);
      }
    }
  }
  const mean = (xs: Load[], f: (l: Load) => number) => xs.reduce((a, l) => a + f(l), 0) / xs.length;
  console.log(`| request | ${labelA} | ${labelB} | ${labelB} against ${labelA} |`);
  console.log('|---|---|---|---|');
  for (const [name] of cases) {
    const a = got.get(`${name} · ${labelA}`)!;
    const b = got.get(`${name} · ${labelB}`)!;
    const cell = (xs: Load[]) => `${mean(xs, (l) => l.rps).toFixed(0)} req/s, p99 ${Math.max(...xs.map((l) => l.p99))} ms, ${mean(xs, (l) => l.cpuUs ?? NaN).toFixed(0)} µs CPU/req`;
    console.log(`| ${name} | ${cell(a)} | ${cell(b)} | req/s ${((mean(b, (l) => l.rps) / mean(a, (l) => l.rps)) * 100).toFixed(0)} %, CPU/req ${((mean(b, (l) => l.cpuUs ?? NaN) / mean(a, (l) => l.cpuUs ?? NaN)) * 100).toFixed(0)} % |`);
  }
} finally {
  for (const s of sides) s.proc.kill();
  rmSync(tmp, { recursive: true, force: true });
}
