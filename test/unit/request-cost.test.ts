// The pieces that make a request cheap must not change what it answers: the JSON kept for a
// frozen result, helmet's headers computed once, a prepared query's argument substitution.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeJson } from '../../src/http/json-serializer.ts';
import { helmetHeaders } from '../../src/http/security-headers.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { PreparedQuery } from '../../src/db/prepared.ts';
import { FamilyScope } from '../../src/db/family-scope.ts';

describe('request cost', () => {
  test('a frozen object is written once, as UTF-8 bytes; anything else every time, as a string', () => {
    const frozen = Object.freeze({ a: 1, list: [1, 2], name: 'Zoë' });
    const first = serializeJson(frozen);
    assert.ok(Buffer.isBuffer(first), 'a cached answer is sent as bytes, not encoded again per request');
    assert.equal(first.toString('utf8'), '{"a":1,"list":[1,2],"name":"Zoë"}');
    assert.equal(serializeJson(frozen), first, 'the same bytes the second time');
    const open = { a: 1 };
    assert.equal(serializeJson(open), '{"a":1}');
    open.a = 2;
    assert.equal(serializeJson(open), '{"a":2}', 'an object that may change is written afresh');
    assert.equal(serializeJson('x'), '"x"');
    assert.equal(serializeJson(null), 'null');
  });

  test("helmet's headers, computed once, are helmet's own", () => {
    const h = helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } }, strictTransportSecurity: false });
    assert.equal(h['content-security-policy'], "default-src 'self';frame-ancestors 'none'");
    assert.equal(h['x-content-type-options'], 'nosniff');
    assert.equal(h['strict-transport-security'], undefined);
    assert.equal(h['x-frame-options'], 'SAMEORIGIN');
  });

  test('a prepared query substitutes its arguments and keeps the scope’s family clause', async () => {
    const db = connect('sqlite::memory:');
    await migrate(db);
    try {
      for (const id of ['fam-a', 'fam-b']) {
        await db.kysely.insertInto('families').values({ id, family_name: `name ${id}`, timezone: 'Europe/London', region: 'uk', units: 'metric', plan: 'free', acquisition: null, created_at: 0, primary_child_id: 'kid' }).execute();
      }
      const byFamily = new PreparedQuery<[string], { family_name: string }>(1, (k, familyId) => new FamilyScope(k, familyId, 'sqlite').family().select('family_name'));
      assert.deepEqual(await new FamilyScope(db.kysely, 'fam-b', 'sqlite').run(byFamily), [{ family_name: 'name fam-b' }]);
      assert.deepEqual(await new FamilyScope(db.kysely, 'fam-a', 'sqlite').run(byFamily), [{ family_name: 'name fam-a' }]);
      assert.deepEqual(await new FamilyScope(db.kysely, 'nobody', 'sqlite').run(byFamily), []);
      const unused = new PreparedQuery<[string, string], unknown>(2, (k, a) => k.selectFrom('families').select('id').where('id', '=', a));
      await assert.rejects(unused.all(db.kysely, 'x', 'y'), /each of its arguments/);
    } finally {
      await db.close();
    }
  });
});
