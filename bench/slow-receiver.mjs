#!/usr/bin/env node
// A webhook receiver that takes 30 s to answer (bench/run.ts, issue 28): logging must not wait
// for it. Its own process, like every other part of the bench.
//   node bench/slow-receiver.mjs PORT
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
let received = 0;
createServer((req, res) => {
  req.resume();
  received += 1;
  setTimeout(() => res.writeHead(200).end(), 30_000);
}).listen(port, '127.0.0.1', () => console.log(`slow receiver on ${port}`));
process.on('SIGTERM', () => {
  console.error(`slow receiver got ${received} requests`);
  process.exit(0);
});
