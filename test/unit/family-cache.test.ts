// The per-family cache of derived windows (src/services/insights/derived-cache.ts): what a write's
// carry does, in order and out of order, and when a read is served without loading.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FamilyCache } from '../../src/services/insights/derived-cache.ts';
import { FamilyScope } from '../../src/db/family-scope.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';

const add = (n: number) => (v: number[]) => [...v, n];
// A scope that must not be used: these reads are to be served from the cache.
const noLoads = { familyId: 'f', snapshot: () => assert.fail('loaded from the database') } as unknown as FamilyScope;

describe('family cache', () => {
  test('a carry moves the entry from its version to the next, with the change applied', () => {
    const c = new FamilyCache<number[]>();
    c.set('f', 10, 'k', [1]);
    c.carryOver('f', 10, 12, add(2));
    assert.deepEqual(c.get('f', 12, 'k'), [1, 2]);
    assert.equal(c.get('f', 10, 'k'), undefined);
  });

  test('carries that arrive out of order are applied in version order', () => {
    const c = new FamilyCache<number[]>();
    c.set('f', 10, 'k', [1]);
    c.carryOver('f', 14, 16, add(4));
    c.carryOver('f', 12, 14, add(3));
    assert.equal(c.get('f', 16, 'k'), undefined, 'still waiting for 10 → 12');
    c.carryOver('f', 10, 12, add(2));
    assert.deepEqual(c.get('f', 16, 'k'), [1, 2, 3, 4]);
  });

  test('a carry from behind the entry changes nothing; one into a gap is never applied', () => {
    const c = new FamilyCache<number[]>();
    c.set('f', 10, 'k', [1]);
    c.carryOver('f', 8, 10, add(9));
    assert.deepEqual(c.get('f', 10, 'k'), [1]);
    c.carryOver('f', 11, 13, add(5)); // 10 → 11 was made by another process: never comes
    assert.deepEqual(c.get('f', 10, 'k'), [1]);
    assert.equal(c.get('f', 13, 'k'), undefined);
  });

  test('a read is served from an entry at its version or later, and waits for a carry on its way', async () => {
    const c = new FamilyCache<number[]>();
    c.set('f', 10, 'k', [1]);
    assert.deepEqual(await c.through(noLoads, 'f', 8, 'k', async () => []), { value: [1], version: 10, family: undefined });
    c.carryOver('f', 12, 14, add(3));
    // Behind (10 < 14) with a carry waiting: 10 → 12 arrives a turn later, and no load happens.
    setImmediate(() => c.carryOver('f', 10, 12, add(2)));
    assert.deepEqual(await c.through(noLoads, 'f', 14, 'k', async () => []), { value: [1, 2, 3], version: 14, family: undefined });
  });

  test('a miss loads in one view with the family row, and is kept under the version it was loaded at', async () => {
    const db = connect('sqlite::memory:');
    await migrate(db);
    try {
      await db.kysely.insertInto('families').values({ id: 'f', family_name: 'f', timezone: 'Europe/London', region: 'uk', units: 'metric', plan: 'free', acquisition: null, created_at: 0, primary_child_id: 'kid' }).execute();
      await db.kysely.updateTable('families').set({ family_name: 'c' }).execute(); // version 0 → 1
      const scope = new FamilyScope(db.kysely, 'f', db.dialect);
      const c = new FamilyCache<number[]>();
      c.set('f', 0, 'day-1', [1]);
      // Another window (key) is not served: loaded, and kept under the version read with it.
      const r = await c.through(scope, 'f', 0, 'day-2', async (s) => [(await s.family().select('version').executeTakeFirstOrThrow()).version]);
      assert.deepEqual([r.value, r.version, r.family?.family_name, r.family?.version], [[1], 1, 'c', 1]);
      assert.deepEqual(c.get('f', 1, 'day-2'), [1]);
      // The family's row is kept with the entry and carried with it (an event leaves it as it is).
      c.carryOver('f', 1, 3, (v) => [...v, 2]);
      const carried = await c.through(noLoads, 'f', 3, 'day-2', async () => []);
      assert.deepEqual([carried.value, carried.family?.family_name, carried.family?.version], [[1, 2], 'c', 3]);
    } finally {
      await db.close();
    }
  });
});
