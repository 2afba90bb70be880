// WHO Child Growth Standards: weight-for-age, length/height-for-age and head-circumference-for-age
// z-scores and percentiles.
// Informational only: a percentile says where a measurement sits among WHO's reference
// children of the same age and sex; it is never a diagnosis.
import type { ChildProfile, TimedEvent } from './types.ts';
import { ageAt } from './time.ts';
import { lmsAt, type GrowthKind, type Sex } from './growth-tables.ts';

export type { GrowthKind, Sex } from './growth-tables.ts';

/** WHO standards cover birth to 5 years (anthro: 0–1856 days). */
export const MAX_AGE_DAYS = 1856;

/** anthro's symmetric implausibility thresholds (weight's is asymmetric, see zScore). */
const FLAG_ABS_Z = { length: 6, head: 5 } as const;

/** WHO's indicator names per kind (length is "height-for-age" from 2 years). */
export type IndicatorOf<K extends GrowthKind> = K extends 'weight'
  ? 'weight-for-age'
  : K extends 'length'
    ? 'length-for-age' | 'height-for-age'
    : 'head-circumference-for-age';
export type Indicator = IndicatorOf<GrowthKind>;

/** WHO's indicator name for a kind at an age: length becomes height from 731 days (2 years). */
export function indicatorFor<K extends GrowthKind>(kind: K, ageDays: number): IndicatorOf<K> {
  const name =
    kind === 'weight' ? 'weight-for-age'
    : kind === 'head' ? 'head-circumference-for-age'
    : ageDays >= 731 ? 'height-for-age' : 'length-for-age';
  return name as IndicatorOf<K>;
}

/** The measurement on the line at z for an age (chart centile lines: z = ±1.881 for 3rd/97th…). */
export function valueAtAge(kind: GrowthKind, sex: Sex, ageDays: number, z: number): number {
  const { L, M, S } = lmsAt(kind, sex, ageDays);
  return valueAtZ(L, M, S, z);
}

export interface ZResult {
  /** z-score (weight: WHO "restricted" z beyond ±3). */
  z: number;
  /** Unrestricted LMS z, kept for transparency. */
  raw_z: number;
  /** 0–100. */
  percentile: number;
  /**
   * WHO anthro flag, likely a typing error: weight z < −6 or > +5, length z beyond ±6, head
   * circumference z beyond ±5 (anthro's flag_threshold for each indicator).
   */
  implausible: boolean;
  L: number;
  M: number;
  S: number;
}

/**
 * Error function, Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7): far finer than the
 * one-decimal percentiles shown, and avoids a dependency.
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-ax * ax);
  return sign * y;
}

/** Standard normal cumulative distribution Φ(z). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/** Measurement at z for given LMS (inverse Box-Cox). */
export function valueAtZ(L: number, M: number, S: number, z: number): number {
  return L === 0 ? M * Math.exp(S * z) : M * Math.pow(1 + L * S * z, 1 / L);
}

/**
 * z-score of a weight (kg), length (cm) or head circumference (cm) at an age in days, or null
 * outside 0–1856 days or for a non-positive value. Age is in whole or fractional days (WHO anthro
 * uses days; 1 month = 30.4375).
 */
export function zScore(kind: GrowthKind, sex: Sex, ageDays: number, value: number): ZResult | null {
  if (!Number.isFinite(ageDays) || !Number.isFinite(value) || value <= 0) return null;
  if (ageDays < 0 || ageDays > MAX_AGE_DAYS) return null;
  const { L, M, S } = lmsAt(kind, sex, ageDays);
  const raw = L === 0 ? Math.log(value / M) / S : (Math.pow(value / M, L) - 1) / (L * S);
  let z = raw;
  // Weight's distribution is skewed; beyond ±3 SD WHO extrapolates linearly using the distance
  // between the 2 and 3 SD lines instead of trusting the Box-Cox tail (anthro's
  // compute_zscore_adjusted). Length- and head-circumference-for-age have L = 1 (normal) and
  // anthro uses its plain compute_zscore for both, so no adjustment.
  if (kind === 'weight') {
    if (raw > 3) {
      const sd3 = valueAtZ(L, M, S, 3);
      const sd23 = sd3 - valueAtZ(L, M, S, 2);
      z = 3 + (value - sd3) / sd23;
    } else if (raw < -3) {
      const sd3 = valueAtZ(L, M, S, -3);
      const sd23 = valueAtZ(L, M, S, -2) - sd3;
      z = -3 - (sd3 - value) / sd23;
    }
  }
  const implausible = kind === 'weight' ? z < -6 || z > 5 : Math.abs(z) > FLAG_ABS_Z[kind];
  return { z, raw_z: raw, percentile: 100 * normalCdf(z), implausible, L, M, S };
}

