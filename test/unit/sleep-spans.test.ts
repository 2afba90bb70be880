import { test, describe } from 'node:test';
import { makeEvent } from '../helpers/events.ts';
import assert from 'node:assert/strict';
import type { EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import {
  buildSleepSpans, dayGrid, gridIndex, localAt, localParts, minutesToHHMM, sortedUpTo, splitByDayAndNight,
} from '../../src/domain/sleep-spans.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const at = (ts: string) => localToInstant(ts, Z);

describe('sleep spans', () => {
  test('pairs sleep with the next wake; duplicate sleeps and stray wakes are ignored', () => {
    const events = [
      ev('wake', '2025-06-10T06:00:00'),
      ev('sleep', '2025-06-10T09:00:00'), ev('sleep', '2025-06-10T09:05:00'), ev('wake', '2025-06-10T10:00:00'),
      ev('wake', '2025-06-10T10:05:00'),
      ev('sleep', '2025-06-10T13:00:00'),
    ];
    const spans = buildSleepSpans(sortedUpTo(events, at('2025-06-10T14:00:00')), at('2025-06-10T14:00:00'));
    assert.equal(spans.length, 2);
    assert.deepEqual([spans[0]!.startTs, (spans[0]!.end - spans[0]!.start) / 60_000, spans[0]!.open], ['2025-06-10T09:00:00', 60, false]);
    assert.deepEqual([spans[1]!.startTs, (spans[1]!.end - spans[1]!.start) / 60_000, spans[1]!.open], ['2025-06-10T13:00:00', 60, true]);
  });

  test('a sleep whose wake was never logged is dropped once a new sleep starts 16 h later', () => {
    const events = [ev('sleep', '2025-06-08T19:00:00'), ev('sleep', '2025-06-09T13:00:00'), ev('wake', '2025-06-09T14:00:00')];
    const spans = buildSleepSpans(events, at('2025-06-10T12:00:00'));
    assert.equal(spans.length, 1);
    assert.equal(spans[0]!.startTs, '2025-06-09T13:00:00');
  });

  test('sortedUpTo orders by instant and drops the future', () => {
    const a = ev('milk', '2025-06-10T09:00:00');
    const b = ev('milk', '2025-06-10T08:00:00');
    const c = ev('milk', '2025-06-10T13:00:00');
    assert.deepEqual(sortedUpTo([a, c, b], at('2025-06-10T12:00:00')).map((e) => e.id), [b.id, a.id]);
  });

  test('split across midnight and the night window', () => {
    const parts = splitByDayAndNight(at('2025-06-09T18:00:00'), at('2025-06-10T07:00:00'), Z);
    assert.deepEqual(parts.map((p) => [p.date, p.dayMs / 60_000, p.nightMs / 60_000]), [
      ['2025-06-09', 60, 300], ['2025-06-10', 60, 360],
    ]);
  });

  test('split on the 23-hour day loses the skipped hour', () => {
    const parts = splitByDayAndNight(at('2025-03-30T00:00:00'), at('2025-03-31T00:00:00'), Z);
    assert.equal(parts.length, 1);
    assert.equal((parts[0]!.dayMs + parts[0]!.nightMs) / 3_600_000, 23);
  });

  test('localAt rolls minutes past midnight into the next day and survives skipped times', () => {
    assert.equal(localAt('2025-06-10', 1470, Z), at('2025-06-11T00:30:00'));
    assert.equal(localAt('2025-03-30', 90, Z), at('2025-03-30T02:30:00'));
    assert.equal(minutesToHHMM(1470), '00:30');
    assert.equal(minutesToHHMM(1170), '19:30');
  });

  test('the day grid reads the same local clock as the zone rules, clock-change days included', () => {
    const grid = dayGrid('2025-03-29', '2025-03-31', Z);
    assert.equal(grid.starts[2]! - grid.starts[1]!, 23 * 3_600_000);
    for (let t = grid.starts[0]!; t < grid.starts[3]!; t += 17 * 60_000) {
      assert.deepEqual(localParts(t, Z, grid), localParts(t, Z));
    }
    assert.equal(gridIndex(grid, grid.starts[0]! - 1), -1);
    assert.equal(gridIndex(grid, at('2025-03-30T12:00:00')), 1);
    const oct = dayGrid('2025-10-25', '2025-10-27', Z);
    for (let t = oct.starts[0]!; t < oct.starts[3]!; t += 17 * 60_000) {
      assert.deepEqual(localParts(t, Z, oct), localParts(t, Z));
    }
  });
});
