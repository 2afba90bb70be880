// Where a request's time goes, by stage: the service started as `npm start` starts it (plus
// V8's sampling profiler, --cpu-prof), pinned to the server core, one case at a time under the
// bench's load (its own process, the other core). Only the samples taken while the measured
// load ran are counted (the profile's clock and this process's are both the system's monotonic
// clock), each sample charged to the stage of the innermost frame that names one (the bundle's
// source map gives each frame its source file). Prints µs of server CPU per request by stage.
// Never run in tests.
//   npm run bench:profile            (BENCH_PROFILE_SECONDS=8 by default)
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SERVER_CORE, load, npmStartCommand, seed, startProcess, waitFor, watchCpu, type Load } from './harness.ts';
import { spawnSync } from 'node:child_process';

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** Stages in the order a request meets them; a frame's source file (or V8's name) decides its stage. */
const STAGES: [string, (file: string, fn: string) => boolean][] = [
  ['request logging', (f) => /node_modules\/(pino|sonic-boom|thread-stream|pino-std-serializers)\//.test(f) || f.endsWith('src/http/security-log.ts')],
  ['authentication', (f) => /src\/(http\/auth|http\/cookies|services\/access\/)/.test(f)],
  ['child and zone', (f) => /src\/(http\/child-param|services\/family\/|db\/family-scope)/.test(f)],
  ['cache lookup', (f) => /src\/services\/insights\/(derived-cache|cached-derivation|estimate-bytes|cache-budget)/.test(f)],
  ['serialisation', (f) => /src\/http\/json-serializer/.test(f)],
  ['validation', (f) => /src\/http\/validation|node_modules\/zod\//.test(f)],
  ['writing (log, outbox, group commit)', (f) => /src\/(services\/log\/|db\/(group-commit|domain-events|outbox)|services\/notify)/.test(f)],
  ['derivation', (f) => /src\/(domain\/|services\/insights\/)/.test(f)],
  ['database driver', (f) => /node_modules\/(better-sqlite3|kysely|pg)\//.test(f) || /src\/db\//.test(f)],
  ['fastify', (f) => /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-querystring|toad-cache|secure-json-parse|process-warning)\//.test(f) || /src\/http\//.test(f)],
  ['garbage collection', (_f, fn) => fn === '(garbage collector)'],
];

function stageOf(file: string, fn: string): string | undefined {
  for (const [name, test] of STAGES) if (test(file, fn)) return name;
  return undefined;
}

function analyse(profile: Profile, from: number, to: number, map: SourceMap, bundleUrl: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const fileOf = new Map<number, string>();
  const file = (n: ProfileNode): string => {
    let f = fileOf.get(n.id);
    if (f !== undefined) return f;
    let found = n.callFrame.url;
    if (found === bundleUrl) {
      const entry = map.findEntry(n.callFrame.lineNumber, n.callFrame.columnNumber);
      if ('originalSource' in entry) found = entry.originalSource;
    }
    fileOf.set(n.id, found);
    return found;
  };
  const stageOfNode = new Map<number, string>();
  const stage = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known) return known;
    let s: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !s; at = parent.get(at)) {
      const n = byId.get(at)!;
      s = stageOf(file(n), n.callFrame.functionName);
    }
    const leaf = byId.get(id)!.callFrame.functionName;
    s ??= leaf === '(idle)' ? 'idle' : leaf === '(program)' ? 'V8 and Node (unattributed)' : 'Node: sockets and HTTP parsing';
    stageOfNode.set(id, s);
    return s;
  };
  const totals = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    // The sample's interval is the time to the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const s = stage(profile.samples[i]!);
    totals.set(s, (totals.get(s) ?? 0) + dt);
  }
  if (process.env.BENCH_PROFILE_TOP) {
    // The heaviest frames by self time, with their stage: what to look at next.
    const self = new Map<string, number>();
    let u = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      u += profile.timeDeltas[i]!;
      if (u < from || u > to) continue;
      const n = byId.get(profile.samples[i]!)!;
      const key = `${stage(n.id).padEnd(32)} ${n.callFrame.functionName || '(anonymous)'} ${file(n).replace(/^.*(node_modules|src)\//, '$1/')}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROFILE_TOP));
    for (const [k, v] of top) console.log(`${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  }
  return totals;
}

