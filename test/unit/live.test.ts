import { test, describe } from 'node:test';
import { makeEvent } from '../helpers/events.ts';
import assert from 'node:assert/strict';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { instantToLocal, localToInstant } from '../../src/domain/time.ts';
import { LIVE_WINDOW_DAYS, liveStatus, liveWindowStart } from '../../src/domain/live.ts';
import { POOP_FEWER, POOP_LONGER, POOP_WITHIN } from '../../src/domain/live-nappies.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const milk = (ts: string, ml = 0) => ev('milk', ts, { ml });
const at = (ts: string) => localToInstant(ts, Z);
function child(dob: string, region: 'uk' | 'us' = 'uk'): ChildProfile {
  return { baby_name: 'Maya', dob, gender: '', timezone: Z, region, units: 'metric' };
}
// Ages on 2025-06-10: 14 days, ~3.2 months, ~6.1 months, ~11.3 months.
const NEWBORN = child('2025-05-27');
const THREE_MO = child('2025-03-05');
const SIX_MO = child('2024-12-05');
const ELEVEN_MO = child('2024-07-01');

describe('live status: empty log', () => {
  test('gives nulls and unknown, with every documented key present', () => {
    const s = liveStatus([], NEWBORN, at('2025-06-10T12:00:00'));
    const keys = ['now', 'asleep', 'night_sleep', 'awake_minutes', 'alert_level', 'alert_msg', 'hungry_state',
      'next_feed_at', 'last_milk_ml', 'ml_today', 'feeds_today', 'last_poop_hours_ago', 'poop_status',
      'expected_bedtime_at', 'next_nap_window_at', 'daily_milk_target_ml', 'supplement_log'];
    for (const k of keys) assert.ok(k in s, k);
    assert.equal(s.now, '2025-06-10T12:00:00');
    assert.equal(s.asleep, false);
    assert.equal(s.night_sleep, null);
    assert.equal(s.awake_minutes, null);
    assert.equal(s.alert_level, null);
    assert.equal(s.alert_msg, null);
    assert.equal(s.hungry_state, 'unknown');
    assert.equal(s.next_feed_at, null);
    assert.equal(s.last_milk_ml, null);
    assert.equal(s.ml_today, 0);
    assert.equal(s.feeds_today, 0);
    assert.equal(s.last_poop_hours_ago, null);
    assert.equal(s.poop_status, null);
    assert.equal(s.expected_bedtime_at, '2025-06-10T21:00:00');
    assert.equal(s.next_nap_window_at, null);
    assert.equal(s.daily_milk_target_ml, null);
    assert.equal(s.supplement_log.vitd.given, false);
    assert.equal(s.supplement_log.vitd.relevant, false);
  });

  test('window helper starts at local midnight 14 days back', () => {
    assert.equal(LIVE_WINDOW_DAYS, 14);
    assert.equal(liveWindowStart(at('2025-06-10T12:00:00'), Z), at('2025-05-27T00:00:00'));
  });
});

