import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import {
  addDays, ageAt, dayBounds, instantToLocal, localDateOf, localHour, TimeError,
} from '../../src/domain/time.ts';
import { addDaysFast, ageAtFast, ZoneClock, zoneClock } from '../../src/domain/zone-clock.ts';

/** The slow path: Temporal for every instant. */
function temporalParts(at: number, zone: string) {
  const z = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  return { date: z.toPlainDate().toString(), minutes: z.hour * 60 + z.minute };
}

/** Every ~minute (61 s, so the seconds vary) from 3 h before the day to 3 h after it. */
function checkDay(zone: string, date: string, expectHours: number, clock: ZoneClock = zoneClock(zone)) {
  const [start, end] = dayBounds(date, zone);
  assert.equal((end - start) / 3_600_000, expectHours, `${zone} ${date} length`);
  assert.deepEqual(clock.dayBounds(date), [start, end]);
  assert.equal(clock.dayStart(date), start);
  for (let t = start - 3 * 3_600_000; t < end + 3 * 3_600_000; t += 61_000) {
    const msg = `${zone} at ${new Date(t).toISOString()}`;
    assert.equal(clock.localDate(t), localDateOf(t, zone), msg);
    assert.equal(clock.localHour(t), localHour(t, zone), msg);
    assert.equal(clock.localTs(t), instantToLocal(t, zone), msg);
    assert.deepEqual(clock.localParts(t), temporalParts(t, zone), msg);
    assert.equal(clock.minuteOfDay(t), temporalParts(t, zone).minutes, msg);
  }
}

/** Each instant a millisecond either side of every transition in [from, to). */
function checkTransitions(zone: string, from: string, to: string): number {
  const clock = new ZoneClock(zone);
  let zdt = Temporal.PlainDate.from(from).toZonedDateTime({ timeZone: zone });
  const stop = dayBounds(to, zone)[0];
  let seen = 0;
  for (;;) {
    const next = zdt.getTimeZoneTransition('next');
    if (next === null || next.epochMilliseconds >= stop) break;
    seen += 1;
    for (const d of [-60_001, -1000, -1, 0, 1, 999, 1000, 60_000]) {
      const t: number = next.epochMilliseconds + d;
      assert.equal(clock.localTs(t), instantToLocal(t, zone), `${zone} ${next.toString()} ${d}`);
      assert.equal(clock.localHour(t), localHour(t, zone));
    }
    zdt = next;
  }
  return seen;
}

