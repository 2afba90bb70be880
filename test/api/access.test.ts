// Taking access back (issue 14), on both databases: removing a caregiver or leaving, roles and
// the last admin, token expiry / last use / who may revoke / replacement, password change, the
// caller's sessions, the idle timeout, and logout with a bearer header too.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/databases.ts';
import { assertError, call, sessionCookieOf, signUp, startApp, type Family, type TestApp, joinFamily } from '../helpers/app.ts';

const DAY = 86_400_000;

const join = joinFamily;

const me = (app: FastifyInstance, cred: { cookie?: string; token?: string; headers?: Record<string, string> }) => call(app, 'GET', '/api/me', undefined, cred);
const mcp = (app: FastifyInstance, token: string) =>
  call(app, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { token, headers: { accept: 'application/json, text/event-stream' } });

for (const d of testDatabases()) {
  describe(`taking access back [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    test('an admin removes a caregiver: their sessions and tokens stop at once (REST and MCP); their log stays', async () => {
      const a = await signUp(t.app);
      const nanny = await join(t.app, a, 'nanny');
      await call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet' }, { token: nanny.token });
      assert.equal((await mcp(t.app, nanny.token)).status, 200);

      assertError(await call(t.app, 'POST', '/api/vega/member/remove', { username: a.username }, { token: nanny.token }), 403, 'forbidden');
      assertError(await call(t.app, 'POST', '/api/vega/member/remove', { username: 'nobody' }, { token: a.token }), 404, 'not_found');
      const r = await call(t.app, 'POST', '/api/vega/member/remove', { username: 'nanny' }, { token: a.token });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual([r.body.ok, r.body.removed], [true, 'nanny']);

      assertError(await me(t.app, { token: nanny.token }), 401, 'unauthorized');
      assertError(await me(t.app, { cookie: nanny.cookie }), 401, 'unauthorized');
      assert.equal((await mcp(t.app, nanny.token)).status, 401);
      const today = await call(t.app, 'GET', '/api/vega/today', undefined, { token: a.token });
      assert.deepEqual(today.body.events.map((e: any) => e.author), ['nanny'], 'what they logged stays, with their name');
      const family = await call(t.app, 'GET', '/api/vega/family', undefined, { token: a.token });
      assert.deepEqual(family.body.members.map((m: any) => m.username), [a.username]);
    });

    test('anyone may leave; the last admin can neither leave nor be demoted (409 last_admin); roles apply next request', async () => {
      const a = await signUp(t.app);
      const b = await join(t.app, a, 'grandpa');
      assertError(await call(t.app, 'POST', '/api/vega/member/remove', { username: a.username }, { token: a.token }), 409, 'last_admin');
      assertError(await call(t.app, 'POST', '/api/vega/member/role', { username: a.username, role: 'member' }, { token: a.token }), 409, 'last_admin');
      assertError(await call(t.app, 'POST', '/api/vega/member/role', { username: 'grandpa', role: 'admin' }, { token: b.token }), 403, 'forbidden');
      assertError(await call(t.app, 'POST', '/api/vega/member/role', { username: 'grandpa', role: 'owner' }, { token: a.token }), 400, 'bad_request');

      const promoted = await call(t.app, 'POST', '/api/vega/member/role', { username: 'grandpa', role: 'admin' }, { token: a.token });
      assert.deepEqual(promoted.body, { ok: true, username: 'grandpa', role: 'admin' });
      assert.equal((await me(t.app, { token: b.token })).body.role, 'admin', 'the next request sees the new role');
      // Now a is not the last admin: a may step down and leave.
      assert.equal((await call(t.app, 'POST', '/api/vega/member/role', { username: a.username, role: 'member' }, { token: b.token })).status, 200);
      assert.equal((await me(t.app, { token: a.token })).body.role, 'member');
      const left = await call(t.app, 'POST', '/api/vega/member/remove', { username: a.username }, { cookie: a.cookie, headers: { origin: 'http://tracker.test' } });
      assert.equal(left.status, 200, left.text);
      assert.match(left.body.message, /left the family/);
      assertError(await me(t.app, { token: a.token }), 401, 'unauthorized');
      assertError(await call(t.app, 'POST', '/api/vega/member/remove', { username: 'grandpa' }, { token: b.token }), 409, 'last_admin');
    });

    test('tokens: expiry, last use, a member revokes only their own, replacing a label revokes what it minted', async () => {
      const a = await signUp(t.app);
      const b = await join(t.app, a, 'aunt');
      const short = await call(t.app, 'POST', '/api/vega/token', { label: 'week', expires_in_days: 1 }, { cookie: a.cookie });
      assert.equal(short.status, 200, short.text);
      assertError(await call(t.app, 'POST', '/api/vega/token', { label: 'x', expires_in_days: 400 }, { cookie: a.cookie }), 400, 'bad_request');
      let list = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { token: a.token })).body.tokens;
      const week = list.find((x: any) => x.label === 'week');
      assert.equal(week.last_used_at, null);
      assert.match(week.expires_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      assert.equal((await me(t.app, { token: short.body.token })).status, 200);
      list = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { token: a.token })).body.tokens;
      assert.notEqual(list.find((x: any) => x.label === 'week').last_used_at, null, 'its use was noted');
      t.clock.advance(DAY + 1000);
      assertError(await me(t.app, { token: short.body.token }), 401, 'unauthorized');

      const aTokenId = list.find((x: any) => x.username === a.username && x.label === 'tests').id;
      const bTokenId = list.find((x: any) => x.username === 'aunt').id;
      assertError(await call(t.app, 'POST', '/api/vega/token/revoke', { id: aTokenId }, { token: b.token }), 403, 'forbidden');
      assert.equal((await call(t.app, 'POST', '/api/vega/token/revoke', { id: bTokenId }, { token: b.token })).status, 200);
      assertError(await me(t.app, { token: b.token }), 401, 'unauthorized');

      // A token minted through "script" dies when "script" is replaced by re-using its label.
      const parent = (await call(t.app, 'POST', '/api/vega/token', { label: 'script' }, { cookie: a.cookie })).body.token;
      const child = (await call(t.app, 'POST', '/api/vega/token', { label: 'child' }, { token: parent })).body.token;
      assert.equal((await me(t.app, { token: child })).status, 200);
      await call(t.app, 'POST', '/api/vega/token', { label: 'script' }, { cookie: a.cookie });
      assertError(await me(t.app, { token: parent }), 401, 'unauthorized');
      assertError(await me(t.app, { token: child }), 401, 'unauthorized');
    });

    test('password change: wrong or short refused; other sessions end, this one and the tokens stay', async () => {
      const a = await signUp(t.app);
      const second = sessionCookieOf(await call(t.app, 'POST', '/login', { email: a.email, password: a.password }));
      const wrong = await call(t.app, 'POST', '/api/vega/password', { current_password: 'nope', new_password: 'a long new one' }, { token: a.token });
      assertError(wrong, 400, 'wrong_password');
      assert.deepEqual(wrong.body.detail.map((x: any) => x.loc), [['body', 'current_password']]);
      assertError(await call(t.app, 'POST', '/api/vega/password', { current_password: a.password, new_password: 'abc' }, { token: a.token }), 400, 'bad_request');
      assert.equal((await me(t.app, { cookie: second })).status, 200, 'nothing changed yet');

      const ok = await call(t.app, 'POST', '/api/vega/password', { current_password: a.password, new_password: 'a long new one' },
        { cookie: a.cookie, headers: { origin: 'http://tracker.test' } });
      assert.equal(ok.status, 200, ok.text);
      assert.match(ok.body.message, /tokens still work/);
      assertError(await me(t.app, { cookie: second }), 401, 'unauthorized');
      assert.equal((await me(t.app, { cookie: a.cookie })).status, 200, 'the session that changed it stays');
      assert.equal((await me(t.app, { token: a.token })).status, 200, 'tokens stay');
      assert.equal((await call(t.app, 'POST', '/login', { email: a.email, password: a.password })).status, 401);
      assert.equal((await call(t.app, 'POST', '/login', { email: a.email, password: 'a long new one' })).status, 200);
    });

    test('sessions: listed with the current one marked, never a secret; revoke one, revoke the others; idle 14 days ends one', async () => {
      const a = await signUp(t.app);
      const phone = sessionCookieOf(await call(t.app, 'POST', '/login', { email: a.email, password: a.password }, { headers: { 'user-agent': 'PhoneBrowser/1.0' } }));
      await me(t.app, { cookie: phone, headers: { 'user-agent': 'PhoneBrowser/1.0' } });
      const laptop = sessionCookieOf(await call(t.app, 'POST', '/login', { email: a.email, password: a.password }));
      const list = await call(t.app, 'GET', '/api/vega/sessions', undefined, { cookie: phone });
      assert.equal(list.body.sessions.length, 3);
      assert.deepEqual(Object.keys(list.body.sessions[0]).sort(), ['created_at', 'current', 'id', 'last_seen_at', 'user_agent']);
      assert.equal(list.body.sessions.filter((s: any) => s.current).length, 1);
      assert.equal(list.body.sessions.find((s: any) => s.current).user_agent, 'PhoneBrowser/1.0');
      for (const c of [a.cookie, phone, laptop]) assert.ok(!list.text.includes(c), 'no session secret in the list');

      const laptopId = (await call(t.app, 'GET', '/api/vega/sessions', undefined, { cookie: laptop })).body.sessions.find((s: any) => s.current).id;
      assertError(await call(t.app, 'POST', '/api/vega/sessions/revoke', { id: 'nope' }, { token: a.token }), 404, 'not_found');
      assert.equal((await call(t.app, 'POST', '/api/vega/sessions/revoke', { id: laptopId }, { token: a.token })).status, 200);
      assertError(await me(t.app, { cookie: laptop }), 401, 'unauthorized');
      const others = await call(t.app, 'POST', '/api/vega/sessions/revoke-others', undefined, { cookie: phone, headers: { origin: 'http://tracker.test' } });
      assert.deepEqual(others.body, { ok: true, ended: 1 });
      assertError(await me(t.app, { cookie: a.cookie }), 401, 'unauthorized');
      assert.equal((await me(t.app, { cookie: phone })).status, 200);

      t.clock.advance(14 * DAY + 1000);
      assertError(await me(t.app, { cookie: phone }), 401, 'unauthorized');
    });

    test('logout ends the cookie session even when a bearer header is sent too', async () => {
      const a = await signUp(t.app);
      const out = await call(t.app, 'POST', '/logout', undefined, { cookie: a.cookie, token: a.token, headers: { origin: 'http://tracker.test' } });
      assert.equal(out.status, 200);
      assertError(await me(t.app, { cookie: a.cookie }), 401, 'unauthorized');
      assert.equal((await me(t.app, { token: a.token })).status, 200);
    });
  });
}
