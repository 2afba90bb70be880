// Credentials that arrive together are each resolved to their own caller. On PostgreSQL the
// token lookups of requests in one turn of the event loop go to the database as one statement
// (src/services/access/auth.ts); whatever their mix (several families, the same token twice,
// a revoked, an unknown and a read-only token), every request gets the answer its own token
// gives when it comes alone. Both databases (SQLite looks each token up on its own).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp } from '../helpers/app.ts';

for (const d of testDatabases()) {
  describe(`credentials arriving together [${d.name}]`, { skip: d.skip }, () => {
    test('each of many simultaneous requests is answered for its own token', async () => {
      const t = await startApp(d.name);
      try {
        const families = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
        const me = await Promise.all(families.map((f) => call(t.app, 'GET', '/api/me', undefined, { token: f.token })));
        const familyIds = me.map((r) => r.body.family_id as string);
        assert.equal(new Set(familyIds).size, 3);
        const readOnly = await call(t.app, 'POST', '/api/vega/token', { label: 'read only', scopes: ['read'] }, { cookie: families[1]!.cookie });
        assert.equal(readOnly.status, 200, readOnly.text);
        const doomed = await call(t.app, 'POST', '/api/vega/token', { label: 'doomed' }, { cookie: families[2]!.cookie });
        const listed = await call(t.app, 'GET', '/api/vega/tokens', undefined, { cookie: families[2]!.cookie });
        const doomedId = listed.body.tokens.find((x: { label: string }) => x.label === 'doomed').id;
        assert.equal((await call(t.app, 'POST', '/api/vega/token/revoke', { id: doomedId }, { cookie: families[2]!.cookie })).status, 200);

        type Ask = { token: string; method: 'GET' | 'POST'; expect: number; family?: string };
        const asks: Ask[] = [];
        for (let i = 0; i < 48; i++) {
          const f = i % 3;
          switch (i % 6) {
            case 0:
            case 1:
              asks.push({ token: families[f]!.token, method: 'GET', expect: 200, family: familyIds[f] });
              break;
            case 2:
              asks.push({ token: families[f]!.token, method: 'POST', expect: 200, family: familyIds[f] });
              break;
            case 3:
              asks.push({ token: readOnly.body.token, method: i % 12 === 3 ? 'GET' : 'POST', expect: i % 12 === 3 ? 200 : 403, family: familyIds[1] });
              break;
            case 4:
              asks.push({ token: doomed.body.token, method: 'GET', expect: 401 });
              break;
            default:
              asks.push({ token: `bt_${'x'.repeat(40)}${i}`, method: 'GET', expect: 401 });
          }
        }
        const answers = await Promise.all(
          asks.map((a) => (a.method === 'GET' ? call(t.app, 'GET', '/api/me', undefined, { token: a.token }) : call(t.app, 'POST', '/api/vega/log', { type: 'nappy', kind: 'wet' }, { token: a.token }))),
        );
        const logged = new Map<string, number>();
        for (const [i, a] of asks.entries()) {
          const r = answers[i]!;
          assert.equal(r.status, a.expect, `request ${i} (${a.method}): ${r.text}`);
          if (a.expect === 200 && a.method === 'GET') assert.equal(r.body.family_id, a.family, `request ${i} answered for its own family`);
          if (a.expect === 200 && a.method === 'POST') logged.set(a.family!, (logged.get(a.family!) ?? 0) + 1);
        }
        // Each log went into its own family's day, and nowhere else.
        for (const [f, fam] of families.entries()) {
          const today = await call(t.app, 'GET', '/api/vega/today', undefined, { token: fam.token });
          assert.equal(today.body.events.length, logged.get(familyIds[f]!) ?? 0, `family ${f}'s day`);
        }
      } finally {
        await t.close();
      }
    });
  });
}
