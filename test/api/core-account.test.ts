// Sign-up, sign-in, sessions, profile and the discovery basics, over HTTP on both databases.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, startApp, type TestApp } from '../helpers/app.ts';

for (const d of testDatabases()) {
  describe(`service core: accounts and profile [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => {
      await t?.close();
    });

    test('health and the API index need no credentials', async () => {
      const h = await call(t.app, 'GET', '/api/health');
      assert.equal(h.status, 200);
      assert.deepEqual(h.body, { ok: true }, 'exactly the spec’s answer on a server without MQTT_URL');
      const idx = await call(t.app, 'GET', '/api');
      assert.equal(idx.status, 200);
      assert.equal(idx.body.documents.openapi, 'http://tracker.test/openapi.json');
      assert.ok(idx.body.endpoints.some((e: any) => e.method === 'POST' && e.path === '/api/vega/onboard'));
    });

    test('onboard creates a family whose first account is its admin, and sets an HttpOnly session cookie', async () => {
      const res = await call(t.app, 'POST', '/api/vega/onboard', {
        email: 'Mum@Example.com',
        password: 'secret1',
        baby_name: 'Ada',
        dob: '2026-06-01',
        family_name: 'Lovelace',
        timezone: 'Europe/London',
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.ok, true);
      assert.equal(typeof res.body.redirect, 'string');
      const setCookie = String(res.headers['set-cookie']);
      assert.match(setCookie, /tracker_session=/);
      assert.match(setCookie, /HttpOnly/);
      assert.match(setCookie, /SameSite=Lax/);
      const cookie = sessionCookieOf(res);
      const me = await call(t.app, 'GET', '/api/me', undefined, { cookie });
      assert.equal(me.status, 200);
      assert.equal(me.body.user, 'Mum', 'the part of the email before @, as typed');
      assert.equal(me.body.role, 'admin');
      assert.equal(typeof me.body.family_id, 'string');

      const dup = await call(t.app, 'POST', '/api/vega/onboard', {
        email: 'mum@example.com',
        password: 'secret1',
        baby_name: 'Other',
        dob: '2026-06-01',
      });
      assert.equal(dup.status, 409);
      assert.equal(dup.body.error, 'email_taken');
    });

    test('onboard rejects bad input with 400 and a clear body, writing nothing', async () => {
      const base = { email: 'x@example.com', password: 'secret1', baby_name: 'Bo', dob: '2026-01-01' };
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ ...base, password: '12345' }, /password/],
        [{ ...base, email: 'not-an-email' }, /email/],
        [{ ...base, baby_name: 'x'.repeat(81) }, /baby_name/],
        [{ ...base, family_name: 'x'.repeat(121) }, /family_name/],
        [{ ...base, dob: '2026-02-30' }, /dob/],
        [{ ...base, dob: '2099-01-01' }, /dob/],
        [{ ...base, timezone: 'Mars/Olympus' }, /timezone/],
        [{ ...base, region: 'fr' }, /region/],
        [{ ...base, units: 'cubits' }, /units/],
        [{ ...base, surprise: 1 }, /surprise|unrecognized/i],
        [{ email: 'x@example.com' }, /password|baby_name|dob/],
      ];
      for (const [body, re] of cases) {
        const res = await call(t.app, 'POST', '/api/vega/onboard', body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(typeof res.body.error, 'string');
        assert.match(`${res.body.message}`, re);
      }
      const login = await call(t.app, 'POST', '/login', { email: 'x@example.com', password: 'secret1' });
      assert.equal(login.status, 401, 'no account was created by any of the bad sign-ups');
    });

    test('login with JSON and with a form post; wrong password is 401 invalid_credentials', async () => {
      const f = await signUp(t.app);
      const ok = await call(t.app, 'POST', '/login', { email: f.email, password: f.password });
      assert.equal(ok.status, 200);
      assert.deepEqual(Object.keys(ok.body).sort(), ['ok', 'redirect']);
      assert.ok(sessionCookieOf(ok));
      const form = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(f.email)}&password=${encodeURIComponent(f.password)}`,
      });
      assert.equal(form.statusCode, 200);
      assert.equal(JSON.parse(form.body).ok, true);
      const bad = await call(t.app, 'POST', '/login', { email: f.email, password: 'wrong password' });
      assert.equal(bad.status, 401);
      assert.equal(bad.body.error, 'invalid_credentials');
      assert.equal(typeof bad.body.message, 'string');
    });

    test('logout ends the session on the server', async () => {
      const f = await signUp(t.app);
      const out = await call(t.app, 'POST', '/logout', undefined, { cookie: f.cookie });
      assert.equal(out.status, 200);
      assert.deepEqual(out.body, { ok: true });
      const me = await call(t.app, 'GET', '/api/me', undefined, { cookie: f.cookie });
      assert.equal(me.status, 401);
      assert.equal(me.body.error, 'unauthorized');
    });

    test('repeated wrong passwords are throttled with 429 and Retry-After', async () => {
      const f = await signUp(t.app);
      let last;
      for (let i = 0; i < 11; i++) last = await call(t.app, 'POST', '/login', { email: f.email, password: `nope-${i}` });
      assert.equal(last!.status, 429);
      assert.equal(last!.body.error, 'too_many_requests');
      assert.ok(Number(last!.headers['retry-after']) > 0);
      const right = await call(t.app, 'POST', '/login', { email: f.email, password: f.password });
      assert.equal(right.status, 429, 'the account stays locked for the window, even with the right password');
    });

    test('parallel wrong passwords are counted before the password check: most are refused with 429', async () => {
      const f = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => call(t.app, 'POST', '/login', { email: f.email, password: `guess-${i}` })),
      );
      const statuses = results.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 401).length, 10, statuses.join(','));
      assert.equal(statuses.filter((s) => s === 429).length, 14);
    });

    test('profile: computed age, defaults, admin update, region sets units', async () => {
      const f = await signUp(t.app, { dob: '2026-05-22', gender: 'girl' });
      t.clock.set('2026-11-22T12:00:00Z');
      const p = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: f.token });
      assert.equal(p.status, 200);
      assert.equal(p.body.baby_name, 'Ada');
      assert.equal(p.body.timezone, 'Europe/London');
      assert.equal(p.body.region, 'uk');
      assert.equal(p.body.units, 'metric');
      assert.equal(p.body.age_display, '6 months');
      assert.ok(p.body.age_months > 5.9 && p.body.age_months < 6.1);
      assert.equal(p.body.solids_started, false);
      assert.equal(p.body.member_count, 1);
      assert.equal(typeof p.body.age_band_targets, 'object');

      const u = await call(t.app, 'POST', '/api/vega/profile', { region: 'us', baby_name: 'Ada May' }, { cookie: f.cookie });
      assert.equal(u.status, 200);
      assert.equal(u.body.ok, true);
      assert.equal(u.body.profile.region, 'us');
      assert.equal(u.body.profile.units, 'imperial');
      assert.equal(u.body.profile.baby_name, 'Ada May');
      const u2 = await call(t.app, 'POST', '/api/vega/profile', { region: 'uk', units: 'imperial' }, { cookie: f.cookie });
      assert.equal(u2.body.profile.units, 'imperial', 'units given explicitly win over the region default');

      for (const bad of [{ dob: '2019-01-01' }, { dob: '2099-01-01' }, { gender: 'alien' }, { timezone: 'Nowhere/City' }, { baby_name: '' }, { nope: 1 }]) {
        const r = await call(t.app, 'POST', '/api/vega/profile', bad, { cookie: f.cookie });
        assert.equal(r.status, 400, JSON.stringify(bad));
        assert.equal(typeof r.body.error, 'string');
      }
      const after = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: f.token });
      assert.equal(after.body.gender, 'girl', 'rejected updates changed nothing');
    });

    test('every credentialed endpoint answers 401 unauthorized without or with a bad credential', async () => {
      const paths: [string, string][] = [
        ['GET', '/api/me'],
        ['GET', '/api/vega/family'],
        ['DELETE', '/api/vega/family'],
        ['POST', '/api/vega/invite'],
        ['POST', '/api/vega/invite/revoke'],
        ['POST', '/api/vega/token'],
        ['GET', '/api/vega/tokens'],
        ['POST', '/api/vega/token/revoke'],
        ['GET', '/api/vega/profile'],
        ['POST', '/api/vega/profile'],
        ['GET', '/api/vega/growth-summary'],
        ['GET', '/api/vega/export'],
      ];
      for (const [m, p] of paths) {
        for (const cred of [{}, { token: 'bt_not-a-real-token-at-all' }, { cookie: 'forged-session-value-123' }]) {
          const r = await call(t.app, m, p, m === 'GET' ? undefined : {}, cred);
          assert.equal(r.status, 401, `${m} ${p} ${JSON.stringify(cred)}`);
          assert.equal(r.body.error, 'unauthorized');
          assert.match(String(r.headers['www-authenticate']), /Bearer/);
        }
      }
    });

    test('a cookie-authenticated write from another origin is refused; bearer requests are not affected', async () => {
      const f = await signUp(t.app);
      const evil = await call(t.app, 'POST', '/api/vega/token', { label: 'x' }, { cookie: f.cookie, headers: { origin: 'https://evil.example' } });
      assert.equal(evil.status, 403);
      assert.equal(evil.body.error, 'cross_origin_refused');
      const site = await call(t.app, 'POST', '/api/vega/token', { label: 'x' }, { cookie: f.cookie, headers: { 'sec-fetch-site': 'cross-site' } });
      assert.equal(site.status, 403);
      const same = await call(t.app, 'POST', '/api/vega/token', { label: 'x' }, { cookie: f.cookie, headers: { origin: 'http://tracker.test' } });
      assert.equal(same.status, 200);
      const bearer = await call(t.app, 'POST', '/api/vega/token', { label: 'y' }, { token: f.token, headers: { origin: 'https://evil.example' } });
      assert.equal(bearer.status, 200);
      const loginCsrf = await call(t.app, 'POST', '/login', { email: f.email, password: f.password }, { headers: { origin: 'https://evil.example' } });
      assert.equal(loginCsrf.status, 403);
    });

    test('analytics accepts allowlisted names only and needs no credentials', async () => {
      const ok = await call(t.app, 'POST', '/api/analytics', { name: 'app_open', props: { page: 'home', email: 'a@b.c' } });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, { ok: true });
      const row = await t.ctx.db.kysely.selectFrom('analytics_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(row.props), { page: 'home' }, 'keys off the allowlist are dropped');
      const nulls = await call(t.app, 'POST', '/api/analytics', { name: 'page_view', props: null });
      assert.equal(nulls.status, 200);
      for (const bad of [{ name: 'steal_data' }, {}, { name: 'app_open', props: { page: 5 } }, { name: 'app_open', props: 'x' }]) {
        const r = await call(t.app, 'POST', '/api/analytics', bad);
        assert.equal(r.status, 400, JSON.stringify(bad));
        assert.equal(typeof r.body.error, 'string');
      }
    });

    test('malformed JSON, deep nesting and huge bodies get clear 4xx bodies, never a 500', async () => {
      const raw = await t.app.inject({ method: 'POST', url: '/api/vega/onboard', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      assert.equal(raw.statusCode, 400);
      assert.equal(JSON.parse(raw.body).error, 'invalid_json');
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const d2 = await t.app.inject({ method: 'POST', url: '/api/analytics', headers: { 'content-type': 'application/json' }, payload: deep });
      assert.equal(d2.statusCode, 400);
      const big = await t.app.inject({
        method: 'POST',
        url: '/api/analytics',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(200_000) }),
      });
      assert.equal(big.statusCode, 413);
      assert.equal(JSON.parse(big.body).error, 'payload_too_large');
    });

    test('JSON with a charset parameter is JSON; NUL characters in text are a 400 on every engine', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/vega/onboard',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: JSON.stringify({ email: 'John+Baby@example.com', password: 'secret1', baby_name: 'Ada', dob: '2026-06-01' }),
      });
      assert.equal(res.statusCode, 200, res.body);
      const cookie = sessionCookieOf({ status: res.statusCode, body: null, headers: res.headers as any, text: res.body });
      const me = await call(t.app, 'GET', '/api/me', undefined, { cookie });
      assert.equal(me.body.user, 'John+Baby', 'the default username is the part of the email before @');
      const nul = await call(t.app, 'POST', '/api/vega/log', { type: 'note', note: 'a\u0000b' }, { cookie });
      assert.equal(nul.status, 400);
      assert.match(nul.body.message, /NUL/);
      const nulKey = await call(t.app, 'POST', '/api/vega/profile', { ['baby\u0000name']: 'x' }, { cookie });
      assert.equal(nulKey.status, 400);
    });

    test('openapi.json is OpenAPI 3.1 version 1.6.0; /docs and /redoc load only local scripts', async () => {
      const o = await call(t.app, 'GET', '/openapi.json');
      assert.equal(o.status, 200);
      assert.match(o.body.openapi, /^3\.1\./);
      assert.equal(o.body.info.version, '1.6.0');
      assert.ok(o.body.paths['/api/vega/onboard'].post.requestBody);
      assert.ok(!Object.keys(o.body.paths).some((p) => /\/v\d+\//.test(p)), 'paths carry no version segment');
      for (const page of ['/docs/', '/redoc']) {
        const res = await t.app.inject({ method: 'GET', url: page });
        assert.equal(res.statusCode, 200, page);
        const srcs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
        assert.ok(srcs.length > 0);
        for (const s of srcs) assert.ok(!/^(https?:)?\/\//.test(s), `${page} loads ${s} from elsewhere`);
      }
      const bundle = await t.app.inject({ method: 'GET', url: '/redoc/redoc.standalone.js' });
      assert.equal(bundle.statusCode, 200);
      assert.ok(bundle.body.length > 100_000);
    });
  });
}
