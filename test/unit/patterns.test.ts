import { test, describe } from 'node:test';
import { makeEvent } from '../helpers/events.ts';
import assert from 'node:assert/strict';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { addDays, localToInstant } from '../../src/domain/time.ts';
import {
  PATTERNS_DAYS, PATTERNS_WINDOW_DAYS, patterns, patternsWindowStart, type DailyTotals,
} from '../../src/domain/patterns.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const at = (ts: string) => localToInstant(ts, Z);
const PROFILE: ChildProfile = { baby_name: 'Maya', dob: '2025-03-05', gender: '', timezone: Z, region: 'uk', units: 'metric' };
const dayOf = (days: DailyTotals[], date: string) => days.find((d) => d.date === date)!;

describe('patterns: window and empty log', () => {
  test('14 days oldest first, all zero, nulls in the summary, empty today', () => {
    const r = patterns([], PROFILE, at('2025-06-10T12:00:00'));
    assert.equal(r.daily_totals.length, PATTERNS_DAYS);
    assert.equal(r.daily_totals[0]!.date, '2025-05-28');
    assert.equal(r.daily_totals[13]!.date, '2025-06-10');
    for (const d of r.daily_totals) {
      assert.equal(d.milk_ml + d.feeds + d.sleep_minutes + d.naps + d.nappies, 0);
      assert.equal(d.day_hours, 24);
    }
    assert.deepEqual(r.today, []);
    const p = r.patterns;
    assert.equal(p.typical_feed_interval_minutes, null);
    assert.equal(p.typical_bedtime, null);
    assert.equal(p.typical_wake_time, null);
    assert.equal(p.longest_sleep, null);
    assert.equal(p.average_daily_milk_ml, null);
    assert.equal(p.average_daily_sleep_minutes, null);
    assert.deepEqual(p.trend, { milk: null, feeds: null, sleep: null });
    assert.equal(p.days_logged, 0);
  });

  test('the caller loads one extra day', () => {
    assert.equal(PATTERNS_WINDOW_DAYS, 15);
    assert.equal(patternsWindowStart(at('2025-06-10T12:00:00'), Z), at('2025-05-27T00:00:00'));
  });
});

describe('patterns: counting a day', () => {
  test('feeds, nappies, solids and supplements land on their local day', () => {
    const events = [
      ev('milk', '2025-06-09T23:59:00', { ml: 120 }),
      ev('milk', '2025-06-10T06:00:00', { ml: 150 }), ev('milk', '2025-06-10T09:00:00', { ml: 0 }),
      ev('nappy', '2025-06-10T06:10:00', { kind: 'wet' }), ev('nappy', '2025-06-10T08:00:00', { kind: 'both' }),
      ev('nappy', '2025-06-10T09:30:00', { kind: 'dirty' }), ev('poop', '2025-06-10T10:00:00'),
      ev('nappy', '2025-06-10T10:30:00', { kind: 'dry' }),
      ev('solid', '2025-06-10T11:00:00', { foods: ['banana'], meal_type: 'snack' }),
      ev('supplement', '2025-06-10T08:00:00', { kind: 'vitd', ug: 10 }),
    ];
    const r = patterns(events, PROFILE, at('2025-06-10T12:00:00'));
    const d = dayOf(r.daily_totals, '2025-06-10');
    assert.deepEqual(
      [d.milk_ml, d.feeds, d.bottle_feeds, d.breastfeeds, d.nappies, d.nappies_wet, d.nappies_dirty, d.solids, d.supplements, d.vitd_ug],
      [150, 2, 1, 1, 4, 2, 3, 1, 1, 10],
    );
    assert.equal(dayOf(r.daily_totals, '2025-06-09').milk_ml, 120);
  });

  test('today: today\'s events oldest first, without the internal instant', () => {
    const a = ev('milk', '2025-06-10T09:00:00', { ml: 100 });
    const b = ev('nappy', '2025-06-10T07:00:00', { kind: 'wet' });
    const old = ev('milk', '2025-06-09T20:00:00', { ml: 100 });
    const r = patterns([a, old, b], PROFILE, at('2025-06-10T12:00:00'));
    assert.deepEqual(r.today.map((e) => e.id), [b.id, a.id]);
    assert.ok(!('at' in r.today[0]!));
    assert.equal(r.today[0]!.ts, '2025-06-10T07:00:00');
  });

  test('naps are sleeps that begin between 06:00 and 19:00', () => {
    const events = [
      ev('sleep', '2025-06-09T09:00:00'), ev('wake', '2025-06-09T10:00:00'),
      ev('sleep', '2025-06-09T13:00:00'), ev('wake', '2025-06-09T14:30:00'),
      ev('sleep', '2025-06-09T19:30:00'), ev('wake', '2025-06-09T22:00:00'),
    ];
    const d = dayOf(patterns(events, PROFILE, at('2025-06-10T12:00:00')).daily_totals, '2025-06-09');
    assert.equal(d.naps, 2);
    assert.equal(d.sleep_minutes_day, 150);
    assert.equal(d.sleep_minutes_night, 150);
    assert.equal(d.sleep_minutes, 300);
  });
});

