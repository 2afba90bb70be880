// npm run bench            (BENCH_QUICK=1 for a short smoke run; BENCH_PG_URL or
//                           TEST_DATABASE_URL adds the PostgreSQL cases)
// An honest benchmark, every part its own process:
// - the service under test: the compiled server (dist/main.js), pinned to core 1;
// - the ceiling: bench/ceiling-server.mjs, a plain node:http + better-sqlite3 server with the
//   service's durability settings and no project code, pinned to core 1 as well;
// - the load: autocannon in bench/load-worker.mjs, pinned to core 0.
// Each case runs against the service and against the ceiling in alternation, in the same run,
// and is reported as a ratio. Prints the table and writes bench/RESULTS.md. Never run in tests.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, QUICK, npmStartCommand, DURATION, CONNS, PG_URL, TASKSET, SERVER_CORE, LOAD_CORE, startProcess, waitFor, load, rss, seed, fmt, pct, watchCpu, type Load } from './harness.ts';
import { regressions, tableFigures } from './compare.ts';

const IMPORT_BYTES = 20 * 1024 * 1024;

/** `npm start`'s command (package.json), with this node for `node`. */
/** A file just under the import limit (20 MB): the first events of an export, as that export's object. */
async function importCase(svc: (p: string) => string, token: string, exportText: string, pid: number) {
  const whole = JSON.parse(exportText) as { events: unknown[] };
  const perEvent = exportText.length / whole.events.length;
  let n = Math.floor((IMPORT_BYTES * 0.97) / perEvent);
  let body = '';
  for (;;) {
    body = JSON.stringify({ format: 'tracker', data: { ...whole, events: whole.events.slice(0, n) } });
    if (body.length < IMPORT_BYTES) break;
    n = Math.floor(n * 0.97);
  }
  const before = rss(pid).now;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid).now)), 50);
  const t = performance.now();
  const r = await fetch(svc('/api/vega/import'), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  await r.text();
  clearInterval(sampler);
  return { status: r.status, bytes: body.length, events: n, ms: performance.now() - t, before, peak };
}

