// A fixture fortnight (2026-10-20 … 2026-11-02, Europe/London, crossing the end of BST on
// 25 October) whose day totals are worked out by hand in the report tests.
import { addDays } from '../../src/domain/time.ts';

export const REPORT_FROM = '2026-10-20';
export const REPORT_TO = '2026-11-02';

/** Events in this service's export shape (tracker import format). */
export function fortnightEvents(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const at = (d: string, hm: string) => `${d}T${hm}:00`;
  out.push({ type: 'solid', foods: ['banana'], ts: '2026-10-10T12:00:00' });
  out.push({ type: 'sleep', ts: at('2026-10-19', '19:30') });
  for (let d = REPORT_FROM; d <= REPORT_TO; d = addDays(d, 1)) {
    const next = addDays(d, 1);
    out.push({ type: 'milk', ml: 0, side: 'left', duration_min: 15, ts: at(d, '03:00') });
    out.push({ type: 'wake', ts: at(d, '06:30') });
    out.push({ type: 'milk', ml: 150, ts: at(d, '07:00') });
    out.push({ type: 'nappy', kind: 'wet', ts: at(d, '08:00') });
    out.push({ type: 'milk', ml: 150, ts: at(d, '11:00') });
    out.push({ type: 'nappy', kind: 'both', ts: at(d, '12:00') });
    out.push({ type: 'sleep', ts: at(d, '13:00') });
    out.push({ type: 'wake', ts: at(d, '14:30') });
    out.push({ type: 'milk', ml: 120, ts: at(d, '15:00') });
    out.push({ type: 'nappy', kind: 'dirty', ts: at(d, '16:00') });
    out.push({ type: 'milk', ml: 0, side: 'both', duration_min: 20, ts: at(d, '19:00') });
    out.push({ type: 'sleep', ts: at(d, '19:30') });
    if (d === REPORT_TO) out.push({ type: 'wake', ts: at(next, '06:30') });
  }
  out.push({ type: 'milk', ml: 90, ts: '2026-10-28T21:00:00' });
  out.push({ type: 'weight', kg: 7.1, ts: '2026-10-21T10:00:00' });
  out.push({ type: 'length', cm: 66, ts: '2026-10-21T10:00:00' });
  out.push({ type: 'solid', foods: ['banana', 'peanut butter'], ts: '2026-10-28T12:30:00' });
  out.push({ type: 'note', note: 'Saw the health visitor', ts: '2026-10-30T09:00:00' });
  return out;
}
