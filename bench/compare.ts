// Holds a run's table rows against the last recorded run (bench/RESULTS.md as committed) and
// names every figure more than 10 % worse, so a slower change shows up at the end of the run
// instead of in a later reading of two tables side by side. Absolute figures move with the
// machine's speed on the day (this machine's ceiling read has run anywhere from 8,000 to 47,000
// req/s), so the row's share of the ceiling, measured in the same run, is held as well: a
// share that fell is the change's doing, a req/s that fell with its share steady is the day's.

/** One measured figure of a row: throughput, tail latency, the server's CPU per request. */
interface Figures { rps: number; p99: number; cpuUs: number | null; share: number | null }

const SERVICE_CELL = /(\d+) req\/s\s+p50\s+\d+ ms\s+p99\s+(\d+) ms(?:\s+(\d+) µs CPU\/req)?/;

/** The service's figures of each table row, keyed by its first two cells (request and history). */
export function tableFigures(markdown: string): Map<string, Figures> {
  const out = new Map<string, Figures>();
  let section = '';
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !cells[1]!.startsWith('GET') && !cells[1]!.startsWith('POST')) continue;
    const m = SERVICE_CELL.exec(cells[3]!);
    if (!m) continue;
    const share = /^(\d+) %$/.exec(cells[5] ?? '');
    out.set(`${section ? `${section}: ` : ''}${cells[1]} · ${cells[2]}`, {
      rps: Number(m[1]), p99: Number(m[2]), cpuUs: m[3] === undefined ? null : Number(m[3]), share: share ? Number(share[1]) : null,
    });
  }
  return out;
}

/** Every figure of `now` more than `limit` (0.1 = 10 %) worse than the same row of `before`. */
export function regressions(before: Map<string, Figures>, now: Map<string, Figures>, limit = 0.1): string[] {
  const out: string[] = [];
  for (const [row, n] of now) {
    const b = before.get(row);
    if (!b) continue;
    if (n.rps < b.rps * (1 - limit)) out.push(`${row}: ${n.rps} req/s, was ${b.rps} (${pctChange(n.rps, b.rps)})`);
    if (n.p99 > b.p99 * (1 + limit)) out.push(`${row}: p99 ${n.p99} ms, was ${b.p99} (${pctChange(n.p99, b.p99)})`);
    if (n.cpuUs !== null && b.cpuUs !== null && n.cpuUs > b.cpuUs * (1 + limit)) out.push(`${row}: ${n.cpuUs} µs CPU/req, was ${b.cpuUs} (${pctChange(n.cpuUs, b.cpuUs)})`);
    if (n.share !== null && b.share !== null && n.share < b.share * (1 - limit)) out.push(`${row}: **${n.share} % of the ceiling, was ${b.share} %** (${pctChange(n.share, b.share)})`);
  }
  return out;
}

const pctChange = (now: number, before: number) => `${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(0)} %`;
