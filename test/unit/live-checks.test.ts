// Live status when the log is probably incomplete (issue 17): a forgotten wake, a feed timer
// nobody stopped, a long silence. The status asks rather than asserts and never gives night
// advice in the afternoon.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { liveStatus } from '../../src/domain/live.ts';
import { MAX_NAP_HOURS, MAX_NIGHT_HOURS, QUIET_LOG_HOURS } from '../../src/domain/live-checks.ts';
import type { FeedTimerState } from '../../src/domain/feed-timer.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const at = (ts: string) => localToInstant(ts, Z);
const SIX_MO: ChildProfile = { baby_name: 'Ada', dob: '2024-12-05', gender: 'girl', timezone: Z, region: 'uk', units: 'metric' };

describe('live checks', () => {
  // The case from the issue: a sleep logged at 00:50 with no wake, looked at at 16:08.
  const forgotten = [
    ev('milk', '2025-06-09T21:00:00', { ml: 180 }), ev('wake', '2025-06-10T00:20:00'),
    ev('milk', '2025-06-10T00:30:00', { ml: 120 }), ev('sleep', '2025-06-10T00:50:00'),
  ];

  test('a sleep from 00:50 still open at 16:08: flagged, not night, no dream feed, asks', () => {
    const s = liveStatus(forgotten, SIX_MO, at('2025-06-10T16:08:00'));
    assert.equal(s.check?.kind, 'wake_not_logged');
    assert.equal(s.check?.since, '2025-06-10T00:50:00');
    assert.equal(s.check?.fix, 'log_wake');
    assert.equal(s.night_sleep, false, 'night_sleep follows the clock once the sleep is doubtful');
    assert.notEqual(s.hungry_state, 'dream_feed');
    assert.equal(s.hungry_state, 'unknown', 'a due time hours in the past in an incomplete log says nothing reliable');
    assert.ok(s.next_feed_at! < s.now);
    assert.doesNotMatch(String(s.alert_msg ?? ''), /night feed/);
    assert.match(String(s.alert_msg), /No wake has been logged since Ada went to sleep at 00:50.*Is Ada awake\?/);
    assert.equal(s.alert_level, 'info');
  });

  test('the same sleep at 03:00 is an ordinary night: no check, night sleep, dream feed advice', () => {
    const s = liveStatus(forgotten, SIX_MO, at('2025-06-10T03:40:00'));
    assert.equal(s.check, null);
    assert.equal(s.night_sleep, true);
    assert.equal(s.asleep, true);
  });

  test('thresholds: a nap past 4 h, a night past 14 h; just under is fine', () => {
    const nap = [ev('wake', '2025-06-10T07:00:00'), ev('sleep', '2025-06-10T09:00:00')];
    assert.equal(liveStatus(nap, SIX_MO, at('2025-06-10T09:00:00') + MAX_NAP_HOURS * 3600_000 - 60_000).check, null);
    assert.equal(liveStatus(nap, SIX_MO, at('2025-06-10T09:00:00') + MAX_NAP_HOURS * 3600_000 + 60_000).check?.kind, 'wake_not_logged');
    const night = [ev('sleep', '2025-06-09T19:30:00')];
    assert.equal(liveStatus(night, SIX_MO, at('2025-06-09T19:30:00') + MAX_NIGHT_HOURS * 3600_000 - 60_000).check, null);
    assert.equal(liveStatus(night, SIX_MO, at('2025-06-09T19:30:00') + MAX_NIGHT_HOURS * 3600_000 + 60_000).check?.kind, 'wake_not_logged');
  });

  test('a sleep dropped as stale (over 16 h) is still asked about', () => {
    const s = liveStatus([ev('sleep', '2025-06-09T13:00:00')], SIX_MO, at('2025-06-10T10:00:00'));
    assert.equal(s.asleep, false);
    assert.equal(s.check?.kind, 'wake_not_logged');
  });

  test(`nothing logged for more than ${QUIET_LOG_HOURS} hours while awake`, () => {
    const day = [ev('wake', '2025-06-10T06:00:00'), ev('milk', '2025-06-10T06:15:00', { ml: 150 })];
    assert.equal(liveStatus(day, SIX_MO, at('2025-06-10T15:00:00')).check, null);
    const s = liveStatus(day, SIX_MO, at('2025-06-10T15:30:00'));
    assert.equal(s.check?.kind, 'nothing_logged');
    assert.equal(s.check?.since, '2025-06-10T06:15:00');
    assert.equal(s.hungry_state, 'unknown');
    assert.match(String(s.alert_msg), /Nothing has been logged for 9 h 15 min/);
  });

  test('a feed timer running over 3 hours asks for the real end time', () => {
    const timer: FeedTimerState = {
      started_at: at('2025-06-10T08:00:00'), side: 'left', side_since: at('2025-06-10T08:00:00'), left_ms: 0, right_ms: 0, switched: false, started_by: 'mum',
    };
    const s = liveStatus([ev('wake', '2025-06-10T07:30:00')], SIX_MO, at('2025-06-10T11:05:00'), timer);
    assert.equal(s.feeding?.stale, true);
    assert.equal(s.check?.kind, 'feed_timer_stale');
    assert.equal(s.check?.fix, 'stop_feed');
    assert.match(String(s.alert_msg), /feed timer has been running since 08:00/);
  });

  test('no night-feed advice in the afternoon even for a sleep that began at night', () => {
    // A night sleep from 04:00 (within 14 h) still open at 13:30, with a feed due.
    const s = liveStatus([ev('milk', '2025-06-10T03:40:00', { ml: 150 }), ev('sleep', '2025-06-10T04:00:00')], SIX_MO, at('2025-06-10T13:30:00'));
    assert.equal(s.check, null);
    assert.notEqual(s.hungry_state, 'dream_feed');
    assert.doesNotMatch(String(s.alert_msg ?? ''), /night feed/);
  });
});
