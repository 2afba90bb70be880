// Small statistics used by live status and patterns. Medians rather than means, because one
// forgotten log (a 9-hour "feed interval") should not move a typical value.

export type Trend = 'up' | 'down' | 'steady';

/** A change smaller than this fraction of the earlier mean reads as "steady". */
export const TREND_THRESHOLD = 0.1;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Compares the mean of a later period with an earlier one. Null when either has fewer than
 * `minEach` values (too little logged to say anything).
 */
export function trend(earlier: readonly number[], later: readonly number[], minEach = 3): Trend | null {
  if (earlier.length < minEach || later.length < minEach) return null;
  const a = mean(earlier)!;
  const b = mean(later)!;
  if (a === 0) return b === 0 ? 'steady' : 'up';
  const change = (b - a) / a;
  if (change > TREND_THRESHOLD) return 'up';
  if (change < -TREND_THRESHOLD) return 'down';
  return 'steady';
}

/** "45 min", "2 h", "3 h 20 min". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const r = m % 60;
  if (h === 0) return `${r} min`;
  return r === 0 ? `${h} h` : `${h} h ${r} min`;
}
