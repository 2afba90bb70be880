// Account recovery without e-mail (issue 14), on both databases: an admin's reset link, using
// it (once, within an hour, ending every session but not the tokens), the one answer for
// unknown/used/expired codes, a race between two uses, only a hash stored, the throttle, and
// the operator's `tracker reset-password` run as a real process on a SQLite file.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, sessionCookieOf, signUp, startApp, type Family, type TestApp, joinFamily, testConfig } from '../helpers/app.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { sha256 } from '../../src/services/access/secrets.ts';

const run = promisify(execFile);
const BIN = new URL('../../bin/tracker.mjs', import.meta.url).pathname;
const ORIGIN = { origin: 'http://tracker.test' };

const join = joinFamily;

const me = (app: FastifyInstance, cred: { cookie?: string; token?: string }) => call(app, 'GET', '/api/me', undefined, cred);
const codeOf = (url: string) => new URL(url).searchParams.get('code')!;
const reset = (app: FastifyInstance, code: string, new_password: string) =>
  call(app, 'POST', '/api/vega/reset', { code, new_password }, { headers: ORIGIN });
const login = (app: FastifyInstance, email: string, password: string) => call(app, 'POST', '/login', { email, password });

for (const d of testDatabases()) {
  describe(`password reset links [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('an admin gets a link; a member gets 403; an unknown username 404; bad bodies 400 with a detail', async () => {
      const a = await signUp(t.app);
      const nanny = await join(t.app, a, 'nanny');
      const r = await call(t.app, 'POST', '/api/vega/member/reset', { username: 'nanny' }, { token: a.token });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.body).sort(), ['expires_at', 'ok', 'reset_url']);
      assert.match(r.body.reset_url, /^http:\/\/tracker\.test\/reset\?code=[A-Za-z0-9_-]{40,}$/);
      assert.equal(r.body.expires_at, '2026-11-22T13:00:00', 'one hour on, in the family zone (London)');

      assertError(await call(t.app, 'POST', '/api/vega/member/reset', { username: a.username }, { token: nanny.token }), 403, 'forbidden');
      assertError(await call(t.app, 'POST', '/api/vega/member/reset', { username: 'nobody' }, { token: a.token }), 404, 'not_found');
      const other = await signUp(t.app);
      assertError(await call(t.app, 'POST', '/api/vega/member/reset', { username: other.username }, { token: a.token }), 404, 'not_found', 'another family');

      const before = (await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute()).length;
      for (const body of [{}, { username: '' }, { username: 'nanny', extra: 1 }]) {
        const bad = await call(t.app, 'POST', '/api/vega/member/reset', body, { token: a.token });
        assertError(bad, 400, 'bad_request');
        assert.ok(Array.isArray(bad.body.detail) && bad.body.detail.length > 0, bad.text);
      }
      assert.equal((await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute()).length, before, 'nothing stored');
    });

    test('the link sets the password once; every session ends, tokens stay; old password stops working', async () => {
      const a = await signUp(t.app);
      const nanny = await join(t.app, a, 'nanny');
      const laptop = sessionCookieOf(await login(t.app, nanny.email, nanny.password));
      const link = (await call(t.app, 'POST', '/api/vega/member/reset', { username: 'nanny' }, { token: a.token })).body;
      const code = codeOf(link.reset_url);

      for (const body of [{ code }, { code, new_password: 'short' }, { code, new_password: 'long enough', x: 1 }, { code: '', new_password: 'long enough' }]) {
        const bad = await call(t.app, 'POST', '/api/vega/reset', body, { headers: ORIGIN });
        assertError(bad, 400, 'bad_request');
        assert.ok(Array.isArray(bad.body.detail) && bad.body.detail.length > 0, bad.text);
      }
      assert.equal((await me(t.app, { cookie: laptop })).status, 200, 'nothing changed by bad bodies');

      const ok = await reset(t.app, code, 'a brand new one');
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.ok, true);
      assert.equal(ok.body.redirect, '/login');
      assert.match(ok.body.message, /tokens still work/);
      assert.equal(ok.headers['set-cookie'], undefined, 'the caller is not signed in');

      assertError(await me(t.app, { cookie: nanny.cookie }), 401, 'unauthorized');
      assertError(await me(t.app, { cookie: laptop }), 401, 'unauthorized');
      assert.equal((await me(t.app, { token: nanny.token })).status, 200, 'tokens stay');
      assert.equal((await me(t.app, { cookie: a.cookie })).status, 200, "the admin's session is untouched");
      assertError(await login(t.app, nanny.email, nanny.password), 401, 'invalid_credentials');
      assert.equal((await login(t.app, nanny.email, 'a brand new one')).status, 200);

      assertError(await reset(t.app, code, 'yet another one'), 410, 'reset_link_invalid');
      assert.equal((await login(t.app, nanny.email, 'a brand new one')).status, 200, 'the second use changed nothing');
    });

    test('unknown, expired and replaced links answer the same 410', async () => {
      const a = await signUp(t.app);
      await join(t.app, a, 'grandpa');
      const issue = async () => codeOf((await call(t.app, 'POST', '/api/vega/member/reset', { username: 'grandpa' }, { token: a.token })).body.reset_url);
      const unknown = await reset(t.app, 'no-such-code', 'a brand new one');
      assertError(unknown, 410, 'reset_link_invalid');

      const old = await issue();
      const fresh = await issue();
      const replaced = await reset(t.app, old, 'a brand new one');
      assert.deepEqual(replaced.body, unknown.body, 'a replaced link reads like an unknown one');

      t.clock.advance(60 * 60 * 1000);
      const expired = await reset(t.app, fresh, 'a brand new one');
      assert.deepEqual([expired.status, expired.body], [410, unknown.body]);
    });

    test('two uses of one link at once: exactly one succeeds', async () => {
      const a = await signUp(t.app);
      await join(t.app, a, 'aunt');
      const code = codeOf((await call(t.app, 'POST', '/api/vega/member/reset', { username: 'aunt' }, { token: a.token })).body.reset_url);
      const results = await Promise.all([reset(t.app, code, 'first new one'), reset(t.app, code, 'second new one')]);
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 410], results.map((r) => r.text).join(' | '));
    });

    test('only a hash of the code is stored', async () => {
      const a = await signUp(t.app);
      const code = codeOf((await call(t.app, 'POST', '/api/vega/member/reset', { username: a.username }, { token: a.token })).body.reset_url);
      const rows = await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute();
      assert.ok(rows.some((r) => r.code_hash === sha256(code)));
      for (const r of rows) assert.ok(!Object.values(r).some((v) => String(v).includes(code)), 'no row holds the code');
    });

    test('failed codes count against the sign-up throttle (429 after too many)', async () => {
      const attempt = () => t.app.inject({ method: 'POST', url: '/api/vega/reset', remoteAddress: '10.9.8.7', headers: ORIGIN, payload: { code: 'guess', new_password: 'whatever1' } });
      for (let i = 0; i < 20; i++) assert.equal((await attempt()).statusCode, 410);
      assert.equal((await attempt()).statusCode, 429);
    });

    test('a cross-site post is refused', async () => {
      const r = await call(t.app, 'POST', '/api/vega/reset', { code: 'x', new_password: 'whatever1' }, { headers: { origin: 'https://evil.example' } });
      assertError(r, 403, 'cross_origin_refused');
    });
  });
}

describe('tracker reset-password on the embedded SQLite store', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(joinPath(tmpdir(), 'tracker-reset-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('prints a working link for a known email; an unknown email exits 1 with a message', async () => {
    const url = `sqlite:${joinPath(dir, 'tracker.db')}`;
    const config = testConfig({ DATABASE_URL: url });
    const db = connect(config.databaseUrl);
    await migrate(db);
    const app = await buildApp({ db, config, clock: Date.now });
    try {
      const a = await signUp(app);
      const env = { ...process.env, DATABASE_URL: url, PUBLIC_URL: 'http://tracker.test', LOG_LEVEL: 'silent' };
      const tracker = (...args: string[]) => run(process.execPath, [BIN, ...args], { env, timeout: 120_000 });
      const { stdout } = await tracker('reset-password', a.email.toUpperCase());
      const link = /http:\/\/tracker\.test\/reset\?code=\S+/.exec(stdout)?.[0];
      assert.ok(link, stdout);
      assert.match(stdout, /1 hour, once/);
      assert.equal((await reset(app, codeOf(link), 'set by the operator')).status, 200);
      assert.equal((await login(app, a.email, 'set by the operator')).status, 200);
      await assert.rejects(tracker('reset-password', 'nobody@example.com'), (e: any) => e.code === 1 && /No account/.test(e.stderr));
    } finally {
      await app.close();
      await db.close();
    }
  });
});
