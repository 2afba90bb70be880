// Web Push (issue 28), on both databases: the VAPID key, subscribe / list / unsubscribe, bad
// input refused with nothing stored, and delivery to a local push service (node:http on
// 127.0.0.1, allowed by OUTBOUND_ALLOW_PRIVATE=1) that decrypts what it receives with the
// http_ece library (web-push's own RFC 8291 implementation) using keys made here as a browser
// makes them, and verifies the VAPID JWT (RFC 8292) against the key GET /push/key gives. The
// outbox is drained with deliverDue, so every send happens at a known point; time moves only on
// the test clock.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { testDatabases } from '../helpers/databases.ts';
import { pushBrowser, pushService } from '../helpers/push-receiver.ts';
import { assertError, call, joinFamily, sessionCookieOf, signUp, startApp, type TestApp } from '../helpers/app.ts';
import { twoInstances } from '../helpers/instances.ts';
import { deliverDue } from '../../src/outbox/worker.ts';
// Registers the outbox's senders ('push' among them), as the server does at start.
import '../../src/notifier.ts';

const MIN = 60_000;

function checkVapid(headers: http.IncomingHttpHeaders, publicKey: string, audience: string): Record<string, unknown> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization));
  assert.ok(m, `a VAPID Authorization header: ${headers.authorization}`);
  const [, jwt, k] = m;
  assert.equal(k, publicKey, 'the k= key is the one GET /push/key gives');
  const [h, p, s] = jwt.split('.');
  assert.deepEqual(JSON.parse(Buffer.from(h, 'base64url').toString()), { typ: 'JWT', alg: 'ES256' });
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  assert.ok(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')), 'the JWT is signed with the VAPID key');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  assert.equal(claims.aud, audience, "the JWT's audience is the push service's origin");
  assert.equal(claims.sub, 'mailto:push@tracker.test', 'PUBLIC_URL is http here, so the subject is a mailto: on its host');
  assert.ok(Number(claims.exp) > Date.now() / 1000, 'the JWT has not expired');
  return claims;
}

