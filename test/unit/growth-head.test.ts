// Head-circumference-for-age (hcfa) against WHO's published tables.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { zScore, percentileOf, indicatorFor, valueAtAge } from '../../src/domain/growth.ts';
import { lmsAt } from '../../src/domain/growth-tables.ts';

const MONTH = 30.4375;

function near(actual: number, expected: number, tol: number, what: string) {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (±${tol})`);
}

// Expected values: WHO Child Growth Standards, head circumference-for-age z-score tables
// ("Birth to 13 weeks" and "Birth to 5 years", boys and girls), as shipped in jsgrowup 0.8.0
// tables/hcfa_{boys,girls}_0_13_zscores.json and hcfa_{boys,girls}_0_5_zscores.json.
// The SD columns (−3, −2, 0, +2, +3 SD, cm) are WHO's own rounding to 0.1 cm and are not read by
// the code, so they check the LMS arithmetic and the interpolation independently; M is the
// table's unrounded median. Columns: [age_days, SD3neg, SD2neg, SD0, SD2, SD3, M].
type Published = [string, number, number, number, number, number, number, number];
const PUBLISHED: Record<'boy' | 'girl', Published[]> = {
  boy: [
    ['birth', 0, 30.7, 31.9, 34.5, 37.0, 38.3, 34.4618],
    ['week 4', 28, 33.6, 34.8, 37.1, 39.4, 40.6, 37.0926],
    ['month 1', 1 * MONTH, 33.8, 34.9, 37.3, 39.6, 40.8, 37.2759],
    ['month 6', 6 * MONTH, 39.7, 40.9, 43.3, 45.8, 47.0, 43.3306],
    ['month 12', 12 * MONTH, 42.2, 43.5, 46.1, 48.6, 49.9, 46.0661],
    ['month 24', 24 * MONTH, 44.2, 45.5, 48.3, 51.0, 52.3, 48.2515],
    ['month 60', 60 * MONTH, 46.3, 47.7, 50.7, 53.7, 55.2, 50.7375],
  ],
  girl: [
    ['birth', 0, 30.3, 31.5, 33.9, 36.2, 37.4, 33.8787],
    ['week 4', 28, 32.9, 34.0, 36.4, 38.7, 39.9, 36.3761],
    ['month 1', 1 * MONTH, 33.0, 34.2, 36.5, 38.9, 40.1, 36.5463],
    ['month 6', 6 * MONTH, 38.3, 39.6, 42.2, 44.8, 46.1, 42.1995],
    ['month 12', 12 * MONTH, 40.8, 42.2, 44.9, 47.6, 49.0, 44.8965],
    ['month 24', 24 * MONTH, 43.0, 44.4, 47.2, 50.0, 51.4, 47.1822],
    ['month 60', 60 * MONTH, 45.7, 47.1, 49.9, 52.8, 54.2, 49.9229],
  ],
};
const Z = [-3, -2, 0, 2, 3];

for (const sex of ['boy', 'girl'] as const) {
  describe(`hcfa ${sex}s vs WHO published table`, () => {
    for (const [name, age, ...cols] of PUBLISHED[sex]) {
      const sd = cols.slice(0, 5);
      const median = cols[5];
      test(name, () => {
        // Month 1 (30.44 d) is not a row of ours (weeks run to 13), so there it also checks the
        // interpolation between weeks 4 and 5 (about 0.006 cm, 0.005 z off WHO's monthly M).
        const interpolated = name === 'month 1';
        near(lmsAt('head', sex, age).M, median, interpolated ? 0.02 : 1e-9, 'M');
        near(zScore('head', sex, age, median)!.z, 0, interpolated ? 0.01 : 1e-9, 'z of M');
        sd.forEach((cm, i) => {
          // Published lines are rounded to 0.1 cm: ±0.05 cm, i.e. under 0.05 z (SD ≥ 1.1 cm).
          near(valueAtAge('head', sex, age, Z[i]), cm, 0.05 + 1e-9, `${Z[i]} SD line`);
          near(zScore('head', sex, age, cm)!.z, Z[i], 0.05, `z of ${cm} cm`);
        });
      });
    }
  });
}

describe('hcfa rules (WHO anthro R package, R/z-score-head-circumference-for-age.R)', () => {
  test('no restricted z beyond ±3: anthro uses the plain LMS z for head circumference', () => {
    const big = zScore('head', 'boy', 6 * MONTH, 48)!;
    assert.ok(big.z > 3);
    assert.equal(big.z, big.raw_z);
    const small = zScore('head', 'girl', 6 * MONTH, 37)!;
    assert.ok(small.z < -3);
    assert.equal(small.z, small.raw_z);
  });
  test('implausible beyond ±5 (anthro flag_threshold = 5), not ±6 as for length', () => {
    // Boys 6 mo: M 43.3306, S 0.02817 → 1 SD ≈ 1.22 cm.
    const at = (z: number) => zScore('head', 'boy', 6 * MONTH, valueAtAge('head', 'boy', 6 * MONTH, z))!;
    assert.equal(at(4.9).implausible, false);
    assert.equal(at(5.1).implausible, true);
    assert.equal(at(-4.9).implausible, false);
    assert.equal(at(-5.1).implausible, true);
  });
  test('one table to 5 years: no length/height step at 2 years', () => {
    near(lmsAt('head', 'boy', 731).M - lmsAt('head', 'boy', 730).M, 0, 0.01, 'M step 730→731 d');
  });
  test('out of range → null', () => {
    assert.equal(zScore('head', 'girl', -1, 35), null);
    assert.equal(zScore('head', 'girl', 1857, 50), null);
    assert.equal(zScore('head', 'girl', 100, 0), null);
  });
});

describe('hcfa percentile info', () => {
  test('indicator name and plain description', () => {
    assert.equal(indicatorFor('head', 0), 'head-circumference-for-age');
    assert.equal(indicatorFor('head', 1000), 'head-circumference-for-age');
    const p = percentileOf('head', 'girl', 365, 44.9)!;
    assert.equal(p.indicator, 'head-circumference-for-age');
    assert.equal(p.standard, 'WHO');
    near(p.percentile, 50, 1, 'percentile at the median');
    assert.match(p.description, /percentile for head circumference on the WHO/);
    assert.doesNotMatch(p.description, /microcephal|macrocephal/i);
  });
  test('an implausible value asks to check the entry', () => {
    const p = percentileOf('head', 'boy', 183, 30)!;
    assert.equal(p.implausible, true);
    assert.match(p.description, /head circumference is far outside/);
  });
  test('weight and length names unchanged', () => {
    assert.equal(indicatorFor('weight', 800), 'weight-for-age');
    assert.equal(indicatorFor('length', 730), 'length-for-age');
    assert.equal(indicatorFor('length', 731), 'height-for-age');
  });
});
