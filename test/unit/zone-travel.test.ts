// Rules of travel and time-zone moves (issue 27): where the baby is now (zone-now.ts), the
// rhythm on each event's own clock (sleep-spans.ts: bedtimes, morning wakes, nap or night, the
// day/night split), patterns' naps and sleep minutes, live status in the zone the baby is in.
// Events are built as the services build them: `ts` in the family's zone, `zone` and `own_ts`
// where they were logged. June 2025: London on BST (UTC+1), Los Angeles on PDT (UTC−7), Tokyo
// UTC+9.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeEvent } from '../helpers/events.ts';
import type { ChildProfile, EventType, TimedEvent } from '../../src/domain/types.ts';
import { instantToLocal, localToInstant } from '../../src/domain/time.ts';
import { HERE_LOOKBACK_HOURS, ownZone, zoneNow } from '../../src/domain/zone-now.ts';
import {
  bedtimeMinutes, buildSleepSpans, dayGrid, morningWakeMinutes, splitSpanOnGrid, startsAtNight,
} from '../../src/domain/sleep-spans.ts';
import { liveStatus, nextNapWindow } from '../../src/domain/live.ts';
import { patterns } from '../../src/domain/patterns.ts';
import { sleepSpans } from '../../src/domain/answerer/facts.ts';

const HOME = 'Europe/London';
const LA = 'America/Los_Angeles';
const TOKYO = 'Asia/Tokyo';

/** An event at wall-clock `own` in `zone`, as the family in HOME sees it (the services' shape). */
function logged(zone: string, type: EventType, own: string, extra: Partial<TimedEvent> = {}): TimedEvent {
  const at = localToInstant(own, zone);
  return makeEvent(HOME, type, instantToLocal(at, HOME), { zone, own_ts: own, ...extra });
}

function profile(extra: Partial<ChildProfile> = {}): ChildProfile {
  // About 6 months on 2025-06-10: the 5–6 month band (wake windows 2–3 h, fallback bedtime 19:30).
  return { baby_name: 'Noor', dob: '2024-12-05', gender: '', timezone: HOME, region: 'uk', units: 'metric', ...extra };
}

/** A week abroad in `zone`: up at 07:00, naps 09:30–10:30 and 13:30–15:00, bed at 19:00, for days 1..n of June 2025. */
function week(zone: string, days: number): TimedEvent[] {
  const out: TimedEvent[] = [];
  for (let i = 1; i <= days; i++) {
    const date = `2025-06-${String(i).padStart(2, '0')}`;
    out.push(
      logged(zone, 'wake', `${date}T07:00:00`),
      logged(zone, 'milk', `${date}T07:15:00`, { ml: 180 }),
      logged(zone, 'sleep', `${date}T09:30:00`),
      logged(zone, 'wake', `${date}T10:30:00`),
      logged(zone, 'sleep', `${date}T13:30:00`),
      logged(zone, 'wake', `${date}T15:00:00`),
      logged(zone, 'sleep', `${date}T19:00:00`),
    );
  }
  return out.sort((a, b) => a.at - b.at);
}