describe('zone clock', () => {
  test('Europe/London: spring forward (23 h) and fall back (25 h)', () => {
    checkDay('Europe/London', '2025-03-30', 23);
    checkDay('Europe/London', '2025-10-26', 25);
    checkDay('Europe/London', '2025-06-10', 24);
    checkDay('Europe/London', '2026-03-29', 23);
  });

  test('America/New_York: spring forward and fall back', () => {
    checkDay('America/New_York', '2025-03-09', 23);
    checkDay('America/New_York', '2025-11-02', 25);
    checkDay('America/New_York', '2025-12-31', 24);
  });

  test('Australia/Lord_Howe: 30-minute clock changes', () => {
    checkDay('Australia/Lord_Howe', '2025-04-06', 24.5);
    checkDay('Australia/Lord_Howe', '2025-10-05', 23.5);
    checkDay('Australia/Lord_Howe', '2025-07-01', 24);
  });

  test('Asia/Kolkata: no clock changes, a half-hour offset', () => {
    checkDay('Asia/Kolkata', '2025-03-30', 24);
    checkDay('Asia/Kolkata', '2025-10-26', 24);
    assert.equal(checkTransitions('Asia/Kolkata', '2024-01-01', '2026-01-01'), 0);
  });

  test('America/Santiago: local midnight skipped by the clock change', () => {
    checkDay('America/Santiago', '2025-09-07', 23);
    checkDay('America/Santiago', '2025-04-05', 25);
  });

  test('a millisecond either side of every transition over several years', () => {
    assert.equal(checkTransitions('Europe/London', '2022-01-01', '2027-01-01'), 10);
    assert.equal(checkTransitions('America/New_York', '2022-01-01', '2027-01-01'), 10);
    assert.equal(checkTransitions('Australia/Lord_Howe', '2022-01-01', '2027-01-01'), 10);
    assert.equal(checkTransitions('America/Sao_Paulo', '2017-01-01', '2020-01-01'), 5);
  });

  test('a fresh clock reads days in any order (blocks built on demand)', () => {
    const fresh = new ZoneClock('Europe/London');
    checkDay('Europe/London', '2025-10-26', 25, fresh);
    checkDay('Europe/London', '2025-03-30', 23, fresh);
    checkDay('Europe/London', '2024-10-27', 25, fresh);
  });

  test('anything outside the fast path behaves like the Temporal helpers', () => {
    const c = zoneClock('Europe/London');
    const far = Date.UTC(2500, 5, 1, 12, 30);
    assert.equal(c.localTs(far), instantToLocal(far, 'Europe/London'));
    assert.equal(c.localDate(-5e12), localDateOf(-5e12, 'Europe/London'));
    assert.throws(() => c.localDate(Number.NaN), RangeError);
    assert.throws(() => c.localDate(1.5), (e) => { try { localDateOf(1.5, 'Europe/London'); } catch (x) { return (x as Error).constructor === (e as Error).constructor; } return false; });
    assert.throws(() => c.dayBounds('2025-02-30'), TimeError);
    assert.throws(() => new ZoneClock('Not/A_Zone').localDate(Date.UTC(2025, 0, 1)), RangeError);
  });

  test('localAt matches Temporal (compatible) for every wall minute of clock-change days', () => {
    const temporalAt = (date: string, minutes: number, zone: string) => {
      const days = Math.floor(minutes / 1440);
      const rest = minutes - days * 1440;
      return Temporal.PlainDate.from(date).add({ days }).toPlainDateTime({ hour: Math.floor(rest / 60), minute: rest % 60 })
        .toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
    };
    const days: Array<[string, string]> = [
      ['Europe/London', '2025-03-30'], ['Europe/London', '2025-10-26'], ['America/New_York', '2025-03-09'],
      ['America/New_York', '2025-11-02'], ['Australia/Lord_Howe', '2025-04-06'], ['Australia/Lord_Howe', '2025-10-05'],
      ['Asia/Kolkata', '2025-03-30'], ['America/Santiago', '2025-09-07'], ['America/Santiago', '2025-04-05'],
    ];
    for (const [zone, date] of days) {
      const clock = new ZoneClock(zone);
      for (let m = -1440; m < 2 * 1440; m += m >= -60 && m < 1500 ? 1 : 37) {
        assert.equal(clock.localAt(date, m), temporalAt(date, m, zone), `${zone} ${date} + ${m} min`);
      }
    }
    assert.throws(() => zoneClock('Europe/London').localAt('2025-02-30', 60), TimeError);
    assert.equal(zoneClock('Europe/London').localAt('2025-06-10', 90.5), temporalAt('2025-06-10', 90.5, 'Europe/London'));
  });

  test('addDaysFast and ageAtFast match addDays and ageAt', () => {
    for (const d of ['2024-02-28', '2024-02-29', '2025-12-31', '1999-12-31', '2100-02-28', '1000-01-01', '9999-12-31']) {
      for (const n of [-400, -366, -31, -1, 0, 1, 2, 29, 365, 366, 1000]) {
        let want: string | Error;
        try { want = addDays(d, n); } catch (e) { want = e as Error; }
        if (typeof want === 'string') assert.equal(addDaysFast(d, n), want, `${d} + ${n}`);
        else assert.throws(() => addDaysFast(d, n));
      }
      assert.deepEqual(ageAtFast('2023-11-30', d), ageAt('2023-11-30', d));
      assert.deepEqual(ageAtFast(d, '2025-06-10'), ageAt(d, '2025-06-10'));
    }
    assert.throws(() => addDaysFast('2025-02-30', 1), TimeError);
    assert.throws(() => addDaysFast('2025-2-3', 1), TimeError);
    assert.throws(() => ageAtFast('2025-13-01', '2025-06-10'), TimeError);
  });
});
