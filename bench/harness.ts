// Shared by the bench's cases (bench/run.ts and the modules it calls): starting pinned
// processes, one load measurement in its own process, resident memory, seeding, formatting.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../', import.meta.url).pathname;
export const QUICK = process.env.BENCH_QUICK === '1';
export const DURATION = QUICK ? 1 : 5;
export const CONNS = 32;
export const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? null;
export const TASKSET = spawnSync('sh', ['-c', 'command -v taskset']).status === 0 && cpus().length >= 2;
export const SERVER_CORE = '1';
export const LOAD_CORE = '0';

export function pinned(core: string, args: string[]): [string, string[]] {
  return TASKSET ? ['taskset', ['-c', core, ...args]] : [args[0]!, args.slice(1)];
}

export function startProcess(core: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const [cmd, rest] = pinned(core, args);
  return spawn(cmd, rest, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
}

/** The command `npm start` runs (package.json's start script), with this Node: the service as an operator starts it. */
export function npmStartCommand(): string[] {
  const [cmd, ...args] = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start as string).split(/\s+/);
  if (cmd !== 'node') throw new Error(`npm start runs ${cmd}, not node: the bench cannot start it the same way`);
  return [process.execPath, ...args];
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.status === 200) return performance.now() - t0;
    } catch {
      /* not up yet */
    }
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface Load {
  rps: number; p50: number; p99: number; requests: number; failures: number;
  /** the server's own CPU time (user + system) per request, in µs, when its process is known (watchCpu) */
  cpuUs?: number;
}

/** The server process behind each port, whose CPU time a load against that port is charged with. */
const serverOfPort = new Map<string, number>();

/** Charges loads against `port` with the CPU time of process `pid` (the service or a ceiling). */
export function watchCpu(port: number | string, pid: number): void {
  serverOfPort.set(String(port), pid);
}

/** CPU time (user + system) a process has used so far, in µs, from /proc (clock ticks of 10 ms). */
export function cpuTimeUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]);
  return (ticks * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export function load(url: string, opts: { method?: string; token?: string; tokens?: string[]; body?: string; bodies?: string[]; connections?: number; duration?: number } = {}): Promise<Load> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body || opts.bodies) headers['content-type'] = 'application/json';
  // tokens: one per connection, each connection speaking for its own family.
  const spec = JSON.stringify({ url, method: opts.method ?? 'GET', headers, body: opts.body, bodies: opts.bodies, tokens: opts.tokens, connections: opts.connections ?? CONNS, duration: opts.duration ?? DURATION });
  const [cmd, args] = pinned(LOAD_CORE, [process.execPath, join(ROOT, 'bench/load-worker.mjs'), spec]);
  const server = serverOfPort.get(new URL(url).port);
  const cpuBefore = server === undefined ? 0 : cpuTimeUs(server);
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout!.on('data', (b) => (out += b));
    p.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited ${code}`));
      const result: Load = JSON.parse(out.trim().split('\n').pop()!);
      // Background work the server does meanwhile (the outbox loop, timers) is charged too: it is
      // what the requests cost the machine.
      if (server !== undefined && result.requests > 0) result.cpuUs = (cpuTimeUs(server) - cpuBefore) / result.requests;
      resolve(result);
    });
  });
}

/** Peak and current resident set size of a process, in MB. */
export function rss(pid: number): { peak: number; now: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

export function seed(url: string, ceilingFile: string, exportFamily: boolean): any {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', url, ceilingFile, ...(exportFamily ? ['--export-family'] : [])], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

export const fmt = (l: Load) =>
  `${Math.round(l.rps).toString().padStart(6)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(5)} ms${l.cpuUs === undefined ? '' : `  ${Math.round(l.cpuUs).toString().padStart(5)} µs CPU/req`}${l.failures ? `  FAILURES ${l.failures}` : ''}`;
export const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;

