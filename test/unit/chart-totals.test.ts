// The totals the Insights charts draw, checked against totals worked out by hand for a fixture
// week that crosses the October clock change in London: milk volume counts bottles only
// (breastfeeds are a count and minutes, never 0 ml), and sleep is split at local midnight
// into the days it covers (issue 12).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { localToInstant } from '../../src/domain/time.ts';
import { patterns } from '../../src/domain/patterns.ts';
import { chartSeries } from '../../web/src/lib/chart-totals.ts';

const Z = 'Europe/London';
const ev = (type: EventType, ts: string, extra: Partial<TimedEvent> = {}): TimedEvent => makeEvent(Z, type, ts, extra);
const ADA: ChildProfile = { baby_name: 'Ada', dob: '2026-08-01', gender: 'girl', timezone: Z, region: 'uk', units: 'metric' };

// 2026-10-25 is the 25-hour day (clocks go back at 02:00 BST → 01:00 GMT).
const week: TimedEvent[] = [
  // Fri 23rd: two bottles, one breastfeed (side, 15 min), a nap 13:00–14:30, bed 19:00.
  ev('milk', '2026-10-23T07:00:00', { ml: 120 }),
  ev('milk', '2026-10-23T10:00:00', { ml: 0, side: 'left', duration_min: 15 }),
  ev('milk', '2026-10-23T13:00:00', { ml: 150 }),
  ev('sleep', '2026-10-23T13:00:00'), ev('wake', '2026-10-23T14:30:00'),
  ev('sleep', '2026-10-23T19:00:00'),
  // Sat 24th: woke 06:00 (night sleep 19:00 → 06:00 = 5 h on Fri, 6 h on Sat); a timer feed
  // with expressed milk (side both, 20 min, 30 ml): a breastfeed, not a bottle.
  ev('wake', '2026-10-24T06:00:00'),
  ev('milk', '2026-10-24T06:10:00', { ml: 30, side: 'both', duration_min: 20 }),
  ev('milk', '2026-10-24T12:00:00', { ml: 180 }),
  ev('sleep', '2026-10-24T22:00:00'),
  // Sun 25th (25 hours): woke 06:00 GMT: 22:00 BST → 06:00 GMT is 9 hours, 2 on Sat, 7 on Sun.
  ev('wake', '2026-10-25T06:00:00'),
  ev('milk', '2026-10-25T08:00:00', { ml: 0, side: 'right', duration_min: 12 }),
  ev('milk', '2026-10-25T09:00:00', { ml: 0 }),
];

describe('chart totals for a fixture week across the October clock change', () => {
  const now = localToInstant('2026-10-25T12:00:00', Z);
  const days = patterns(week, ADA, now).daily_totals;
  const byDate = Object.fromEntries(days.map((d) => [d.date, d]));

  test('milk: bottles only in ml; breastfeeds as count and minutes', () => {
    assert.deepEqual(
      ['2026-10-23', '2026-10-24', '2026-10-25'].map((d) => [byDate[d]!.bottle_ml, byDate[d]!.breastfeeds, byDate[d]!.breastfeed_minutes]),
      [[270, 1, 15], [180, 1, 20], [0, 2, 12]],
    );
    const series = chartSeries(days);
    const i = days.findIndex((d) => d.date === '2026-10-25');
    assert.equal(series.bottleMl[i], null, 'a day with only breastfeeds is no bar of 0 ml');
    assert.equal(series.breastfeeds[i], 2);
    assert.equal(series.breastfeedMinutes[i], 12);
    assert.equal(series.bottleMl[i - 1], 180);
  });

  test('sleep: split at local midnight, night and day, on the 25-hour day too', () => {
    // Fri: nap 90 min (day) + 19:00–24:00 = 300 min (night). Sat: 00:00–06:00 = 360 night,
    // then 22:00–24:00 = 120 night. Sun: 00:00 BST → 06:00 GMT = 7 hours = 420 night.
    assert.deepEqual(
      ['2026-10-23', '2026-10-24', '2026-10-25'].map((d) => [byDate[d]!.sleep_minutes_day, byDate[d]!.sleep_minutes_night, byDate[d]!.day_hours]),
      [[90, 300, 24], [0, 480, 24], [0, 420, 25]],
    );
    const series = chartSeries(days);
    const i = days.findIndex((d) => d.date === '2026-10-24');
    assert.equal(series.sleepDayH[i], 0);
    assert.equal(series.sleepTotalH[i], 8, 'the stacked bar reaches day + night');
    assert.equal(series.sleepTotalH[i + 1], 7);
    assert.equal(series.sleepDayH[i - 1], 1.5);
    assert.equal(series.sleepTotalH[i - 1], 6.5);
  });
});