for (const d of testDatabases()) {
  describe(`Web Push [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let svc: Awaited<ReturnType<typeof pushService>>;
    let n = 0;
    const name = () => `sub-${++n}-${randomBytes(4).toString('hex')}`;
    const subsInDb = async () => t.ctx.db.kysely.selectFrom('push_subscriptions').selectAll().execute();
    const outboxRows = async () => t.ctx.db.kysely.selectFrom('outbox').selectAll().where('kind', '=', 'push').execute();
    /** Sends everything due now and returns what the push service received meanwhile. */
    const drain = async () => {
      const before = svc.received.length;
      while ((await deliverDue(t.ctx)) > 0);
      return svc.received.slice(before);
    };

    before(async () => {
      t = await startApp(d.name, { OUTBOUND_ALLOW_PRIVATE: '1' });
      svc = await pushService();
    });
    after(async () => {
      await svc?.close();
      await t?.close();
    });

    test('GET /push/key: one VAPID public key (65-byte P-256 point), made once and kept in service_keys', async () => {
      const f = await signUp(t.app);
      const a = await call(t.app, 'GET', '/api/vega/push/key', undefined, { token: f.token });
      assert.equal(a.status, 200, a.text);
      assert.deepEqual(Object.keys(a.body), ['public_key']);
      const raw = Buffer.from(a.body.public_key, 'base64url');
      assert.equal(raw.length, 65);
      assert.equal(raw[0], 4);
      const other = await signUp(t.app);
      const b = await call(t.app, 'GET', '/api/vega/push/key', undefined, { cookie: other.cookie });
      assert.equal(b.body.public_key, a.body.public_key, 'one key for the service, whoever asks');
      const stored = await t.ctx.db.kysely.selectFrom('service_keys').selectAll().execute();
      assert.equal(stored.length, 1);
      assert.equal(stored[0].name, 'vapid');
      assert.equal(JSON.parse(stored[0].value).publicKey, a.body.public_key);
      assertError(await call(t.app, 'GET', '/api/vega/push/key'), 401, 'unauthorized');
    });

    test('two processes asking for the key at once agree on one pair, and a restart keeps it', async () => {
      const db = await twoInstances(d.name);
      const a = await db.open();
      const b = await db.open();
      try {
        const fa = await signUp(a.app);
        const [ka, kb] = await Promise.all([
          call(a.app, 'GET', '/api/vega/push/key', undefined, { token: fa.token }),
          call(b.app, 'GET', '/api/vega/push/key', undefined, { token: fa.token }),
        ]);
        assert.equal(ka.status, 200, ka.text);
        assert.equal(kb.body.public_key, ka.body.public_key);
        assert.equal((await a.ctx.db.kysely.selectFrom('service_keys').selectAll().execute()).length, 1);
        await a.close();
        const again = await db.open();
        try {
          assert.equal((await call(again.app, 'GET', '/api/vega/push/key', undefined, { token: fa.token })).body.public_key, ka.body.public_key);
        } finally {
          await again.close();
        }
      } finally {
        await b.close();
        await db.drop();
      }
    });

    test('subscribe, list and unsubscribe: the answers, the caller’s own list, re-subscribing moves the endpoint, at most 20 each', async () => {
      const f = await signUp(t.app);
      const member = await joinFamily(t.app, f, 'grandma');
      const b = pushBrowser();
      const endpoint = svc.endpoint(name());
      const ua = { 'user-agent': 'Mozilla/5.0 (test phone)' };
      const sub = await call(t.app, 'POST', '/api/vega/push/subscribe', b.json(endpoint), { cookie: f.cookie, headers: ua });
      assert.equal(sub.status, 200, sub.text);
      assert.deepEqual(Object.keys(sub.body), ['subscription']);
      assert.match(sub.body.subscription.id, /^push_/);
      assert.equal(sub.body.subscription.endpoint_host, new URL(svc.origin).host);
      assert.equal(sub.body.subscription.created_at, new Date(t.clock.now).toISOString());
      const list = await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token });
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.body, {
        subscriptions: [{ id: sub.body.subscription.id, endpoint_host: new URL(svc.origin).host, user_agent: 'Mozilla/5.0 (test phone)', created_at: new Date(t.clock.now).toISOString() }],
      });
      const row = (await subsInDb()).find((r) => r.endpoint === endpoint)!;
      assert.ok(row.session_hash, 'made with a session: remembers it');
      assert.equal(row.token_id, null);

      // The same browser again (renewed keys): the same subscription, new keys.
      const renewed = pushBrowser();
      const again = await call(t.app, 'POST', '/api/vega/push/subscribe', renewed.json(endpoint), { token: f.token });
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.subscription.id, sub.body.subscription.id);
      const row2 = (await subsInDb()).find((r) => r.endpoint === endpoint)!;
      assert.equal(row2.p256dh, renewed.json(endpoint).keys.p256dh);
      assert.equal(row2.session_hash, null);
      assert.ok(row2.token_id, 'now tied to the token it was made with');

      // Another caregiver subscribes the same endpoint (a shared tablet): it moves to them.
      const moved = await call(t.app, 'POST', '/api/vega/push/subscribe', renewed.json(endpoint), { token: member.token });
      assert.equal(moved.status, 200, moved.text);
      assert.notEqual(moved.body.subscription.id, sub.body.subscription.id);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token })).body, { subscriptions: [] });
      const theirs = await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: member.token });
      assert.deepEqual(theirs.body.subscriptions.map((s: any) => s.id), [moved.body.subscription.id]);

      // Unsubscribing someone else's endpoint removes nothing; their own removes it.
      const notMine = await call(t.app, 'POST', '/api/vega/push/unsubscribe', { endpoint }, { token: f.token });
      assert.deepEqual(notMine.body, { status: 'ok', removed: 0 });
      const mine = await call(t.app, 'POST', '/api/vega/push/unsubscribe', { endpoint }, { cookie: member.cookie });
      assert.equal(mine.status, 200, mine.text);
      assert.deepEqual(mine.body, { status: 'ok', removed: 1 });
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: member.token })).body, { subscriptions: [] });
      assert.deepEqual((await call(t.app, 'POST', '/api/vega/push/unsubscribe', { endpoint }, { token: member.token })).body, { status: 'ok', removed: 0 });

      // 21 browsers: the oldest goes, 20 stay.
      const ids: string[] = [];
      for (let i = 0; i < 21; i++) {
        t.clock.advance(1000);
        const r = await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(svc.endpoint(name())), { token: f.token });
        assert.equal(r.status, 200, r.text);
        ids.push(r.body.subscription.id);
      }
      const twenty = await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token });
      assert.deepEqual(twenty.body.subscriptions.map((s: any) => s.id), ids.slice(1));
      for (const id of ids.slice(1)) await t.ctx.db.kysely.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    });

    test('bad input: 400 naming the field, nothing stored', async () => {
      const f = await signUp(t.app);
      const good = pushBrowser().json(svc.endpoint(name()));
      const short = { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 80) } };
      const offCurve = (() => {
        const raw = Buffer.from(good.keys.p256dh, 'base64url');
        raw[64] ^= 1;
        return { ...good, keys: { ...good.keys, p256dh: raw.toString('base64url') } };
      })();
      const cases: [unknown, string[]][] = [
        [{ ...good, endpoint: 'not a url' }, ['endpoint']],
        [{ ...good, endpoint: 'ftp://push.example.com/x' }, ['endpoint']],
        [{ ...good, endpoint: 'https://user:pw@push.example.com/x' }, ['endpoint']],
        [{ ...good, endpoint: `https://push.example.com/${'x'.repeat(2100)}` }, ['endpoint']],
        [short, ['keys', 'p256dh']],
        [offCurve, ['keys', 'p256dh']],
        [{ ...good, keys: { ...good.keys, p256dh: 'not base64!' } }, ['keys', 'p256dh']],
        [{ ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } }, ['keys', 'auth']],
        [{ ...good, keys: { ...good.keys, auth: randomBytes(32).toString('base64url') } }, ['keys', 'auth']],
        [{ endpoint: good.endpoint }, ['keys']],
      ];
      for (const [body, field] of cases) {
        const r = await call(t.app, 'POST', '/api/vega/push/subscribe', body, { token: f.token });
        assertError(r, 400, undefined, JSON.stringify(body).slice(0, 120));
        assert.deepEqual(r.body.detail[0].loc, ['body', ...field], r.text);
        assert.match(r.body.message, new RegExp(field.join('.')));
      }
      const unknownKey = await call(t.app, 'POST', '/api/vega/push/subscribe', { ...good, extra: 1 }, { token: f.token });
      assertError(unknownKey, 400);
      assert.match(unknownKey.body.message, /extra/);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token })).body, { subscriptions: [] });
      assert.equal((await subsInDb()).filter((r) => r.endpoint === good.endpoint).length, 0);
    });

    test('without OUTBOUND_ALLOW_PRIVATE: private, loopback and link-local endpoints (and http) are refused, nothing stored', async () => {
      const strict = await startApp(d.name);
      try {
        const f = await signUp(strict.app);
        const b = pushBrowser();
        for (const endpoint of [svc.endpoint('x'), 'https://127.0.0.1/push', 'https://192.168.1.20/push', 'https://[::1]/push', 'https://169.254.169.254/latest', 'https://localhost/push', 'http://push.example.com/x']) {
          const r = await call(strict.app, 'POST', '/api/vega/push/subscribe', b.json(endpoint), { token: f.token });
          assertError(r, 400, 'bad_request', endpoint);
          assert.deepEqual(r.body.detail, [{ loc: ['body', 'endpoint'], msg: r.body.detail[0].msg, type: 'refused_url' }]);
          assert.match(r.body.message, /^endpoint: /);
        }
        assert.equal((await strict.ctx.db.kysely.selectFrom('push_subscriptions').selectAll().execute()).length, 0);
        const ok = await call(strict.app, 'POST', '/api/vega/push/subscribe', b.json('https://push.example.com/send/abc'), { token: f.token });
        assert.equal(ok.status, 200, ok.text);
        assert.equal(ok.body.subscription.endpoint_host, 'push.example.com');
      } finally {
        await strict.close();
      }
    });

    test('with OUTBOUND_ALLOW_PRIVATE=1, plain http to a public address is refused (400 naming endpoint), as without it; http to a private one is allowed', async () => {
      const f = await signUp(t.app);
      const b = pushBrowser();
      const plainHttp = 'must be an https:// URL (plain http is allowed only to private addresses, with OUTBOUND_ALLOW_PRIVATE=1)';
      for (const [endpoint, host] of [['http://93.184.215.14/push/x', '93.184.215.14'], ['http://[2606:4700:4700::1111]/push', '2606:4700:4700::1111']] as const) {
        const r = await call(t.app, 'POST', '/api/vega/push/subscribe', b.json(endpoint), { token: f.token });
        const msg = `${plainHttp}; ${host} is a public address`;
        assert.equal(r.status, 400, r.text);
        assert.deepEqual(r.body, { error: 'bad_request', message: `endpoint: ${msg}.`, detail: [{ loc: ['body', 'endpoint'], msg, type: 'refused_url' }] }, endpoint);
      }
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token })).body, { subscriptions: [] });
      const ok = await call(t.app, 'POST', '/api/vega/push/subscribe', b.json('http://192.168.1.20/push/x'), { token: f.token });
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.subscription.endpoint_host, '192.168.1.20');
    });

    test('push/test: each device gets {title, body, tag} encrypted for its keys with a VAPID JWT; 409 without devices', async () => {
      const f = await signUp(t.app, { baby_name: 'Ada Lovelace' });
      assertError(await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: f.token }), 409, 'no_push_devices');
      const phone = pushBrowser();
      const laptop = pushBrowser();
      const phoneName = name();
      const laptopName = name();
      for (const [b, nm] of [[phone, phoneName], [laptop, laptopName]] as const) {
        const r = await call(t.app, 'POST', '/api/vega/push/subscribe', b.json(svc.endpoint(nm)), { token: f.token });
        assert.equal(r.status, 200, r.text);
      }
      const sent = await call(t.app, 'POST', '/api/vega/push/test', {}, { token: f.token }); // the web app sends {}
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(sent.body, { status: 'ok', devices: 2 });
      assert.equal((await outboxRows()).length, 2, 'queued in the outbox, one row per device');
      const got = await drain();
      assert.equal(got.length, 2);
      const key = (await call(t.app, 'GET', '/api/vega/push/key', undefined, { token: f.token })).body.public_key;
      for (const [b, nm] of [[phone, phoneName], [laptop, laptopName]] as const) {
        const req = got.find((g) => g.path === `/push/${nm}`);
        assert.ok(req, `the push service got the message for ${nm}`);
        assert.equal(req.headers['content-encoding'], 'aes128gcm');
        assert.equal(req.headers['content-type'], 'application/octet-stream');
        assert.ok(Number(req.headers.ttl) > 0 && Number(req.headers.ttl) <= 3600, `TTL ${req.headers.ttl}`);
        checkVapid(req.headers, key, svc.origin);
        assert.deepEqual(b.open(req.body), { title: 'Ada', body: 'Test notification from Baby tracker', tag: 'test' });
      }
      // Each device's keys open only its own message.
      const phoneReq = got.find((g) => g.path === `/push/${phoneName}`)!;
      assert.throws(() => laptop.open(phoneReq.body));
      assert.equal((await outboxRows()).length, 0, 'delivered rows leave the outbox');
      assert.equal((await subsInDb()).filter((r) => r.endpoint.endsWith(phoneName)).length, 1, 'the subscription stays');
    });

    test('410 from the push service removes the subscription; 5xx retries; a message older than an hour is dropped unsent', async () => {
      const f = await signUp(t.app);
      const b = pushBrowser();
      const endpoint = svc.endpoint(name());
      assert.equal((await call(t.app, 'POST', '/api/vega/push/subscribe', b.json(endpoint), { token: f.token })).status, 200);

      // 503: kept, retried after the backoff, delivered once the service is back.
      svc.state.status = 503;
      assert.equal((await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: f.token })).status, 200);
      assert.equal((await drain()).length, 1);
      const waiting = await outboxRows();
      assert.equal(waiting.length, 1);
      assert.equal(waiting[0].attempts, 1);
      assert.match(String(waiting[0].last_error), /503/);
      assert.equal((await drain()).length, 0, 'not again before the backoff');
      svc.state.status = 201;
      t.clock.advance(MIN);
      const retried = await drain();
      assert.equal(retried.length, 1);
      assert.equal(retried[0].path, new URL(endpoint).pathname);
      assert.equal((b.open(retried[0].body) as any).tag, 'test');
      assert.equal((await outboxRows()).length, 0);

      // Down for more than an hour: the message is dropped without being sent (late is noise).
      svc.state.status = 500;
      assert.equal((await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: f.token })).status, 200);
      assert.equal((await drain()).length, 1);
      svc.state.status = 201;
      t.clock.advance(61 * MIN);
      assert.equal((await drain()).length, 0, 'nothing reaches the push service');
      assert.equal((await outboxRows()).length, 0, 'the stale message left the outbox');
      assert.equal((await subsInDb()).filter((r) => r.endpoint === endpoint).length, 1, 'the subscription stays');

      // 410 Gone: the subscription is removed, and so is what was queued for it.
      svc.state.status = 410;
      assert.equal((await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: f.token })).status, 200);
      assert.equal((await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: f.token })).status, 200);
      assert.equal((await drain()).length, 1, 'one attempt; the second message is dropped with the subscription');
      svc.state.status = 201;
      assert.equal((await subsInDb()).filter((r) => r.endpoint === endpoint).length, 0);
      assert.equal((await outboxRows()).length, 0);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token })).body, { subscriptions: [] });
      assertError(await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: f.token }), 409, 'no_push_devices');
    });

    test('sign-out of the subscribing session, token revocation and member removal remove their subscriptions', async () => {
      const f = await signUp(t.app);
      const bySession = svc.endpoint(name());
      const byToken = svc.endpoint(name());
      assert.equal((await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(bySession), { cookie: f.cookie })).status, 200);
      assert.equal((await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(byToken), { token: f.token })).status, 200);
      // Another session of the same caregiver keeps working; signing out ends only its own.
      const login = await call(t.app, 'POST', '/login', { email: f.email, password: f.password });
      assert.equal(login.status, 200, login.text);
      const second = sessionCookieOf(login);
      const bySecond = svc.endpoint(name());
      assert.equal((await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(bySecond), { cookie: second })).status, 200);

      const out = await call(t.app, 'POST', '/logout', undefined, { cookie: f.cookie });
      assert.equal(out.status, 200, out.text);
      const left = (await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, { token: f.token })).body.subscriptions;
      assert.equal(left.length, 2);
      const endpoints = (await subsInDb()).map((r) => r.endpoint);
      assert.ok(!endpoints.includes(bySession), 'the signed-out session’s subscription is gone');
      assert.ok(endpoints.includes(byToken) && endpoints.includes(bySecond));
      // The signed-out session can subscribe no more.
      assertError(await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(bySession), { cookie: f.cookie }), 401, 'unauthorized');

      // Revoking the token removes what was subscribed with it.
      const tokens = await call(t.app, 'GET', '/api/vega/tokens', undefined, { cookie: second });
      const tokenId = tokens.body.tokens.find((x: any) => x.label === 'tests').id;
      assert.equal((await call(t.app, 'POST', '/api/vega/token/revoke', { id: tokenId }, { cookie: second })).status, 200);
      assert.deepEqual((await subsInDb()).filter((r) => r.endpoint === byToken), []);

      // A caregiver removed from the family loses theirs; the admin's stays.
      const member = await joinFamily(t.app, { ...f, cookie: second }, 'nanny');
      const memberEndpoint = svc.endpoint(name());
      assert.equal((await call(t.app, 'POST', '/api/vega/push/subscribe', pushBrowser().json(memberEndpoint), { token: member.token })).status, 200);
      assert.equal((await call(t.app, 'POST', '/api/vega/push/test', undefined, { token: member.token })).status, 200);
      const removed = await call(t.app, 'POST', '/api/vega/member/remove', { username: 'nanny' }, { cookie: second });
      assert.equal(removed.status, 200, removed.text);
      assert.deepEqual((await subsInDb()).filter((r) => r.endpoint === memberEndpoint), []);
      assert.equal((await drain()).length, 0, 'what was queued for the removed caregiver is never sent');
      assert.equal((await outboxRows()).length, 0);
      assert.deepEqual((await subsInDb()).filter((r) => r.endpoint === bySecond).length, 1);
    });

    test('a read-only token is 403 on subscribe, unsubscribe and test; signed out is 401', async () => {
      const f = await signUp(t.app);
      const ro = await call(t.app, 'POST', '/api/vega/token', { label: 'read only', scopes: ['read'] }, { cookie: f.cookie });
      assert.equal(ro.status, 200, ro.text);
      const readOnly = { token: ro.body.token as string };
      const body = pushBrowser().json(svc.endpoint(name()));
      assertError(await call(t.app, 'POST', '/api/vega/push/subscribe', body, readOnly), 403, 'insufficient_scope');
      assertError(await call(t.app, 'POST', '/api/vega/push/unsubscribe', { endpoint: body.endpoint }, readOnly), 403, 'insufficient_scope');
      assertError(await call(t.app, 'POST', '/api/vega/push/test', undefined, readOnly), 403, 'insufficient_scope');
      assert.equal((await call(t.app, 'GET', '/api/vega/push/subscriptions', undefined, readOnly)).status, 200);
      assert.equal((await call(t.app, 'GET', '/api/vega/push/key', undefined, readOnly)).status, 200);
      assert.equal((await subsInDb()).filter((r) => r.endpoint === body.endpoint).length, 0);
      for (const [method, url, payload] of [
        ['POST', '/api/vega/push/subscribe', body],
        ['GET', '/api/vega/push/subscriptions', undefined],
        ['POST', '/api/vega/push/unsubscribe', { endpoint: body.endpoint }],
        ['POST', '/api/vega/push/test', undefined],
      ] as const) {
        assertError(await call(t.app, method, url, payload), 401, 'unauthorized', url);
        assertError(await call(t.app, method, url, payload, { token: 'not-a-token' }), 401, 'unauthorized', url);
      }
    });
  });
}
