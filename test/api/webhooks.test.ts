// Webhooks (issue 28), on both databases: every route with its answers, admins only, bad input
// refused with nothing stored; messages written with each change and sent by the outbox worker
// (deliverDue, on the test's fake clock) to a local receiver that verifies every signature with
// the `standardwebhooks` library; a receiver down for a while gets every message afterwards, in
// order, each once by webhook-id; 24 hours of failures disable a webhook; rotation.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, joinFamily, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { Receiver, verifyAt, type Received } from '../helpers/webhook-receiver.ts';
import { deliverDue } from '../../src/outbox/worker.ts';
import { postOutbound } from '../../src/outbox/outbound.ts';
import { isPublicAddress } from '../../src/domain/outbound-policy.ts';
import '../../src/notifier.ts';

const HOUR = 3600_000;
const ALL_EVENTS = ['event.created', 'event.edited', 'event.deleted', 'feed_timer.started', 'feed_timer.stopped', 'reminder.fired'];

/** Runs the worker until nothing more is due now. */
async function drain(t: TestApp): Promise<void> {
  for (let i = 0; i < 200; i++) if ((await deliverDue(t.ctx)) === 0) return;
  throw new Error('the outbox did not drain');
}

async function familyRow(t: TestApp, familyId: string) {
  const r = await t.ctx.db.kysely.selectFrom('families').select(['version', 'webhooks_on']).where('id', '=', familyId).executeTakeFirstOrThrow();
  return { version: Number(r.version), webhooks_on: Number(r.webhooks_on) };
}

async function familyIdOf(t: TestApp, f: Family): Promise<string> {
  const me = await call(t.app, 'GET', '/api/me', undefined, { token: f.token });
  assert.equal(me.status, 200, me.text);
  const id = me.body.family_id ?? me.body.family?.id;
  if (typeof id === 'string') return id;
  const row = await t.ctx.db.kysely.selectFrom('users').select('family_id').where('username', '=', f.username).executeTakeFirstOrThrow();
  return row.family_id;
}

