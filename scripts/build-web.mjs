#!/usr/bin/env node
// Runs on `npm ci` (the prepare script) so that `npm start` serves a built web app with no
// extra step. Skips quietly when the web app or vite is absent (e.g. a production install
// without dev dependencies that ships a prebuilt web/dist).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}web/index.html`) || !existsSync(`${root}node_modules/vite`)) {
  console.log('build-web: nothing to build');
  process.exit(0);
}
const r = spawnSync(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'build', '--config', 'web/vite.config.ts'], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(r.status ?? 1);
