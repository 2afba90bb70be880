import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { AGE_BANDS, bandFor, bandForMonths, hhmmToMinutes } from '../../src/domain/age-bands.ts';

describe('age bands', () => {
  test('bands are contiguous from 0 months to forever', () => {
    assert.equal(AGE_BANDS[0]!.fromMonths, 0);
    for (let i = 1; i < AGE_BANDS.length; i++) {
      assert.equal(AGE_BANDS[i]!.fromMonths, AGE_BANDS[i - 1]!.toMonths, AGE_BANDS[i]!.id);
    }
    assert.equal(AGE_BANDS[AGE_BANDS.length - 1]!.toMonths, Infinity);
  });

  test('every band has sane ranges', () => {
    for (const b of AGE_BANDS) {
      assert.ok(b.wakeWindowMinutes.min <= b.wakeWindowMinutes.max, b.id);
      assert.ok(b.napsPerDay.min <= b.napsPerDay.max, b.id);
      assert.ok(b.totalSleepHours.min < b.totalSleepHours.max, b.id);
      assert.ok(b.stoolsPerDay.min <= b.stoolsPerDay.max, b.id);
      assert.ok(b.feedIntervalHours >= 2 && b.feedIntervalHours <= 6, b.id);
      assert.match(b.typicalBedtime, /^\d{2}:\d{2}$/);
    }
  });

  test('months map to the named bands', () => {
    const cases: Array<[number, string]> = [
      [0, 'newborn'], [1.9, 'newborn'], [2, '2mo'], [3.2, '3mo'], [4.5, '4mo'], [5, '5-6mo'], [6.9, '5-6mo'],
      [7, '7-10mo'], [10.9, '7-10mo'], [11, '11-12mo'], [12.5, '11-12mo'], [13, '13-18mo'], [18, '18-24mo'],
      [24, '2y+'], [48, '2y+'], [-1, 'newborn'],
    ];
    for (const [m, id] of cases) assert.equal(bandForMonths(m).id, id, `${m} months`);
  });

  test('bandFor uses the date of birth and a local date', () => {
    assert.equal(bandFor('2025-05-27', '2025-06-10').id, 'newborn');
    assert.equal(bandFor('2025-03-05', '2025-06-10').id, '3mo');
    assert.equal(bandFor('2024-12-05', '2025-06-10').id, '5-6mo');
    assert.equal(bandFor('2024-07-01', '2025-06-10').id, '11-12mo');
  });

  test('wake windows grow with age and match the chart in domain-facts', () => {
    assert.deepEqual(bandForMonths(0).wakeWindowMinutes, { min: 30, max: 60 });
    assert.deepEqual(bandForMonths(3).wakeWindowMinutes, { min: 75, max: 120 });
    assert.deepEqual(bandForMonths(6).wakeWindowMinutes, { min: 120, max: 180 });
    assert.deepEqual(bandForMonths(11).wakeWindowMinutes, { min: 180, max: 240 });
    for (let i = 1; i < AGE_BANDS.length; i++) {
      assert.ok(AGE_BANDS[i]!.wakeWindowMinutes.max >= AGE_BANDS[i - 1]!.wakeWindowMinutes.max);
    }
  });

  test('hhmmToMinutes', () => {
    assert.equal(hhmmToMinutes('19:30'), 1170);
    assert.equal(hhmmToMinutes('00:05'), 5);
  });
});
