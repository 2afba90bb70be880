// Latest weight, length or head circumference, with the change since the previous measurement.
import { instantToLocalFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { sortByTime } from './facts.ts';
import { cm, kg, round, when } from './format.ts';

/** What a growth answer is about; head circumference is logged as type head_circumference. */
export type GrowthWhat = 'weight' | 'length' | 'head';
export const GROWTH_TYPE = { weight: 'weight', length: 'length', head: 'head_circumference' } as const;
export const GROWTH_NAME = { weight: 'weight', length: 'length', head: 'head circumference' } as const;

export function growthReply(log: Log, what: GrowthWhat): Reply {
  const type = GROWTH_TYPE[what];
  const list = sortByTime(log.events.filter((e) => e.type === type && e.at <= log.now && (what === 'weight' ? e.kg : e.cm) != null));
  const latest = list[list.length - 1];
  if (!latest) return { answer: `No ${GROWTH_NAME[what]} is logged for ${log.name} in the log.`, figures: {}, empty: true };
  const prev = list[list.length - 2];
  const value = (what === 'weight' ? latest.kg : latest.cm)!;
  const show = (v: number) => (what === 'weight' ? kg(v, log.units) : cm(v, log.units));
  const figures: Record<string, number | string> = {
    [what === 'weight' ? 'weight_kg' : what === 'head' ? 'head_cm' : 'length_cm']: value,
    measured_at: instantToLocalFast(latest.at, log.zone),
  };
  let answer = `${log.name}'s latest ${GROWTH_NAME[what]} is ${show(value)}, logged ${when(latest.at, log.now, log.zone)}.`;
  if (prev) {
    const pv = (what === 'weight' ? prev.kg : prev.cm)!;
    const diff = round(value - pv, what === 'weight' ? 3 : 1);
    figures.previous = pv;
    const change = what === 'weight' ? `${Math.abs(Math.round(diff * 1000))} g` : `${Math.abs(diff)} cm`;
    answer += ` The one before was ${show(pv)} ${when(prev.at, log.now, log.zone)} (${diff >= 0 ? 'up' : 'down'} ${change}).`;
  }
  return { answer, figures };
}
