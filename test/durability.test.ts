// An acknowledged write survives the server process being killed (SIGKILL, no shutdown):
// the embedded store runs in WAL mode with synchronous=FULL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerProcess } from './helpers/server-process.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const startServer = (dbPath: string) => startServerProcess(`sqlite:${dbPath}`);

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
