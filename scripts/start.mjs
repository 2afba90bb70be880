#!/usr/bin/env node
// `npm start`: serves the compiled server from dist/, building it first if it is missing or
// older than src/ (npm ci builds it too, via prepare).
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { distIsStale, ROOT } from './stale-build.mjs';

// Node 22.1 and later keep V8's compiled code for the bundle on disk and load it at the next
// start instead of compiling 6 MB of JavaScript again (Node checks it against the file's
// content, so a rebuilt bundle is compiled afresh). It is kept beside the installation, in
// node_modules/.cache/, not in the shared temp dir Node would pick, where another local user
// could plant compiled code for this server to run. NODE_COMPILE_CACHE names another directory;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. Where it cannot be written, the server starts as it
// would without it. Node 20 has no such cache.
module.enableCompileCache?.(`${ROOT}node_modules/.cache/node-compile-cache`);

if (distIsStale()) {
  const r = spawnSync(process.execPath, [`${ROOT}scripts/build-server.mjs`], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { serve } = await import(`${ROOT}dist/main.js`);
await serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
// Node writes the cache when the process exits; written now, a server that is killed rather
// than stopped still leaves it for the next start (Node 22.10 and later).
module.flushCompileCache?.();
