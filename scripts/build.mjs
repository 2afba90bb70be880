#!/usr/bin/env node
// Runs on `npm ci` (the prepare script): compiles the server to dist/ and builds the web app,
// so `npm start` serves compiled JavaScript and the built app with no extra step.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
for (const step of ['build-server.mjs', 'build-web.mjs']) {
  const r = spawnSync(process.execPath, [`${root}scripts/${step}`], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
