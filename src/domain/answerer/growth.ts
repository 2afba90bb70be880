// Latest weight and length, with the change since the previous measurement.
import { instantToLocalFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { sortByTime } from './facts.ts';
import { cm, kg, round, when } from './format.ts';

export function growthReply(log: Log, what: 'weight' | 'length'): Reply {
  const type = what;
  const list = sortByTime(log.events.filter((e) => e.type === type && e.at <= log.now && (what === 'weight' ? e.kg : e.cm) != null));
  const latest = list[list.length - 1];
  if (!latest) return { answer: `No ${what} is logged for ${log.name} in the log.`, figures: {}, empty: true };
  const prev = list[list.length - 2];
  const value = (what === 'weight' ? latest.kg : latest.cm)!;
  const show = (v: number) => (what === 'weight' ? kg(v, log.units) : cm(v, log.units));
  const figures: Record<string, number | string> = {
    [what === 'weight' ? 'weight_kg' : 'length_cm']: value,
    measured_at: instantToLocalFast(latest.at, log.zone),
  };
  let answer = `${log.name}'s latest ${what} is ${show(value)}, logged ${when(latest.at, log.now, log.zone)}.`;
  if (prev) {
    const pv = (what === 'weight' ? prev.kg : prev.cm)!;
    const diff = round(value - pv, what === 'weight' ? 3 : 1);
    figures.previous = pv;
    const change = what === 'weight' ? `${Math.abs(Math.round(diff * 1000))} g` : `${Math.abs(diff)} cm`;
    answer += ` The one before was ${show(pv)} ${when(prev.at, log.now, log.zone)} (${diff >= 0 ? 'up' : 'down'} ${change}).`;
  }
  return { answer, figures };
}
