// Home Assistant over MQTT (issue 29), on both databases, against the machine's real Mosquitto
// (127.0.0.1:1883; each run uses topics of its own, so parallel runs never see each other's
// messages): the routes and their answers; a two-child family's discovery configs as Home
// Assistant reads them (component, unique_id, device, state_topic, device_class, unit,
// availability, command_topic); a REST log changing the published state to what GET
// /api/vega/live says; a family that did not turn it on publishing nothing; turning it off
// clearing every retained config; an imperial family's units; children archived; and, on a
// Mosquitto of the test's own, the broker going away and coming back: logging goes on, and the
// bridge reconnects and publishes discovery and state again. /api/health reports the bridge.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { BROKER_URL, brokerSkip, freePort, MOSQUITTO, PrivateBroker, Recorder, requireBroker, retainedUnder, type Message } from '../helpers/mqtt.ts';
import { startNotifier } from '../../src/notifier.ts';
import { BUTTONS } from '../../src/domain/home-assistant/topics.ts';

const SENSORS = ['asleep', 'feeding', 'alert', 'last_feed', 'next_feed', 'feeds_today', 'milk_today', 'last_nappy', 'nappies_today', 'awake_for', 'last_side', 'alert_message', 'weight'];
const BINARY = new Set(['asleep', 'feeding', 'alert']);

function topicsFor(run: { base: string; prefix: string }) {
  return { MQTT_BASE_TOPIC: run.base, MQTT_DISCOVERY_PREFIX: run.prefix };
}

function newRun() {
  const id = randomBytes(5).toString('hex');
  return { base: `bt-test-${id}/tracker`, prefix: `ha-test-${id}` };
}

/** The discovery topics of a device by its unique-id node (bt_<child segment>). */
function configTopics(prefix: string, node: string): string[] {
  return [...SENSORS.map((o) => `${prefix}/${BINARY.has(o) ? 'binary_sensor' : 'sensor'}/${node}/${o}/config`), ...BUTTONS.map((b) => `${prefix}/button/${node}/${b}/config`)];
}

/** The node of a device from its state topic (<base>/<family>/<child>/state). */
function nodeOf(stateTopic: string): string {
  const parts = stateTopic.split('/');
  return `bt_${parts[parts.length - 2]}`;
}

async function enable(t: TestApp, f: Family, enabled: boolean) {
  const res = await call(t.app, 'POST', '/api/vega/home-assistant', { enabled }, { token: f.token });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.enabled, enabled);
  return res.body;
}