describe('patterns: sleep across midnight and clock changes', () => {
  test('a sleep spanning midnight is split at local midnight', () => {
    const events = [ev('sleep', '2025-06-08T23:00:00'), ev('wake', '2025-06-09T01:30:00')];
    const r = patterns(events, PROFILE, at('2025-06-10T12:00:00'));
    assert.equal(dayOf(r.daily_totals, '2025-06-08').sleep_minutes_night, 60);
    assert.equal(dayOf(r.daily_totals, '2025-06-09').sleep_minutes_night, 90);
    assert.equal(dayOf(r.daily_totals, '2025-06-09').naps, 0);
  });

  test('a night sleep into the morning is split into night (to 06:00) and day', () => {
    const events = [ev('sleep', '2025-06-08T20:00:00'), ev('wake', '2025-06-09T07:15:00')];
    const r = patterns(events, PROFILE, at('2025-06-10T12:00:00'));
    const d = dayOf(r.daily_totals, '2025-06-09');
    assert.deepEqual([d.sleep_minutes_night, d.sleep_minutes_day], [360, 75]);
    assert.equal(dayOf(r.daily_totals, '2025-06-08').sleep_minutes, 240);
  });

  test('a sleep begun the day before the first reported day still counts its morning part', () => {
    const events = [ev('sleep', '2025-05-27T21:00:00'), ev('wake', '2025-05-28T06:30:00')];
    const r = patterns(events, PROFILE, at('2025-06-10T12:00:00'));
    assert.equal(r.daily_totals[0]!.date, '2025-05-28');
    assert.equal(r.daily_totals[0]!.sleep_minutes, 390);
    assert.equal(r.patterns.longest_sleep?.minutes, 570);
  });

  test('23-hour day (spring forward): a 22:00–07:00 sleep is 8 real hours', () => {
    const events = [
      ev('sleep', '2025-03-29T22:00:00'), ev('wake', '2025-03-30T07:00:00'),
      ev('milk', '2025-03-30T00:30:00', { ml: 100 }), ev('milk', '2025-03-30T03:00:00', { ml: 100 }),
      ev('milk', '2025-03-30T23:30:00', { ml: 100 }),
    ];
    const r = patterns(events, { ...PROFILE, dob: '2025-01-01' }, at('2025-03-30T23:45:00'));
    const sat = dayOf(r.daily_totals, '2025-03-29');
    const sun = dayOf(r.daily_totals, '2025-03-30');
    assert.equal(sun.day_hours, 23);
    assert.equal(sat.day_hours, 24);
    assert.equal(sat.sleep_minutes, 120);
    assert.deepEqual([sun.sleep_minutes, sun.sleep_minutes_night, sun.sleep_minutes_day], [360, 300, 60]);
    assert.equal(sun.feeds, 3);
    assert.equal(sun.milk_ml, 300);
    assert.equal(r.patterns.longest_sleep?.minutes, 480);
  });

  test('25-hour day (fall back): a 22:00–07:00 sleep is 10 real hours', () => {
    const first = ev('milk', '2025-10-26T01:30:00', { ml: 90 });
    const second = { ...ev('milk', '2025-10-26T01:30:00', { ml: 90 }), at: first.at + 3_600_000 };
    const events = [ev('sleep', '2025-10-25T22:00:00'), ev('wake', '2025-10-26T07:00:00'), first, second];
    const r = patterns(events, { ...PROFILE, dob: '2025-08-01' }, at('2025-10-26T20:00:00'));
    const sun = dayOf(r.daily_totals, '2025-10-26');
    assert.equal(sun.day_hours, 25);
    assert.deepEqual([sun.sleep_minutes, sun.sleep_minutes_night, sun.sleep_minutes_day], [480, 420, 60]);
    assert.equal(dayOf(r.daily_totals, '2025-10-25').sleep_minutes, 120);
    assert.equal(sun.feeds, 2);
    assert.equal(r.today.length, 3); // the 22:00 sleep belongs to Saturday
  });

  test('an open sleep counts up to now', () => {
    const r = patterns([ev('sleep', '2025-06-10T10:00:00')], PROFILE, at('2025-06-10T11:30:00'));
    assert.equal(dayOf(r.daily_totals, '2025-06-10').sleep_minutes, 90);
    assert.equal(r.patterns.longest_sleep?.ongoing, true);
  });
});