type Case = [name: string, server: 'service' | 'ceiling', run: (at: (p: string) => string, s: any) => Promise<Load>];
const cases: Case[] = [
  ['bare read (ceiling)', 'ceiling', (at) => load(at('/read'), { duration: SECONDS })],
  ['GET /api/vega/live', 'service', (at, s) => load(at('/api/vega/live'), { token: s.years3.token, duration: SECONDS })],
  ['GET /api/vega/today', 'service', (at, s) => load(at('/api/vega/today'), { token: s.years3.token, duration: SECONDS })],
  ['GET /api/vega/patterns', 'service', (at, s) => load(at('/api/vega/patterns'), { token: s.years3.token, duration: SECONDS })],
  ['bare insert (ceiling)', 'ceiling', (at) => load(at('/insert'), { method: 'POST', body: '{}', duration: SECONDS })],
  ['POST /api/vega/log, 32 families', 'service', (at, s) => load(at('/api/vega/log'), { method: 'POST', tokens: s.logFamilies, body: JSON.stringify({ type: 'nappy', kind: 'wet' }), duration: SECONDS })],
];

if (spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
const dir = mkdtempSync(join(tmpdir(), 'tracker-profile-'));
const url = `sqlite:${join(dir, 'service.db')}`;
const ceilingFile = join(dir, 'ceiling.db');
const seeded = seed(url, ceilingFile, false);
const bundle = join(ROOT, 'dist/main.js');
const map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
const rows: [string, Load, Map<string, number>][] = [];
try {
  // BENCH_PROFILE_CASES=live,log: only the cases whose name holds one of these.
  const only = process.env.BENCH_PROFILE_CASES?.split(',');
  for (const [name, server, run] of cases.filter(([n]) => !only || only.some((o) => n.includes(o)))) {
    const profDir = join(dir, `prof-${rows.length}`);
    const port = 3950 + rows.length;
    const profiling = [`--cpu-prof`, `--cpu-prof-dir=${profDir}`];
    const [node, ...args] = npmStartCommand();
    const proc = server === 'service'
      ? startProcess(SERVER_CORE, [node!, ...profiling, ...args], { DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' })
      : startProcess(SERVER_CORE, [node!, ...profiling, 'bench/ceiling-server.mjs', ceilingFile, seeded.ceiling.familyId, String(seeded.ceiling.dayStart), String(port)]);
    const at = (p: string) => `http://127.0.0.1:${port}${p}`;
    await waitFor(at(server === 'service' ? '/api/health' : '/read'));
    watchCpu(port, proc.pid!);
    // Warm (JIT, caches), then the measured load.
    if (server === 'service') for (const p of ['live', 'today', 'patterns']) await load(at(`/api/vega/${p}`), { token: seeded.years3.token, duration: 1 });
    else await load(at('/read'), { duration: 1 });
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await run(at, seeded);
    const to = Number(process.hrtime.bigint() / 1000n);
    const exited = new Promise((r) => proc.once('exit', r));
    // Both exit normally on SIGTERM, which --cpu-prof needs to write the profile.
    proc.kill('SIGTERM');
    await exited;
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    const profile = file ? (JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile) : undefined;
    rows.push([name, result, profile ? analyse(profile, from, to, map, `file://${bundle}`) : new Map()]);
    // BENCH_PROFILE_KEEP=DIR keeps each profile (open it in Chrome's DevTools, Performance tab).
    if (file && process.env.BENCH_PROFILE_KEEP) copyFileSync(join(profDir, file), join(process.env.BENCH_PROFILE_KEEP, `${name.replace(/\W+/g, '-')}.cpuprofile`));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// µs of server CPU per request, by stage, one column per case.
const stages = [...STAGES.map(([s]) => s), 'database driver', 'Node: sockets and HTTP parsing', 'V8 and Node (unattributed)']
  .filter((s, i, all) => all.indexOf(s) === i);
console.log(`Profile of the service under load (${SECONDS} s a case, 32 connections, years3 family for reads, Node ${process.version}); µs of server CPU per request by stage:\n`);
console.log(`| stage | ${rows.map(([n]) => n).join(' | ')} |`);
console.log(`|---|${rows.map(() => '---:').join('|')}|`);
for (const s of stages) console.log(`| ${s} | ${rows.map(([, l, t]) => ((t.get(s) ?? 0) / l.requests).toFixed(1)).join(' | ')} |`);
console.log(`| **total (busy)** | ${rows.map(([, l, t]) => ([...t].filter(([k]) => k !== 'idle').reduce((a, [, v]) => a + v, 0) / l.requests).toFixed(1)).join(' | ')} |`);
console.log(`| req/s · p99 | ${rows.map(([, l]) => `${Math.round(l.rps)} · ${l.p99} ms`).join(' | ')} |`);
console.log(`| µs CPU/req (/proc, profiler on) | ${rows.map(([, l]) => Math.round(l.cpuUs ?? NaN)).join(' | ')} |`);
