#!/usr/bin/env node
// The honest ceiling: a plain node:http server with better-sqlite3 and the service's durability
// settings (WAL, synchronous=FULL), and no project code at all. It does the least a request of
// the service could do: one indexed read of a family's events for a day, as JSON, or one
// durable insert. Run as its own process (pinned to its own core by bench/run.ts).
//   node bench/ceiling-server.mjs DB_FILE FAMILY_ID DAY_START_MS PORT
import http from 'node:http';
import Database from 'better-sqlite3';

const [file, familyId, dayStart, port] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const read = db.prepare('SELECT id, ts, type, author, ml, kind, note FROM events WHERE family_id = ? AND at >= ? ORDER BY at, seq');
const insert = db.prepare("INSERT INTO events (family_id, id, ts, at, type, author, ml, kind, note) VALUES (?, ?, ?, ?, 'nappy', 'bench', NULL, 'wet', NULL)");
let n = 0;

http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/read') {
      const body = JSON.stringify({ events: read.all(familyId, Number(dayStart)) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      return;
    }
    if (req.method === 'POST' && req.url === '/insert') {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        JSON.parse(raw || '{}');
        const now = Date.now();
        const id = (n++).toString(16).padStart(8, '0');
        insert.run(familyId, id, new Date(now).toISOString().slice(0, 19), now);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status: 'ok', id }));
      });
      return;
    }
    res.writeHead(404).end();
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`ceiling listening on http://127.0.0.1:${port}`));
// A normal exit on SIGTERM (bench/profile.ts's --cpu-prof writes its profile only then).
process.on('SIGTERM', () => process.exit(0));
