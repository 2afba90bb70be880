// npm run bench -- [--quick] [--db sqlite|postgres|both]
// Load and scaling benchmark of the real service over loopback HTTP, on SQLite and (when a
// server is given) PostgreSQL: reads and writes for a family with 1 week, 1 month and 3 years
// of history, the ratios between them, a bare node:http baseline and the query plans.
// Benchmarks, not tests: the figures are printed and written down, never asserted in CI.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { connect, type Db } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import type { Ctx } from '../src/services/context.ts';
import { addDays, localDateOf } from '../src/domain/time.ts';
import { parseOptions, type BenchOptions, type DbChoice } from './options.ts';
import { scratchDb } from './scratch-db.ts';
import { generateHistory, seedFamily, ZONE, type BenchFamily } from './families.ts';
import { measure, warmUp, type LoadCase, type LoadResult } from './load.ts';
import { startBareServer } from './bare-server.ts';
import { queryPlans } from './query-plans.ts';
import { dbSection, header, median, ratioOf, type CaseRow, type DbReport, type Ratio } from './report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const LOG_HOOK = join(here, 'log-request.cjs');

async function serverVersion(db: Db): Promise<string> {
  if (db.dialect === 'sqlite') {
    const r = await sql<{ v: string }>`select sqlite_version() as v`.execute(db.kysely);
    return `SQLite ${r.rows[0].v}, WAL, synchronous=FULL, temp file`;
  }
  const r = await sql<{ v: string }>`show server_version`.execute(db.kysely);
  return `PostgreSQL ${Object.values(r.rows[0])[0]}, scratch database, pool of 10`;
}

