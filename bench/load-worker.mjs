#!/usr/bin/env node
// One measurement with autocannon, in its own process (bench/run.ts pins it to another core
// than the server under test), so the load generator never competes with the server's event
// loop. Prints one line of JSON.
//   node bench/load-worker.mjs '{"url": "...", "method": "GET", "headers": {}, "body": null, "connections": 32, "duration": 5}'
import autocannon from 'autocannon';

const c = JSON.parse(process.argv[2]);
// One token per connection (c.tokens): connection i speaks for family i, as 32 parents would;
// one body per connection (c.bodies): connection i logs for child i of a family of several.
let nextToken = 0;
let nextBody = 0;
const setupClient = c.tokens || c.bodies
  ? (client) => {
      if (c.tokens) client.setHeaders({ ...(c.headers ?? {}), authorization: `Bearer ${c.tokens[nextToken++ % c.tokens.length]}` });
      if (c.bodies) client.setBody(c.bodies[nextBody++ % c.bodies.length]);
    }
  : undefined;
const r = await autocannon({
  setupClient,
  url: c.url,
  method: c.method ?? 'GET',
  headers: c.headers ?? {},
  body: c.body ?? undefined,
  connections: c.connections ?? 32,
  duration: c.duration ?? 5,
  timeout: 30,
});
console.log(JSON.stringify({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  failures: r.non2xx + r.errors + r.timeouts,
}));
