// Two families side by side: nothing family A's credentials do can read, change or reveal
// anything of family B (tokens, invites, members, profile, the family itself).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';

for (const d of testDatabases()) {
  describe(`isolation between families: core endpoints [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let a: Family;
    let b: Family;
    let bTokenId: string;
    let bInvite: { code: string; id: string };
    before(async () => {
      t = await startApp(d.name);
      a = await signUp(t.app, { baby_name: 'Alice', family_name: 'Able', email: 'a-admin@example.com' });
      b = await signUp(t.app, { baby_name: 'Bob', family_name: 'Baker', email: 'b-admin@example.com' });
      bTokenId = (await call(t.app, 'GET', '/api/vega/tokens', undefined, { token: b.token })).body.tokens[0].id;
      const inv = await call(t.app, 'POST', '/api/vega/invite', undefined, { token: b.token });
      const listing = await call(t.app, 'GET', '/api/vega/family', undefined, { token: b.token });
      bInvite = { code: inv.body.code, id: listing.body.invites[0].id };
    });
    after(async () => {
      await t?.close();
    });

    for (const via of ['token', 'cookie'] as const) {
      const cred = () => (via === 'token' ? { token: a.token } : { cookie: a.cookie });

      test(`A (${via}) sees only its own family, profile, members and tokens`, async () => {
        const me = await call(t.app, 'GET', '/api/me', undefined, cred());
        const bMe = await call(t.app, 'GET', '/api/me', undefined, { token: b.token });
        assert.notEqual(me.body.family_id, bMe.body.family_id);
        const prof = await call(t.app, 'GET', '/api/vega/profile', undefined, cred());
        assert.equal(prof.body.baby_name, 'Alice');
        const fam = await call(t.app, 'GET', '/api/vega/family', undefined, cred());
        assert.deepEqual(fam.body.members.map((m: any) => m.email), ['a-admin@example.com']);
        assert.equal(fam.body.invites.length, 0);
        const toks = await call(t.app, 'GET', '/api/vega/tokens', undefined, cred());
        assert.ok(toks.body.tokens.every((x: any) => x.id !== bTokenId));
        const ex = await call(t.app, 'GET', '/api/vega/export', undefined, cred());
        assert.ok(!ex.text.includes('Bob') && !ex.text.includes('b-admin') && !ex.text.includes(bMe.body.family_id));
        const gs = await call(t.app, 'GET', '/api/vega/growth-summary', undefined, cred());
        assert.equal(gs.body.members, 1);
      });

      test(`A (${via}) cannot revoke B's token or invite, by id or code`, async () => {
        const r1 = await call(t.app, 'POST', '/api/vega/token/revoke', { id: bTokenId }, cred());
        assert.equal(r1.status, 404);
        assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: b.token })).status, 200, "B's token still works");
        for (const token of [bInvite.code, bInvite.id]) {
          const r2 = await call(t.app, 'POST', '/api/vega/invite/revoke', { token }, cred());
          assert.equal(r2.status, 404);
        }
        const bFam = await call(t.app, 'GET', '/api/vega/family', undefined, { token: b.token });
        assert.equal(bFam.body.invites.length, 1, "B's invite is still open");
      });

      test(`A (${via}) cannot change or delete B's family`, async () => {
        const del = await call(t.app, 'DELETE', '/api/vega/family', { confirm: 'Baker' }, cred());
        assert.equal(del.status, 400, 'the confirm is checked against the caller’s own family');
        const upd = await call(t.app, 'POST', '/api/vega/profile', { baby_name: 'Alice' }, cred());
        assert.equal(upd.status, 200);
        const bProf = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: b.token });
        assert.equal(bProf.body.baby_name, 'Bob');
        assert.equal(bProf.body.member_count, 1);
      });
    }

    test("a token of B's family used with A's session cookie still resolves to B only (the header wins)", async () => {
      const r = await call(t.app, 'GET', '/api/vega/profile', undefined, { token: b.token, cookie: a.cookie });
      assert.equal(r.body.baby_name, 'Bob');
    });
  });
}
