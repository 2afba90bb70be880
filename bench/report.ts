// Turns the figures of one run into Markdown: printed to the terminal and written to
// bench/results/latest.md.
import type { LoadResult } from './load.ts';
import type { PlanCheck } from './query-plans.ts';
import type { BenchFamily } from './families.ts';

export interface CaseRow {
  endpoint: string;
  family: string;
  connections: number;
  r: LoadResult;
}

export interface Ratio {
  endpoint: string;
  versus: string;
  ratio: number;
  /** the target (≤), or null for information only */
  target: number | null;
}

export interface DbReport {
  db: string;
  serverVersion: string;
  families: BenchFamily[];
  rows: CaseRow[];
  ratios: Ratio[];
  bare: { service: LoadResult; bare: LoadResult; sameBody: boolean };
  plans: PlanCheck[];
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

/** The round with the median mean latency (its own req/s and percentiles come with it). */
export function median(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.meanMs - b.meanMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function ratioOf(slow: LoadResult, fast: LoadResult): number {
  return slow.meanMs / fast.meanMs;
}

export function dbSection(d: DbReport): string {
  const out: string[] = [];
  out.push(`## ${d.db} (${d.serverVersion})`, '');
  out.push(
    'Families (same child, 3 years old; history ends now): ' +
      d.families.map((f) => `${f.label}: ${f.events.toLocaleString('en')} events, seeded in ${(f.seedMs / 1000).toFixed(1)} s`).join('; ') +
      '.',
    '',
  );
  out.push('| endpoint | history | conns | req/s | mean ms | p50 ms | p99 ms | failures |', '|---|---|---:|---:|---:|---:|---:|---:|');
  for (const c of d.rows) {
    out.push(`| ${c.endpoint} | ${c.family} | ${c.connections} | ${Math.round(c.r.rps)} | ${f1(c.r.meanMs)} | ${c.r.p50Ms} | ${c.r.p99Ms} | ${c.r.failures} |`);
  }
  out.push('', 'Mean latency, longer history vs shorter (same load):', '', '| endpoint | ratio | target | verdict |', '|---|---|---:|---|');
  for (const r of d.ratios) {
    const verdict = r.target === null ? 'info' : r.ratio <= r.target ? 'ok' : '**over target**';
    out.push(`| ${r.endpoint} | ${r.versus}: ${f2(r.ratio)}× | ${r.target === null ? '–' : `≤ ${r.target}×`} | ${verdict} |`);
  }
  const b = d.bare;
  out.push(
    '',
    `Baseline, GET /api/vega/today for the 3-year family, measured in alternation: service ${Math.round(b.service.rps)} req/s ` +
      `(mean ${f1(b.service.meanMs)} ms, p99 ${b.service.p99Ms} ms) vs bare node:http ${Math.round(b.bare.rps)} req/s ` +
      `(mean ${f1(b.bare.meanMs)} ms, p99 ${b.bare.p99Ms} ms): the service delivers ${f2(b.service.rps / b.bare.rps)}× the bare ` +
      `throughput, mean latency ${f2(b.service.meanMs / b.bare.meanMs)}×. Identical response body: ${b.sameBody ? 'yes' : '**NO**'}.`,
    '',
  );
  out.push('Query plans (3-year family):', '');
  for (const p of d.plans) {
    const verdict = p.wanted === null ? '' : p.ok ? ` — uses ${p.wanted.join(' or ')}: ok` : ` — **does not use ${p.wanted.join(' or ')}**${p.enforced ? ' (FAIL)' : ' (reported, not enforced)'}`;
    out.push(`- ${p.name}${verdict}`, '  ```', ...p.plan.map((l) => `  ${l}`), '  ```');
  }
  out.push('');
  return out.join('\n');
}

export function header(meta: { date: string; machine: string; node: string; quick: boolean; duration: number; rounds: number }): string {
  return [
    '# Benchmark results',
    '',
    `${meta.date} · ${meta.machine} · Node ${meta.node}${meta.quick ? ' · **--quick (smoke run, figures not meaningful)**' : ''}`,
    '',
    `Each case: autocannon over loopback HTTP, ${meta.rounds} round(s) of ${meta.duration} s after a 1 s warm-up, in alternation ` +
      'with the cases it is compared with; the figures are those of its median round (by mean latency). Load is generated in a worker thread; ' +
      'reads at 32 connections, POST /log at 8 (each request logs at a random past time, 3–1,000 days ago). ' +
      'The service runs in-process exactly as `tracker serve` builds it, with request logging on (to /dev/null).',
    '',
  ].join('\n');
}
