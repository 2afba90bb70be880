// An acknowledged write survives the server process being killed (SIGKILL, no shutdown):
// the embedded store runs in WAL mode with synchronous=FULL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

function startServer(dbPath: string): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dbPath}`, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    proc.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: m[1] });
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

test('npm start prints its address; a logged event survives kill -9 and a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-durable-'));
  const dbPath = join(dir, 'tracker.db');
  try {
    const first = await startServer(dbPath);
    const onboard = await fetch(`${first.base}/api/vega/onboard`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable@example.com', password: 'secret1', baby_name: 'Ada', dob: '2026-06-01' }),
    });
    assert.equal(onboard.status, 200);
    const cookie = onboard.headers.get('set-cookie')!.split(';')[0];
    const tokenRes = await fetch(`${first.base}/api/vega/token`, { method: 'POST', headers: { cookie } });
    const { token } = (await tokenRes.json()) as { token: string };
    const logged = await fetch(`${first.base}/api/vega/log`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'milk', ml: 130 }),
    });
    assert.equal(logged.status, 200);
    const { event } = (await logged.json()) as { event: { id: string; ts: string } };
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));

    const second = await startServer(dbPath);
    try {
      // Read the event's own day (not "today", which may have turned over meanwhile).
      const today = await fetch(`${second.base}/api/vega/events?date=${event.ts.slice(0, 10)}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await today.json()) as { events: { id: string; ml: number }[] };
      assert.deepEqual(body.events.map((e) => [e.id, e.ml]), [[event.id, 130]]);
    } finally {
      second.proc.kill('SIGTERM');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
