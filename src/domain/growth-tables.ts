// Loads the WHO LMS tables once (data/who/, see its README) and interpolates L, M, S in age.
import { readFileSync } from 'node:fs';

export type GrowthKind = 'weight' | 'length' | 'head';
export type Sex = 'boy' | 'girl';
type Row = [number, number, number, number];

interface TableFile {
  rows: Row[];
  /** lhfa only: standing height, 24–60 months. */
  height_rows?: Row[];
}

function load(name: string): TableFile {
  const url = new URL(`../../data/who/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as TableFile;
}

const TABLES: Record<GrowthKind, Record<Sex, TableFile>> = {
  weight: { boy: load('wfa_boy'), girl: load('wfa_girl') },
  length: { boy: load('lhfa_boy'), girl: load('lhfa_girl') },
  // Head circumference: one table from birth to 5 years, no length/height switch.
  head: { boy: load('hcfa_boy'), girl: load('hcfa_girl') },
};

/** From 731 days (2 years) WHO switches from recumbent length to standing height. */
const HEIGHT_FROM_DAYS = 731;

function interpolate(rows: Row[], ageDays: number): { L: number; M: number; S: number } {
  if (ageDays <= rows[0][0]) return { L: rows[0][1], M: rows[0][2], S: rows[0][3] };
  const last = rows[rows.length - 1];
  if (ageDays >= last[0]) return { L: last[1], M: last[2], S: last[3] };
  let i = 1;
  while (rows[i][0] < ageDays) i++;
  const a = rows[i - 1];
  const b = rows[i];
  const t = (ageDays - a[0]) / (b[0] - a[0]);
  return { L: a[1] + (b[1] - a[1]) * t, M: a[2] + (b[2] - a[2]) * t, S: a[3] + (b[3] - a[3]) * t };
}

/** L, M, S at an age in days (linear interpolation between the weekly/monthly rows). */
export function lmsAt(kind: GrowthKind, sex: Sex, ageDays: number): { L: number; M: number; S: number } {
  const t = TABLES[kind][sex];
  if (kind === 'length' && ageDays >= HEIGHT_FROM_DAYS && t.height_rows) {
    return interpolate(t.height_rows, ageDays);
  }
  return interpolate(t.rows, ageDays);
}