describe('where the baby is now (zoneNow)', () => {
  const now = localToInstant('2025-06-10T12:00:00', HOME);
  const milkAt = (zone: string, hoursAgo: number) => {
    const at = now - hoursAgo * 3_600_000;
    return makeEvent(HOME, 'milk', instantToLocal(at, HOME), { zone, own_ts: instantToLocal(at, zone) });
  };
  const rows: Array<{ why: string; events: TimedEvent[]; p?: Partial<ChildProfile>; zone: string }> = [
    { why: 'nothing logged: the family’s zone', events: [], zone: HOME },
    { why: 'the most recent log was made in Los Angeles an hour ago', events: [milkAt(HOME, 30), milkAt(LA, 1)], zone: LA },
    { why: 'the most recent log was made at home, after some abroad', events: [milkAt(LA, 30), milkAt(HOME, 1)], zone: HOME },
    { why: `a log abroad ${HERE_LOOKBACK_HOURS} hours ago still counts`, events: [milkAt(LA, HERE_LOOKBACK_HOURS)], zone: LA },
    { why: `a log abroad more than ${HERE_LOOKBACK_HOURS} hours ago does not`, events: [milkAt(LA, HERE_LOOKBACK_HOURS + 0.5)], zone: HOME },
    { why: 'a log after now does not count', events: [milkAt(HOME, 2), milkAt(LA, -1)], zone: HOME },
    {
      why: 'a log made before the family set its zone does not place the baby (a family that has just moved)',
      events: [milkAt(LA, 3)], p: { zone_set_at: now - 2 * 3_600_000 }, zone: HOME,
    },
    { why: 'a log made after the family set its zone does', events: [milkAt(LA, 1)], p: { zone_set_at: now - 2 * 3_600_000 }, zone: LA },
    { why: 'unit-test events without a zone are the family’s', events: [makeEvent(HOME, 'milk', '2025-06-10T11:00:00')], zone: HOME },
  ];
  for (const r of rows) {
    test(r.why, () => assert.equal(zoneNow(r.events, profile(r.p), now), r.zone));
  }
  test('ownZone: the event’s zone, else the family’s', () => {
    assert.equal(ownZone({ zone: LA }, HOME), LA);
    assert.equal(ownZone({}, HOME), HOME);
  });
});

describe('the rhythm on the baby’s own clock', () => {
  const rows = [
    { away: LA, why: 'Los Angeles: the 19:00 bedtime is 03:00 at home, outside any home bedtime' },
    { away: TOKYO, why: 'Tokyo: the 19:00 bedtime is 11:00 at home, in the home day' },
  ];
  for (const r of rows) {
    test(`bedtimes and morning wakes are read where they happened — ${r.why}`, () => {
      const events = week(r.away, 7);
      const now = localToInstant('2025-06-08T08:00:00', r.away);
      const spans = buildSleepSpans(events.filter((e) => e.at <= now), now);
      assert.deepEqual(bedtimeMinutes(spans, HOME), Array(7).fill(19 * 60));
      assert.deepEqual(morningWakeMinutes(spans, HOME), Array(6).fill(7 * 60));
      const nights = spans.filter((s) => s.end - s.start === 12 * 3_600_000);
      assert.equal(nights.length, 6);
      for (const s of nights) assert.equal(startsAtNight(s, HOME), true, 'a night abroad is a night');
      for (const s of spans.filter((x) => x.end - x.start < 3 * 3_600_000)) assert.equal(startsAtNight(s, HOME), false, 'a nap abroad is a nap');
    });
  }

  test('a night abroad split at the family’s midnights, day and night on its own clock', () => {
    const sleep = logged(TOKYO, 'sleep', '2025-06-01T19:00:00');
    const wake = logged(TOKYO, 'wake', '2025-06-02T07:00:00');
    const [span] = buildSleepSpans([sleep, wake], wake.at);
    const grid = dayGrid('2025-05-31', '2025-06-02', HOME);
    // 19:00–07:00 Tokyo is 11:00–23:00 London on 1 June: one home day, 11 hours of night and
    // the last hour (06:00–07:00 Tokyo) day time.
    assert.deepEqual(splitSpanOnGrid(grid, span!, span!.start, span!.end, HOME), [{ date: '2025-06-01', dayMs: 3_600_000, nightMs: 11 * 3_600_000 }]);
    // The same stretch logged at home would be mostly day time there.
    const homeSpan = { ...span!, zone: undefined };
    const home = splitSpanOnGrid(grid, homeSpan, span!.start, span!.end, HOME);
    assert.deepEqual(home, [{ date: '2025-06-01', dayMs: 8 * 3_600_000, nightMs: 4 * 3_600_000 }]);
  });

  test('the answerer’s sleeps: a Tokyo night is night sleep, a Tokyo nap a nap', () => {
    const events = week(TOKYO, 2);
    const spans = sleepSpans(events, localToInstant('2025-06-02T08:00:00', TOKYO), HOME);
    assert.deepEqual(spans.map((s) => s.night), [false, false, true]);
  });
});

