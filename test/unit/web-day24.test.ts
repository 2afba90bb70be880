// The timeline's 24-hour view: sleep split at local midnight, feeds and nappies placed at
// their clock time, an open sleep running to now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayBars } from '../../web/src/lib/day24.ts';

test('sleeps split at midnight; feeds (bottle or breast) and nappies at their times', () => {
  const bars = dayBars(['2026-11-20', '2026-11-21'], [
    { ts: '2026-11-19T19:00:00', type: 'sleep' },
    { ts: '2026-11-20T06:00:00', type: 'wake' },
    { ts: '2026-11-20T06:00:00', type: 'milk', ml: 0, side: 'left' },
    { ts: '2026-11-20T12:00:00', type: 'milk', ml: 120 },
    { ts: '2026-11-20T18:00:00', type: 'nappy', kind: 'wet' },
    { ts: '2026-11-20T21:00:00', type: 'sleep' },
    { ts: '2026-11-21T03:00:00', type: 'wake' },
    { ts: '2026-11-21T12:00:00', type: 'sleep' },
  ], '2026-11-21T13:30:00');
  assert.deepEqual(bars[0]!.sleeps, [[0, 0.25], [0.875, 1]]);
  assert.deepEqual(bars[0]!.feeds, [{ at: 0.25, breast: true }, { at: 0.5, breast: false }]);
  assert.deepEqual(bars[0]!.nappies, [0.75]);
  assert.deepEqual(bars[1]!.sleeps, [[0, 0.125], [0.5, 0.5625]], 'the open sleep runs to now');
});