async function outboxCount(t: TestApp, familyId: string): Promise<number> {
  const r = await t.ctx.db.kysely.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('family_id', '=', familyId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Verifies every received message with the secret, on the app's clock, and returns the bodies. */
function verifiedBodies(t: TestApp, secret: string, got: Received[]): any[] {
  return got.map((r) => verifyAt(secret, r, t.clock.now) as any);
}

async function createHook(t: TestApp, f: Family, url: string, events = ALL_EVENTS) {
  const res = await call(t.app, 'POST', '/api/vega/webhooks', { url, events }, { token: f.token });
  assert.equal(res.status, 200, res.text);
  return res.body as { webhook: any; secret: string };
}

for (const d of testDatabases()) {
  describe(`webhooks [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let receiver: Receiver;
    before(async () => {
      t = await startApp(d.name, { OUTBOUND_ALLOW_PRIVATE: '1' });
      receiver = await new Receiver().start();
    });
    after(async () => {
      await receiver?.stop();
      await t?.close();
    });

    test('create, list, test, rotate, enable, delete: the answers, the secret once, webhooks_on and the version kept right', async () => {
      const f = await signUp(t.app);
      const fid = await familyIdOf(t, f);
      const before0 = await familyRow(t, fid);
      assert.equal(before0.webhooks_on, 0);

      const created = await call(t.app, 'POST', '/api/vega/webhooks', { url: receiver.url('/a'), events: ['event.deleted', 'event.created', 'event.created'] }, { token: f.token });
      assert.equal(created.status, 200, created.text);
      const { webhook, secret } = created.body;
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
      assert.equal(Buffer.from(secret.slice(6), 'base64').length, 24);
      assert.match(webhook.id, /^wh_[0-9a-f]{16}$/);
      assert.deepEqual(webhook, {
        id: webhook.id,
        url: receiver.url('/a'),
        events: ['event.created', 'event.deleted'],
        enabled: true,
        created_at: new Date(t.clock.now).toISOString(),
        created_by: f.username,
        failing_since: null,
        disabled_at: null,
        disabled_reason: null,
        pending: 0,
      });
      const after1 = await familyRow(t, fid);
      assert.equal(after1.webhooks_on, 1);
      assert.ok(after1.version > before0.version, 'the family version moves with webhooks_on');

      const list = await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token });
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.body, { webhooks: [{ ...webhook, deliveries: [] }] });
      assert.ok(!list.text.includes(secret), 'the secret is never shown again');

      const sent = await call(t.app, 'POST', '/api/vega/webhooks/test', { id: webhook.id }, { token: f.token });
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(Object.keys(sent.body).sort(), ['message_id', 'status']);
      assert.equal(sent.body.status, 'ok');
      assert.match(sent.body.message_id, /^msg_[a-z2-7]{26}$/);
      const pendingNow = await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token });
      assert.equal(pendingNow.body.webhooks[0].pending, 1);
      const n0 = receiver.got.length;
      await drain(t);
      const got = receiver.got.slice(n0);
      assert.equal(got.length, 1);
      assert.equal(got[0]!.id, sent.body.message_id);
      assert.equal(got[0]!.timestamp, String(Math.floor(t.clock.now / 1000)));
      assert.deepEqual(verifyAt(secret, got[0]!, t.clock.now), {
        type: 'webhook.test',
        timestamp: new Date(t.clock.now).toISOString(),
        data: { family_id: fid, webhook_id: webhook.id },
      });

      const listed = await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token });
      const w = listed.body.webhooks[0];
      assert.equal(w.pending, 0);
      assert.equal(w.deliveries.length, 1);
      const del = w.deliveries[0];
      assert.equal(typeof del.duration_ms, 'number');
      assert.ok(del.duration_ms >= 0);
      assert.deepEqual(del, {
        message_id: sent.body.message_id, event_type: 'webhook.test', attempt: 1, at: new Date(t.clock.now).toISOString(), status: 200, ok: true, duration_ms: del.duration_ms, error: null,
      });

      // Rotation: the old secret stops at once, the new one verifies.
      const rotated = await call(t.app, 'POST', '/api/vega/webhooks/rotate', { id: webhook.id }, { token: f.token });
      assert.equal(rotated.status, 200, rotated.text);
      assert.match(rotated.body.secret, /^whsec_/);
      assert.notEqual(rotated.body.secret, secret);
      assert.deepEqual(rotated.body.webhook, { ...webhook, pending: 0 });
      const again = await call(t.app, 'POST', '/api/vega/webhooks/test', { id: webhook.id }, { token: f.token });
      const n1 = receiver.got.length;
      await drain(t);
      const afterRotate = receiver.got.slice(n1);
      assert.equal(afterRotate.length, 1);
      assert.equal(afterRotate[0]!.id, again.body.message_id);
      assert.throws(() => verifyAt(secret, afterRotate[0]!, t.clock.now), /No matching signature/);
      assert.equal((verifyAt(rotated.body.secret, afterRotate[0]!, t.clock.now) as any).type, 'webhook.test');

      // Enable on an enabled webhook changes nothing (webhooks_on stays 1).
      const enabled = await call(t.app, 'POST', '/api/vega/webhooks/enable', { id: webhook.id }, { token: f.token });
      assert.equal(enabled.status, 200, enabled.text);
      assert.deepEqual(enabled.body, { webhook: { ...webhook, pending: 0 } });
      assert.equal((await familyRow(t, fid)).webhooks_on, 1);

      // Delete: answered with the webhook, its queued messages gone, webhooks_on back to 0.
      await call(t.app, 'POST', '/api/vega/webhooks/test', { id: webhook.id }, { token: f.token });
      assert.equal(await outboxCount(t, fid), 1);
      const v = (await familyRow(t, fid)).version;
      const removed = await call(t.app, 'POST', '/api/vega/webhooks/delete', { id: webhook.id }, { token: f.token });
      assert.equal(removed.status, 200, removed.text);
      assert.deepEqual(removed.body, { status: 'ok', removed: { ...webhook, pending: 1 } });
      assert.equal(await outboxCount(t, fid), 0);
      const fr = await familyRow(t, fid);
      assert.equal(fr.webhooks_on, 0);
      assert.ok(fr.version > v);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body, { webhooks: [] });

      // Unknown ids are 404 on every route that takes one.
      for (const path of ['test', 'rotate', 'enable', 'delete']) {
        assertError(await call(t.app, 'POST', `/api/vega/webhooks/${path}`, { id: webhook.id }, { token: f.token }), 404, 'not_found', path);
      }
    });

    test('members are refused on every webhook route (403), reads included', async () => {
      const f = await signUp(t.app);
      const { webhook } = await createHook(t, f, receiver.url('/m'));
      const member = await joinFamily(t.app, f, 'nanny');
      for (const cred of [{ token: member.token }, { cookie: member.cookie }]) {
        assertError(await call(t.app, 'GET', '/api/vega/webhooks', undefined, cred), 403, 'forbidden', 'GET');
        assertError(await call(t.app, 'POST', '/api/vega/webhooks', { url: receiver.url('/x'), events: ['event.created'] }, cred), 403, 'forbidden', 'create');
        for (const path of ['test', 'rotate', 'enable', 'delete']) {
          assertError(await call(t.app, 'POST', `/api/vega/webhooks/${path}`, { id: webhook.id }, cred), 403, 'forbidden', path);
        }
      }
      const list = await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token });
      assert.equal(list.body.webhooks.length, 1);
      assert.equal(list.body.webhooks[0].id, webhook.id);
      assertError(await call(t.app, 'GET', '/api/vega/webhooks'), 401, 'unauthorized');
    });

    test('bad urls, refused addresses and unknown events are 400 naming the field, nothing stored; at most 10 webhooks', async () => {
      const f = await signUp(t.app);
      const fid = await familyIdOf(t, f);
      const post = (body: unknown) => call(t.app, 'POST', '/api/vega/webhooks', body, { token: f.token });
      const namesField = (res: Awaited<ReturnType<typeof post>>, field: string, label: string) => {
        assert.equal(res.status, 400, `${label}: ${res.text}`);
        assert.equal(typeof res.body.message, 'string', label);
        assert.ok(res.body.detail?.some((i: any) => i.loc[0] === 'body' && i.loc[1] === field), `${label}: ${res.text}`);
      };
      // Without OUTBOUND_ALLOW_PRIVATE (the default): only https to public hosts.
      t.ctx.config.outboundAllowPrivate = false;
      try {
        for (const url of [
          receiver.url('/h'), 'https://127.0.0.1/h', 'https://10.1.2.3/h', 'https://192.168.1.20/h', 'https://169.254.169.254/latest',
          'https://[::1]/h', 'https://[::ffff:127.0.0.1]/h', 'https://localhost/h', 'https://hooks.localhost/h', 'http://example.com/h',
        ]) {
          const res = await post({ url, events: ['event.created'] });
          namesField(res, 'url', url);
          assert.equal(res.body.error, 'invalid_url', url);
        }
      } finally {
        t.ctx.config.outboundAllowPrivate = true;
      }
      for (const url of ['not a url', 'ftp://example.com/h', 'https://user:pw@example.com/h', '/relative', `https://example.com/${'a'.repeat(2001)}`]) {
        const res = await post({ url, events: ['event.created'] });
        namesField(res, 'url', url);
      }
      for (const events of [[], ['event.created', 'event.exploded'], ['webhook.test'], 'event.created', [1]]) {
        namesField(await post({ url: 'https://example.com/h', events }), 'events', JSON.stringify(events));
      }
      namesField(await post({ events: ['event.created'] }), 'url', 'no url');
      const extra = await post({ url: 'https://example.com/h', events: ['event.created'], secret: 'whsec_mine' });
      assert.equal(extra.status, 400, extra.text);
      for (const path of ['test', 'rotate', 'enable', 'delete']) {
        const res = await call(t.app, 'POST', `/api/vega/webhooks/${path}`, {}, { token: f.token });
        namesField(res, 'id', path);
      }
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body, { webhooks: [] });
      assert.equal((await familyRow(t, fid)).webhooks_on, 0);

      // A public https URL is fine; ten per family, the eleventh is 409.
      for (let i = 0; i < 10; i++) await createHook(t, f, `https://hooks.example.com/${i}`, ['event.created']);
      const eleventh = await post({ url: 'https://hooks.example.com/10', events: ['event.created'] });
      assertError(eleventh, 409, 'webhook_limit');
      assert.equal((await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body.webhooks.length, 10);
      assert.equal((await familyRow(t, fid)).webhooks_on, 10);
    });

    test('every change is announced with the event as the API answers it, in order, signed', async () => {
      const f = await signUp(t.app);
      const fid = await familyIdOf(t, f);
      const { secret } = await createHook(t, f, receiver.url('/all'));
      const other = await createHook(t, f, receiver.url('/deletes-only'), ['event.deleted']);
      const tok = { token: f.token };
      const children = await call(t.app, 'GET', '/api/vega/children', undefined, tok);
      const childId = children.body.children[0].id;

      const logged = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 120 }, tok);
      assert.equal(logged.status, 200, logged.text);
      const keyed = await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet' }, { token: f.token, headers: { 'idempotency-key': 'k-1' } });
      assert.equal(keyed.status, 200, keyed.text);
      const edited = await call(t.app, 'POST', '/api/vega/event/edit', { id: logged.body.event.id, changes: { ml: 130 } }, tok);
      assert.equal(edited.status, 200, edited.text);
      const reacted = await call(t.app, 'POST', '/api/vega/event/react', { id: logged.body.event.id, emoji: '❤️' }, tok);
      assert.equal(reacted.status, 200, reacted.text);
      const deleted = await call(t.app, 'POST', '/api/vega/event/delete', { id: keyed.body.event.id }, tok);
      assert.equal(deleted.status, 200, deleted.text);
      const started = await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, tok);
      assert.equal(started.status, 200, started.text);
      t.clock.advance(12 * 60_000);
      const stopped = await call(t.app, 'POST', '/api/vega/feed/stop', {}, tok);
      assert.equal(stopped.status, 200, stopped.text);
      const undone = await call(t.app, 'POST', '/api/vega/undo', {}, tok);
      assert.equal(undone.status, 200, undone.text);
      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'right' }, tok);
      const cancelled = await call(t.app, 'POST', '/api/vega/feed/cancel', {}, tok);
      assert.equal(cancelled.status, 200, cancelled.text);

      const n0 = receiver.got.length;
      await drain(t);
      const got = receiver.got.slice(n0);
      const all = got;
      const toAll = all.filter((r) => verifyOk(secret, r, t.clock.now));
      const toOther = all.filter((r) => verifyOk(other.secret, r, t.clock.now));
      assert.equal(toAll.length + toOther.length, got.length, 'every message verifies with its own webhook\'s secret');
      const bodies = verifiedBodies(t, secret, toAll);
      assert.deepEqual(bodies.map((b) => b.type), [
        'event.created', 'event.created', 'event.edited', 'event.edited', 'event.deleted', 'feed_timer.started', 'feed_timer.stopped', 'event.created', 'event.deleted', 'feed_timer.started', 'feed_timer.stopped',
      ]);
      for (const b of bodies) {
        assert.equal(b.data.family_id, fid);
        assert.equal(b.data.child_id, childId);
        assert.match(b.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.ok(!JSON.stringify(b).includes(f.token), 'no tokens in a message');
      }
      assert.deepEqual(bodies[0].data.event, logged.body.event);
      assert.deepEqual(bodies[1].data.event, keyed.body.event);
      assert.deepEqual(bodies[2].data.event, edited.body.event);
      assert.deepEqual(bodies[3].data.event, reacted.body.event);
      assert.deepEqual(bodies[4].data.event, deleted.body.removed);
      assert.equal(bodies[5].data.timer.side, 'left');
      assert.deepEqual(Object.keys(bodies[5].data.timer).sort(), Object.keys(started.body.feed).sort());
      assert.equal(bodies[6].data.cancelled, false);
      assert.deepEqual(bodies[6].data.event, stopped.body.event);
      assert.deepEqual(bodies[7].data.event, stopped.body.event);
      assert.deepEqual(bodies[8].data.event, undone.body.removed);
      assert.equal(bodies[10].data.cancelled, true);
      assert.equal(bodies[10].data.event, undefined);
      assert.equal(bodies[10].data.timer.side, cancelled.body.cancelled.side);
      // Each message once, with its own id; the deletes-only webhook got just the deletes.
      assert.equal(new Set(toAll.map((r) => r.id)).size, toAll.length);
      assert.deepEqual(verifiedBodies(t, other.secret, toOther).map((b) => [b.type, b.data.event.id]), [
        ['event.deleted', keyed.body.event.id],
        ['event.deleted', undone.body.removed.id],
      ]);
      // One message id per change, shared by the webhooks it went to.
      assert.ok(toOther.every((r) => toAll.some((a) => a.id === r.id)));
      assert.equal(await outboxCount(t, fid), 0);
    });

    test('a family without webhooks queues nothing; an import is not announced event by event', async () => {
      const f = await signUp(t.app);
      const fid = await familyIdOf(t, f);
      const res = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90 }, { token: f.token });
      assert.equal(res.status, 200, res.text);
      await call(t.app, 'POST', '/api/vega/feed/start', { side: 'left' }, { token: f.token });
      await call(t.app, 'POST', '/api/vega/feed/stop', {}, { token: f.token });
      assert.equal(await outboxCount(t, fid), 0);

      const exported = await call(t.app, 'GET', '/api/vega/export', undefined, { token: f.token });
      assert.equal(exported.status, 200, exported.text);
      const g = await signUp(t.app);
      const gid = await familyIdOf(t, g);
      await createHook(t, g, receiver.url('/import'));
      const imported = await call(t.app, 'POST', '/api/vega/import', { format: 'tracker', data: exported.body }, { token: g.token });
      assert.equal(imported.status, 200, imported.text);
      assert.equal(imported.body.new, 2);
      assert.equal(await outboxCount(t, gid), 0);
    });

    test('a receiver down for a while gets every message after it comes back, in order, each once by webhook-id', async () => {
      const down = await new Receiver().start();
      try {
        const f = await signUp(t.app);
        const fid = await familyIdOf(t, f);
        const { webhook, secret } = await createHook(t, f, down.url(), ['event.created']);
        down.status = 503;
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const r = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 60 + i }, { token: f.token });
          assert.equal(r.status, 200, r.text);
          ids.push(r.body.event.id);
        }
        const firstFailure = t.clock.now;
        // Down for three hours: only the oldest message is tried (later ones wait behind it, in order).
        for (let i = 0; i < 12; i++) {
          await drain(t);
          t.clock.advance(15 * 60_000);
        }
        assert.ok(down.got.length >= 5, `retried: ${down.got.length}`);
        assert.equal(new Set(down.got.map((r) => r.id)).size, 1, 'only the head was tried while down');
        const failing = (await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body.webhooks[0];
        assert.equal(failing.enabled, true);
        assert.equal(failing.failing_since, new Date(firstFailure).toISOString());
        assert.equal(failing.pending, 5);
        assert.deepEqual(failing.deliveries.map((x: any) => x.attempt), [...failing.deliveries.map((x: any) => x.attempt)].sort((a, b) => b - a));
        const lastTry = failing.deliveries[0];
        assert.equal(lastTry.status, 503);
        assert.equal(lastTry.ok, false);
        assert.equal(lastTry.error, 'the receiver answered 503');
        assert.equal(lastTry.event_type, 'event.created');
        assert.equal(lastTry.attempt, failing.deliveries.length);

        down.status = 200;
        t.clock.advance(HOUR);
        await drain(t);
        const accepted = down.accepted();
        assert.equal(accepted.length, 5);
        assert.equal(new Set(accepted.map((r) => r.id)).size, 5, 'each message once');
        assert.deepEqual(verifiedBodies(t, secret, accepted).map((b) => b.data.event.id), ids, 'in logging order');
        // The id a receiver dedupes by is the same on every retry of a message.
        assert.ok(down.got.filter((r) => r.answered === 503).every((r) => r.id === accepted[0]!.id));
        const ok = (await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body.webhooks[0];
        assert.equal(ok.id, webhook.id);
        assert.equal(ok.failing_since, null);
        assert.equal(ok.pending, 0);
        assert.equal(ok.deliveries[0].ok, true);
        assert.equal(await outboxCount(t, fid), 0);
      } finally {
        await down.stop();
      }
    });

    test('24 hours of failures disable a webhook (shown in GET, webhooks_on back to 0, its messages dropped); enable turns it back on', async () => {
      const down = await new Receiver().start();
      try {
        down.status = 500;
        const f = await signUp(t.app);
        const fid = await familyIdOf(t, f);
        const { webhook } = await createHook(t, f, down.url(), ['event.created']);
        await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 60 }, { token: f.token });
        await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 70 }, { token: f.token });
        const since = t.clock.now;
        let w: any;
        for (let i = 0; i < 40; i++) {
          await drain(t);
          w = (await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body.webhooks[0];
          if (!w.enabled) break;
          t.clock.advance(HOUR);
        }
        assert.equal(w.enabled, false);
        assert.ok(Date.parse(w.disabled_at) - since >= 24 * HOUR, `disabled at ${w.disabled_at}`);
        assert.ok(Date.parse(w.disabled_at) - since < 26 * HOUR, `disabled at ${w.disabled_at}`);
        assert.match(w.disabled_reason, /24 hours/);
        assert.match(w.disabled_reason, /500/);
        assert.equal(w.pending, 0);
        assert.equal(await outboxCount(t, fid), 0);
        assert.equal((await familyRow(t, fid)).webhooks_on, 0);
        // Nothing is queued for a disabled webhook; test says it is disabled.
        await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 80 }, { token: f.token });
        assert.equal(await outboxCount(t, fid), 0);
        assertError(await call(t.app, 'POST', '/api/vega/webhooks/test', { id: webhook.id }, { token: f.token }), 409, 'webhook_disabled');

        const enabled = await call(t.app, 'POST', '/api/vega/webhooks/enable', { id: webhook.id }, { token: f.token });
        assert.equal(enabled.status, 200, enabled.text);
        assert.deepEqual(enabled.body, { webhook: { ...webhook, pending: 0 } });
        assert.equal((await familyRow(t, fid)).webhooks_on, 1);
        down.status = 200;
        const r = await call(t.app, 'POST', '/api/vega/log', { type: 'milk', ml: 90 }, { token: f.token });
        const n0 = down.accepted().length;
        await drain(t);
        const got = down.accepted().slice(n0);
        assert.equal(got.length, 1);
        assert.equal(got[0]!.json.data.event.id, r.body.event.id);
      } finally {
        await down.stop();
      }
    });

    test('the delivery log keeps the last 50 attempts per webhook, newest first', async () => {
      const f = await signUp(t.app);
      const { webhook } = await createHook(t, f, receiver.url('/many'), ['event.created']);
      const ids: string[] = [];
      for (let i = 0; i < 53; i++) {
        const sent = await call(t.app, 'POST', '/api/vega/webhooks/test', { id: webhook.id }, { token: f.token });
        ids.push(sent.body.message_id);
      }
      await drain(t);
      const w = (await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body.webhooks[0];
      assert.equal(w.deliveries.length, 50);
      assert.deepEqual(w.deliveries.map((x: any) => x.message_id), ids.slice(3).reverse());
      assert.ok(w.deliveries.every((x: any) => x.ok && x.status === 200 && x.attempt === 1 && x.error === null));
      const kept = await t.ctx.db.kysely.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('n')).where('webhook_id', '=', webhook.id).executeTakeFirstOrThrow();
      assert.equal(Number(kept.n), 50);
    });

    test('the address is checked again at send time: a URL allowed when added is refused once private addresses are not', async () => {
      const f = await signUp(t.app);
      const fid = await familyIdOf(t, f);
      const n0 = receiver.got.length;
      const { webhook } = await createHook(t, f, receiver.url('/later'), ['event.created']);
      await call(t.app, 'POST', '/api/vega/webhooks/test', { id: webhook.id }, { token: f.token });
      t.ctx.config.outboundAllowPrivate = false;
      try {
        await drain(t);
      } finally {
        t.ctx.config.outboundAllowPrivate = true;
      }
      assert.equal(receiver.got.length, n0, 'nothing reached the receiver');
      const w = (await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body.webhooks[0];
      assert.equal(w.deliveries[0].status, null);
      assert.equal(w.deliveries[0].ok, false);
      assert.match(w.deliveries[0].error, /^refused:/);
      assert.equal(w.pending, 1);
      assert.equal(await outboxCount(t, fid), 1);
    });

    test('OUTBOUND_ALLOW_PRIVATE=1 allows plain http to private addresses only: http to a public address is 400 naming url, as without it, and refused at send time', async () => {
      const f = await signUp(t.app);
      const fid = await familyIdOf(t, f);
      const post = (url: string) => call(t.app, 'POST', '/api/vega/webhooks', { url, events: ['event.created'] }, { token: f.token });
      const plainHttp = 'must be an https:// URL (plain http is allowed only to private addresses, with OUTBOUND_ALLOW_PRIVATE=1)';
      assert.equal(t.ctx.config.outboundAllowPrivate, true);
      for (const [url, host] of [['http://93.184.215.14/h', '93.184.215.14'], ['http://8.8.8.8:8080/hook', '8.8.8.8'], ['http://[2606:4700:4700::1111]/h', '2606:4700:4700::1111'], ['http://[::ffff:1.1.1.1]/h', '::ffff:101:101']] as const) {
        const res = await post(url);
        const msg = `url ${plainHttp}; ${host} is a public address.`;
        assert.deepEqual(res.body, { error: 'invalid_url', message: msg, detail: [{ loc: ['body', 'url'], msg, type: 'invalid_url' }] }, url);
        assert.equal(res.status, 400, url);
      }
      // The same URL without the setting: the same answer but for the reason's last words.
      t.ctx.config.outboundAllowPrivate = false;
      try {
        const res = await post('http://93.184.215.14/h');
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(res.body, { error: 'invalid_url', message: `url ${plainHttp}.`, detail: [{ loc: ['body', 'url'], msg: `url ${plainHttp}.`, type: 'invalid_url' }] });
      } finally {
        t.ctx.config.outboundAllowPrivate = true;
      }
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body, { webhooks: [] });
      assert.equal((await familyRow(t, fid)).webhooks_on, 0);
      // Private, loopback and link-local addresses still take plain http.
      for (const url of [receiver.url('/private'), 'http://192.168.1.20/h', 'http://[fe80::1]/h', 'http://homeassistant.local:8123/api/webhook/x']) {
        const ok = await post(url);
        assert.equal(ok.status, 200, `${url}: ${ok.text}`);
        assert.equal(ok.body.webhook.url, url);
      }
      // The sender holds every connection to the same policy: nothing is sent to a public address over plain http.
      const r = await postOutbound('http://93.184.215.14/h', { headers: {}, body: '{}' }, true);
      assert.deepEqual({ status: r.status, error: r.error }, { status: null, error: `refused: the URL ${plainHttp}; 93.184.215.14 is a public address` });
    });

    test('a name that resolves to a loopback address is refused at connect time (DNS rebinding)', async (tt) => {
      const name = hostname();
      let addresses: { address: string }[] = [];
      try {
        addresses = await lookup(name, { all: true });
      } catch {
        addresses = [];
      }
      if (addresses.length === 0 || addresses.some((a) => isPublicAddress(a.address)) || name === 'localhost') {
        tt.skip(`this machine's name (${name}) does not resolve to a private address only`);
        return;
      }
      const n0 = receiver.got.length;
      // https: the only scheme allowed without OUTBOUND_ALLOW_PRIVATE; the name passes the URL check.
      const r = await postOutbound(`https://${name}:${receiver.port}/rebind`, { headers: {}, body: '{}' }, false);
      assert.equal(r.status, null);
      assert.match(r.error ?? '', /^refused: .*resolves to a private, loopback or link-local address/);
      assert.equal(receiver.got.length, n0);
    });
  });
}

function verifyOk(secret: string, r: Received, now: number): boolean {
  try {
    verifyAt(secret, r, now);
    return true;
  } catch {
    return false;
  }
}
