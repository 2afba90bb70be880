// How figures read in answers: durations, clock times, volumes, weights.
import type { Units } from '../types.ts';
import { addDaysFast, instantToLocalFast, localDateOfFast } from '../zone-clock.ts';
import { shortDate } from './periods.ts';

export function minutes(ms: number): number {
  return Math.round(ms / 60_000);
}

/** "7 h", "11 h 15 min", "40 min", "0 min". */
export function duration(ms: number): string {
  const total = minutes(ms);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "14:05" in the family's zone. */
export function clock(at: number, zone: string): string {
  return instantToLocalFast(at, zone).slice(11, 16);
}

/** "at 07:00 today", "at 18:45 yesterday", "at 12:00 on Fri 28 Mar". */
export function when(at: number, now: number, zone: string): string {
  const date = localDateOfFast(at, zone);
  const today = localDateOfFast(now, zone);
  const day = date === today ? 'today' : date === addDaysFast(today, -1) ? 'yesterday' : `on ${shortDate(date)}`;
  return `at ${clock(at, zone)} ${day}`;
}

export function ago(at: number, now: number): string {
  return `${duration(now - at)} ago`;
}

export function ml(v: number, units: Units): string {
  const r = Math.round(v);
  return units === 'imperial' ? `${r} ml (${(r / 29.5735).toFixed(1)} fl oz)` : `${r} ml`;
}

export function kg(v: number, units: Units): string {
  if (units !== 'imperial') return `${round(v, 2)} kg`;
  const lbTotal = v * 2.20462;
  const lb = Math.floor(lbTotal);
  const oz = Math.round((lbTotal - lb) * 16);
  return `${round(v, 2)} kg (${lb} lb ${oz} oz)`;
}

export function cm(v: number, units: Units): string {
  return units === 'imperial' ? `${round(v, 1)} cm (${(v / 2.54).toFixed(1)} in)` : `${round(v, 1)} cm`;
}

export function round(v: number, dp = 0): number {
  const f = 10 ** dp;
  return Math.round(v * f) / f;
}

/** "once", "twice", "3 times". */
export function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** American words for a US family's answers: diaper(s), poop(s). Notes are quoted as written. */
export function regionWords(text: string, region: string): string {
  if (region !== 'us') return text;
  return text
    .replace(/\bnappies\b/g, 'diapers').replace(/\bnappy\b/g, 'diaper')
    .replace(/\bNappies\b/g, 'Diapers').replace(/\bNappy\b/g, 'Diaper')
    .replace(/\bpoos\b/g, 'poops').replace(/\bpoo\b/g, 'poop');
}
