// The app's feed-timer and sleep display rules (web/src/lib/feed.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asleepNow, elapsedMs, formatHoursMinutes, formatTimer, serverOffsetMs, startSide } from '../../web/src/lib/feed.ts';

test('the timer reads mm:ss, then h:mm:ss', () => {
  assert.equal(formatTimer(0), '00:00');
  assert.equal(formatTimer(754_000), '12:34');
  assert.equal(formatTimer(3_754_000), '1:02:34');
  assert.equal(formatHoursMinutes(42 * 60_000), '0:42');
});

test('elapsed time counts from started_at on the server clock, not the phone clock', () => {
  const offset = serverOffsetMs('2026-11-22T03:10:30', '2026-11-22T03:10:00'); // phone 30 s behind
  assert.equal(offset, 30_000);
  assert.equal(elapsedMs({ started_at: '2026-11-22T03:00:00' }, '2026-11-22T03:10:00', offset), 630_000);
  assert.equal(elapsedMs({ started_at: '2026-11-22T03:00:00' }, '2026-11-22T02:59:00'), 0, 'never negative');
});

test('start on the other side from where the last feed ended', () => {
  assert.equal(startSide('left'), 'right');
  assert.equal(startSide('right'), 'left');
  assert.equal(startSide(null), null);
});

test('a sleep or wake waiting to be sent decides asleep over the last status received', () => {
  assert.equal(asleepNow(false, [{ type: 'sleep', ts: '2026-11-22T03:00:00' }]), true);
  assert.equal(asleepNow(true, [{ type: 'sleep', ts: '2026-11-22T01:00:00' }, { type: 'wake', ts: '2026-11-22T03:00:00' }]), false);
  assert.equal(asleepNow(true, [{ type: 'nappy', ts: '2026-11-22T03:00:00' }]), true);
  assert.equal(asleepNow(undefined, []), false);
});