/** Two weeks of a regular routine; milk per feed can change between the two weeks. */
function fortnight(mlFirstWeek: number, mlSecondWeek: number): TimedEvent[] {
  const out: TimedEvent[] = [];
  const bed = ['19:00', '19:30', '20:00'];
  const wake = ['06:30', '07:00', '07:30'];
  for (let i = 0; i < 14; i++) {
    const date = addDays('2025-05-27', i);
    const next = addDays(date, 1);
    const ml = i < 8 ? mlFirstWeek : mlSecondWeek; // day 0 is the extra loaded day
    for (const t of ['07:00', '10:00', '13:00', '16:00', '19:00']) out.push(ev('milk', `${date}T${t}:00`, { ml }));
    out.push(ev('sleep', `${date}T13:30:00`), ev('wake', `${date}T15:00:00`));
    out.push(ev('sleep', `${date}T${bed[i % 3]}:00`), ev('wake', `${next}T${wake[i % 3]}:00`));
  }
  return out;
}

describe('patterns: typical rhythm and trend', () => {
  test('feed interval, bedtime and wake time are medians', () => {
    const r = patterns(fortnight(150, 150), PROFILE, at('2025-06-10T12:00:00'));
    const p = r.patterns;
    assert.equal(p.typical_feed_interval_minutes, 180);
    assert.equal(p.typical_bedtime, '19:30');
    assert.equal(p.typical_wake_time, '07:00');
    assert.equal(p.longest_sleep?.minutes, 690); // 11 h 30 min each night
    assert.equal(p.average_daily_milk_ml, 750);
    assert.equal(p.average_daily_feeds, 5);
    assert.equal(p.average_daily_naps, 1);
    assert.deepEqual(p.trend, { milk: 'steady', feeds: 'steady', sleep: 'steady' });
    assert.equal(p.days_logged, 13);
    assert.equal(p.age_band, '3mo');
  });

  test('milk going up between the two weeks reads as up, down as down', () => {
    assert.equal(patterns(fortnight(120, 160), PROFILE, at('2025-06-10T12:00:00')).patterns.trend.milk, 'up');
    assert.equal(patterns(fortnight(160, 120), PROFILE, at('2025-06-10T12:00:00')).patterns.trend.milk, 'down');
  });

  test('a bedtime after midnight keeps its median sensible', () => {
    const events = [
      ev('sleep', '2025-06-06T23:30:00'), ev('wake', '2025-06-07T07:00:00'),
      ev('sleep', '2025-06-08T00:30:00'), ev('wake', '2025-06-08T07:00:00'),
      ev('sleep', '2025-06-09T00:00:00'), ev('wake', '2025-06-09T07:00:00'),
    ];
    assert.equal(patterns(events, PROFILE, at('2025-06-10T12:00:00')).patterns.typical_bedtime, '00:00');
  });
});
