// Baby Buddy's REST API as an import: an object keyed by endpoint (docs/import.md maps each).
// The fields are those of Baby Buddy's serializers (api/serializers.py): what its API returns.
import { badRequest } from '../../errors.ts';
import type { SourceChild } from '../../domain/import-children.ts';
import type { MedicineUnit } from '../../domain/types.ts';
import {
  type Candidate, type OnCandidate, type Parsed, RowError, checkOneChild, durationMinutes, isDate, joinNote, numberOf, round1, round2, sourceInstant,
} from './import-rows.ts';
import { CM_PER_IN, KG_PER_LB, ML_PER_FL_OZ } from '../../domain/units.ts';
import { t } from '../../i18n/text.ts';

export const BABYBUDDY_SECTIONS = [
  'feedings', 'sleep', 'changes', 'notes', 'weight', 'height', 'tummy-times',
  'temperature', 'pumping', 'head-circumference', 'medication',
] as const;

/**
 * Baby Buddy stores numbers without units (each family reads them in its own); the file says
 * which. A head circumference is in the height's unit.
 */
interface BbUnits {
  volume: 'ml' | 'fl oz';
  weight: 'kg' | 'lb';
  height: 'cm' | 'in';
  temperature: 'C' | 'F';
}

/** Baby Buddy's dosage units (core/models.py Medication.dosage_unit) as this service names them. */
const DOSAGE_UNITS: Record<string, MedicineUnit> = { mg: 'mg', ml: 'ml', tablets: 'tablet', drops: 'drops' };

function unitsOf(raw: unknown): BbUnits {
  const u = (raw ?? {}) as Record<string, unknown>;
  if (typeof u !== 'object' || Array.isArray(u)) throw badRequest(t('error.import_units_shape', { shape: '{volume, weight, height, temperature}' }), 'invalid_import');
  const pick = <T extends string>(key: string, allowed: readonly T[], dflt: T): T => {
    const v = u[key];
    if (v === undefined) return dflt;
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    throw badRequest(t('error.import_unit_one_of', { field: `data.units.${key}`, options: allowed.join(', ') }), 'invalid_import');
  };
  return {
    volume: pick('volume', ['ml', 'fl oz'] as const, 'ml'),
    weight: pick('weight', ['kg', 'lb'] as const, 'kg'),
    height: pick('height', ['cm', 'in'] as const, 'cm'),
    temperature: pick('temperature', ['C', 'F'] as const, 'C'),
  };
}

function resultsOf(section: string, raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw && typeof raw === 'object' && Array.isArray((raw as { results?: unknown }).results)) return (raw as { results: unknown[] }).results;
  throw badRequest(t('error.import_section_shape', { field: `data.${section}`, page: '{count, next, previous, results}' }), 'invalid_import');
}

/** The longest child name this service keeps (schemas/children.ts). */
const NAME_MAX = 80;

/**
 * GET /api/children/ (`data.children`): each Baby Buddy child, to be matched here by name and
 * birth date. Its names, most specific first: "Ada Lovelace", then "Ada" (import-children.ts).
 */
function childrenOf(raw: unknown): SourceChild[] {
  return resultsOf('children', raw).map((row, i) => {
    const where = `data.children[${i}]`;
    const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
    if (typeof r.id !== 'number' && typeof r.id !== 'string') throw badRequest(t('error.import_child_no_id', { where }), 'invalid_import');
    const first = typeof r.first_name === 'string' ? r.first_name.trim() : '';
    const last = typeof r.last_name === 'string' ? r.last_name.trim() : '';
    if (first === '' || first.length > NAME_MAX) throw badRequest(t('error.import_child_name_length', { field: `${where}.first_name`, max: NAME_MAX }), 'invalid_import');
    if (!isDate(r.birth_date)) throw badRequest(t('error.import_child_date', { field: `${where}.birth_date` }), 'invalid_import');
    const full = last ? `${first} ${last}` : first;
    return {
      key: String(r.id),
      label: `${full} (Baby Buddy id ${r.id})`,
      names: full !== first && full.length <= NAME_MAX ? [full, first] : [first],
      dob: r.birth_date,
      gender: '',
      sameDob: true,
    };
  });
}