describe('live status: newborn (2 weeks)', () => {
  const day = [ev('wake', '2025-06-10T08:50:00'), milk('2025-06-10T09:00:00', 60), ev('sleep', '2025-06-10T09:30:00')];

  test('asleep after a sleep log, feed not yet due', () => {
    const s = liveStatus(day, NEWBORN, at('2025-06-10T10:00:00'));
    assert.equal(s.asleep, true);
    assert.equal(s.night_sleep, false);
    assert.equal(s.awake_minutes, null);
    assert.equal(s.next_nap_window_at, null);
    assert.equal(s.next_feed_at, '2025-06-10T12:00:00');
    assert.equal(s.hungry_state, 'not_yet');
    assert.equal(s.last_milk_ml, 60);
    assert.equal(s.age_band, 'newborn');
    assert.equal(s.feed_interval_source, 'age_band');
  });

  test('hungry_soon within 30 minutes of the next feed', () => {
    assert.equal(liveStatus(day, NEWBORN, at('2025-06-10T11:40:00')).hungry_state, 'hungry_soon');
    assert.equal(liveStatus(day, NEWBORN, at('2025-06-10T11:20:00')).hungry_state, 'not_yet');
  });

  test('overdue after next_feed_at; napping wording, then the first-month gap warning', () => {
    const s = liveStatus(day, NEWBORN, at('2025-06-10T12:30:00'));
    assert.equal(s.hungry_state, 'overdue');
    assert.equal(s.alert_level, 'info');
    assert.match(String(s.alert_msg), /napping and a feed is due/);
    const later = liveStatus(day, NEWBORN, at('2025-06-10T13:45:00'));
    assert.equal(later.alert_level, 'warn');
    assert.match(String(later.alert_msg), /4 h 45 min since Maya's last feed/);
  });

  test('dream_feed when asleep at night and a feed is nearly due', () => {
    const night = [milk('2025-06-09T22:00:00'), ev('sleep', '2025-06-09T22:30:00')];
    const s = liveStatus(night, NEWBORN, at('2025-06-10T00:45:00'));
    assert.equal(s.asleep, true);
    assert.equal(s.night_sleep, true);
    assert.equal(s.hungry_state, 'dream_feed');
    assert.equal(s.alert_level, 'info');
    assert.match(String(s.alert_msg), /dream feed/);
    assert.equal(liveStatus(night, NEWBORN, at('2025-06-09T23:30:00')).hungry_state, 'not_yet');
  });

  test('awake minutes and the next nap window from the last wake', () => {
    const events = [ev('sleep', '2025-06-10T07:00:00'), ev('wake', '2025-06-10T08:00:00'), milk('2025-06-10T08:05:00', 70)];
    const s = liveStatus(events, NEWBORN, at('2025-06-10T08:40:00'));
    assert.equal(s.asleep, false);
    assert.equal(s.awake_minutes, 40);
    assert.deepEqual(s.next_nap_window_at, { start: '2025-06-10T08:30:00', end: '2025-06-10T09:00:00' });
    const long = liveStatus(events, NEWBORN, at('2025-06-10T09:30:00'));
    assert.equal(long.alert_level, 'info');
    assert.match(String(long.alert_msg), /awake 1 h 30 min — longer than the usual 30 min to 1 h/);
  });

  test('poo: two a day is usual, one in a day is fewer, over 48 h is longer', () => {
    const base = [ev('nappy', '2025-06-08T09:00:00', { kind: 'wet' })];
    const two = [...base, ev('poop', '2025-06-10T06:00:00'), ev('nappy', '2025-06-10T10:00:00', { kind: 'both' })];
    const s = liveStatus(two, NEWBORN, at('2025-06-10T12:00:00'));
    assert.equal(s.poop_status, POOP_WITHIN);
    assert.equal(s.last_poop_hours_ago, 2);
    const one = [...base, ev('nappy', '2025-06-10T08:30:00', { kind: 'dirty' })];
    const s1 = liveStatus(one, NEWBORN, at('2025-06-10T12:15:00'));
    assert.equal(s1.poop_status, POOP_FEWER);
    assert.equal(s1.last_poop_hours_ago, 3.8);
    const none = [...base, ev('nappy', '2025-06-10T08:30:00', { kind: 'wet' })];
    assert.equal(liveStatus(none, NEWBORN, at('2025-06-10T12:00:00')).poop_status, POOP_LONGER);
    assert.equal(liveStatus(none, NEWBORN, at('2025-06-10T12:00:00')).last_poop_hours_ago, null);
  });

  test('daily milk guide: 150–200 ml/kg, midpoint reported', () => {
    const s = liveStatus([ev('weight', '2025-06-09T10:00:00', { kg: 4 })], NEWBORN, at('2025-06-10T12:00:00'));
    assert.equal(s.daily_milk_target_ml, 700);
    assert.deepEqual(s.daily_milk_target_range_ml, { min: 600, max: 800 });
  });
});

describe('live status: 3 months', () => {
  const day = [ev('sleep', '2025-06-09T19:30:00'), ev('wake', '2025-06-10T07:00:00'), milk('2025-06-10T07:10:00', 150)];

  test('hungry_soon before next_feed_at; long awake stretch is the nudge', () => {
    const s = liveStatus(day, THREE_MO, at('2025-06-10T10:15:00'));
    assert.equal(s.next_feed_at, '2025-06-10T10:40:00');
    assert.equal(s.hungry_state, 'hungry_soon');
    assert.equal(s.awake_minutes, 195);
    assert.match(String(s.alert_msg), /awake 3 h 15 min/);
  });

  test('overdue after next_feed_at: info, then warn an hour past due', () => {
    const s = liveStatus(day, THREE_MO, at('2025-06-10T11:00:00'));
    assert.equal(s.hungry_state, 'overdue');
    assert.equal(s.alert_level, 'info');
    assert.match(String(s.alert_msg), /It's been 3 h 50 min since Maya's last feed — a feed is due \(usually about every 3 h 30 min\)/);
    assert.equal(liveStatus(day, THREE_MO, at('2025-06-10T11:45:00')).alert_level, 'warn');
  });

  test('milk guide is capped at 960 ml', () => {
    const s = liveStatus([ev('weight', '2025-06-01T10:00:00', { kg: 6 })], THREE_MO, at('2025-06-10T12:00:00'));
    assert.equal(s.daily_milk_target_ml, 960);
  });

  test('a weight older than 60 days gives no guide', () => {
    const s = liveStatus([ev('weight', '2025-04-01T10:00:00', { kg: 5 })], THREE_MO, at('2025-06-10T12:00:00'));
    assert.equal(s.daily_milk_target_ml, null);
  });

  test('breastfed: a gap of several days after 6 weeks is within the usual range', () => {
    const events = [milk('2025-06-10T07:00:00'), ev('nappy', '2025-06-01T09:00:00', { kind: 'dirty' }),
      ev('nappy', '2025-06-05T09:00:00', { kind: 'dirty' }), ev('nappy', '2025-06-09T09:00:00', { kind: 'wet' })];
    const s = liveStatus(events, THREE_MO, at('2025-06-10T09:00:00'));
    assert.equal(s.last_poop_hours_ago, 120);
    assert.equal(s.poop_status, POOP_WITHIN);
  });

  test('formula only: more than 3 days without a poo is longer than usual', () => {
    const events = [milk('2025-06-10T07:00:00', 150), ev('nappy', '2025-06-06T08:00:00', { kind: 'dirty' })];
    assert.equal(liveStatus(events, THREE_MO, at('2025-06-10T09:00:00')).poop_status, POOP_LONGER);
  });

  test('expected bedtime from the family median once 3 nights are logged', () => {
    const events = [
      ev('sleep', '2025-06-07T19:00:00'), ev('wake', '2025-06-07T23:00:00'),
      ev('sleep', '2025-06-08T19:30:00'), ev('wake', '2025-06-09T02:00:00'),
      ev('sleep', '2025-06-09T20:00:00'), ev('wake', '2025-06-10T06:30:00'),
    ];
    const s = liveStatus(events, THREE_MO, at('2025-06-10T12:00:00'));
    assert.equal(s.expected_bedtime_at, '2025-06-10T19:30:00');
    assert.equal(s.bedtime_source, 'family');
    assert.equal(liveStatus(events.slice(2), THREE_MO, at('2025-06-10T12:00:00')).expected_bedtime_at, '2025-06-10T20:00:00');
  });
});

describe('live status: 6 months', () => {
  test("the family's own interval replaces the age band's after 6 intervals in 3 days", () => {
    const feeds = ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00', '00:00'].map((t, i) =>
      milk(`${i === 6 ? '2025-06-10' : '2025-06-09'}T${t}:00`, 180));
    const s = liveStatus(feeds, SIX_MO, at('2025-06-10T02:00:00'));
    assert.equal(s.feed_interval_source, 'family');
    assert.equal(s.feed_interval_minutes, 180);
    assert.equal(s.next_feed_at, '2025-06-10T03:00:00');
    const few = liveStatus(feeds.slice(2), SIX_MO, at('2025-06-10T02:00:00'));
    assert.equal(few.feed_interval_source, 'age_band');
    assert.equal(few.next_feed_at, '2025-06-10T04:00:00');
  });

  test('milk logs 10 minutes apart count as one feed for the interval', () => {
    const feeds = [];
    for (let h = 0; h < 24; h += 3) {
      const hh = String(h).padStart(2, '0');
      feeds.push(milk(`2025-06-09T${hh}:00:00`), milk(`2025-06-09T${hh}:10:00`));
    }
    const s = liveStatus(feeds, SIX_MO, at('2025-06-09T23:00:00'));
    assert.equal(s.feed_interval_minutes, 180);
  });

  test('vitamin D reminder after midday for a breastfed baby, until a dose is logged', () => {
    const events = [ev('wake', '2025-06-10T12:00:00'), milk('2025-06-10T12:05:00')];
    const s = liveStatus(events, SIX_MO, at('2025-06-10T13:00:00'));
    assert.equal(s.supplement_log.vitd.relevant, true);
    assert.equal(s.alert_level, 'info');
    assert.match(String(s.alert_msg), /No vitamin D logged yet today\. Guidance for Maya's age is 8\.5–10 µg a day\./);
    assert.equal(liveStatus(events, SIX_MO, at('2025-06-10T11:30:00')).alert_msg, null);
    const given = [...events, ev('supplement', '2025-06-10T12:10:00', { kind: 'vitd', ug: 10 })];
    const g = liveStatus(given, SIX_MO, at('2025-06-10T13:00:00'));
    assert.equal(g.alert_msg, null);
    assert.deepEqual(
      { given: g.supplement_log.vitd.given, ug: g.supplement_log.vitd.ug_today, guidance: g.supplement_log.vitd.guidance_ug },
      { given: true, ug: 10, guidance: 10 },
    );
  });

  test('no vitamin D reminder for a baby on more than 500 ml of formula (UK)', () => {
    const events = [milk('2025-06-09T20:00:00', 200), milk('2025-06-10T06:00:00', 200), milk('2025-06-10T10:00:00', 200),
      ev('wake', '2025-06-10T12:00:00')];
    const s = liveStatus(events, SIX_MO, at('2025-06-10T13:00:00'));
    assert.equal(s.supplement_log.vitd.relevant, false);
    assert.notEqual(s.alert_msg?.toString().includes('vitamin D'), true);
  });

  test('US, exclusively breastfed from 4 months: iron guidance is shown per kg', () => {
    const events = [milk('2025-06-10T07:00:00'), ev('weight', '2025-06-01T10:00:00', { kg: 7.5 })];
    const s = liveStatus(events, child('2024-12-05', 'us'), at('2025-06-10T09:00:00'));
    assert.equal(s.supplement_log.iron.relevant, true);
    assert.equal(s.supplement_log.iron.guidance_ug, 7500);
    assert.equal(s.supplement_log.vitd.guidance_ug, 10);
  });
});

describe('live status: 11 months', () => {
  test('night sleep past a due feed is not_yet (night feeds no longer usual) and quiet', () => {
    const events = [milk('2025-06-09T18:30:00', 200), ev('sleep', '2025-06-09T19:00:00')];
    const s = liveStatus(events, ELEVEN_MO, at('2025-06-09T23:50:00'));
    assert.equal(s.asleep, true);
    assert.equal(s.night_sleep, true);
    assert.equal(s.hungry_state, 'not_yet');
    assert.equal(s.alert_msg, null);
  });

  test('awake by day: overdue is info only (not warn) past 6 months', () => {
    const events = [ev('wake', '2025-06-10T07:00:00'), milk('2025-06-10T07:00:00', 200)];
    const s = liveStatus(events, ELEVEN_MO, at('2025-06-10T14:00:00'));
    assert.equal(s.hungry_state, 'overdue');
    assert.equal(s.alert_level, 'info');
    assert.equal(s.next_nap_window_at, null, 'the 10:00–11:00 window has closed: the long-awake alert speaks to it');
    const early = liveStatus(events, ELEVEN_MO, at('2025-06-10T09:00:00'));
    assert.deepEqual(early.next_nap_window_at, { start: '2025-06-10T10:00:00', end: '2025-06-10T11:00:00' });
  });

  test('no nap window that opens at or after bedtime, or after a night waking', () => {
    const evening = [ev('wake', '2025-06-10T17:30:00')];
    const s = liveStatus(evening, ELEVEN_MO, at('2025-06-10T17:45:00'));
    assert.equal(s.next_nap_window_at, null, `bedtime ${s.expected_bedtime_at} comes before a 20:30 nap`);
    const night = [ev('sleep', '2025-06-09T19:30:00'), ev('wake', '2025-06-10T02:00:00')];
    assert.equal(liveStatus(night, THREE_MO, at('2025-06-10T02:10:00')).next_nap_window_at, null);
  });

  test('milk guide uses 163 ml/kg from 6 to 12 months, none from 12 months', () => {
    const w = [ev('weight', '2025-06-01T10:00:00', { kg: 5 })];
    assert.equal(liveStatus(w, ELEVEN_MO, at('2025-06-10T12:00:00')).daily_milk_target_ml, 815);
    assert.equal(liveStatus(w, child('2024-05-01'), at('2025-06-10T12:00:00')).daily_milk_target_ml, null);
  });
});

describe('live status: edge cases', () => {
  test('a sleep with no wake for over 16 hours is not "asleep"; awake time is unknown', () => {
    const events = [ev('wake', '2025-06-09T07:00:00'), ev('sleep', '2025-06-09T19:00:00')];
    const s = liveStatus(events, THREE_MO, at('2025-06-10T12:00:00'));
    assert.equal(s.asleep, false);
    assert.equal(s.awake_minutes, null);
    assert.equal(s.next_nap_window_at, null);
  });

  test('events after now are ignored', () => {
    const s = liveStatus([ev('sleep', '2025-06-10T12:30:00')], THREE_MO, at('2025-06-10T12:00:00'));
    assert.equal(s.asleep, false);
  });

  test('feeds_today on the 23-hour day (last Sunday of March)', () => {
    const events = [milk('2025-03-29T23:50:00', 100), milk('2025-03-30T00:30:00', 100), milk('2025-03-30T03:00:00', 100),
      milk('2025-03-30T23:30:00', 100)];
    const s = liveStatus(events, child('2025-01-01'), at('2025-03-30T23:59:00'));
    assert.equal(s.feeds_today, 3);
    assert.equal(s.ml_today, 300);
  });

  test('feeds_today on the 25-hour day (last Sunday of October) counts both 01:30s', () => {
    const first = milk('2025-10-26T01:30:00', 90);
    const second = { ...milk('2025-10-26T01:30:00', 90), at: first.at + 3_600_000 };
    const events = [milk('2025-10-25T23:59:00', 90), first, second, milk('2025-10-26T23:30:00', 90)];
    const s = liveStatus(events, child('2025-08-01'), at('2025-10-26T23:45:00'));
    assert.equal(s.feeds_today, 3);
    assert.equal(s.ml_today, 270);
    assert.equal(s.now, '2025-10-26T23:45:00');
  });

  test('pure: the same input gives the same output and the input is not changed', () => {
    const events = [milk('2025-06-10T09:00:00', 100), ev('sleep', '2025-06-10T08:00:00')];
    const copy = structuredClone(events);
    const a = liveStatus(events, THREE_MO, at('2025-06-10T10:00:00'));
    const b = liveStatus(events, THREE_MO, at('2025-06-10T10:00:00'));
    assert.deepEqual(a, b);
    assert.deepEqual(events, copy);
  });
});

describe('live status: the same scripted day in each age band', () => {
  const cases: Array<[string, ChildProfile, number, boolean]> = [
    // [label, profile, band feed interval in minutes, dream feeds at night]
    ['newborn', NEWBORN, 180, true], ['3 months', THREE_MO, 210, true],
    ['6 months', SIX_MO, 240, true], ['11 months', ELEVEN_MO, 300, false],
  ];
  const plus = (ts: string, minutes: number) => localToInstant(ts, Z) + minutes * 60_000;
  for (const [label, profile, interval, dream] of cases) {
    test(`${label}: awake → hungry_soon → overdue by day; asleep at night`, () => {
      const day = [ev('wake', '2025-06-10T11:50:00'), milk('2025-06-10T12:00:00', 120)];
      const states = [-40, -20, 10].map((m) => liveStatus(day, profile, plus('2025-06-10T12:00:00', interval + m)));
      assert.deepEqual(states.map((s) => s.hungry_state), ['not_yet', 'hungry_soon', 'overdue']);
      assert.equal(states[0]!.next_feed_at, instantToLocalZ(plus('2025-06-10T12:00:00', interval)));
      assert.ok(states.every((s) => !s.asleep && s.awake_minutes !== null));

      const nap = [...day, ev('sleep', '2025-06-10T12:30:00')];
      const napping = liveStatus(nap, profile, plus('2025-06-10T12:00:00', 60));
      assert.deepEqual([napping.asleep, napping.night_sleep, napping.awake_minutes], [true, false, null]);

      const night = [milk('2025-06-09T21:00:00', 120), ev('sleep', '2025-06-09T21:15:00')];
      const s = liveStatus(night, profile, plus('2025-06-09T21:00:00', interval - 10));
      assert.deepEqual([s.asleep, s.night_sleep], [true, true]);
      assert.equal(s.hungry_state, dream ? 'dream_feed' : 'not_yet');
    });
  }
});

function instantToLocalZ(ms: number): string {
  return instantToLocal(ms, Z);
}
