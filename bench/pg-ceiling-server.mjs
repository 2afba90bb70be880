#!/usr/bin/env node
// The PostgreSQL ceiling: a plain node:http server with node-postgres and no project code at
// all, against the same PostgreSQL server as the service, with the service's pool size (10,
// src/db/connect.ts) and PostgreSQL's own durability (synchronous_commit as the server has
// it, as for the service). It does the least a request of the service could do: one indexed
// read of a family's events for a day, as JSON, or one durable insert (a statement of its
// own, so its own transaction). Its table is `ceiling_events`, made by bench/pg.ts with the
// service's events columns and indexes (no triggers, no foreign keys) and the 14-day bench
// family's rows. Both statements are prepared by name, as the service prepares its repeated
// ones (src/db/pg-statements.ts). Run as its own process (pinned to core 1 by bench/pg.ts).
//   node bench/pg-ceiling-server.mjs DATABASE_URL FAMILY_ID CHILD_ID DAY_START_MS PORT [POOL]
import http from 'node:http';
import pg from 'pg';

const [url, familyId, childId, dayStart, port, poolSize = '10'] = process.argv.slice(2);
// bigint comes back as a string by default; the service parses it at the driver too.
pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize) });
pool.on('error', (err) => console.error(`idle connection failed: ${err.message}`));
const read = { name: 'ceiling_read', text: 'SELECT id, ts, type, author, ml, kind, note FROM ceiling_events WHERE family_id = $1 AND at >= $2 ORDER BY at, seq' };
const insert = {
  name: 'ceiling_insert',
  text: "INSERT INTO ceiling_events (family_id, child_id, id, ts, at, zone, type, author, kind, created_at) VALUES ($1, $2, $3, $4, $5, 'Europe/London', 'nappy', 'bench', 'wet', $5)",
};
// Inserts go under a family of their own, so the read's family keeps its one day of events
// however many inserts ran before it; ids unique across restarts on the same table.
const insertFamily = `${familyId}:inserts`;
const prefix = Date.now().toString(36);
let n = 0;

function fail(res, err) {
  console.error(err);
  if (!res.headersSent) res.writeHead(500).end();
}

http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/read') {
      pool
        .query({ ...read, values: [familyId, Number(dayStart)] })
        .then((r) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ events: r.rows })))
        .catch((err) => fail(res, err));
      return;
    }
    if (req.method === 'POST' && req.url === '/insert') {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        JSON.parse(raw || '{}');
        const now = Date.now();
        const id = `${prefix}-${(n++).toString(16).padStart(8, '0')}`;
        pool
          .query({ ...insert, values: [insertFamily, childId, id, new Date(now).toISOString().slice(0, 19), now] })
          .then(() => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status: 'ok', id })))
          .catch((err) => fail(res, err));
      });
      return;
    }
    res.writeHead(404).end();
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`PostgreSQL ceiling listening on http://127.0.0.1:${port}`));
