// The many-families case (issue 30): memory and cold reads as the number of active families
// grows. Its own service process on its own SQLite file of 10,000 families with two weeks of
// history each (bench/seed-many.ts), started as `npm start` starts it, with the default cache
// budget (CACHE_MEMORY_MB=64), pinned like the others; the load (bench/many-worker.mjs) reads
// live, today and patterns for 100, then 1,000, then 10,000 families, three passes each, and the
// service's resident memory is read after each size. Past what the budget holds, most reads
// are of families evicted since their last read: cold reads, loaded from the database.
// Called by bench/run.ts; alone: node --import tsx bench/many-families.ts [MAX_FAMILIES]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOAD_CORE, ROOT, SERVER_CORE, npmStartCommand, pinned, rss, startProcess, waitFor } from './harness.ts';

const SIZES = [100, 1_000, 10_000];
const BUDGET_MB = 64;

interface Pass { rps: number; p50: number; p99: number; max: number; requests: number; seconds: number; failures: number }

function readAll(base: string, tokensFile: string, count: number, passes: number, connections = 32, from = 0): Promise<Pass> {
  const [cmd, args] = pinned(LOAD_CORE, [process.execPath, join(ROOT, 'bench/many-worker.mjs'), JSON.stringify({ base, tokensFile, count, passes, connections, from })]);
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout!.on('data', (b) => (out += b));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`many-worker exited ${code}`))));
  });
}

export async function manyFamilies(say: (s?: string) => void, max = SIZES.at(-1)!): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-many-'));
  try {
    const file = join(dir, 'many.db');
    const tokensFile = join(dir, 'tokens.json');
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed-many.ts', file, String(max), tokensFile], { cwd: ROOT, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seeding the many families failed: ${seeded.stderr}`);
    const { eventsEach, seconds } = JSON.parse(seeded.stdout.trim().split('\n').pop()!);
    const port = 3900 + Math.floor(Math.random() * 90);
    const service = startProcess(SERVER_CORE, npmStartCommand(), { DATABASE_URL: `sqlite:${file}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', CACHE_MEMORY_MB: String(BUDGET_MB) });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/api/health`);
      const idle = rss(service.pid!).now;
      // Warm-up, as the other cases have: the first reads compile the code and load the food
      // tables. Of 20 families outside the 1,000 (they are read again only with the 10,000).
      await readAll(base, tokensFile, 20, 1, 4, max - 20);
      say(`Memory by active families (its own service process on a SQLite file of ${max.toLocaleString('en-GB')} families of two weeks each, ${eventsEach} events a family, copied in SQL in ${seconds} s; CACHE_MEMORY_MB=${BUDGET_MB}, the default; 32 connections read live, today and patterns of each family in turn, three passes over 100 and 1,000 families and one over 10,000; resident memory after each size; idle after start: ${idle.toFixed(0)} MB):`);
      say();
      say('| active families | reads | req/s | p50 | p99 | slowest | RSS after | peak RSS so far |');
      say('|---:|---:|---:|---:|---:|---:|---:|---:|');
      let p99At10k = NaN;
      for (const size of SIZES.filter((s) => s <= max)) {
        // Three passes over 100 and 1,000 families; one over 10,000 (30,000 reads, nearly all
        // cold: the budget holds about a thousand families' entries).
        const r = await readAll(base, tokensFile, size, size > 1_000 ? 1 : 3);
        if (r.failures) throw new Error(`${r.failures} failed reads at ${size} families`);
        const m = rss(service.pid!);
        p99At10k = r.p99;
        say(`| ${size.toLocaleString('en-GB')} | ${r.requests.toLocaleString('en-GB')} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms | ${m.now.toFixed(0)} MB | ${m.peak.toFixed(0)} MB |`);
      }
      const peak = rss(service.pid!).peak;
      // A cold read on its own: the first families were read first and have been evicted since
      // (the budget holds far fewer than were read after them); one connection, no queueing.
      const cold = await readAll(base, tokensFile, 300, 1, 1);
      say();
      say(`Peak RSS with ${max.toLocaleString('en-GB')} families: ${peak.toFixed(0)} MB (target ≤ budget + 150 = ${BUDGET_MB + 150} MB). Reads at ${max.toLocaleString('en-GB')} families, 32 at a time, most of them of a family evicted since its last read: p99 ${p99At10k} ms. Cold reads one at a time (live, today and patterns of 300 families evicted since their last read): p50 ${cold.p50} ms, p99 ${cold.p99} ms, slowest ${cold.max} ms (target: cold-read p99 ≤ 50 ms).`);
      say();
    } finally {
      service.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
  await manyFamilies((s = '') => console.log(s), process.argv[2] ? Number(process.argv[2]) : undefined);
}
