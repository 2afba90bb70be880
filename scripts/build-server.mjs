#!/usr/bin/env node
// Compiles src/ to dist/ (same layout and depth, so `new URL('../../data/…', import.meta.url)`
// resolves the same from both) and copies the JSON the server reads at run time. The server
// runs this compiled JavaScript: no TypeScript compiler at run time. Skips quietly when the
// compiler is absent (a production install without dev dependencies that ships a prebuilt dist).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const tsc = `${root}node_modules/typescript/bin/tsc`;
if (!existsSync(tsc)) {
  console.log('build-server: typescript is not installed; using the dist/ that is there');
  process.exit(existsSync(`${root}dist/main.js`) ? 0 : 1);
}
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit', cwd: root });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(`${root}dist/http`, { recursive: true });
copyFileSync(`${root}src/http/openapi-examples.json`, `${root}dist/http/openapi-examples.json`);