async function main() {
  if (spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-'));
  const lines: string[] = [];
  const say = (s = '') => {
    console.log(s);
    lines.push(s);
  };
  const servers: ChildProcess[] = [];
  try {
    const serviceUrl = `sqlite:${join(dir, 'service.db')}`;
    const ceilingFile = join(dir, 'ceiling.db');
    const t0 = performance.now();
    const seeded = seed(serviceUrl, ceilingFile, !QUICK);
    const seedS = ((performance.now() - t0) / 1000).toFixed(0);

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    say(`# Benchmark results`);
    say();
    say(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} cores (${cpu}) · Node ${process.version} · ${TASKSET ? `servers pinned to core ${SERVER_CORE}, load (autocannon, its own process) to core ${LOAD_CORE}` : 'no taskset: nothing pinned'} · ${DURATION} s per case, ${CONNS} connections${QUICK ? ' · QUICK run' : ''}`);
    say();
    say(`Service: \`${npmStartCommand().slice(1).join(' ')}\` (npm start's command; dist/main.js is the compiled server, one bundle), SQLite file (WAL, synchronous=FULL), request logging on. Ceiling: \`bench/ceiling-server.mjs\`, plain node:http + better-sqlite3, WAL + synchronous=FULL, no project code: one indexed read of a family's events today as JSON, or one insert. Families seeded in ${seedS} s: 14 days (${seeded.days14.events} events), 3 years (${seeded.years3.events} events)${seeded.export ? `, export (${seeded.export.events} events)` : ''}.`);
    say();

    const port = 3400 + Math.floor(Math.random() * 500);
    // OUTBOUND_ALLOW_PRIVATE: the slow webhook receiver below is on this machine.
    // Started as `npm start` starts it (its command from package.json, without npm's own process:
    // the pid is the server's).
    const service = startProcess(SERVER_CORE, npmStartCommand(), { DATABASE_URL: serviceUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', OUTBOUND_ALLOW_PRIVATE: '1' });
    servers.push(service);
    const coldMs = await waitFor(`http://127.0.0.1:${port}/api/health`);
    watchCpu(port, service.pid!);
    const ceilingPort = port + 1;
    const ceiling = startProcess(SERVER_CORE, [process.execPath, 'bench/ceiling-server.mjs', ceilingFile, seeded.ceiling.familyId, String(seeded.ceiling.dayStart), String(ceilingPort)]);
    servers.push(ceiling);
    await waitFor(`http://127.0.0.1:${ceilingPort}/read`);
    watchCpu(ceilingPort, ceiling.pid!);
    const svc = (path: string) => `http://127.0.0.1:${port}${path}`;
    const ceil = (path: string) => `http://127.0.0.1:${ceilingPort}${path}`;

    // Warm both (JIT, caches), then measure each service case right after its ceiling run.
    for (const p of ['/api/vega/today', '/api/vega/live', '/api/vega/patterns']) await load(svc(p), { token: seeded.days14.token, duration: 1 });
    for (const p of ['/api/vega/today', '/api/vega/live', '/api/vega/patterns']) await load(svc(`${p}?child=${seeded.twins.second}`), { token: seeded.twins.token, duration: 1 });
    await load(ceil('/read'), { duration: 1 });

    say('| request | history | service | ceiling | share of the ceiling | target |');
    say('|---|---|---|---|---:|---|');
    const results: Record<string, Load> = {};
    let ceilingRead: Load = { rps: NaN, p50: 0, p99: 0, requests: 0, failures: 0 };
    const targets: Record<string, number> = { today: 40, live: 25, patterns: 15, log: 25 };
    for (const name of ['today', 'live', 'patterns']) {
      for (const [label, fam] of [['14 days', seeded.days14], ['3 years', seeded.years3]] as const) {
        const c = await load(ceil('/read'));
        if (name === 'live' && label === '14 days') ceilingRead = c;
        const s = await load(svc(`/api/vega/${name}`), { token: fam.token });
        results[`${name} ${label}`] = s;
        say(`| GET /api/vega/${name} | ${label} | ${fmt(s)} | ${fmt(c)} | ${pct(s.rps, c.rps)} | ≥ ${targets[name]} %, p99 ≤ ${name === 'patterns' ? 100 : 50} ms |`);
      }
    }
    // A family of two children (issue 25): the second child's reads name it (?child=); below,
    // its logs alternate between the children, one child per connection.
    const tw = seeded.twins;
    for (const name of ['today', 'live', 'patterns']) {
      const c = await load(ceil('/read'));
      const s = await load(svc(`/api/vega/${name}?child=${tw.second}`), { token: tw.token });
      results[`${name} twins`] = s;
      say(`| GET /api/vega/${name}?child= | two children, 14 days each | ${fmt(s)} | ${fmt(c)} | ${pct(s.rps, c.rps)} | within 10 % of one child |`);
    }
    const body = JSON.stringify({ type: 'nappy', kind: 'wet' });
    // Logging: 32 connections, each logging for its own family (32 parents on one server; the
    // ceiling inserts into one table all the same), and all 32 on one family, whose day then
    // fills with thousands of entries.
    const ci = await load(ceil('/insert'), { method: 'POST', body: '{}' });
    const sl = await load(svc('/api/vega/log'), { method: 'POST', tokens: seeded.logFamilies, body });
    results.log = sl;
    say(`| POST /api/vega/log | 32 families, 14 days each | ${fmt(sl)} | ${fmt(ci)} | ${pct(sl.rps, ci.rps)} | ≥ 25 %, p99 ≤ 100 ms |`);
    const ci1 = await load(ceil('/insert'), { method: 'POST', body: '{}' });
    const sl1 = await load(svc('/api/vega/log'), { method: 'POST', token: seeded.days14.token, body });
    say(`| POST /api/vega/log | one family, 14 days | ${fmt(sl1)} | ${fmt(ci1)} | ${pct(sl1.rps, ci1.rps)} | ≥ 25 %, p99 ≤ 100 ms |`);
    const ct = await load(ceil('/insert'), { method: 'POST', body: '{}' });
    const st = await load(svc('/api/vega/log'), { method: 'POST', token: tw.token, bodies: [JSON.stringify({ type: 'nappy', kind: 'wet' }), JSON.stringify({ type: 'nappy', kind: 'wet', child: tw.second })] });
    say(`| POST /api/vega/log | two children of one family, alternating | ${fmt(st)} | ${fmt(ct)} | ${pct(st.rps, ct.rps)} | within 10 % of one family |`);
    // Issue 28: a family whose webhook receiver takes 30 s to answer logs as fast as one without
    // a webhook (the message waits in the outbox; the write never waits for the receiver). Two
    // families of the same size, one after the other.
    const slowPort = port + 3;
    const slow = startProcess(LOAD_CORE, [process.execPath, 'bench/slow-receiver.mjs', String(slowPort)]);
    servers.push(slow);
    const [withHook, withoutHook] = [seeded.logFamilies[0], seeded.logFamilies[1]];
    const hook = await fetch(svc('/api/vega/webhooks'), {
      method: 'POST',
      headers: { authorization: `Bearer ${withHook}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${slowPort}/hook`, events: ['event.created'] }),
    });
    if (hook.status !== 200) throw new Error(`webhook not created: ${hook.status} ${await hook.text()}`);
    const plain = await load(svc('/api/vega/log'), { method: 'POST', token: withoutHook, body });
    const hooked = await load(svc('/api/vega/log'), { method: 'POST', token: withHook, body });
    say(`| POST /api/vega/log | one family with a webhook whose receiver answers after 30 s | ${fmt(hooked)} | same without a webhook: ${fmt(plain)} | ${pct(hooked.rps, plain.rps)} of it | p99 within noise of it |`);
    slow.kill();
    say();
    say('History length (3 years against 14 days, same run; target ≤ 1.15× in latency):');
    say();
    for (const name of ['today', 'live', 'patterns']) {
      const a = results[`${name} 14 days`]!;
      const b = results[`${name} 3 years`]!;
      say(`- ${name}: req/s ${(a.rps / b.rps).toFixed(2)}× fewer with 3 years; p50 ${(b.p50 / Math.max(a.p50, 1)).toFixed(2)}×`);
    }
    say();
    const mem = rss(service.pid!);
    say(`Peak RSS of the service under this load: ${mem.peak.toFixed(0)} MB. Cold start to the first 200 on /api/health: ${coldMs.toFixed(0)} ms (target ≤ 0.5 s).`);
    say();

    if (seeded.export) {
      const before = rss(service.pid!).now;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rss(service.pid!).now)), 50);
      const t = performance.now();
      const exported = fetch(svc('/api/vega/export'), { headers: { authorization: `Bearer ${seeded.export.token}` } }).then(async (r) => {
        const text = await r.text();
        const events = JSON.parse(text).events.length as number;
        return { status: r.status, bytes: text.length, events, ms: performance.now() - t, text };
      });
      const [health, other, ex] = await Promise.all([
        load(svc('/api/health'), { connections: 4, duration: 8 }),
        load(svc('/api/vega/today'), { token: seeded.other.token, connections: 4, duration: 8 }),
        exported,
      ]);
      clearInterval(sampler);
      say(`Export of a ${seeded.export.events.toLocaleString('en-GB')}-event family: ${ex.status}, ${(ex.bytes / 1e6).toFixed(0)} MB, ${ex.events.toLocaleString('en-GB')} events parsed back, ${(ex.ms / 1000).toFixed(1)} s. Meanwhile (8 s, 4 connections each): /api/health p99 ${health.p99} ms (target ≤ 100), another family's /today p99 ${other.p99} ms (target ≤ 150); service RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}, target ≤ 50).`);
      say();
      const imported = await importCase(svc, seeded.other.token, ex.text, service.pid!);
      say(`Import of a ${(imported.bytes / 1e6).toFixed(1)} MB file (this service's own format: ${imported.events.toLocaleString('en-GB')} events of the export above, into another family): ${imported.status}, ${(imported.ms / 1000).toFixed(1)} s; service RSS ${imported.before.toFixed(0)} → peak ${imported.peak.toFixed(0)} MB.`);
      say();
    }
    say(`Peak RSS of the service over all the cases above (reads, logs, the 3-year family${seeded.export ? ', the export and the import' : ''}), started as \`npm start\` starts it: ${rss(service.pid!).peak.toFixed(0)} MB (target ≤ 150 MB).`);
    say();

    if (PG_URL) {
      // The PostgreSQL cases against their own ceiling, and two processes on one database
      // (issue 30): bench/pg.ts, which also runs them alone. Ports from port + 4 on.
      const { pgCases } = await import('./pg.ts');
      await pgCases({ say, dir, port: port + 4, sqliteCeiling: { read: ceilingRead, insert: ci } });
    }
    // Memory by active families (issue 30): its own service process and database.
    for (const s of servers) s.kill();
    const { manyFamilies } = await import('./many-families.ts');
    await manyFamilies(say, QUICK ? 1_000 : 10_000);
  } finally {
    for (const s of servers) s.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  // Against the last recorded run (its own tables only: NOTES.md is appended after them).
  const recorded = join(ROOT, 'bench/RESULTS.md');
  if (existsSync(recorded)) {
    const before = readFileSync(recorded, 'utf8');
    const notesAt = before.indexOf('\n# ', 1);
    const worse = regressions(tableFigures(notesAt > 0 ? before.slice(0, notesAt) : before), tableFigures(lines.join('\n')));
    console.log(worse.length === 0 ? '\nNo figure more than 10 % worse than bench/RESULTS.md as it was.' : `\nMore than 10 % worse than bench/RESULTS.md as it was (req/s, p99 and CPU move with the machine's speed on the day; a share of the ceiling, in bold, does not):\n${worse.map((w) => `- ${w}`).join('\n')}`);
  }
  if (!QUICK) writeFileSync(join(ROOT, 'bench/RESULTS.md'), `${lines.join('\n')}\n${existsSync(join(ROOT, 'bench/NOTES.md')) ? `\n${readFileSync(join(ROOT, 'bench/NOTES.md'), 'utf8')}` : ''}`);
}

await main();