async function run(opts: BenchOptions, kind: DbChoice): Promise<DbReport> {
  const scratch = await scratchDb(kind, opts.pgUrl);
  const config = loadConfig({ DATABASE_URL: scratch.url, HOST: '127.0.0.1', PORT: '0', PUBLIC_URL: 'http://127.0.0.1' });
  const db = connect(config.databaseUrl);
  let app: FastifyInstance | null = null;
  try {
    await migrate(db);
    const ctx: Ctx = { db, config, clock: Date.now };
    // Request logging stays on, as in `tracker serve`, but goes nowhere.
    app = await buildApp(ctx, { logger: { level: 'info', stream: pino.destination({ dest: '/dev/null', sync: false }) } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`\n== ${kind}: service on ${base}`);

    const families: BenchFamily[] = [];
    const history = generateHistory(Date.now(), 3 * 365);
    for (const [label, days] of [['1 week', 7], ['1 month', 30], ['3 years', 3 * 365]] as const) {
      const f = await seedFamily(ctx, label, days, history);
      console.log(`  seeded ${label}: ${f.events} events in ${(f.seedMs / 1000).toFixed(1)} s`);
      families.push(f);
    }
    const [week, month, years] = families;
    // PostgreSQL plans from statistics; a live database has them (autovacuum), so gather them
    // now rather than measure plans made for an empty table. SQLite runs as the service does.
    if (kind === 'postgres') await sql`analyze`.execute(db.kysely);
    const version = await serverVersion(db);

    const plans = await queryPlans(db, years.familyId, Date.now());
    for (const p of plans) console.log(`  plan ${p.ok ? 'ok  ' : p.enforced ? 'BAD ' : 'note'} ${p.name}: ${p.plan.join(' | ')}`);

    const rows: CaseRow[] = [];
    const show = (endpoint: string, who: string, r: LoadResult) =>
      console.log(`  ${endpoint.padEnd(38)} ${who.padEnd(8)} ${Math.round(r.rps).toString().padStart(6)} req/s  mean ${r.meanMs.toFixed(1)} ms  p50 ${r.p50Ms}  p99 ${r.p99Ms}${r.failures ? `  FAILURES ${r.failures}` : ''}`);
    // This machine is shared and noisy: the cases being compared are measured in alternation,
    // several rounds, and each keeps its median round, so a burst of someone else's load
    // hits all of them rather than skewing one ratio.
    const interleaved = async (endpoint: string, cases: Array<{ who: string; base: string; lc: LoadCase }>): Promise<LoadResult[]> => {
      for (const c of cases) await warmUp(c.base, c.lc);
      const runs: LoadResult[][] = cases.map(() => []);
      for (let round = 0; round < opts.rounds; round++) {
        for (const [i, c] of cases.entries()) runs[i].push(await measure(c.base, c.lc));
      }
      return cases.map((c, i) => {
        const r = median(runs[i]);
        show(endpoint, c.who, r);
        return r;
      });
    };
    const onFamilies = async (endpoint: string, fams: BenchFamily[], c: Omit<LoadCase, 'token' | 'duration'>) => {
      const results = await interleaved(
        endpoint,
        fams.map((f) => ({ who: f.label, base, lc: { ...c, token: f.token, duration: opts.duration } })),
      );
      fams.forEach((f, i) => rows.push({ endpoint, family: f.label, connections: c.connections, r: results[i] }));
      return results;
    };

    // Reads first, so the writes below cannot change what they read.
    const day = addDays(localDateOf(Date.now(), ZONE), -2);
    const reads: Array<{ endpoint: string; path: string; target: number | null; withMonth: boolean }> = [
      { endpoint: 'GET /api/vega/today', path: '/api/vega/today', target: 1.2, withMonth: true },
      { endpoint: 'GET /api/vega/events?date=(2 days ago)', path: `/api/vega/events?date=${day}`, target: null, withMonth: false },
      { endpoint: 'GET /api/vega/measurements', path: '/api/vega/measurements', target: null, withMonth: false },
      { endpoint: 'GET /api/vega/live', path: '/api/vega/live', target: 1.2, withMonth: true },
      { endpoint: 'GET /api/vega/patterns', path: '/api/vega/patterns', target: 1.2, withMonth: true },
    ];
    const ratios: Ratio[] = [];
    for (const rd of reads) {
      const fams = rd.withMonth ? [week, month, years] : [week, years];
      const res = await onFamilies(rd.endpoint, fams, { path: rd.path, connections: opts.readConnections });
      const w = res[0];
      const y = res[res.length - 1];
      ratios.push({ endpoint: rd.endpoint, versus: '3 years / 1 week', ratio: ratioOf(y, w), target: rd.target });
      // live and patterns read a 15-day window: against 1 week that window is half empty,
      // so 3 years vs 1 month isolates the history's length from the window filling up.
      if (rd.withMonth) ratios.push({ endpoint: rd.endpoint, versus: '3 years / 1 month', ratio: ratioOf(y, res[1]), target: null });
    }

    // Baseline: the same read without the framework, in alternation with the service.
    const bare = await startBareServer(ctx);
    let bareReport: DbReport['bare'];
    try {
      const probe = async (b: string) => (await fetch(`${b}/api/vega/today`, { headers: { authorization: `Bearer ${years.token}` } })).text();
      const sameBody = (await probe(base)) === (await probe(bare.base));
      const lc: LoadCase = { path: '/api/vega/today', token: years.token, connections: opts.readConnections, duration: opts.duration };
      const [service, bareR] = await interleaved('GET /api/vega/today (3 years)', [
        { who: 'service', base, lc },
        { who: 'bare', base: bare.base, lc },
      ]);
      bareReport = { service, bare: bareR, sameBody };
      console.log(`  baseline: service/bare throughput ${(service.rps / bareR.rps).toFixed(2)}× (same body: ${sameBody})`);
    } finally {
      await bare.close();
    }

    // Writes last, at fewer connections: a phone logs one event at a time.
    const [ww, wy] = await onFamilies('POST /api/vega/log', [week, years], {
      method: 'POST',
      path: '/api/vega/log',
      setupRequest: LOG_HOOK,
      connections: opts.writeConnections,
    });
    ratios.push({ endpoint: 'POST /api/vega/log', versus: '3 years / 1 week', ratio: ratioOf(wy, ww), target: null });

    return { db: kind, serverVersion: version, families, rows, ratios, bare: bareReport, plans };
  } finally {
    await app?.close();
    await db.close();
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2), process.env);
  const cpu = cpus();
  const meta = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    quick: opts.quick,
    duration: opts.duration,
    rounds: opts.rounds,
  };
  const sections: string[] = [header(meta)];
  let failed = false;
  for (const kind of opts.databases) {
    const r = await run(opts, kind);
    failed ||= r.plans.some((p) => p.enforced && !p.ok) || r.rows.some((c) => c.r.failures > 0) || !r.bare.sameBody;
    sections.push(dbSection(r));
  }
  const md = sections.join('\n');
  console.log('\n' + md);
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'latest.md'), md);
  console.log(`Written to bench/results/latest.md`);
  // A plan that scans the whole table or failed requests make the run wrong, not just slow.
  if (failed) {
    console.error('Benchmark found problems: a day-window query plan without its index, failed requests or differing baseline bodies (see above).');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
