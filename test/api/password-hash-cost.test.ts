// The password hashing cost (PASSWORD_HASH_COST, scrypt's log2 N) on both databases. The rest
// of the suite hashes at a low cost (test/helpers/app.ts); this file keeps the production cost,
// 17, and shows that a change of the setting locks nobody out: every hash says its own N, so
// passwords hashed at either cost verify under either setting. Also: bad values stop start-up.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { testDatabases } from '../helpers/databases.ts';
import { twoInstances } from '../helpers/instances.ts';
import { assertError, call, signUp, TEST_HASH_COST } from '../helpers/app.ts';

const PRODUCTION = { PASSWORD_HASH_COST: '17' };
const LOW = { PASSWORD_HASH_COST: TEST_HASH_COST };

for (const d of testDatabases()) {
  describe(`password hashing cost [${d.name}]`, { skip: d.skip }, () => {
    test('hashes at the production cost and at a low cost both verify whichever cost is configured', async () => {
      const dbs = await twoInstances(d.name);
      try {
        const hashOf = async (ctx: { db: { kysely: any } }, email: string) =>
          ((await ctx.db.kysely.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()) as { password_hash: string }).password_hash;
        const login = (app: Parameters<typeof call>[0], email: string, password: string) => call(app, 'POST', '/login', { email, password });

        // A family signs up while the service runs at the low cost: N = 2^10, r = 8, p = 1.
        const low = await dbs.open(LOW);
        const early = await signUp(low.app);
        assert.match(await hashOf(low.ctx, early.email), /^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
        await low.close();

        // The operator raises it to production's: the early password still signs in, a wrong
        // one is refused, and new passwords are hashed at N = 2^17.
        const prod = await dbs.open(PRODUCTION);
        assert.equal(prod.ctx.config.passwordHashCost, 17);
        const signedIn = await login(prod.app, early.email, early.password);
        assert.equal(signedIn.status, 200, signedIn.text);
        assert.deepEqual(signedIn.body, { ok: true, redirect: '/' });
        assertError(await login(prod.app, early.email, 'not the password'), 401, 'invalid_credentials');
        // An unknown account is compared against a dummy hash at the configured cost.
        assertError(await login(prod.app, `nobody.${Date.now()}@example.com`, 'correct horse'), 401, 'invalid_credentials');
        const later = await signUp(prod.app);
        assert.match(await hashOf(prod.ctx, later.email), /^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
        assert.equal((await login(prod.app, later.email, later.password)).status, 200);
        // A password changed at the production cost is hashed at it too.
        const changed = await call(prod.app, 'POST', '/api/vega/password', { current_password: early.password, new_password: 'a longer passphrase' }, { cookie: early.cookie });
        assert.equal(changed.status, 200, changed.text);
        assert.match(await hashOf(prod.ctx, early.email), /^scrypt\$131072\$8\$1\$/);
        await prod.close();

        // And back down: production-cost hashes verify under the low setting.
        const again = await dbs.open(LOW);
        assert.equal((await login(again.app, later.email, later.password)).status, 200);
        assert.equal((await login(again.app, early.email, 'a longer passphrase')).status, 200);
        assertError(await login(again.app, early.email, early.password), 401, 'invalid_credentials');
        await again.close();
      } finally {
        await dbs.drop();
      }
    });
  });
}

describe('PASSWORD_HASH_COST at start-up', () => {
  test('defaults to the production cost, 17; accepts 10 to 20', () => {
    assert.equal(loadConfig({}).passwordHashCost, 17);
    assert.equal(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost, 10);
    assert.equal(loadConfig({ PASSWORD_HASH_COST: '20' }).passwordHashCost, 20);
  });

  test('anything else stops start-up with the variable, the reason and the production value', () => {
    const refused = (value: string, reason: RegExp) =>
      assert.throws(
        () => loadConfig({ PASSWORD_HASH_COST: value }),
        (e: Error) => e instanceof ConfigError && /PASSWORD_HASH_COST: /.test(e.message) && reason.test(e.message),
        value,
      );
    refused('9', /at least 10 .*production cost is 17/);
    refused('4', /at least 10/);
    refused('21', /at most 20/);
    refused('12.5', /whole number/);
    refused('cheap', /whole number/);
  });
});
