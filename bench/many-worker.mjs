#!/usr/bin/env node
// The load of the many-families case (bench/many-families.ts), in its own process: reads of
// live, today and patterns for the first `count` families of a token file, each family's
// three reads in turn, the families one after another, `passes` times over, on `connections`
// connections. autocannon's per-connection tokens (bench/load-worker.mjs) would read only 32
// families; here every request takes the next family's token. Prints one line of JSON.
//   node bench/many-worker.mjs '{"base": "http://…", "tokensFile": "…", "count": 1000, "passes": 3, "connections": 32}'
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const c = JSON.parse(process.argv[2]);
// from: the first family's index (the warm-up reads families outside those measured)
const from = c.from ?? 0;
const tokens = JSON.parse(readFileSync(c.tokensFile, 'utf8')).slice(from, from + c.count);
const PATHS = ['/api/vega/live', '/api/vega/today', '/api/vega/patterns'];
let next = 0;
const r = await autocannon({
  url: c.base,
  connections: c.connections ?? 32,
  amount: tokens.length * PATHS.length * (c.passes ?? 3),
  timeout: 30,
  requests: [
    {
      setupRequest: (req) => {
        const i = next++;
        const token = tokens[Math.floor(i / PATHS.length) % tokens.length];
        return { ...req, method: 'GET', path: PATHS[i % PATHS.length], headers: { authorization: `Bearer ${token}` } };
      },
    },
  ],
});
console.log(JSON.stringify({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  requests: r.requests.total,
  seconds: r.duration,
  failures: r.non2xx + r.errors + r.timeouts,
}));