export function parseBabyBuddy(data: unknown, zone: string, onCandidate: OnCandidate): Parsed {
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw badRequest(t('error.import_babybuddy_shape', { sections: BABYBUDDY_SECTIONS.join(', ') }), 'invalid_import');
  }
  const obj = data as Record<string, unknown>;
  const units = unitsOf(obj.units);
  const out: Parsed = { skipped: [], notes: [], recipes: [] };
  const known = new Set<string>([...BABYBUDDY_SECTIONS, 'units', 'children']);
  const children = obj.children === undefined ? [] : childrenOf(obj.children);
  if (new Set(children.map((c) => c.key)).size !== children.length) throw badRequest(t('error.import_child_id_twice'), 'invalid_import');
  if (children.length) out.children = children;
  const childIds = new Set(children.map((c) => c.key));
  // Without a children list, the ids the entries name (a file of one child goes into one child).
  const seenIds = new Set<string>();
  let child: string | undefined;
  for (const key of Object.keys(obj)) {
    if (!known.has(key)) out.skipped.push({ line: 0, source: key, reason: `section '${key}' is not imported (no matching event type)` });
  }
  const each = (section: string, fn: (row: Record<string, unknown>, line: number) => void) => {
    if (obj[section] === undefined) return;
    resultsOf(section, obj[section]).forEach((row, i) => {
      try {
        if (!row || typeof row !== 'object') throw new RowError('is not an object');
        const id = (row as { child?: unknown }).child;
        const key = typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
        if (children.length === 0) {
          if (key !== undefined) seenIds.add(key);
        } else if (key === undefined) {
          throw new RowError('names no child');
        } else if (!childIds.has(key)) {
          throw new RowError(`child ${key} is not in data.children`);
        }
        child = children.length ? key : undefined;
        fn(row as Record<string, unknown>, i + 1);
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        out.skipped.push({ line: i + 1, source: section, reason: err.message });
      }
    });
  };
  const add = (c: Omit<Candidate, 'source'>, source: string) => onCandidate({ ...c, source, ...(child === undefined ? {} : { child }) });
  const text = (v: unknown) => (typeof v === 'string' ? v : null);

  each('feedings', (r, line) => {
    const at = sourceInstant(r.start, zone);
    const method = String(r.method ?? '').toLowerCase();
    const type = String(r.type ?? '').toLowerCase();
    let minutes: number | null = null;
    if (r.end !== undefined && r.end !== null) minutes = (sourceInstant(r.end, zone) - at) / 60000;
    else minutes = durationMinutes(r.duration);
    if (minutes !== null && minutes < 0) throw new RowError('ends before it starts');
    const dur = minutes === null ? null : Math.max(1, Math.round(minutes));
    if (type === 'solid food' || method === 'parent fed' || method === 'self fed') {
      throw new RowError('solid food feedings carry no food names to import');
    }
    const side = { 'left breast': 'left', 'right breast': 'right', 'both breasts': 'both' }[method] as 'left' | 'right' | 'both' | undefined;
    if (side) {
      add({ line, type: 'milk', at, values: { ml: 0, side, duration_min: dur, note: text(r.notes) } }, 'feedings');
      return;
    }
    if (method !== 'bottle') throw new RowError(`feeding method '${r.method ?? ''}' is not one of bottle, left breast, right breast, both breasts`);
    if (r.amount === null || r.amount === undefined || r.amount === '') throw new RowError('bottle feeding has no amount');
    const amount = Number(r.amount);
    if (!Number.isFinite(amount)) throw new RowError(`amount '${r.amount}' is not a number`);
    const ml = Math.round(units.volume === 'fl oz' ? amount * ML_PER_FL_OZ : amount);
    add({ line, type: 'milk', at, values: { ml, duration_min: dur, note: joinNote(type || null, text(r.notes)) } }, 'feedings');
  });

  each('sleep', (r, line) => {
    const start = sourceInstant(r.start, zone);
    add({ line, type: 'sleep', at: start, values: { note: text(r.notes) } }, 'sleep');
    if (r.end !== undefined && r.end !== null && r.end !== '') {
      const end = sourceInstant(r.end, zone);
      if (end <= start) throw new RowError('sleep ends before it starts');
      add({ line, type: 'wake', at: end, values: {} }, 'sleep');
    }
  });

  each('changes', (r, line) => {
    const at = sourceInstant(r.time, zone);
    const wet = r.wet === true || r.wet === 'true';
    const solid = r.solid === true || r.solid === 'true';
    const kind = wet && solid ? 'both' : wet ? 'wet' : solid ? 'dirty' : 'dry';
    const colour = typeof r.color === 'string' && r.color !== '' ? `colour: ${r.color}` : null;
    add({ line, type: 'nappy', at, values: { kind, note: joinNote(colour, text(r.notes)) } }, 'changes');
  });

  each('notes', (r, line) => {
    const at = sourceInstant(r.time ?? r.date, zone);
    const note = text(r.note);
    if (!note || note.trim() === '') throw new RowError('note is empty');
    add({ line, type: 'note', at, values: { note } }, 'notes');
  });

  each('weight', (r, line) => {
    const at = sourceInstant(r.date, zone);
    const w = Number(r.weight);
    if (!Number.isFinite(w)) throw new RowError(`weight '${r.weight}' is not a number`);
    add({ line, type: 'weight', at, values: { kg: round2(units.weight === 'lb' ? w * KG_PER_LB : w), note: text(r.notes) } }, 'weight');
  });

  each('height', (r, line) => {
    const at = sourceInstant(r.date, zone);
    const h = Number(r.height);
    if (!Number.isFinite(h)) throw new RowError(`height '${r.height}' is not a number`);
    add({ line, type: 'length', at, values: { cm: round1(units.height === 'in' ? h * CM_PER_IN : h), note: text(r.notes) } }, 'height');
  });

  /** A start and an end (or a duration): whole minutes; null when neither is given, or they are under half a minute apart. */
  const minutesOf = (r: Record<string, unknown>, at: number): number | null => {
    const minutes = r.end !== undefined && r.end !== null && r.end !== '' ? (sourceInstant(r.end, zone) - at) / 60000 : durationMinutes(r.duration);
    if (minutes !== null && minutes < 0) throw new RowError('ends before it starts');
    return minutes === null || Math.round(minutes) < 1 ? null : Math.round(minutes);
  };
  const numberIn = (r: Record<string, unknown>, field: string): number => {
    const n = numberOf(r[field]);
    if (n === null) throw new RowError(r[field] === undefined || r[field] === null || r[field] === '' ? `has no ${field}` : `${field} '${r[field]}' is not a number`);
    return n;
  };

  // Tummy time is an activity; its milestone ("Lifted head"), when it has one, a milestone of its own.
  each('tummy-times', (r, line) => {
    const at = sourceInstant(r.start, zone);
    add({ line, type: 'activity', at, values: { kind: 'tummy_time', duration_min: minutesOf(r, at), note: text(r.notes) } }, 'tummy-times');
    const milestone = text(r.milestone);
    if (milestone && milestone.trim() !== '') add({ line, type: 'milestone', at, values: { title: milestone } }, 'tummy-times');
  });

  each('temperature', (r, line) => {
    const at = sourceInstant(r.time, zone);
    // One decimal, as a thermometer shows it (and as the API takes it); °F is converted as the API does.
    const t = round1(numberIn(r, 'temperature'));
    const reading = units.temperature === 'F' ? { fahrenheit: t } : { celsius: t };
    add({ line, type: 'temperature', at, values: { ...reading, note: text(r.notes) } }, 'temperature');
  });

  // Pumping: start and end since Baby Buddy 2.0 (2023), a single time before.
  each('pumping', (r, line) => {
    const at = sourceInstant(r.start ?? r.time, zone);
    const amount = numberIn(r, 'amount');
    const ml = Math.round(units.volume === 'fl oz' ? amount * ML_PER_FL_OZ : amount);
    add({ line, type: 'pumping', at, values: { ml, duration_min: minutesOf(r, at), note: text(r.notes) } }, 'pumping');
  });

  each('head-circumference', (r, line) => {
    const at = sourceInstant(r.date, zone);
    const h = numberIn(r, 'head_circumference');
    add({ line, type: 'head_circumference', at, values: { cm: round1(units.height === 'in' ? h * CM_PER_IN : h), note: text(r.notes) } }, 'head-circumference');
  });

  // A dose given. Its next_dose_interval is not imported: the family sets its own minimum
  // interval for each medicine here (docs/insights.md, Medicines).
  each('medication', (r, line) => {
    const at = sourceInstant(r.time, zone);
    const name = text(r.name);
    if (!name || name.trim() === '') throw new RowError('names no medicine');
    const dosage = r.dosage === undefined || r.dosage === null || r.dosage === '' ? null : numberIn(r, 'dosage');
    const rawUnit = typeof r.dosage_unit === 'string' ? r.dosage_unit.trim().toLowerCase() : '';
    const unit = Object.hasOwn(DOSAGE_UNITS, rawUnit) ? DOSAGE_UNITS[rawUnit]! : null;
    // A dosage without a unit we know is kept as written in the note, not given a unit.
    const written = dosage !== null && unit === null ? `dose as written: ${dosage}${rawUnit ? ` ${r.dosage_unit}` : ''}` : null;
    add({ line, type: 'medicine', at, values: { medicine: name, amount: unit ? dosage : null, unit, note: joinNote(written, text(r.notes)) } }, 'medication');
  });
  checkOneChild(seenIds, (count, ids) => t('error.import_mixed_children_babybuddy', { count, ids }));
  return out;
}
