// "What percentile is her weight?", "how is her length trending?": the WHO percentiles the
// measurements endpoint serves (GET /api/vega/measurements, percentileFor in ../growth.ts),
// worded with the trend since the measurement before. Informational, never an assessment.
import { percentileFor, type PercentileInfo } from '../growth.ts';
import { localToInstant } from '../time.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { MeasurementView, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { cm, kg, when } from './format.ts';
import { GROWTH_NAME, GROWTH_TYPE, type GrowthWhat } from './growth.ts';

export const PERCENTILE_WORDS = /\b(percentiles?|centiles?|growth charts?|on the chart|which line|what line|z ?score)\b/;
export const TREND_WORDS =
  /\b(trend|trending|growth curve|gaining|gained|put on|putting on|losing|lost|dropped|dropping|going up|going down|changed|growing|grown|growth)\b/;

export function ordinal(n: number): string {
  const k = n % 100;
  if (k >= 11 && k <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** The percentile as the app shows it: whole, between the 1st and the 99th. */
export function shownPercentile(p: number): number {
  return Math.min(99, Math.max(1, Math.round(p)));
}

interface Measured {
  at: number;
  value: number;
  percentile: PercentileInfo | null;
}

/** Weights, lengths or head circumferences, oldest first: the served measurements when given, else the log's own events. */
export function measured(log: Log, what: GrowthWhat): Measured[] {
  const served = log.insights?.measurements;
  const type = GROWTH_TYPE[what];
  if (served) {
    return served
      .filter((m: MeasurementView) => m.type === type && (what === 'weight' ? m.kg : m.cm) != null)
      .map((m) => ({ at: localToInstant(m.ts, log.zone), value: (what === 'weight' ? m.kg : m.cm)!, percentile: m.percentile ?? null }))
      .filter((m) => m.at <= log.now)
      .sort((a, b) => a.at - b.at);
  }
  return log.events
    .filter((e) => e.type === type && e.at <= log.now && (what === 'weight' ? e.kg : e.cm) != null)
    .sort((a, b) => a.at - b.at)
    .map((e) => ({ at: e.at, value: (what === 'weight' ? e.kg : e.cm)!, percentile: log.profile ? percentileFor(e, log.profile) : null }));
}

export function percentileReply(log: Log, what: GrowthWhat, trend: boolean): Reply {
  const list = measured(log, what);
  const name = log.name;
  const latest = list[list.length - 1];
  if (!latest) return { answer: `No ${GROWTH_NAME[what]} is logged for ${name}, so there is no percentile to give.`, figures: {} };
  const show = (v: number) => (what === 'weight' ? kg(v, log.units) : cm(v, log.units));
  const figures: Record<string, string | number> = {
    [what === 'weight' ? 'weight_kg' : what === 'head' ? 'head_cm' : 'length_cm']: latest.value,
    measured_at: instantToLocalFast(latest.at, log.zone),
  };
  const head = `${name}'s latest ${GROWTH_NAME[what]} is ${show(latest.value)}, logged ${when(latest.at, log.now, log.zone)}`;
  const p = latest.percentile;
  if (!p) {
    return {
      answer: `${head}. I can't place it on the WHO growth charts: that needs the profile's sex set to girl or boy and an age under 5.`,
      figures,
    };
  }
  figures.percentile = p.percentile;
  if (p.implausible) return { answer: `${head}. ${p.description}`, figures };
  let answer = `${head}: around the ${ordinal(shownPercentile(p.percentile))} percentile on the WHO growth charts (${p.sex === 'girl' ? 'girls' : 'boys'} of the same age).`;
  const placed = list.filter((m) => m.percentile && !m.percentile.implausible);
  const prev = placed.length >= 2 && placed[placed.length - 1]!.at === latest.at ? placed[placed.length - 2]! : null;
  if (prev?.percentile) {
    const diff = shownPercentile(p.percentile) - shownPercentile(prev.percentile.percentile);
    figures.previous_percentile = prev.percentile.percentile;
    const move = diff === 0 ? 'the same line' : `${diff > 0 ? 'up' : 'down'} ${Math.abs(diff)} percentile point${Math.abs(diff) === 1 ? '' : 's'}`;
    answer += ` The one before, ${show(prev.value)} ${when(prev.at, log.now, log.zone)}, was around the ${ordinal(shownPercentile(prev.percentile.percentile))} (${move}).`;
    if (trend && placed.length > 2) {
      const series = placed.slice(-5).map((m) => ordinal(shownPercentile(m.percentile!.percentile)));
      answer += ` The last ${series.length} measurements, oldest first: ${series.join(', ')}.`;
      figures.percentiles = placed.slice(-5).map((m) => m.percentile!.percentile).join(', ');
    }
  } else if (trend) {
    answer += ' There is only one measurement on the chart so far, so no trend yet.';
  }
  answer += ` Percentiles are for information; the trend over several measurements says more than one, and ${log.region === 'us' ? 'your child\'s doctor' : 'your health visitor or GP'} can talk it through.`;
  return { answer, figures };
}