describe('patterns abroad', () => {
  test('naps counted on the family’s dates, nights never naps; bedtime and wake on the baby’s clock', () => {
    const now = localToInstant('2025-06-08T08:00:00', TOKYO);
    const p = patterns(week(TOKYO, 8), profile(), now);
    assert.equal(p.patterns.typical_bedtime, '19:00');
    assert.equal(p.patterns.typical_wake_time, '07:00');
    // Tokyo naps at 09:30 and 13:30 are 01:30 and 05:30 in London (BST), the same date: home
    // night, Tokyo day. The Tokyo nights begin at 11:00 in London: home day, Tokyo night.
    const naps = new Map(p.daily_totals.map((d) => [d.date, d.naps]));
    for (let i = 1; i <= 7; i++) assert.equal(naps.get(`2025-06-0${i}`), 2, `1 June + ${i - 1}`);
    assert.equal(p.daily_totals.reduce((s, d) => s + d.naps, 0), 14);
    const day = p.daily_totals.reduce((s, d) => s + d.sleep_minutes_day, 0);
    const night = p.daily_totals.reduce((s, d) => s + d.sleep_minutes_night, 0);
    assert.equal(day, 7 * 150 + 7 * 60);
    assert.equal(night, 7 * 660);
  });
});

describe('live status abroad', () => {
  const events = week(LA, 7);
  test('in the zone of the recent logs: now, today, bedtime 19:00 there, the nap window from the 07:00 wake', () => {
    const now = localToInstant('2025-06-07T08:00:00', LA);
    const s = liveStatus(events, profile(), now);
    assert.equal(s.timezone, LA);
    assert.equal(s.now, '2025-06-07T08:00:00');
    assert.equal(s.expected_bedtime_at, '2025-06-07T19:00:00');
    assert.equal(s.bedtime_source, 'family');
    assert.deepEqual(s.next_nap_window_at, { start: '2025-06-07T09:00:00', end: '2025-06-07T10:00:00' });
    assert.equal(s.feeds_today, 1);
    assert.equal(s.next_feed_at?.slice(0, 10), '2025-06-07');
  });

  test('asleep at night there: night sleep, asleep_since in its zone', () => {
    const now = localToInstant('2025-06-07T21:00:00', LA);
    const s = liveStatus(events, profile(), now);
    assert.equal(s.asleep, true);
    assert.equal(s.night_sleep, true);
    assert.equal(s.asleep_since, '2025-06-07T19:00:00');
    assert.equal(s.check, null);
  });

  test('a family that set its zone after the last log abroad: live in the family’s zone, with the bedtime learned there', () => {
    const now = localToInstant('2025-06-07T08:00:00', LA);
    const s = liveStatus(events, profile({ zone_set_at: now - 60_000 }), now);
    assert.equal(s.timezone, HOME);
    assert.equal(s.now, instantToLocal(now, HOME));
    assert.equal(s.expected_bedtime_at, '2025-06-07T19:00:00');
  });

  test('nextNapWindow reads the wake on its own clock: 07:00 in Tokyo is a morning, not 23:00 at home', () => {
    const wake = localToInstant('2025-06-07T07:00:00', TOKYO);
    const now = wake + 30 * 60_000;
    const bedtime = wake + 12 * 3_600_000;
    assert.equal(nextNapWindow(wake, { min: 120, max: 180 }, now, bedtime, HOME), null, 'read at home: a night wake');
    assert.deepEqual(nextNapWindow(wake, { min: 120, max: 180 }, now, bedtime, TOKYO), { start: wake + 120 * 60_000, end: wake + 180 * 60_000 });
  });

  test('at home, nothing changes: events without a zone, live in the family’s zone', () => {
    const home = week(HOME, 4).map(({ zone: _z, own_ts: _o, ...e }) => e as TimedEvent);
    const s = liveStatus(home, profile(), localToInstant('2025-06-04T08:00:00', HOME));
    assert.equal(s.timezone, HOME);
    assert.equal(s.expected_bedtime_at, '2025-06-04T19:00:00');
  });
});
