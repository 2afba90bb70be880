// `npm start` as an operator runs it: the compiled server from dist/ (built first when missing
// or older than src/), no TypeScript compiler at run time, answering /api/health.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../', import.meta.url).pathname;

test('npm start serves compiled JavaScript from dist/ and answers /api/health', { timeout: 120_000 }, async () => {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'warn', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (b) => (out += b));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no address within 90 s:\n${out}`)), 90_000);
      child.stdout.on('data', (b) => {
        out += b;
        const m = /listening on (http:\/\/[^\s]+)/.exec(out);
        if (m) {
          clearTimeout(t);
          resolve(m[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
    });
    const res = await fetch(`${url}/api/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true });
    // No TypeScript at run time: tsx would run an esbuild service as a child process and
    // appear on the command line; the server has neither.
    assert.doesNotMatch(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8'), /tsx/);
    const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const pid of children) assert.doesNotMatch(readFileSync(`/proc/${pid}/cmdline`, 'utf8'), /esbuild/);
  } finally {
    child.kill('SIGTERM');
  }
});
