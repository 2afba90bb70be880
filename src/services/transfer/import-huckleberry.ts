// Huckleberry's CSV export as an import (docs/import.md maps each type). The export has one
// header for every type and reuses its columns per type; what each holds follows exported files
// as other open-source importers read them (docs/import.md), and a value that does not fit is
// skipped with the reason, never guessed.
import { parse as parseCsv } from 'csv-parse';
import { badRequest } from '../../errors.ts';
import type { ACTIVITY_KINDS, MedicineUnit } from '../../domain/types.ts';
import {
  type Candidate, type OnCandidate, type Parsed, RowError, durationMinutes, joinNote, numberOf, round1, round2, sourceInstant,
} from './import-rows.ts';
import { CM_PER_IN, KG_PER_LB, KG_PER_OZ, ML_PER_FL_OZ, ML_PER_TSP } from '../../domain/units.ts';
import { t } from '../../i18n/text.ts';

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

/** "120ml", "4oz", "4 fl oz" → ml, unrounded; null when the text holds no volume. */
function volumeOf(s: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*(ml|oz|fl\.? ?oz)\b/i.exec(s);
  if (!m) return null;
  const v = Number(m[1]);
  return m[2]!.toLowerCase() === 'ml' ? v : v * ML_PER_FL_OZ;
}

function volumeMl(s: string): number | null {
  const v = volumeOf(s);
  return v === null ? null : Math.round(v);
}

/** Huckleberry's activities (Type) that are this service's activity kinds. */
const ACTIVITIES: Record<string, (typeof ACTIVITY_KINDS)[number]> = {
  bath: 'bath',
  'tummy time': 'tummy_time',
  'skin to skin': 'skin_to_skin',
  'outdoor play': 'outdoors',
  'indoor play': 'play',
  'story time': 'reading',
};

/**
 * A pump's or an activity's whole minutes; null when the row gives no time, or none to speak of
 * (00:00: logged without its timer), rather than a minute it did not say.
 */
const wholeMinutes = (minutes: number | null) => (minutes === null || Math.round(minutes) < 1 ? null : Math.round(minutes));

/**
 * A growth column's measurement: a weight ("6.1 kg", "6.66kg", "13 lbs 7 oz") or a length
 * ("62 cm", "24 in", "2 ft 1 in"), converted; null for an empty column.
 */
