// Home Assistant button presses (issue 29), on both databases: handleCommand is called directly
// for every button of a two-child family (each logs exactly one entry, for the right child,
// author 'app', seen by GET /api/vega/today); the toggling buttons change nothing when the state
// already is so, and a forgotten feed timer is refused as REST refuses it; a retained press,
// another family's segment, a family that turned the bridge off, an unknown or archived child, a
// malformed topic or payload write nothing anywhere (every family's events and feed timers
// counted before and after), logged at warn without the payload. Last, through the bridge: a
// press published to the machine's real broker is logged, a retained one waiting there is not.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { handleCommand, type CommandResult } from '../../src/mqtt/commands.ts';
import { BUTTONS, childSegment, familySegment, type Button } from '../../src/domain/home-assistant/topics.ts';
import { startNotifier } from '../../src/notifier.ts';
import { bridgeState } from '../../src/services/home-assistant/bridge-state.ts';
import mqtt from 'mqtt';
import { valueOf as until } from '../helpers/wait.ts';

const MIN = 60_000;
const PRESS = Buffer.from('PRESS');
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

type Cred = { token: string };

interface Logged { level: string; obj: unknown; msg: unknown }
/** A logger that keeps what it was told, to check what a drop logs (and that no payload is echoed). */
function recordingLogger(): FastifyBaseLogger & { lines: Logged[] } {
  const lines: Logged[] = [];
  const at = (level: string) => (obj: unknown, msg?: unknown) => {
    const o = obj as { err?: unknown } | null;
    // An error is kept as its message (JSON.stringify of an Error is {}).
    if (o && o.err instanceof Error) obj = { ...o, err: String(o.err.stack ?? o.err.message) };
    lines.push({ level, obj, msg });
  };
  const logger: any = { lines, level: 'info', silent: () => {}, fatal: at('fatal'), error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), trace: at('trace') };
  logger.child = () => logger;
  return logger;
}

async function addChild(app: FastifyInstance, cred: Cred, baby_name: string): Promise<string> {
  const r = await call(app, 'POST', '/api/vega/children', { baby_name, dob: '2026-06-01' }, cred);
  assert.equal(r.status, 200, r.text);
  return r.body.child.id;
}

async function childIds(app: FastifyInstance, cred: Cred): Promise<Record<string, string>> {
  const r = await call(app, 'GET', '/api/vega/children', undefined, cred);
  assert.equal(r.status, 200, r.text);
  return Object.fromEntries(r.body.children.map((c: { baby_name: string; id: string }) => [c.baby_name, c.id]));
}

async function setEnabled(app: FastifyInstance, f: Family, enabled: boolean) {
  const r = await call(app, 'POST', '/api/vega/home-assistant', { enabled }, { cookie: f.cookie });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.enabled, enabled);
  return r.body as { enabled: boolean; devices: { child_id: string; name: string; state_topic: string; command_topics: Record<string, string> }[] };
}

/** Every family's events and running feed timers: what a dropped press must leave alone. */
async function everything(t: TestApp) {
  const k = t.ctx.db.kysely;
  const events = await k.selectFrom('events').select(['family_id', 'child_id', 'id', 'type', 'author']).orderBy('id').execute();
  const timers = await k.selectFrom('feed_timers').select(['family_id', 'child_id', 'started_at', 'side']).orderBy('child_id').execute();
  return { events, timers };
}

const todayOf = async (app: FastifyInstance, cred: Cred, child: string) => {
  const r = await call(app, 'GET', `/api/vega/today?child=${child}`, undefined, cred);
  assert.equal(r.status, 200, r.text);
  return r.body.events as { id: string; type: string; kind: string | null; author: string; child_id?: string; side: string | null }[];
};

