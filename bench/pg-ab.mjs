// PostgreSQL only, one release against another on the same machine (bench/NOTES.md, issue 27):
//   node bench/pg-ab.mjs ROOT LABEL [ROUNDS]
// seeds a scratch database with ROOT's own bench/seed.ts, starts ROOT's dist/main.js pinned to core 1,
// and loads live, today and log with ROOT's load worker pinned to core 0. Run it for each
// release's checkout in turn (git worktree add ../prev <rev>), more than once, and compare.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
const [ROOT, LABEL, ROUNDS = '2'] = process.argv.slice(2);
const PG = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pin = (core, args) => ['taskset', ['-c', core, ...args]];
if (spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' }).status) throw new Error('build');
const admin = new pg.Client({ connectionString: PG }); await admin.connect();
const name = `ab_${LABEL}_${Date.now()}`; await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(PG); u.pathname = '/' + name;
const dir = mkdtempSync(join(tmpdir(), 'ab-'));
const t0 = Date.now();
const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', u.toString(), join(dir, 'c.db')], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
if (r.status) throw new Error(r.stderr);
const s = JSON.parse(r.stdout.trim().split('\n').pop());
console.error(`${LABEL} seeded in ${(Date.now() - t0) / 1000}s`);
const port = 4900 + Math.floor(Math.random() * 90);
const [c, a] = pin('1', [process.execPath, 'dist/main.js']);
const svc = spawn(c, a, { cwd: ROOT, env: { ...process.env, DATABASE_URL: u.toString(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 50)); }
function load(path, o) {
  const spec = JSON.stringify({ url: `http://127.0.0.1:${port}${path}`, method: o.method ?? 'GET', headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.body ? { 'content-type': 'application/json' } : {}) }, body: o.body, tokens: o.tokens, connections: 32, duration: o.duration ?? 5 });
  const [c, a] = pin('0', [process.execPath, join(ROOT, 'bench/load-worker.mjs'), spec]);
  const p = spawnSync(c, a, { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(p.stdout.trim().split('\n').pop());
}
const body = JSON.stringify({ type: 'nappy', kind: 'wet' });
load('/api/vega/live', { token: s.days14.token, duration: 2 });
for (let i = 0; i < 3; i++) {
  const live = load('/api/vega/live', { token: s.days14.token });
  const today = load('/api/vega/today', { token: s.days14.token });
  console.log(`${LABEL} reads live ${Math.round(live.rps)} (p99 ${live.p99}) today ${Math.round(today.rps)} (p99 ${today.p99})`);
}
for (let i = 0; i < Number(ROUNDS); i++) {
  const live = load('/api/vega/live', { token: s.days14.token });
  const today = load('/api/vega/today', { token: s.days14.token });
  const log32 = load('/api/vega/log', { method: 'POST', tokens: s.logFamilies, body });
  const log1 = load('/api/vega/log', { method: 'POST', token: s.days14.token, body });
  console.log(`${LABEL} live ${Math.round(live.rps)} (p99 ${live.p99}) today ${Math.round(today.rps)} log32 ${Math.round(log32.rps)} (p99 ${log32.p99}) log1 ${Math.round(log1.rps)} fail ${live.failures + today.failures + log32.failures + log1.failures}`);
}
svc.kill();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await admin.end();
