// Tokens, invites, joining, the family listing, export, growth summary and deleting a family.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, sessionCookieOf, signUp, startApp, type TestApp, assertError } from '../helpers/app.ts';

for (const d of testDatabases()) {
  describe(`service core: tokens, invites, family [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => {
      await t?.close();
    });

    test('tokens: created once in plaintext, listed without secrets, same label replaces, revoked at once', async () => {
      const f = await signUp(t.app);
      const a = await call(t.app, 'POST', '/api/vega/token', { label: 'grandma' }, { cookie: f.cookie });
      assert.equal(a.status, 200);
      assert.match(a.body.token, /^bt_[A-Za-z0-9_-]{40,}$/);
      assert.equal(a.body.label, 'grandma');
      assert.deepEqual(a.body.scopes, ['read', 'write']);
      assert.equal(a.body.mcp_url, 'http://tracker.test/mcp');
      assert.equal(a.body.tracker_url, 'http://tracker.test');

      const def = await call(t.app, 'POST', '/api/vega/token', undefined, { cookie: f.cookie });
      assert.equal(def.status, 200);
      assert.equal(def.body.label, f.username, 'label defaults to the username');

      const list = await call(t.app, 'GET', '/api/vega/tokens', undefined, { token: a.body.token });
      assert.equal(list.status, 200);
      const labels = list.body.tokens.map((x: any) => x.label).sort();
      assert.deepEqual(labels, [f.username, 'grandma', 'tests'].sort());
      for (const info of list.body.tokens) {
        assert.deepEqual(Object.keys(info).sort(), ['created_at', 'expires_at', 'id', 'label', 'last_used_at', 'scopes', 'username']);
        assert.match(info.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      }
      assert.ok(!list.text.includes(a.body.token), 'the secret is never listed');

      const b = await call(t.app, 'POST', '/api/vega/token', { label: 'grandma', scopes: ['read'] }, { cookie: f.cookie });
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: a.body.token })).status, 401, 'replaced token stops working');
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: b.body.token })).status, 200);

      const ro = b.body.token;
      const denied = await call(t.app, 'POST', '/api/vega/token', { label: 'escalate' }, { token: ro });
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error, 'insufficient_scope');
      const roWrite = await call(t.app, 'POST', '/api/vega/profile', { baby_name: 'X' }, { token: ro });
      assert.equal(roWrite.status, 403);
      assert.equal(roWrite.body.error, 'insufficient_scope');
      const roRead = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: ro });
      assert.equal(roRead.status, 200);

      const id = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { cookie: f.cookie })).body.tokens.find((x: any) => x.label === 'grandma').id;
      const rv = await call(t.app, 'POST', '/api/vega/token/revoke', { id }, { cookie: f.cookie });
      assert.equal(rv.status, 200);
      assert.deepEqual(rv.body, { ok: true });
      const gone = await call(t.app, 'GET', '/api/me', undefined, { token: ro });
      assert.equal(gone.status, 401);
      assert.equal(gone.body.error, 'unauthorized');
      const again = await call(t.app, 'POST', '/api/vega/token/revoke', { id }, { cookie: f.cookie });
      assert.equal(again.status, 404);
      assert.equal(again.body.error, 'not_found');
      const v = await call(t.app, 'POST', '/api/vega/token/revoke', {}, { cookie: f.cookie });
      assert.equal(v.status, 422);
      assert.deepEqual(v.body.detail[0].loc, ['body', 'id']);
      assert.equal(typeof v.body.detail[0].msg, 'string');
      assert.equal(typeof v.body.detail[0].type, 'string');
      const badScope = await call(t.app, 'POST', '/api/vega/token', { scopes: ['admin'] }, { cookie: f.cookie });
      assertError(badScope, 400, 'bad_request');
    });

    test('a write-only token request gets read too; token labels belong to their caregiver', async () => {
      const f = await signUp(t.app);
      const w = await call(t.app, 'POST', '/api/vega/token', { label: 'writer', scopes: ['write'] }, { cookie: f.cookie });
      assert.deepEqual(w.body.scopes, ['read', 'write']);
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: w.body.token })).status, 200);
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { cookie: f.cookie });
      const joined = await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: `m${Date.now()}@example.com`, password: 'secret', username: 'Gran' });
      const gran = sessionCookieOf(joined);
      const mine = await call(t.app, 'POST', '/api/vega/token', { label: 'Claude' }, { cookie: f.cookie });
      const hers = await call(t.app, 'POST', '/api/vega/token', { label: 'Claude' }, { cookie: gran });
      assert.equal(hers.status, 200);
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: mine.body.token })).status, 200, "another caregiver's same label does not replace mine");
      const list = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { cookie: f.cookie })).body.tokens.filter((x: any) => x.label === 'Claude');
      assert.deepEqual(list.map((x: any) => x.username).sort(), [f.username, 'Gran'].sort());
    });

    test('a token made with another token is revoked with it', async () => {
      const f = await signUp(t.app);
      const parent = await call(t.app, 'POST', '/api/vega/token', { label: 'assistant' }, { cookie: f.cookie });
      const child = await call(t.app, 'POST', '/api/vega/token', { label: 'child' }, { token: parent.body.token });
      assert.equal(child.status, 200);
      const grandchild = await call(t.app, 'POST', '/api/vega/token', { label: 'grandchild', scopes: ['read'] }, { token: child.body.token });
      assert.equal(grandchild.status, 200);
      const id = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { cookie: f.cookie })).body.tokens.find((x: any) => x.label === 'assistant').id;
      assert.equal((await call(t.app, 'POST', '/api/vega/token/revoke', { id }, { cookie: f.cookie })).status, 200);
      for (const tok of [parent.body.token, child.body.token, grandchild.body.token]) {
        assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: tok })).status, 401);
      }
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: f.token })).status, 200, 'unrelated tokens stay');
    });

    test('invites: admin creates, caregiver joins as member, codes are single-use, revocable, expire in 48 h', async () => {
      const f = await signUp(t.app, { family_name: 'Hopper' });
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { cookie: f.cookie });
      assert.equal(inv.status, 200);
      assert.equal(inv.body.expires_in_hours, 48);
      assert.equal(inv.body.join_url, `http://tracker.test/join?code=${encodeURIComponent(inv.body.code)}`);
      assert.match(inv.body.expires_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

      const fam = await call(t.app, 'GET', '/api/vega/family', undefined, { cookie: f.cookie });
      assert.equal(fam.body.can_manage_invites, true);
      assert.equal(fam.body.invites.length, 1);
      assert.ok(!fam.text.includes(inv.body.code), 'the full code is shown only once');

      const join = await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: 'nan@example.com', password: 'nanana', username: 'Nan' });
      assert.equal(join.status, 200);
      assert.equal(join.body.ok, true);
      const nan = sessionCookieOf(join);
      const me = await call(t.app, 'GET', '/api/me', undefined, { cookie: nan });
      assert.deepEqual(me.body, { user: 'Nan', family_id: (await call(t.app, 'GET', '/api/me', undefined, { cookie: f.cookie })).body.family_id, role: 'member', plan: 'free' });

      const reuse = await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: 'other@example.com', password: 'secret' });
      assert.equal(reuse.status, 410);
      const unknown = await call(t.app, 'POST', '/api/vega/join', { code: 'no-such-code', email: 'other@example.com', password: 'secret' });
      assert.equal(unknown.status, 404);

      const memberView = await call(t.app, 'GET', '/api/vega/family', undefined, { cookie: nan });
      assert.equal(memberView.status, 200);
      assert.equal(memberView.body.can_manage_invites, false);
      assert.deepEqual(memberView.body.invites, []);
      assert.deepEqual(memberView.body.members.map((m: any) => [m.username, m.role]), [[f.username, 'admin'], ['Nan', 'member']]);
      for (const m of memberView.body.members) assert.deepEqual(Object.keys(m).sort(), ['created_at', 'email', 'id', 'role', 'username']);
      assert.equal((await call(t.app, 'GET', '/api/vega/profile', undefined, { cookie: nan })).body.member_count, 2);

      for (const [m, p, body] of [
        ['POST', '/api/vega/invite', undefined],
        ['POST', '/api/vega/invite/revoke', { token: 'x' }],
        ['GET', '/api/vega/export', undefined],
        ['GET', '/api/vega/growth-summary', undefined],
        ['POST', '/api/vega/profile', { baby_name: 'Z' }],
        ['DELETE', '/api/vega/family', { confirm: 'Hopper' }],
      ] as const) {
        const r = await call(t.app, m, p, body, { cookie: nan });
        assert.equal(r.status, 403, `${m} ${p}`);
        assert.equal(r.body.error, 'forbidden');
      }

      const inv2 = await call(t.app, 'POST', '/api/vega/invite', undefined, { cookie: f.cookie });
      const rv = await call(t.app, 'POST', '/api/vega/invite/revoke', { token: inv2.body.code }, { cookie: f.cookie });
      assert.equal(rv.status, 200);
      assert.deepEqual(rv.body, { ok: true });
      const revokedJoin = await call(t.app, 'POST', '/api/vega/join', { code: inv2.body.code, email: 'late@example.com', password: 'secret' });
      assert.equal(revokedJoin.status, 410);
      assert.equal((await call(t.app, 'POST', '/api/vega/invite/revoke', { token: inv2.body.code }, { cookie: f.cookie })).status, 404);
      const v = await call(t.app, 'POST', '/api/vega/invite/revoke', { token: 42 }, { cookie: f.cookie });
      assert.equal(v.status, 422);
      assert.deepEqual(v.body.detail[0].loc, ['body', 'token']);

      const inv3 = await call(t.app, 'POST', '/api/vega/invite', undefined, { cookie: f.cookie });
      t.clock.advance(48 * 3600 * 1000 + 1000);
      const expired = await call(t.app, 'POST', '/api/vega/join', { code: inv3.body.code, email: 'slow@example.com', password: 'secret' });
      assert.equal(expired.status, 410);
      assert.equal(expired.body.error, 'invite_expired');
      t.clock.advance(-(48 * 3600 * 1000 + 1000));
    });

    test('export holds the family’s data and never a hash or secret; growth summary is counts only', async () => {
      const f = await signUp(t.app);
      const tok = await call(t.app, 'POST', '/api/vega/token', { label: 'secret-check' }, { cookie: f.cookie });
      const ex = await call(t.app, 'GET', '/api/vega/export', undefined, { cookie: f.cookie });
      assert.equal(ex.status, 200);
      assert.match(String(ex.headers['content-disposition']), /attachment/);
      for (const k of ['exported_at', 'family', 'profile', 'events', 'week_plan', 'recipes', 'snapshots', 'notes']) assert.ok(k in ex.body, k);
      assert.equal(ex.body.profile.baby_name, 'Ada');
      assert.ok(!/scrypt|password|token_hash|code_hash|id_hash/.test(ex.text));
      assert.ok(!ex.text.includes(tok.body.token));
      assert.ok(!ex.text.includes(f.cookie));
      const rows = await t.ctx.db.kysely.selectFrom('tokens').select('token_hash').execute();
      assert.ok(rows.every((r) => r.token_hash !== tok.body.token && /^[0-9a-f]{64}$/.test(r.token_hash)), 'tokens are stored hashed');
      const users = await t.ctx.db.kysely.selectFrom('users').select('password_hash').execute();
      assert.ok(users.every((u) => u.password_hash.startsWith('scrypt$') && !u.password_hash.includes(f.password)));
      const sessions = await t.ctx.db.kysely.selectFrom('sessions').select('id_hash').execute();
      assert.ok(sessions.every((s) => s.id_hash !== f.cookie));

      const gs = await call(t.app, 'GET', '/api/vega/growth-summary', undefined, { token: f.token });
      assert.equal(gs.status, 200);
      assert.equal(gs.body.members, 1);
      assert.equal(gs.body.tokens, 2);
      assert.equal(gs.body.events_total, 0);
      assert.ok(!gs.text.includes('Ada') && !gs.text.includes('@'));
    });

    test('deleting a family needs its exact name, then removes everything and ends every credential', async () => {
      const f = await signUp(t.app, { family_name: 'Curie' });
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { cookie: f.cookie });
      const wrong = await call(t.app, 'DELETE', '/api/vega/family', { confirm: 'curie' }, { cookie: f.cookie });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.error, 'confirm_mismatch');
      const missing = await call(t.app, 'DELETE', '/api/vega/family', {}, { cookie: f.cookie });
      assertError(missing, 400, 'bad_request');
      const me = await call(t.app, 'GET', '/api/me', undefined, { cookie: f.cookie });
      const ok = await call(t.app, 'DELETE', '/api/vega/family', { confirm: 'Curie' }, { token: f.token });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, { ok: true, deleted: me.body.family_id });
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { cookie: f.cookie })).status, 401);
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: f.token })).status, 401);
      assert.equal((await call(t.app, 'POST', '/api/vega/join', { code: inv.body.code, email: 'z@example.com', password: 'secret' })).status, 404);
      for (const table of ['users', 'sessions', 'tokens', 'invites', 'events', 'notes', 'recipes'] as const) {
        const n = await t.ctx.db.kysely.selectFrom(table).select('family_id').where('family_id', '=', me.body.family_id).execute();
        assert.equal(n.length, 0, table);
      }
      const relogin = await call(t.app, 'POST', '/login', { email: f.email, password: f.password });
      assert.equal(relogin.status, 401);
    });
  });
}
