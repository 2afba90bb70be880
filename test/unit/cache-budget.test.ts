// The caches' memory budget (src/services/insights/cache-budget.ts) and the estimate it counts
// in (estimate-bytes.ts): least recently used first across every cache, replaced entries
// released, a lower limit applied at once; and an estimate that does not undercount the heap.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { CacheBudget } from '../../src/services/insights/cache-budget.ts';
import { FamilyCache } from '../../src/services/insights/derived-cache.ts';
import { estimateBytes } from '../../src/services/insights/estimate-bytes.ts';
import { loadConfig } from '../../src/config.ts';

/** A value of about `kb` KB as estimateBytes counts it: an array of one-byte strings. */
const blob = (kb: number) => Array.from({ length: kb }, (_, i) => `${i}`.padEnd(1024 - 16 - 8, 'x'));

describe('cache budget', () => {
  test('entries are forgotten least recently used first, across caches, to stay within the limit', () => {
    const budget = new CacheBudget(estimateBytes({ familyId: 'a', key: 'k', value: blob(10), family: undefined }) * 3);
    const live = new FamilyCache<string[]>(budget);
    const day = new FamilyCache<string[]>(budget);
    live.set('a', 1, 'k', blob(10));
    day.set('b', 1, 'k', blob(10));
    live.set('c', 1, 'k', blob(10));
    assert.equal(budget.entries, 3);
    assert.equal(budget.evictions, 0);
    // a is read, so b (in the other cache) is now the least recently used.
    assert.ok(live.get('a', 1, 'k'));
    day.set('d', 1, 'k', blob(10));
    assert.equal(day.get('b', 1, 'k'), undefined, 'b evicted');
    assert.ok(live.get('a', 1, 'k'), 'a kept');
    assert.ok(live.get('c', 1, 'k'));
    assert.ok(day.get('d', 1, 'k'));
    assert.equal(budget.evictions, 1);
    assert.ok(budget.bytes <= budget.limitBytes);
    assert.deepEqual([live.size, day.size], [2, 1]);
  });

  test('a replaced entry is released, not counted twice; clear() releases everything', () => {
    const budget = new CacheBudget(1 << 30);
    const c = new FamilyCache<string[]>(budget);
    c.set('a', 1, 'k', blob(10));
    const one = budget.bytes;
    c.set('a', 2, 'k', blob(10));
    c.set('a', 3, 'k', blob(10));
    assert.equal(budget.bytes, one);
    assert.equal(budget.entries, 1);
    c.carryOver('a', 3, 4, (v) => [...v, 'new']);
    assert.equal(budget.entries, 1);
    assert.ok(budget.bytes > one, 'a carry adds to the entry');
    c.clear();
    assert.deepEqual([budget.bytes, budget.entries, c.size], [0, 0, 0]);
  });

  test('a lower limit evicts at once; a limit of 0 keeps nothing and a read still loads', async () => {
    const budget = new CacheBudget(1 << 30);
    const c = new FamilyCache<string[]>(budget);
    for (const f of ['a', 'b', 'c', 'd']) c.set(f, 1, 'k', blob(5));
    budget.setLimit(Math.ceil(budget.bytes / 2));
    assert.deepEqual([c.size, budget.evictions], [2, 2]);
    assert.ok(c.get('d', 1, 'k') && c.get('c', 1, 'k'), 'the two most recent kept');
    budget.setLimit(0);
    assert.equal(c.size, 0);
    // A scope whose family row came with the credential (loadFamily reads no table): version 7.
    const scope = { snapshot: (fn: (s: unknown) => unknown) => fn(scope), knownFamily: { version: 7 } };
    let loads = 0;
    const load = async () => {
      loads += 1;
      return ['loaded'];
    };
    const r = await c.through(scope as never, 'e', 7, 'k', load);
    assert.deepEqual([r.value, r.version, loads, c.size], [['loaded'], 7, 1, 0]);
  });

  test('CACHE_MEMORY_MB sets the budget in megabytes, 64 by default; a bad value is refused clearly', () => {
    assert.equal(loadConfig({}).cacheMemoryBytes, 64 * 1024 * 1024);
    assert.equal(loadConfig({ CACHE_MEMORY_MB: '0' }).cacheMemoryBytes, 0);
    assert.equal(loadConfig({ CACHE_MEMORY_MB: '200' }).cacheMemoryBytes, 200 * 1024 * 1024);
    for (const bad of ['-1', 'lots', '1.5']) assert.throws(() => loadConfig({ CACHE_MEMORY_MB: bad }), /CACHE_MEMORY_MB: must be/);
  });
});

describe('estimated bytes', () => {
  test('counts strings, numbers, arrays, maps and objects; shared parts and cycles once', () => {
    assert.equal(estimateBytes('abcdefgh'), 24);
    assert.equal(estimateBytes('ééé'), 24);
    assert.equal(estimateBytes('€'), 24, 'two bytes a character beyond Latin-1');
    assert.equal(estimateBytes(5), 0, 'a small integer lives in its slot');
    assert.equal(estimateBytes(Date.now()), 16);
    assert.equal(estimateBytes([1, 2, 3]), 24 + 24);
    const shared = { s: 'x'.repeat(100) };
    const once = estimateBytes(shared);
    assert.equal(estimateBytes([shared, shared]), 24 + 16 + once);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    assert.equal(estimateBytes(cyclic), 24 + 16);
    assert.ok(estimateBytes(new Map([['k', shared]])) > once);
  });

  test('is not below what the heap grows by for event-like rows', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // Through JSON, as rows come from a database driver: flat strings, not concatenations.
    const make = (n: number) =>
      JSON.parse(JSON.stringify(Array.from({ length: n }, (_, i) => ({
        id: `01J${i.toString(36).padStart(23, '0')}`,
        ts: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00`,
        at: 1_790_000_000_000 + i * 60_000,
        type: ['milk', 'nappy', 'sleep'][i % 3],
        ml: i % 3 === 0 ? 90 + (i % 7) * 10 : null,
        kind: i % 3 === 1 ? 'wet' : null,
        note: i % 10 === 0 ? `note ${i}` : null,
        author: 'Mum',
      })))) as unknown[];
    gc();
    const before = process.memoryUsage().heapUsed;
    const rows = make(20_000);
    gc();
    const grew = process.memoryUsage().heapUsed - before;
    const estimated = estimateBytes(rows);
    assert.ok(estimated >= grew * 0.9, `estimated ${estimated} B, the heap grew ${grew} B`);
    assert.ok(estimated <= grew * 3, `estimated ${estimated} B is more than 3× the heap's ${grew} B`);
    assert.equal(rows.length, 20_000);
  });
});
