#!/usr/bin/env node
// `npm start`: serves the compiled server from dist/, building it first if it is missing or
// older than src/ (npm ci builds it too, via prepare).
import { spawnSync } from 'node:child_process';
import { distIsStale, ROOT } from './stale-build.mjs';

if (distIsStale()) {
  const r = spawnSync(process.execPath, [`${ROOT}scripts/build-server.mjs`], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { serve } = await import(`${ROOT}dist/main.js`);
await serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
