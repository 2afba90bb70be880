// WHO child growth standard curves for the growth chart, from the same LMS tables the server
// uses for percentiles (data/who/, see its README), so the curves and the numbers agree.
import wfaBoy from '../../../data/who/wfa_boy.json';
import wfaGirl from '../../../data/who/wfa_girl.json';
import lhfaBoy from '../../../data/who/lhfa_boy.json';
import lhfaGirl from '../../../data/who/lhfa_girl.json';
import hcfaBoy from '../../../data/who/hcfa_boy.json';
import hcfaGirl from '../../../data/who/hcfa_girl.json';

type Row = [number, number, number, number];
interface Table { rows: Row[]; height_rows?: Row[] }
export type Sex = 'boy' | 'girl';
export type Kind = 'weight' | 'length' | 'head';

const TABLES: Record<Kind, Record<Sex, Table>> = {
  weight: { boy: wfaBoy as unknown as Table, girl: wfaGirl as unknown as Table },
  length: { boy: lhfaBoy as unknown as Table, girl: lhfaGirl as unknown as Table },
  // Head circumference-for-age, 0–5 years (src/domain/growth.ts reads the same tables).
  head: { boy: hcfaBoy as unknown as Table, girl: hcfaGirl as unknown as Table },
};

/** The usual centile lines: 3rd, 15th, 50th, 85th, 97th, as z-scores. */
/** The centiles drawn (as numbers: the page says them in the caregiver's words) and their z-scores. */
export const CENTILES: [number, number][] = [[3, -1.881], [15, -1.036], [50, 0], [85, 1.036], [97, 1.881]];

function lms(kind: Kind, sex: Sex, ageDays: number): [number, number, number] {
  const t = TABLES[kind][sex];
  const rows = kind === 'length' && ageDays >= 731 && t.height_rows ? t.height_rows : t.rows;
  if (ageDays <= rows[0][0]) return [rows[0][1], rows[0][2], rows[0][3]];
  const last = rows[rows.length - 1];
  if (ageDays >= last[0]) return [last[1], last[2], last[3]];
  let i = 1;
  while (rows[i][0] < ageDays) i++;
  const a = rows[i - 1];
  const b = rows[i];
  const f = (ageDays - a[0]) / (b[0] - a[0]);
  return [a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, a[3] + (b[3] - a[3]) * f];
}

/** The value at a z-score for an age (the LMS method). */
export function valueAt(kind: Kind, sex: Sex, ageDays: number, z: number): number {
  const [L, M, S] = lms(kind, sex, ageDays);
  return L === 0 ? M * Math.exp(S * z) : M * Math.pow(1 + L * S * z, 1 / L);
}

export function sexOf(gender: string | undefined): Sex | null {
  const g = (gender ?? '').toLowerCase();
  if (g === 'girl' || g === 'female') return 'girl';
  if (g === 'boy' || g === 'male') return 'boy';
  return null;
}
