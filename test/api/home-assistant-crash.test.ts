// Home Assistant's discovery configs go through the outbox (issue 37, architecture property 9),
// across real server processes started as `npm start` would, on both databases, against the
// machine's real Mosquitto: a server whose broker cannot be reached commits a change (Home
// Assistant turned on for a family; a child added) and is killed with SIGKILL before anything
// can be delivered; the change's row is still in the outbox; a server started again with the
// real broker puts every config of the family on the broker, each exactly once (the restarted
// bridge's own publication on connecting and the committed row go out as one).
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { exited, startServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/wait.ts';
import { testDatabases } from '../helpers/databases.ts';
import { setUpSharedApp } from '../helpers/shared-database.ts';
import { call, signUp, type Family } from '../helpers/app.ts';
import { BROKER_URL, brokerSkip, freePort, Recorder, requireBroker, retainedUnder } from '../helpers/mqtt.ts';
import type { Db } from '../../src/db/connect.ts';
import { discoveryTopicsOf } from '../../src/domain/home-assistant/discovery.ts';

async function setUp(d: 'sqlite' | 'postgres') {
  const id = randomBytes(5).toString('hex');
  const topics = { MQTT_BASE_TOPIC: `bt-crash-${id}/tracker`, MQTT_DISCOVERY_PREFIX: `ha-crash-${id}` };
  return { ...(await setUpSharedApp(d, topics, 'tracker-ha-crash-')), topics, prefix: topics.MQTT_DISCOVERY_PREFIX };
}

async function postVia(base: string, token: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.equal(res.status, 200, JSON.stringify(json));
  return json;
}

async function haConfigRows(db: Db) {
  return db.kysely.selectFrom('outbox').select(['family_id', 'target_id', 'event_type']).where('kind', '=', 'ha_config').orderBy('seq').execute();
}

/** Every discovery topic of the family's current children. */
async function configTopicsOf(db: Db, prefix: string, f: Family): Promise<string[]> {
  const familyId = (await db.kysely.selectFrom('users').select('family_id').where('username', '=', f.username).executeTakeFirstOrThrow()).family_id;
  const ha = await db.kysely.selectFrom('home_assistant').select('topic_key').where('family_id', '=', familyId).executeTakeFirstOrThrow();
  const children = await db.kysely.selectFrom('children').select('id').where('family_id', '=', familyId).where('archived', '=', 0).orderBy('created_at').execute();
  return children.flatMap((c) => discoveryTopicsOf(prefix, ha.topic_key, c.id));
}

/**
 * Restarts the service against the real broker and checks that every config topic of the
 * family received exactly one message (a config, never a clear) and is retained once.
 */
async function restartAndCount(s: Awaited<ReturnType<typeof setUp>>, f: Family, procs: ChildProcess[]): Promise<void> {
  const topics = await configTopicsOf(s.db, s.prefix, f);
  const rec = await Recorder.start(BROKER_URL, [`${s.prefix}/#`]);
  try {
    const second = await startServerProcess(s.url, { ...s.topics, PUBLIC_URL: 'http://tracker.test', MQTT_URL: BROKER_URL });
    procs.push(second.proc);
    await until('every config on the broker', () => topics.every((t) => rec.messages.some((m) => m.topic === t)));
    await until('the outbox to hold no config row', async () => (await haConfigRows(s.db)).length === 0);
    // Long enough for a second publication to show (the bridge reconciles 2 s after connecting).
    await new Promise((r) => setTimeout(r, 3000));
    second.proc.kill('SIGTERM');
    await exited(second.proc);

    const perTopic = new Map<string, string[]>();
    for (const m of rec.messages) perTopic.set(m.topic, [...(perTopic.get(m.topic) ?? []), m.payload]);
    assert.deepEqual([...perTopic.keys()].sort(), [...topics].sort(), 'configs of this family only');
    for (const t of topics) {
      const got = perTopic.get(t)!;
      assert.equal(got.length, 1, `${t} received once, got ${got.length}`);
      assert.ok(JSON.parse(got[0]!).unique_id.startsWith('bt_'), `${t} is a config`);
    }
    const retained = await retainedUnder(BROKER_URL, `${s.prefix}/#`, `${s.prefix}/marker`);
    assert.deepEqual(retained.map((m) => m.topic).sort(), [...topics].sort(), 'each retained once');
  } finally {
    // Leave nothing retained on the shared broker.
    for (const t of topics) await rec.client.publishAsync(t, '', { qos: 1, retain: true });
    await rec.stop();
  }
}

for (const d of testDatabases()) {
  describe(`Home Assistant configs across a crash [${d.name}]`, { skip: d.skip || brokerSkip() }, () => {
    before(() => requireBroker());

    test('SIGKILL right after the commit that turns Home Assistant on: after a restart every config is on the broker, each once', async () => {
      const s = await setUp(d.name);
      const procs: ChildProcess[] = [];
      try {
        const f = await signUp(s.app, { baby_name: 'Ada' });
        const ben = await call(s.app, 'POST', '/api/vega/children', { baby_name: 'Ben', dob: '2026-05-01' }, { token: f.token });
        assert.equal(ben.status, 200, ben.text);
        // Nothing listens on this port: the server commits but can deliver nothing.
        const first = await startServerProcess(s.url, { ...s.topics, PUBLIC_URL: 'http://tracker.test', MQTT_URL: `mqtt://127.0.0.1:${await freePort()}` });
        procs.push(first.proc);
        const on = await postVia(first.base, f.token, '/api/vega/home-assistant', { enabled: true });
        first.proc.kill('SIGKILL');
        await exited(first.proc);
        assert.deepEqual(on.devices.map((x: { name: string }) => x.name), ['Ada', 'Ben']);
        assert.equal(on.bridge, 'down');
        const waiting = await haConfigRows(s.db);
        assert.deepEqual(waiting.map((r) => [r.target_id === r.family_id, r.event_type]), [[true, 'family.changed']], 'the committed config row is still in the outbox');

        await restartAndCount(s, f, procs);
      } finally {
        for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
        await Promise.all(procs.map(exited));
        await s.close();
      }
    });

    test('SIGKILL right after the commit that adds a child: after a restart the new device is on the broker, every config once', async () => {
      const s = await setUp(d.name);
      const procs: ChildProcess[] = [];
      try {
        const f = await signUp(s.app, { baby_name: 'Ada' });
        const on = await call(s.app, 'POST', '/api/vega/home-assistant', { enabled: true }, { token: f.token });
        assert.equal(on.status, 200, on.text);
        const first = await startServerProcess(s.url, { ...s.topics, PUBLIC_URL: 'http://tracker.test', MQTT_URL: `mqtt://127.0.0.1:${await freePort()}` });
        procs.push(first.proc);
        const added = await postVia(first.base, f.token, '/api/vega/children', { baby_name: 'Ben', dob: '2026-05-01' });
        first.proc.kill('SIGKILL');
        await exited(first.proc);
        assert.equal(added.child.baby_name, 'Ben');
        // The turn-on's row (no server ran to send it) and the addition's.
        const waiting = await haConfigRows(s.db);
        assert.deepEqual(waiting.map((r) => r.event_type), ['family.changed', 'family.changed']);

        await restartAndCount(s, f, procs);
      } finally {
        for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
        await Promise.all(procs.map(exited));
        await s.close();
      }
    });
  });
}
