#!/usr/bin/env node
// The `tracker` command: runs the compiled CLI from dist/ (built first if missing or older than
// src/); falls back to the TypeScript sources through tsx only where no compiler is available.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { distIsStale, ROOT } from '../scripts/stale-build.mjs';

if (distIsStale()) spawnSync(process.execPath, [`${ROOT}scripts/build-server.mjs`], { stdio: ['ignore', 'ignore', 'inherit'] });
if (existsSync(`${ROOT}dist/cli/index.js`) && !distIsStale()) {
  await import(`${ROOT}dist/cli/index.js`);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/index.ts');
}