/** Profile gender → WHO sex table; anything else (other, unknown, blank…) → null, no percentile. */
export function sexFromGender(gender: string | null | undefined): Sex | null {
  const g = (gender ?? '').trim().toLowerCase();
  if (g === 'girl' || g === 'female') return 'girl';
  if (g === 'boy' || g === 'male') return 'boy';
  return null;
}

/**
 * Where one measurement sits. K defaults to the kinds that are logged as events today, so the
 * API and MCP schemas (which list those indicators) keep matching percentileFor's answers.
 */
export interface PercentileInfo<K extends GrowthKind = GrowthKind> {
  standard: 'WHO';
  indicator: IndicatorOf<K>;
  sex: Sex;
  age_days: number;
  /** Rounded to 2 decimals. */
  z: number;
  /** Rounded to 1 decimal, 0–100. */
  percentile: number;
  /** True when WHO's anthro would flag the value as implausible (check the entry). */
  implausible: boolean;
  /** One plain, non-diagnostic sentence. */
  description: string;
}

function ordinal(n: number): string {
  const k = n % 100;
  if (k >= 11 && k <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** Plain words for the measurement in descriptions. */
function measureName(kind: GrowthKind, ageDays: number): string {
  if (kind === 'weight') return 'weight';
  if (kind === 'head') return 'head circumference';
  return ageDays >= 731 ? 'height' : 'length';
}

/**
 * Percentile of one measurement (kg for weight, cm for length or head circumference), or null
 * outside 0–5 years or for a non-positive value. Used by percentileFor; callable directly for
 * measurements that are not events.
 */
export function percentileOf<K extends GrowthKind>(
  kind: K,
  sex: Sex,
  ageDays: number,
  value: number,
): PercentileInfo<K> | null {
  const r = zScore(kind, sex, ageDays, value);
  if (!r) return null;
  const pct = Math.round(r.percentile * 10) / 10;
  const shown = Math.min(99, Math.max(1, Math.round(r.percentile)));
  const what = measureName(kind, ageDays);
  const description = r.implausible
    ? `This ${what} is far outside the WHO reference range for this age; please check the entry was typed correctly.`
    : `Around the ${ordinal(shown)} percentile for ${what} on the WHO Child Growth Standards ` +
      `(${sex === 'girl' ? 'girls' : 'boys'} of the same age). Percentiles are for information; ` +
      `the trend over time says more than one measurement.`;
  return {
    standard: 'WHO',
    indicator: indicatorFor(kind, ageDays),
    sex,
    age_days: ageDays,
    z: Math.round(r.z * 100) / 100,
    percentile: pct,
    implausible: r.implausible,
    description,
  };
}

/**
 * Percentile for a weight, length or head-circumference event, or null when it cannot be placed
 * on the WHO standard: not a measurement, no value, sex not girl/boy, or age outside 0–5 years.
 * The event's date is its family-local date (first 10 characters of ts).
 */
export function percentileFor(event: TimedEvent, profile: ChildProfile): PercentileInfo | null {
  const sex = sexFromGender(profile.gender);
  if (!sex) return null;
  const measured = measuredBy(event);
  if (!measured) return null;
  let ageDays: number;
  try {
    ageDays = ageAt(profile.dob, event.ts.slice(0, 10)).days;
  } catch {
    return null;
  }
  return percentileOf(measured.kind, sex, ageDays, measured.value);
}

/** The growth measure an event records (weight in kg; length or head circumference in cm), if any. */
export function measuredBy(event: Pick<TimedEvent, 'type' | 'kg' | 'cm'>): { kind: GrowthKind; value: number } | null {
  if (event.type === 'weight' && event.kg != null) return { kind: 'weight', value: event.kg };
  if (event.type === 'length' && event.cm != null) return { kind: 'length', value: event.cm };
  if (event.type === 'head_circumference' && event.cm != null) return { kind: 'head', value: event.cm };
  return null;
}

/** The event types that are growth measurements (GET /api/vega/measurements, the report's growth). */
export const MEASUREMENT_TYPES = ['weight', 'length', 'head_circumference'] as const;
