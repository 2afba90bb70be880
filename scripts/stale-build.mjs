// Is dist/ missing or older than src/? Shared by `npm start` and the `tracker` command so they
// build once when needed (after a pull, say) instead of running stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function distIsStale() {
  const main = join(ROOT, 'dist/main.js');
  if (!existsSync(main)) return true;
  if (!existsSync(join(ROOT, 'src'))) return false;
  return newest(join(ROOT, 'src')) > statSync(main).mtimeMs;
}