/** Waits until /api/health reports the bridge in `state`. */
async function bridgeBecomes(t: TestApp, state: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const h = await call(t.app, 'GET', '/api/health');
    assert.equal(h.status, 200, h.text);
    if (h.body.mqtt === state) return;
    if (Date.now() > deadline) throw new Error(`the bridge stayed ${h.body.mqtt}, expected ${state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The state message the bridge published for a device after `from` that satisfies pred. */
function stateOn(rec: Recorder, topic: string, pred: (s: any) => boolean, what: string, from = 0): Promise<Message> {
  return rec.waitFor((m) => m.topic === topic && m.json !== null && pred(m.json), what, from);
}

/** The published state agrees with GET /api/vega/live (same code, same moment). */
function assertStateMatchesLive(state: any, live: any, units: 'metric' | 'imperial' = 'metric') {
  assert.equal(state.asleep, live.asleep);
  assert.equal(state.feeding, live.feeding !== null);
  assert.equal(state.alert, live.alert_level !== null);
  assert.equal(state.alert_message, live.alert_msg);
  assert.equal(state.feeds_today, live.feeds_today);
  assert.equal(state.milk_today, units === 'metric' ? live.ml_today : Math.round((live.ml_today / 29.5735) * 10) / 10);
  assert.equal(state.awake_for, live.awake_minutes);
  assert.equal(state.last_side, live.last_breast_side);
  if (live.next_feed_at === null) assert.equal(state.next_feed, null);
  else {
    assert.equal(state.next_feed.slice(0, 19), live.next_feed_at);
    assert.match(state.next_feed, /[+-]\d\d:\d\d$/);
  }
}

for (const d of testDatabases()) {
  describe(`Home Assistant over MQTT [${d.name}]`, { skip: d.skip || brokerSkip() }, () => {
    let t: TestApp;
    let stop: () => Promise<void>;
    let rec: Recorder;
    const run = newRun();
    before(async () => {
      requireBroker();
      t = await startApp(d.name, { MQTT_URL: BROKER_URL, ...topicsFor(run) });
      stop = startNotifier(t.ctx, t.app.log);
      rec = await Recorder.start(BROKER_URL, [`${run.prefix}/#`, `${run.base}/#`]);
      await bridgeBecomes(t, 'connected');
    });
    after(async () => {
      await stop?.();
      await rec?.stop();
      await t?.close();
    });

    test('off by default; bad input is a 400 naming the field; only an admin turns it on; health reports the bridge', async () => {
      const f = await signUp(t.app);
      const get = await call(t.app, 'GET', '/api/vega/home-assistant', undefined, { token: f.token });
      assert.equal(get.status, 200, get.text);
      assert.deepEqual(get.body, {
        enabled: false, bridge: 'connected', discovery_prefix: run.prefix, base_topic: run.base, availability_topic: `${run.base}/status`, devices: [],
      });
      for (const [body, field] of [[{}, 'enabled'], [{ enabled: 'yes' }, 'enabled'], [{ enabled: true, extra: 1 }, null], [{ enabled: null }, 'enabled']] as const) {
        const res = await call(t.app, 'POST', '/api/vega/home-assistant', body, { token: f.token });
        assertError(res, 400, undefined, JSON.stringify(body));
        if (field) assert.ok(JSON.stringify(res.body.detail ?? res.body.message).includes(field), res.text);
      }
      const member = await joinFamily(t.app, f, 'gran');
      assertError(await call(t.app, 'POST', '/api/vega/home-assistant', { enabled: true }, { token: member.token }), 403);
      assert.equal((await call(t.app, 'GET', '/api/vega/home-assistant', undefined, { token: member.token })).status, 200);
      assert.equal((await call(t.app, 'GET', '/api/vega/home-assistant', undefined, { token: f.token })).body.enabled, false);
      const health = await call(t.app, 'GET', '/api/health');
      assert.deepEqual(health.body, { ok: true, mqtt: 'connected' });
      assert.deepEqual((await retainedUnder(BROKER_URL, `${run.base}/#`, `${run.base}/marker`)).map((m) => [m.topic, m.payload]), [[`${run.base}/status`, 'online']]);
    });

    test('a two-child family: one device per child with every entity as Home Assistant reads it; a REST log changes the state to what live says; a family that did not turn it on publishes nothing', async () => {
      const quiet = await signUp(t.app);
      const f = await signUp(t.app, { baby_name: 'Ada', dob: '2026-05-01', timezone: 'Europe/London' });
      const ben = await call(t.app, 'POST', '/api/vega/children', { baby_name: 'Ben', dob: '2026-05-01' }, { token: f.token });
      assert.equal(ben.status, 200, ben.text);
      const benId = ben.body.child.id as string;
      const from = rec.messages.length;
      const on = await enable(t, f, true);
      assert.equal(on.bridge, 'connected');
      assert.equal(on.devices.length, 2);
      assert.deepEqual(on.devices.map((x: any) => x.name), ['Ada', 'Ben']);
      const [ada, bd] = on.devices;
      assert.equal(bd.child_id, benId);
      assert.match(ada.state_topic, new RegExp(`^${run.base}/[0-9a-f]{16}/[0-9a-f]{16}/state$`));
      assert.equal(ada.state_topic.split('/').at(-3), bd.state_topic.split('/').at(-3), 'one family segment');
      assert.notEqual(ada.state_topic, bd.state_topic);
      assert.deepEqual(Object.keys(ada.command_topics), [...BUTTONS]);
      for (const b of BUTTONS) assert.equal(ada.command_topics[b], ada.state_topic.replace(/state$/, `${b}/press`));

      for (const device of [ada, bd]) {
        const node = nodeOf(device.state_topic);
        const configs = await rec.waitForAll(configTopics(run.prefix, node), (m) => m.json !== null, 'a discovery config', from);
        for (const [topic, m] of configs) {
          const [, component, , object] = topic.split('/');
          const c = m.json;
          assert.equal(c.unique_id, `${node}_${object}`);
          assert.deepEqual(c.device, {
            identifiers: [node], name: device.name, manufacturer: 'Baby tracker', model: 'Child', sw_version: '1.6.0', configuration_url: 'http://tracker.test/settings',
          });
          assert.equal(c.availability_topic, `${run.base}/status`);
          assert.equal(typeof c.name, 'string');
          if (component === 'button') {
            assert.equal(c.command_topic, device.command_topics[object!]);
            assert.equal(c.payload_press, 'PRESS');
          } else {
            assert.equal(c.state_topic, device.state_topic);
            assert.match(c.value_template, new RegExp(`value_json\\.${object}\\b`));
          }
        }
        const dc = (o: string) => configs.get(configTopics(run.prefix, node).find((x) => x.includes(`/${o}/config`))!)!.json;
        assert.equal(dc('last_feed').device_class, 'timestamp');
        assert.equal(dc('next_feed').device_class, 'timestamp');
        assert.equal(dc('last_nappy').device_class, 'timestamp');
        assert.equal(dc('awake_for').device_class, 'duration');
        assert.equal(dc('awake_for').unit_of_measurement, 'min');
        assert.equal(dc('milk_today').unit_of_measurement, 'mL');
        assert.equal(dc('weight').unit_of_measurement, 'kg');
        assert.equal(dc('weight').device_class, 'weight');
        assert.equal(dc('feeding').device_class, 'running');
        assert.equal(dc('asleep').payload_on, 'ON');
        // Retained: Home Assistant started later still finds them.
        assert.ok([...configs.values()].every((m) => m.json !== null));
        await stateOn(rec, device.state_topic, () => true, `the first state of ${device.name}`, from);
      }
      const retained = await retainedUnder(BROKER_URL, `${run.prefix}/#`, `${run.prefix}/marker`);
      assert.equal(retained.filter((m) => m.json?.device?.identifiers?.[0] === nodeOf(ada.state_topic)).length, 20);

      // A log through the API: the state follows, with the live status's figures.
      t.clock.advance(2000);
      const before = rec.messages.length;
      const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120 }, { token: f.token });
      assert.equal(logged.status, 200, logged.text);
      const q = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90 }, { token: quiet.token });
      assert.equal(q.status, 200, q.text);
      const s = (await stateOn(rec, ada.state_topic, (x) => x.feeds_today === 1, "Ada's state after the log", before)).json;
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token });
      assert.equal(live.status, 200, live.text);
      assertStateMatchesLive(s, live.body);
      assert.equal(s.milk_today, 120);
      assert.equal(s.last_feed, `${logged.body.event.ts}+00:00`);
      assert.equal(s.weight, null);
      assert.equal(s.weight_unit, 'kg');
      assert.match(s.updated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      // Ben's log is Ben's.
      t.clock.advance(2000);
      const mark = rec.messages.length;
      const nappy = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet', child: benId }, { token: f.token });
      assert.equal(nappy.status, 200, nappy.text);
      const sb = (await stateOn(rec, bd.state_topic, (x) => x.nappies_today === 1, "Ben's state after his nappy", mark)).json;
      assert.equal(sb.feeds_today, 0);
      assert.equal(sb.last_nappy, `${nappy.body.event.ts}+00:00`);
      const liveBen = await call(t.app, 'GET', `/api/vega/live?child=${benId}`, undefined, { token: f.token });
      assertStateMatchesLive(sb, liveBen.body);

      // The family that never turned it on: nothing of it anywhere, nothing queued.
      const famSeg = ada.state_topic.split('/').at(-3);
      const ours = rec.messages.filter((m) => m.topic.startsWith(`${run.base}/`) && m.topic !== `${run.base}/status` && !m.topic.endsWith('/marker'));
      assert.ok(ours.every((m) => m.topic.split('/').at(-3) === famSeg || m.topic.split('/').length !== run.base.split('/').length + 3), ours.map((m) => m.topic).join(', '));
      const states = new Set(rec.messages.filter((m) => m.topic.endsWith('/state')).map((m) => m.topic));
      assert.deepEqual([...states].sort(), [ada.state_topic, bd.state_topic].sort(), 'states of this family only');
      const outbox = await t.ctx.db.kysely.selectFrom('outbox').select('family_id').execute();
      assert.ok(outbox.every((r) => r.family_id !== undefined));
      const quietId = (await t.ctx.db.kysely.selectFrom('users').select('family_id').where('username', '=', quiet.username).executeTakeFirstOrThrow()).family_id;
      assert.equal((await t.ctx.db.kysely.selectFrom('home_assistant').selectAll().where('family_id', '=', quietId).execute()).length, 0);
      assert.equal(outbox.filter((r) => r.family_id === quietId).length, 0);

      // Archiving Ben removes his device; bringing him back restores it with the same ids.
      const archivedFrom = rec.messages.length;
      const arch = await call(t.app, 'POST', '/api/vega/children/archive', { id: benId, archived: true }, { token: f.token });
      assert.equal(arch.status, 200, arch.text);
      await rec.waitForAll(configTopics(run.prefix, nodeOf(bd.state_topic)), (m) => m.payload === '', "Ben's configs cleared", archivedFrom);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/home-assistant', undefined, { token: f.token })).body.devices.map((x: any) => x.name), ['Ada']);
      const back = rec.messages.length;
      assert.equal((await call(t.app, 'POST', '/api/vega/children/archive', { id: benId, archived: false }, { token: f.token })).status, 200);
      await rec.waitForAll(configTopics(run.prefix, nodeOf(bd.state_topic)), (m) => m.json?.unique_id?.startsWith(nodeOf(bd.state_topic)), "Ben's configs back", back);

      // Turning it off clears every retained config and state of the family; on again: the same ids.
      const offFrom = rec.messages.length;
      const off = await enable(t, f, false);
      assert.deepEqual(off.devices, []);
      for (const device of [ada, bd]) {
        await rec.waitForAll([...configTopics(run.prefix, nodeOf(device.state_topic)), device.state_topic], (m) => m.payload === '' && !m.retain, 'an empty retained message', offFrom);
      }
      const left = await retainedUnder(BROKER_URL, `${run.prefix}/#`, `${run.prefix}/marker`);
      assert.deepEqual(left.map((m) => m.topic), [], 'no retained config is left');
      const leftStates = await retainedUnder(BROKER_URL, `${run.base}/#`, `${run.base}/marker`);
      assert.deepEqual(leftStates.map((m) => m.topic), [`${run.base}/status`]);
      t.clock.advance(2000);
      const after = rec.messages.length;
      assert.equal((await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'dirty' }, { token: f.token })).status, 200);
      const again = await enable(t, f, true);
      assert.deepEqual(again.devices.map((x: any) => x.state_topic), [ada.state_topic, bd.state_topic], 'the same topics and ids as before');
      // The first message after turning it back on is the configs and states, never the log made while off.
      await stateOn(rec, ada.state_topic, (x) => x.nappies_today === 1, "Ada's state after it is on again", after);
    });

    test('an imperial family: millilitres as fluid ounces, kilograms as pounds', async () => {
      const f = await signUp(t.app, { family_name: 'Imperial family', units: 'imperial', region: 'us', timezone: 'America/New_York' });
      const from = rec.messages.length;
      const on = await enable(t, f, true);
      const node = nodeOf(on.devices[0].state_topic);
      const configs = await rec.waitForAll(configTopics(run.prefix, node), (m) => m.json !== null, 'a discovery config', from);
      const unit = (o: string) => configs.get(configTopics(run.prefix, node).find((x) => x.includes(`/${o}/config`))!)!.json.unit_of_measurement;
      assert.equal(unit('milk_today'), 'fl. oz.');
      assert.equal(unit('weight'), 'lb');
      await stateOn(rec, on.devices[0].state_topic, () => true, 'the first state', from);
      t.clock.advance(2000);
      const mark = rec.messages.length;
      assert.equal((await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120 }, { token: f.token })).status, 200);
      assert.equal((await call(t.app, 'POST', '/api/vega/log', { type: 'weight', kg: 6.1 }, { token: f.token })).status, 200);
      // Two logs within a second: the second state waits for the next second (one publish per second per child).
      t.clock.advance(2000);
      const s = (await stateOn(rec, on.devices[0].state_topic, (x) => x.weight !== null && x.feeds_today === 1, 'the state after a feed and a weight', mark)).json;
      assert.equal(s.milk_today, 4.1);
      assert.equal(s.milk_unit, 'fl. oz.');
      assert.equal(s.weight, 13.45);
      assert.equal(s.weight_unit, 'lb');
      assert.match(s.last_feed, /-05:00$/);
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token });
      assertStateMatchesLive(s, live.body, 'imperial');
      // Deleting the family removes its device.
      const delFrom = rec.messages.length;
      const del = await call(t.app, 'DELETE', '/api/vega/family', { confirm: 'Imperial family' }, { token: f.token });
      assert.equal(del.status, 200, del.text);
      await rec.waitForAll(configTopics(run.prefix, node), (m) => m.payload === '', 'configs cleared with the family', delFrom);
    });
  });

  describe(`Home Assistant: the broker goes away and comes back [${d.name}]`, { skip: d.skip || brokerSkip() || (MOSQUITTO ? false : 'no mosquitto binary to run a broker of the test\'s own') }, () => {
    let t: TestApp;
    let stop: () => Promise<void>;
    let broker: PrivateBroker;
    let rec: Recorder;
    const run = newRun();
    before(async () => {
      broker = new PrivateBroker(await freePort());
      await broker.start();
      t = await startApp(d.name, { MQTT_URL: broker.url, ...topicsFor(run) });
      stop = startNotifier(t.ctx, t.app.log);
      rec = await Recorder.start(broker.url, [`${run.prefix}/#`, `${run.base}/#`]);
      await bridgeBecomes(t, 'connected');
    });
    after(async () => {
      await stop?.();
      await rec?.stop();
      await broker?.kill();
      await t?.close();
    });

    test('logging goes on while the broker is down; the bridge reconnects and publishes discovery and the state again', async () => {
      const f = await signUp(t.app);
      const from = rec.messages.length;
      const on = await enable(t, f, true);
      const device = on.devices[0];
      const node = nodeOf(device.state_topic);
      await rec.waitForAll(configTopics(run.prefix, node), (m) => m.json !== null, 'a discovery config', from);
      await stateOn(rec, device.state_topic, (x) => x.feeds_today === 0, 'the first state', from);

      await broker.kill();
      await bridgeBecomes(t, 'down');
      const ha = await call(t.app, 'GET', '/api/vega/home-assistant', undefined, { token: f.token });
      assert.equal(ha.body.bridge, 'down');
      t.clock.advance(2000);
      const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 150 }, { token: f.token });
      assert.equal(logged.status, 200, logged.text);
      assert.deepEqual((await call(t.app, 'GET', '/api/health')).body, { ok: true, mqtt: 'down' }, 'a broker down is not an unhealthy service');

      const restarted = rec.messages.length;
      await broker.start();
      await bridgeBecomes(t, 'connected');
      // The restarted broker kept nothing: everything is published again.
      await rec.waitFor((m) => m.topic === `${run.base}/status` && m.payload === 'online', 'online again', restarted);
      await rec.waitForAll(configTopics(run.prefix, node), (m) => m.json?.unique_id?.startsWith(node), 'a discovery config again', restarted);
      const s = (await stateOn(rec, device.state_topic, (x) => x.feeds_today === 1, 'the state with the log made while the broker was down', restarted)).json;
      const live = await call(t.app, 'GET', '/api/vega/live', undefined, { token: f.token });
      assertStateMatchesLive(s, live.body);
      const retained = await retainedUnder(broker.url, `${run.prefix}/#`, `${run.prefix}/marker`);
      assert.equal(retained.length, 20);
    });
  });
}