for (const d of testDatabases()) {
  describe(`Home Assistant commands [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    const base = `bt-test-${randomBytes(4).toString('hex')}`;
    before(async () => {
      t = await startApp(d.name, { MQTT_BASE_TOPIC: base });
    });
    after(async () => t?.close());

    const press = (log: FastifyBaseLogger, topic: string, payload: Buffer = PRESS, retain = false) => handleCommand(t.ctx, log, topic, payload, { retain });

    /** A two-child family with Home Assistant on: its cred, child ids, and each child's command topics (from GET). */
    async function twoChildFamily() {
      const f = await signUp(t.app, { baby_name: 'Ada' });
      const tok = { token: f.token };
      const bea = await addChild(t.app, tok, 'Bea');
      const ids = await childIds(t.app, tok);
      const on = await setEnabled(t.app, f, true);
      assert.equal(on.devices.length, 2);
      const topics = (child: string) => on.devices.find((x) => x.child_id === child)!.command_topics as Record<Button, string>;
      return { f, tok, ada: ids.Ada, bea, topics };
    }

    test('every button logs exactly one entry for its own child, author app; GET today shows it', async () => {
      const { tok, ada, bea, topics } = await twoChildFamily();
      const log = recordingLogger();
      // The topics the API lists are the ones handleCommand reads: base, family and child segments.
      const topicKey = (await t.ctx.db.kysely.selectFrom('home_assistant').select('topic_key').where('family_id', '=', (await t.ctx.db.kysely.selectFrom('children').select('family_id').where('id', '=', ada).executeTakeFirstOrThrow()).family_id).executeTakeFirstOrThrow()).topic_key;
      for (const child of [ada, bea]) {
        for (const b of BUTTONS) {
          assert.equal(topics(child)[b], `${base}/${familySegment(topicKey)}/${childSegment(topicKey, child)}/${b}/press`, b);
        }
      }

      const expect: [Button, string, string | null, string | null][] = [
        // button, type logged, kind, side
        ['wet_nappy', 'nappy', 'wet', null],
        ['dirty_nappy', 'nappy', 'dirty', null],
        ['fell_asleep', 'sleep', null, null],
        ['woke_up', 'wake', null, null],
        ['start_feed_left', '', null, null],
        ['stop_feed', 'milk', null, 'left'],
        ['start_feed_right', '', null, null],
        ['stop_feed', 'milk', null, 'right'],
      ];
      for (const [child, other] of [[ada, bea], [bea, ada]]) {
        for (const [button, type, kind, side] of expect) {
          t.clock.advance(7 * MIN);
          const before = await everything(t);
          const otherBefore = await todayOf(t.app, tok, other);
          const r = await press(log, topics(child)[button]);
          assert.equal(r.result, 'done', `${button}: ${JSON.stringify(r)}`);
          if (r.result !== 'done') continue;
          assert.equal(r.child_id, child);
          assert.equal(r.button, button);
          const after = await everything(t);
          const added = after.events.filter((e) => !before.events.some((x) => x.id === e.id));
          if (type === '') {
            // A feed timer started for this child: no entry yet.
            assert.equal(added.length, 0, button);
            assert.equal(r.feed_started, true);
            const timer = after.timers.find((x) => x.child_id === child);
            assert.equal(timer?.side, button === 'start_feed_left' ? 'left' : 'right');
            assert.equal(after.timers.length, before.timers.length + 1);
            const live = await call(t.app, 'GET', `/api/vega/live?child=${child}`, undefined, tok);
            assert.equal(live.status, 200, live.text);
            assert.notEqual(live.body.feeding, null, 'live shows the feed running');
          } else {
            assert.equal(added.length, 1, `${button} logs exactly one entry`);
            assert.equal(added[0].child_id, child, `${button} logs for the child of its topic`);
            assert.equal(added[0].author, 'app');
            assert.equal(added[0].type, type);
            assert.equal(r.event_id, added[0].id);
            const day = await todayOf(t.app, tok, child);
            const shown = day.find((e) => e.id === r.event_id);
            assert.ok(shown, `${button}: GET /api/vega/today shows the entry`);
            assert.equal(shown.type, type);
            assert.equal(shown.author, 'app');
            assert.equal(shown.child_id, child);
            if (kind !== null) assert.equal(shown.kind, kind);
            if (side !== null) assert.equal(shown.side, side);
          }
          assert.deepEqual(await todayOf(t.app, tok, other), otherBefore, `${button} leaves the other child alone`);
        }
      }
      assert.equal(log.lines.filter((l) => l.level === 'warn' || l.level === 'error').length, 0, JSON.stringify(log.lines));
    });

    test('a press that asks for the state already there changes nothing: no second sleep, no second timer', async () => {
      const { tok, ada, topics } = await twoChildFamily();
      const log = recordingLogger();
      const tp = topics(ada);
      t.clock.advance(MIN);
      assert.equal((await press(log, tp.fell_asleep)).result, 'done');
      let before = await everything(t);
      t.clock.advance(MIN);
      const again = await press(log, tp.fell_asleep);
      assert.deepEqual(again, { result: 'unchanged', family_id: (again as any).family_id, child_id: ada, button: 'fell_asleep', reason: 'already_asleep' });
      // Two presses at once (a double press): still one sleep.
      await Promise.all([press(log, tp.fell_asleep), press(log, tp.fell_asleep)]);
      assert.deepEqual(await everything(t), before);

      t.clock.advance(30 * MIN);
      assert.equal((await press(log, tp.woke_up)).result, 'done');
      before = await everything(t);
      const awake = await press(log, tp.woke_up);
      assert.equal(awake.result, 'unchanged');
      assert.equal((awake as any).reason, 'not_asleep');
      assert.deepEqual(await everything(t), before);

      assert.equal((await press(log, tp.stop_feed)).result === 'unchanged', true, 'stop with no feed running');
      assert.deepEqual(await everything(t), before);
      assert.equal((await press(log, tp.start_feed_left)).result, 'done');
      before = await everything(t);
      const twice = await Promise.all([press(log, tp.start_feed_right), press(log, tp.start_feed_left)]);
      for (const r of twice) {
        assert.equal(r.result, 'unchanged');
        assert.equal((r as any).reason, 'feed_in_progress');
      }
      assert.deepEqual(await everything(t), before, 'the running timer is untouched (still left)');
      t.clock.advance(12 * MIN);
      const stopped = await press(log, tp.stop_feed);
      assert.equal(stopped.result, 'done');
      const day = await todayOf(t.app, tok, ada);
      assert.deepEqual(day.map((e) => [e.type, e.side, e.author]), [['sleep', null, 'app'], ['wake', null, 'app'], ['milk', 'left', 'app']]);

      // A timer forgotten for over 3 hours is refused as POST /api/vega/feed/stop refuses it
      // (409 feed_stale: it needs the real end), and left running; the refusal is logged.
      assert.equal((await press(log, tp.start_feed_right)).result, 'done');
      t.clock.advance(4 * 60 * MIN);
      before = await everything(t);
      const stale = await press(log, tp.stop_feed);
      assert.equal(stale.result, 'refused');
      assert.equal((stale as any).code, 'feed_stale');
      assert.deepEqual(await everything(t), before);
      assert.ok(log.lines.some((l) => l.level === 'warn' && /refused/.test(String(l.msg))));
    });

    test('a retained press, another family, a family turned off, an unknown or archived child, a bad topic or payload: nothing written anywhere', async () => {
      const a = await twoChildFamily();
      const b = await twoChildFamily();
      const log = recordingLogger();
      const aTopics = a.topics(a.ada);
      const bTopics = b.topics(b.bea);
      const segs = (topic: string) => topic.slice(base.length + 1).split('/');
      const [aFam, aChild] = segs(aTopics.wet_nappy);
      const [bFam, bChild] = segs(bTopics.wet_nappy);
      const before = await everything(t);
      const secret = `PRESS-${randomBytes(6).toString('hex')}`;

      const cases: [string, string, Buffer, boolean, CommandResult['result'], string][] = [
        ['retained', aTopics.wet_nappy, PRESS, true, 'ignored', 'retained'],
        ['retained feed start', aTopics.start_feed_left, PRESS, true, 'ignored', 'retained'],
        ['A family with B child', `${base}/${aFam}/${bChild}/wet_nappy/press`, PRESS, false, 'dropped', 'unknown_child'],
        ['B family with A child', `${base}/${bFam}/${aChild}/dirty_nappy/press`, PRESS, false, 'dropped', 'unknown_child'],
        ['unknown family', `${base}/${randomBytes(8).toString('hex')}/${aChild}/wet_nappy/press`, PRESS, false, 'dropped', 'unknown_family'],
        ['unknown child', `${base}/${aFam}/${randomBytes(8).toString('hex')}/wet_nappy/press`, PRESS, false, 'dropped', 'unknown_child'],
        ['unknown button', `${base}/${aFam}/${aChild}/bath_time/press`, PRESS, false, 'dropped', 'unknown_button'],
        ['another base', aTopics.wet_nappy.replace(base, `${base}x`), PRESS, false, 'dropped', 'malformed_topic'],
        ['no base', aTopics.wet_nappy.slice(base.length + 1), PRESS, false, 'dropped', 'malformed_topic'],
        ['extra level', `${aTopics.wet_nappy}/again`, PRESS, false, 'dropped', 'malformed_topic'],
        ['not press', aTopics.wet_nappy.replace(/\/press$/, '/set'), PRESS, false, 'dropped', 'malformed_topic'],
        ['upper-case segment', `${base}/${aFam.toUpperCase()}/${aChild}/wet_nappy/press`, PRESS, false, 'dropped', 'malformed_topic'],
        ['short segment', `${base}/${aFam.slice(0, 8)}/${aChild}/wet_nappy/press`, PRESS, false, 'dropped', 'malformed_topic'],
        ['wildcard', `${base}/+/${aChild}/wet_nappy/press`, PRESS, false, 'dropped', 'malformed_topic'],
        ['empty payload', aTopics.wet_nappy, Buffer.alloc(0), false, 'dropped', 'malformed_payload'],
        ['lower-case payload', aTopics.wet_nappy, Buffer.from('press'), false, 'dropped', 'malformed_payload'],
        ['JSON payload', aTopics.fell_asleep, Buffer.from('{"press":true}'), false, 'dropped', 'malformed_payload'],
        ['secret payload', aTopics.dirty_nappy, Buffer.from(secret), false, 'dropped', 'malformed_payload'],
        ['huge payload', aTopics.dirty_nappy, Buffer.alloc(100_000, 'P'), false, 'dropped', 'malformed_payload'],
      ];
      for (const [label, topic, payload, retain, result, reason] of cases) {
        const r = await press(log, topic, payload, retain);
        assert.equal(r.result, result, `${label}: ${JSON.stringify(r)}`);
        assert.equal((r as { reason?: string }).reason, reason, label);
      }
      // Drops are logged at warn (retained ones at info), and no line carries a payload.
      assert.equal(log.lines.filter((l) => l.level === 'warn').length, cases.filter((c) => c[4] === 'dropped').length);
      assert.ok(!JSON.stringify(log.lines).includes(secret), 'the payload is never logged');
      assert.deepEqual(await everything(t), before, 'nothing written in any family');

      // B turns the bridge off: its presses are dropped as an unknown family; A's still work.
      await setEnabled(t.app, b.f, false);
      for (const button of BUTTONS) {
        const r = await press(log, bTopics[button]);
        assert.deepEqual(r, { result: 'dropped', reason: 'unknown_family' }, button);
      }
      assert.deepEqual(await everything(t), before, 'a family that turned it off gets nothing');
      // Turned on again, the same topics (the key is kept) work again.
      const again = await setEnabled(t.app, b.f, true);
      assert.equal(again.devices.find((x) => x.child_id === b.bea)!.command_topics.wet_nappy, bTopics.wet_nappy);
      t.clock.advance(MIN);
      assert.equal((await press(log, bTopics.wet_nappy)).result, 'done');
      const withB = await everything(t);
      assert.equal(withB.events.length, before.events.length + 1);

      // An archived child is no longer addressable.
      const archived = await call(t.app, 'POST', '/api/vega/children/archive', { id: a.bea, archived: true }, a.tok);
      assert.equal(archived.status, 200, archived.text);
      const r = await press(log, a.topics(a.bea).wet_nappy);
      assert.deepEqual(r, { result: 'dropped', reason: 'unknown_child' });
      assert.deepEqual(await everything(t), withB);
    });
  });
}

/** Waits (generously) until fn returns something. */

for (const d of testDatabases()) {
  describe(`Home Assistant commands through the broker [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let stopBridge: (() => Promise<void>) | undefined;
    let client: mqtt.MqttClient | undefined;
    const base = `bt-test-${randomBytes(4).toString('hex')}`;
    before(async () => {
      t = await startApp(d.name, { MQTT_URL: BROKER, MQTT_BASE_TOPIC: base, MQTT_DISCOVERY_PREFIX: `${base}-ha` });
    });
    after(async () => {
      await client?.endAsync();
      await stopBridge?.();
      await t?.close();
    });

    test('"PRESS" published to the real broker logs the nappy; a retained press left there is not applied on connect', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada' });
      const tok = { token: f.token };
      const bea = await addChild(t.app, tok, 'Bea');
      const on = await setEnabled(t.app, f, true);
      const topics = on.devices.find((x) => x.child_id === bea)!.command_topics;
      const bridgeLog = recordingLogger();
      client = await mqtt.connectAsync(BROKER, { clientId: `bt-test-pub-${randomBytes(4).toString('hex')}` });
      // A retained press waiting on the broker from before the bridge connects: replayed, not a press.
      await client.publishAsync(topics.dirty_nappy, 'PRESS', { qos: 1, retain: true });
      try {
        // The bridge subscribes to the button topics, then queues the family's discovery configs,
        // which the outbox's worker publishes: once one is seen, a press reaches it.
        const configs: string[] = [];
        client.on('message', (topic, payload) => {
          if (payload.length > 0) configs.push(topic);
        });
        await client.subscribeAsync(`${base}-ha/#`, { qos: 1 });
        stopBridge = startNotifier(t.ctx, bridgeLog);
        await until('the bridge to connect', () => (bridgeState(t.config) === 'connected' ? true : undefined));
        await until(`the discovery configs (bridge log: ${JSON.stringify(bridgeLog.lines)})`, () => (configs.some((c) => c.endsWith('/wet_nappy/config')) ? true : undefined));
        const before = await everything(t);
        await client.publishAsync(topics.wet_nappy, 'PRESS', { qos: 1 });
        const logged = await until('the press to be logged', async () => {
          const now = await everything(t);
          return now.events.length > before.events.length ? now : undefined;
        });
        const added = logged.events.filter((e) => !before.events.some((x) => x.id === e.id));
        assert.deepEqual(added.map((e) => [e.child_id, e.type, e.author]), [[bea, 'nappy', 'app']]);
        const day = await todayOf(t.app, tok, bea);
        assert.deepEqual(day.map((e) => [e.type, e.kind, e.author]), [['nappy', 'wet', 'app']], 'the wet nappy, and not the retained dirty one');
      } finally {
        await client.publishAsync(topics.dirty_nappy, '', { qos: 1, retain: true });
        await setEnabled(t.app, f, false);
      }
    });
  });
}
