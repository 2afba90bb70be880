// The heap growth the server sets at start (src/memory.ts): HEAP_GROWING_PERCENT, else 30; a
// bad value is reported (a warning at start) and the default used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_HEAP_GROWING_PERCENT, heapGrowingPercent } from '../../src/memory.ts';

test('HEAP_GROWING_PERCENT: a whole number 0–1000; anything else is refused (null)', () => {
  assert.equal(DEFAULT_HEAP_GROWING_PERCENT, 30);
  assert.equal(heapGrowingPercent({}), 30);
  assert.equal(heapGrowingPercent({ HEAP_GROWING_PERCENT: '0' }), 0);
  assert.equal(heapGrowingPercent({ HEAP_GROWING_PERCENT: '120' }), 120);
  for (const bad of ['', '-5', '1.5', 'fifty', '5000', ' 50']) assert.equal(heapGrowingPercent({ HEAP_GROWING_PERCENT: bad }), null, bad);
});