function measurementOf(text: string): { kg: number } | { cm: number } | null {
  if (text === '') return null;
  // Huckleberry's codes for pounds-and-ounces and feet-and-inches: "13.7 lbs.oz" could be
  // 13 lb 7 oz or 13.7 lb, so it is not read.
  if (/lbs?\.oz|ft\.in/i.test(text)) throw new RowError(`growth value '${text}' is not read: ${/lb/i.test(text) ? 'lbs.oz' : 'ft.in'} could be read two ways`);
  const kg = /(\d+(?:\.\d+)?)\s*kgs?\b/i.exec(text);
  if (kg) return { kg: round2(Number(kg[1])) };
  const lb = /(\d+(?:\.\d+)?)\s*lbs?\b(?:\s*(\d+(?:\.\d+)?)\s*oz\b)?/i.exec(text);
  if (lb) return { kg: round2(Number(lb[1]) * KG_PER_LB + Number(lb[2] ?? 0) * KG_PER_OZ) };
  // Huckleberry's own codes for a head's units are hcm and hin.
  const cm = /(\d+(?:\.\d+)?)\s*h?cm\b/i.exec(text);
  if (cm) return { cm: round1(Number(cm[1])) };
  const ftIn = /(\d+)\s*(?:ft|')\s*(?:(\d+(?:\.\d+)?)\s*(?:in|inch|inches|")?)?/i.exec(text);
  if (ftIn) return { cm: round1((Number(ftIn[1]) * 12 + Number(ftIn[2] ?? 0)) * CM_PER_IN) };
  const inch = /(\d+(?:\.\d+)?)\s*(?:h?in|inch|inches|")(?![a-z])/i.exec(text);
  if (inch) return { cm: round1(Number(inch[1]) * CM_PER_IN) };
  throw new RowError(`growth value '${text}' has no unit (kg, lb, cm or in)`);
}

/** Huckleberry's medicine units (ml, oz, tsp, drops), and the unit names this service uses. */
const DOSE_UNITS: Record<string, { unit: MedicineUnit; factor: number }> = {
  ml: { unit: 'ml', factor: 1 },
  oz: { unit: 'ml', factor: ML_PER_FL_OZ },
  floz: { unit: 'ml', factor: ML_PER_FL_OZ },
  tsp: { unit: 'ml', factor: ML_PER_TSP },
  teaspoon: { unit: 'ml', factor: ML_PER_TSP },
  drop: { unit: 'drops', factor: 1 },
  mg: { unit: 'mg', factor: 1 },
  tablet: { unit: 'tablet', factor: 1 },
  sachet: { unit: 'sachet', factor: 1 },
  puff: { unit: 'puff', factor: 1 },
  dose: { unit: 'dose', factor: 1 },
};

/**
 * A dose as written ("2.5ml", "1 tsp", "3 drops", "2oz"): amount and unit, converted to ml from
 * oz and tsp (the note keeps what was written); null when the text is not a dose we can read.
 */
function doseOf(text: string): { amount: number; unit: MedicineUnit; converted: boolean } | null {
  const m = /^(\d+(?:[.,]\d+)?)\s*(ml|fl\.? ?oz|oz|tsp|teaspoons?|drops?|mg|tablets?|sachets?|puffs?|doses?)$/i.exec(text);
  if (!m) return null;
  const key = m[2]!.toLowerCase().replace(/[. ]/g, '').replace(/s$/, '');
  if (!Object.hasOwn(DOSE_UNITS, key)) return null;
  const u = DOSE_UNITS[key]!;
  const amount = Number(m[1]!.replace(',', '.')) * u.factor;
  return { amount: u.factor === 1 ? amount : round1(amount), unit: u.unit, converted: u.factor !== 1 };
}

/** "37.4°C", "99.5 °F", "37,4 C": the reading and its scale; null without a °C or °F. */
function temperatureOf(text: string): { celsius: number } | { fahrenheit: number } | null {
  const m = /(\d+(?:[.,]\d+)?)\s*°?\s*([CF])\b/i.exec(text);
  if (!m) return null;
  // One decimal, as a thermometer shows it (and as the API takes it).
  const v = round1(Number(m[1]!.replace(',', '.')));
  return m[2]!.toUpperCase() === 'C' ? { celsius: v } : { fahrenheit: v };
}

export async function parseHuckleberry(data: unknown, zone: string, onCandidate: OnCandidate): Promise<Parsed> {
  if (typeof data !== 'string') throw badRequest(t('error.import_huckleberry_shape'), 'invalid_import');
  // Streamed through csv-parse record by record (the records are never all held at once); each
  // record's raw text gives its real line number (a quoted field may span lines).
  const parser = parseCsv(data.replace(/^\uFEFF/, ''), { relax_column_count: true, trim: true, raw: true });
  const out: Parsed = { skipped: [], notes: [], recipes: [] };
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
        if (missing.length) throw badRequest(t('error.import_csv_columns', { missing: missing.join(', '), expected: HUCKLEBERRY_COLUMNS.join(',') }), 'invalid_import');
        continue;
      }
      if (rec.length === 1 && rec[0] === '') continue;
      const cols = idx;
      const get = (c: string) => (cols[c] >= 0 ? (rec[cols[c]] ?? '').trim() : '');
      const type = get('Type').toLowerCase();
      const notes = get('Notes') || null;
      const add = (c: Omit<Candidate, 'source' | 'line'>) => onCandidate({ ...c, line, source: 'csv' });
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
          // Weight in Start Condition, length in Start Location, head circumference in End
          // Condition. A weight is one wherever it is (its unit says so); a length could be
          // either length, so only its column tells which.
          const measured = { 'Start Condition': startCond, 'Start Location': location, 'End Condition': endCond };
          const found: Omit<Candidate, 'source' | 'line'>[] = [];
          for (const [column, text] of Object.entries(measured)) {
            const m = measurementOf(text);
            if (m === null) continue;
            if ('kg' in m) found.push({ type: 'weight', at, values: { kg: m.kg } });
            else if (column === 'Start Location') found.push({ type: 'length', at, values: { cm: m.cm } });
            else if (column === 'End Condition') found.push({ type: 'head_circumference', at, values: { cm: m.cm } });
            else throw new RowError(`growth row has ${text} in Start Condition, where the export writes the weight: not taken as a length or a head circumference`);
          }
          if (found.length === 0) throw new RowError('growth row has no weight, length or head circumference');
          // Notes go with the row's first measurement, not onto each.
          found[0]!.values.note = notes;
          for (const f of found) add(f);
        } else if (type === 'pump') {
          // The amount pumped on each side, in Start and End Condition (a total is entered as
          // two halves); which side is which the export does not say, so the side is left out.
          const sides = [volumeOf(startCond), volumeOf(endCond)].filter((v): v is number => v !== null);
          if (sides.length === 0) throw new RowError('pump row has no amount (expected e.g. 60ml or 2oz in Start or End Condition)');
          const minutes = durationMinutes(get('Duration')) ?? (end !== null ? (end - at) / 60000 : null);
          add({ type: 'pumping', at, values: { ml: Math.round(sides.reduce((a, b) => a + b, 0)), duration_min: wholeMinutes(minutes), note: notes } });
        } else if (type === 'meds' || type === 'medicine' || type === 'medication') {
          // The medicine in Start Location, the dose in Start Condition.
          if (location === '') throw new RowError('medicine row names no medicine (expected in Start Location)');
          const dose = startCond === '' ? null : doseOf(startCond);
          // A dose we cannot read (or a conversion) stays in the note as written: nothing guessed, nothing lost.
          const written = startCond !== '' && (dose === null || dose.converted) ? `dose as written: ${startCond}` : null;
          add({ type: 'medicine', at, values: { medicine: location, amount: dose?.amount ?? null, unit: dose?.unit ?? null, note: joinNote(written, notes) } });
        } else if (type === 'temp' || type === 'temperature') {
          const text = startCond || endCond;
          const reading = temperatureOf(text);
          if (!reading) {
            throw new RowError(text === '' ? 'temperature row has no reading' : numberOf(text) !== null ? `temperature '${text}' has no unit (°C or °F)` : `temperature '${text}' is not a reading`);
          }
          add({ type: 'temperature', at, values: { ...reading, note: notes } });
        } else if (Object.hasOwn(ACTIVITIES, type)) {
          const minutes = durationMinutes(get('Duration')) ?? (end !== null ? (end - at) / 60000 : null);
          add({ type: 'activity', at, values: { kind: ACTIVITIES[type]!, duration_min: wholeMinutes(minutes), note: notes } });
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
    if ((err as { code?: string }).code?.startsWith('CSV_')) throw badRequest(t('error.import_csv_unreadable', { reason: (err as Error).message }), 'invalid_import');
    throw err;
  }
  if (!idx) throw badRequest(t('error.import_csv_empty'), 'invalid_import');
  return out;
}
