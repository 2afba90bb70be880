import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { zScore, sexFromGender, percentileFor, normalCdf, erf } from '../../src/domain/growth.ts';
import { lmsAt } from '../../src/domain/growth-tables.ts';
import type { ChildProfile, TimedEvent } from '../../src/domain/types.ts';

const MONTH = 30.4375;

function near(actual: number, expected: number, tol: number, what: string) {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (±${tol})`);
}

describe('erf / normal CDF', () => {
  test('known values', () => {
    near(erf(0), 0, 1e-7, 'erf(0)');
    near(erf(1), 0.8427007929, 1e-6, 'erf(1)');
    near(erf(-1), -0.8427007929, 1e-6, 'erf(-1)');
    near(normalCdf(1.959964), 0.975, 1e-6, 'Φ(1.96)');
  });
});

describe('WHO LMS tables (domain facts §7)', () => {
  test('boys weight month 1–3 L values are the WHO ones, not the wrong 0.2784', () => {
    near(lmsAt('weight', 'boy', 1 * MONTH).L, 0.2297, 1e-3, 'month 1 L');
    near(lmsAt('weight', 'boy', 2 * MONTH).L, 0.197, 1e-3, 'month 2 L');
    near(lmsAt('weight', 'boy', 3 * MONTH).L, 0.1738, 1e-3, 'month 3 L');
  });
  test('day 0 matches anthro daily table', () => {
    const w = lmsAt('weight', 'boy', 0);
    assert.deepEqual([w.L, w.M, w.S], [0.3487, 3.3464, 0.14602]);
    const l = lmsAt('length', 'boy', 0);
    assert.deepEqual([l.L, l.M, l.S], [1, 49.8842, 0.03795]);
  });
});

describe('zScore test vectors', () => {
  const cases: [string, 'weight' | 'length', 'boy' | 'girl', number, number, number, number][] = [
    ['boy 6 mo 7.0 kg', 'weight', 'boy', 6 * MONTH, 7.0, -1.134, 12.8],
    ['girl 12 mo 10.0 kg', 'weight', 'girl', 12 * MONTH, 10.0, 0.896, 81.5],
    ['boy 12 mo 73.0 cm', 'length', 'boy', 12 * MONTH, 73.0, -1.157, 12.4],
    ['boy day 30 4.0 kg', 'weight', 'boy', 30, 4.0, -0.789, 21.5],
  ];
  for (const [name, kind, sex, age, value, z, pct] of cases) {
    test(name, () => {
      const r = zScore(kind, sex, age, value);
      assert.ok(r);
      near(r.z, z, 0.01, 'z');
      near(r.percentile, pct, 0.5, 'percentile');
      assert.equal(r.implausible, false);
    });
  }
  test('whole-day ages (183 days, 365 days) stay within tolerance', () => {
    near(zScore('weight', 'boy', 183, 7.0)!.z, -1.134, 0.01, 'z 183d');
    near(zScore('length', 'boy', 365, 73.0)!.z, -1.157, 0.01, 'z 365d');
  });
  test('restricted z beyond +3 for weight (boy 6 mo 11.5 kg)', () => {
    const r = zScore('weight', 'boy', 6 * MONTH, 11.5)!;
    near(r.raw_z, 3.468, 0.01, 'raw z');
    near(r.z, 3.5, 0.01, 'restricted z');
  });
  test('restricted z below −3 is also linear', () => {
    const r = zScore('weight', 'boy', 6 * MONTH, 5.0)!;
    assert.ok(r.z < -3);
    assert.notEqual(r.z, r.raw_z);
  });
  test('length is never restricted', () => {
    const r = zScore('length', 'girl', 12 * MONTH, 90)!;
    assert.equal(r.z, r.raw_z);
  });
  test('implausible flags', () => {
    assert.equal(zScore('weight', 'boy', 6 * MONTH, 20)!.implausible, true);
    assert.equal(zScore('weight', 'boy', 6 * MONTH, 2)!.implausible, true);
    assert.equal(zScore('length', 'boy', 6 * MONTH, 40)!.implausible, true);
    assert.equal(zScore('length', 'boy', 6 * MONTH, 67)!.implausible, false);
  });
  test('out of range → null', () => {
    assert.equal(zScore('weight', 'boy', -1, 3), null);
    assert.equal(zScore('weight', 'boy', 1857, 18), null);
    assert.equal(zScore('weight', 'boy', 100, 0), null);
  });
  test('height table from 2 years', () => {
    // WHO 24-month length M 87.8161 vs height M 87.1161 (boys).
    near(lmsAt('length', 'boy', 730).M, 87.8, 0.05, 'length M at 730 d');
    near(lmsAt('length', 'boy', 731).M, 87.1, 0.05, 'height M at 731 d');
  });
});

describe('sexFromGender', () => {
  test('maps girl/female and boy/male, others null', () => {
    assert.equal(sexFromGender('girl'), 'girl');
    assert.equal(sexFromGender('Female'), 'girl');
    assert.equal(sexFromGender('boy'), 'boy');
    assert.equal(sexFromGender('male'), 'boy');
    for (const g of ['', 'other', 'unknown', 'prefer_not_to_say']) assert.equal(sexFromGender(g), null);
  });
});

describe('percentileFor', () => {
  const profile: ChildProfile = {
    baby_name: 'Ada', dob: '2024-01-01', gender: 'girl', timezone: 'Europe/London', region: 'uk', units: 'metric',
  };
  const base: TimedEvent = {
    id: 'abcd1234', ts: '2024-12-31T10:00:00', type: 'weight', author: 'app', ml: null, kind: null,
    foods: null, meal_type: null, kg: 10.0, cm: null, ug: null, note: null, reactions: null, side: null, duration_min: null,
    celsius: null, fahrenheit: null, method: null, medicine: null, amount: null, unit: null, title: null, at: 0,
  };
  test('girl weight at 365 days', () => {
    const p = percentileFor(base, profile)!;
    assert.equal(p.standard, 'WHO');
    assert.equal(p.indicator, 'weight-for-age');
    assert.equal(p.age_days, 365);
    near(p.percentile, 81.5, 0.6, 'percentile');
    assert.match(p.description, /percentile/);
    assert.doesNotMatch(p.description, /underweight|overweight|obese|stunt/i);
  });
  test('length event', () => {
    const p = percentileFor({ ...base, type: 'length', kg: null, cm: 74 }, profile)!;
    assert.equal(p.indicator, 'length-for-age');
  });
  test('null for unknown gender, other event types, missing value', () => {
    assert.equal(percentileFor(base, { ...profile, gender: 'other' }), null);
    assert.equal(percentileFor({ ...base, type: 'milk' }, profile), null);
    assert.equal(percentileFor({ ...base, kg: null }, profile), null);
  });
});
