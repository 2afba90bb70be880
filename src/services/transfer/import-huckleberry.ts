// Huckleberry's CSV export as an import (docs/import.md maps each type).
import { parse as parseCsv } from 'csv-parse';
import { badRequest } from '../../errors.ts';
import { type Candidate, type Parsed, CM_PER_IN, KG_PER_LB, KG_PER_OZ, ML_PER_FL_OZ, RowError, durationMinutes, joinNote, round1, round2, sourceInstant } from './import-rows.ts';

/** The header of Huckleberry's CSV export. */
export const HUCKLEBERRY_COLUMNS = ['Type', 'Start', 'End', 'Duration', 'Start Condition', 'Start Location', 'End Condition', 'Notes'] as const;

function breastSides(...conds: string[]): { left: number; right: number } {
  let left = 0;
  let right = 0;
  for (const c of conds) {
    for (const m of c.matchAll(/(\d{1,2}):(\d{2})\s*([LR])/gi)) {
      const min = Number(m[1]) + Number(m[2]) / 60;
      if (m[3].toUpperCase() === 'L') left += min;
      else right += min;
    }
  }
  return { left, right };
}

function volumeMl(s: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*(ml|oz|fl\.? ?oz)\b/i.exec(s);
  if (!m) return null;
  const v = Number(m[1]);
  return Math.round(m[2].toLowerCase() === 'ml' ? v : v * ML_PER_FL_OZ);
}

export async function parseHuckleberry(data: unknown, zone: string): Promise<Parsed> {
  if (typeof data !== 'string') throw badRequest('For format huckleberry, data must be the text of the CSV export.', 'invalid_import');
  // Streamed through csv-parse record by record (the records are never all held at once); each
  // record's raw text gives its real line number (a quoted field may span lines).
  const parser = parseCsv(data.replace(/^\uFEFF/, ''), { relax_column_count: true, trim: true, raw: true });
  const out: Parsed = { candidates: [], skipped: [], notes: [], recipes: [] };
  let idx: Record<string, number> | null = null;
  let nextLine = 1;
  try {
    for await (const { record: rec, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const line = nextLine;
      nextLine += (raw.match(/\r\n|\r|\n/g) ?? []).length;
      if (!idx) {
        const header = rec.map((h) => h.trim());
        idx = Object.fromEntries(HUCKLEBERRY_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<string, number>;
        const missing = ['Type', 'Start'].filter((c) => idx![c] < 0);
        if (missing.length) throw badRequest(`The CSV header has no ${missing.join(', ')} column (expected ${HUCKLEBERRY_COLUMNS.join(',')}).`, 'invalid_import');
        continue;
      }
      if (rec.length === 1 && rec[0] === '') continue;
      const cols = idx;
      const get = (c: string) => (cols[c] >= 0 ? (rec[cols[c]] ?? '').trim() : '');
      const type = get('Type').toLowerCase();
      const notes = get('Notes') || null;
      const add = (c: Omit<Candidate, 'source' | 'line'>) => out.candidates.push({ ...c, line, source: 'csv' });
      try {
        const at = sourceInstant(get('Start'), zone);
        const endRaw = get('End');
        const end = endRaw ? sourceInstant(endRaw, zone) : null;
        if (end !== null && end < at) throw new RowError('ends before it starts');
        const startCond = get('Start Condition');
        const endCond = get('End Condition');
        const location = get('Start Location');
        if (type === 'sleep') {
          add({ type: 'sleep', at, values: { note: joinNote(startCond && `start: ${startCond}`, location && `place: ${location}`, notes) } });
          if (end !== null) add({ type: 'wake', at: end, values: { note: endCond ? `end: ${endCond}` : null } });
        } else if (type === 'feed') {
          const loc = location.toLowerCase();
          const durText = durationMinutes(get('Duration'));
          if (loc === 'bottle') {
            const ml = volumeMl(endCond) ?? volumeMl(startCond);
            if (ml === null) throw new RowError('bottle feed has no amount (expected e.g. 120ml or 4oz in End Condition)');
            add({ type: 'milk', at, values: { ml, note: joinNote(startCond, notes) } });
          } else if (loc === 'breast' || loc === '') {
            const { left, right } = breastSides(startCond, endCond);
            const side = left > 0 && right > 0 ? 'both' : left > 0 ? 'left' : right > 0 ? 'right' : null;
            const minutes = durText ?? (left + right > 0 ? left + right : end !== null ? (end - at) / 60000 : null);
            add({ type: 'milk', at, values: { ml: 0, side, duration_min: minutes === null ? null : Math.max(1, Math.round(minutes)), note: notes } });
          } else {
            throw new RowError(`feed location '${location}' is not Breast or Bottle`);
          }
        } else if (type === 'diaper') {
          const c = `${startCond} ${endCond}`.toLowerCase();
          const pee = /pee|wet/.test(c);
          const poo = /poo|dirty|solid/.test(c);
          const kind = /both/.test(c) || (pee && poo) ? 'both' : poo ? 'dirty' : pee ? 'wet' : /dry/.test(c) ? 'dry' : null;
          if (!kind) throw new RowError(`diaper '${startCond || endCond}' is not pee, poo, both or dry`);
          add({ type: 'nappy', at, values: { kind, note: joinNote(location && `colour: ${location}`, notes) } });
        } else if (type === 'growth') {
          const text = `${startCond} ${endCond} ${location}`;
          const kg = /(\d+(?:\.\d+)?)\s*kg\b/i.exec(text);
          const lb = /(\d+(?:\.\d+)?)\s*lbs?\b(?:\s*(\d+(?:\.\d+)?)\s*oz\b)?/i.exec(text);
          const cm = /(\d+(?:\.\d+)?)\s*cm\b/i.exec(text);
          const inch = /(\d+(?:\.\d+)?)\s*(?:in|inch|inches)\b/i.exec(text);
          let any = false;
          if (kg || lb) {
            const v = kg ? Number(kg[1]) : Number(lb![1]) * KG_PER_LB + Number(lb![2] ?? 0) * KG_PER_OZ;
            add({ type: 'weight', at, values: { kg: round2(v), note: notes } });
            any = true;
          }
          if (cm || inch) {
            add({ type: 'length', at, values: { cm: round1(cm ? Number(cm[1]) : Number(inch![1]) * CM_PER_IN) } });
            any = true;
          }
          if (!any) throw new RowError('growth row has no weight (kg, lbs) or length (cm, in)');
        } else if (type === 'solids') {
          const foods = startCond.split(/[,;]/).map((f) => f.trim()).filter(Boolean);
          if (foods.length === 0) throw new RowError('solids row names no food');
          add({ type: 'solid', at, values: { foods, note: notes } });
        } else if (type === 'notes' || type === 'note') {
          add({ type: 'note', at, values: { note: notes ?? startCond } });
        } else {
          throw new RowError(`type '${get('Type')}' is not imported (no matching event type)`);
        }
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        out.skipped.push({ line, source: 'csv', reason: err.message });
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('CSV_')) throw badRequest(`The CSV could not be read: ${(err as Error).message}`, 'invalid_import');
    throw err;
  }
  if (!idx) throw badRequest('The CSV is empty.', 'invalid_import');
  return out;
}
