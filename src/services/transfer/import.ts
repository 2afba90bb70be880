// Importing a history from another tracker (or from this service's own export) into a family's
// log. Each format is parsed into candidate events; every candidate is checked against the
// same limits the API applies (nothing is clamped: a row outside them is skipped and reported);
// candidates already in the log (same type, instant and content) are counted, not added; the
// rest land in one transaction, in batched INSERTs. docs/import.md documents every mapping.
import { randomBytes } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse';
import { Temporal } from 'temporal-polyfill';
import type { Ctx } from '../context.ts';
import { childScopeOf } from '../family/children.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { loadFamily } from '../family/family-row.ts';
import { badRequest } from '../../errors.ts';
import { EventRuleError, checkEventValues, type EventValues } from '../../domain/event-rules.ts';
import { EVENT_TYPES, FEED_SIDES, type EventType, type Reaction } from '../../domain/types.ts';
import { LOCAL_TS_RE, TimeError, instantToLocal, isValidZone, localToInstant } from '../../domain/time.ts';

export const IMPORT_FORMATS = ['tracker', 'babybuddy', 'huckleberry'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Rows per INSERT statement (as in seed.ts): 19 columns × 500 rows stays under both engines' parameter limits. */
const ROWS_PER_INSERT = 500;
const ML_PER_FL_OZ = 29.5735;
const KG_PER_LB = 0.45359237;
const KG_PER_OZ = KG_PER_LB / 16;
const CM_PER_IN = 2.54;
const LIMITS = { mlMax: 500, kgMin: 0.5, kgMax: 30, cmMin: 40, cmMax: 120, durMin: 1, durMax: 180, noteMax: 300, ugMax: 100000 };

export interface SkippedRow {
  /** 1-based: the CSV line (the header is line 1), or the row's position in its JSON array */
  line: number;
  /** where the row came from: the CSV, or the JSON section (feedings, sleep, events…) */
  source: string;
  reason: string;
}

interface Candidate {
  line: number;
  source: string;
  type: EventType;
  at: number;
  values: Partial<EventValues>;
  author?: string;
  reactions?: Reaction[] | null;
}

interface NoteRow {
  ts: string;
  text: string;
  tags: string[];
}
interface RecipeRow {
  name: string;
  ingredients: string[];
}

interface Parsed {
  candidates: Candidate[];
  skipped: SkippedRow[];
  notes: NoteRow[];
  recipes: RecipeRow[];
}

class RowError extends Error {}

// Not Math.min(...xs): a 20 MB file has more rows than a call may take arguments.
const minOf = (xs: number[]) => xs.reduce((a, b) => (b < a ? b : a), Infinity);
const maxOf = (xs: number[]) => xs.reduce((a, b) => (b > a ? b : a), -Infinity);
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A source timestamp → epoch ms. With a UTC offset (or Z) the offset decides the instant; without
 * one it is wall-clock time in the family's zone (a time the clocks skipped is an error).
 */
export function sourceInstant(raw: unknown, zone: string): number {
  if (typeof raw !== 'string' || raw.trim() === '') throw new RowError('has no time');
  const s = raw.trim().replace(' ', 'T');
  if (/([+-]\d{2}:?\d{2}|Z)$/i.test(s) && /T/.test(s)) {
    try {
      return Temporal.Instant.from(s).epochMilliseconds;
    } catch {
      throw new RowError(`time '${raw}' is not a valid timestamp`);
    }
  }
  let local = s;
  if (/^\d{4}-\d{2}-\d{2}$/.test(local)) local = `${local}T12:00:00`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) local = `${local}:00`;
  else local = local.replace(/\.\d+$/, '');
  if (!LOCAL_TS_RE.test(local)) throw new RowError(`time '${raw}' is not a timestamp (YYYY-MM-DD HH:MM[:SS], optionally with a UTC offset)`);
  try {
    return localToInstant(local, zone);
  } catch (err) {
    if (err instanceof TimeError) throw new RowError(err.message);
    throw err;
  }
}

/** Baby Buddy's duration "HH:MM:SS" (or Huckleberry's "HH:MM") → minutes. */
function durationMinutes(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  const m = /^(?:(\d+) )?(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(raw.trim());
  if (!m) return null;
  const days = Number(m[1] ?? 0);
  return days * 1440 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) / 60;
}

function joinNote(...parts: (string | null | undefined | false)[]): string | null {
  const s = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim()).join('; ');
  return s === '' ? null : s;
}

// ---------- Baby Buddy ----------

export const BABYBUDDY_SECTIONS = ['feedings', 'sleep', 'changes', 'notes', 'weight', 'height', 'tummy-times'] as const;

interface BbUnits {
  volume: 'ml' | 'fl oz';
  weight: 'kg' | 'lb';
  height: 'cm' | 'in';
}

function unitsOf(raw: unknown): BbUnits {
  const u = (raw ?? {}) as Record<string, unknown>;
  if (typeof u !== 'object' || Array.isArray(u)) throw badRequest('data.units must be an object {volume, weight, height}.', 'invalid_import');
  const pick = <T extends string>(key: string, allowed: readonly T[], dflt: T): T => {
    const v = u[key];
    if (v === undefined) return dflt;
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    throw badRequest(`data.units.${key} must be one of ${allowed.join(', ')}.`, 'invalid_import');
  };
  return { volume: pick('volume', ['ml', 'fl oz'] as const, 'ml'), weight: pick('weight', ['kg', 'lb'] as const, 'kg'), height: pick('height', ['cm', 'in'] as const, 'cm') };
}

function resultsOf(section: string, raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw && typeof raw === 'object' && Array.isArray((raw as { results?: unknown }).results)) return (raw as { results: unknown[] }).results;
  throw badRequest(`data.${section} must be a results array or a page {count, next, previous, results}.`, 'invalid_import');
}

function parseBabyBuddy(data: unknown, zone: string): Parsed {
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw badRequest('For format babybuddy, data must be an object keyed by Baby Buddy endpoint (feedings, sleep, changes, notes, weight, height, tummy-times).', 'invalid_import');
  }
  const obj = data as Record<string, unknown>;
  const units = unitsOf(obj.units);
  const out: Parsed = { candidates: [], skipped: [], notes: [], recipes: [] };
  const known = new Set<string>([...BABYBUDDY_SECTIONS, 'units']);
  for (const key of Object.keys(obj)) {
    if (!known.has(key)) out.skipped.push({ line: 0, source: key, reason: `section '${key}' is not imported (no matching event type)` });
  }
  const each = (section: string, fn: (row: Record<string, unknown>, line: number) => void) => {
    if (obj[section] === undefined) return;
    resultsOf(section, obj[section]).forEach((row, i) => {
      try {
        if (!row || typeof row !== 'object') throw new RowError('is not an object');
        fn(row as Record<string, unknown>, i + 1);
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        out.skipped.push({ line: i + 1, source: section, reason: err.message });
      }
    });
  };
  const add = (c: Omit<Candidate, 'source'>, source: string) => out.candidates.push({ ...c, source });
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

  each('tummy-times', (r, line) => {
    const at = sourceInstant(r.start, zone);
    let minutes = r.end ? (sourceInstant(r.end, zone) - at) / 60000 : durationMinutes(r.duration);
    if (minutes !== null && minutes < 0) throw new RowError('ends before it starts');
    const what = minutes === null ? 'Tummy time' : `Tummy time ${Math.max(1, Math.round(minutes))} min`;
    add({ line, type: 'note', at, values: { note: joinNote(what, text(r.milestone)) } }, 'tummy-times');
  });
  return out;
}

// ---------- Huckleberry ----------

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

async function parseHuckleberry(data: unknown, zone: string): Promise<Parsed> {
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

// ---------- this service's own export ----------

function parseTracker(data: unknown, familyZone: string): Parsed {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !Array.isArray((data as { events?: unknown }).events)) {
    throw badRequest("For format tracker, data must be this service's export object (with an events array).", 'invalid_import');
  }
  const obj = data as { events: unknown[]; profile?: { timezone?: unknown }; notes?: unknown; recipes?: unknown };
  // The export's timestamps are wall-clock times of the exporting family's zone.
  const tz = obj.profile?.timezone;
  const zone = typeof tz === 'string' && isValidZone(tz) ? tz : familyZone;
  const out: Parsed = { candidates: [], skipped: [], notes: [], recipes: [] };
  obj.events.forEach((raw, i) => {
    const line = i + 1;
    try {
      if (!raw || typeof raw !== 'object') throw new RowError('is not an object');
      const e = raw as Record<string, unknown>;
      if (!(EVENT_TYPES as readonly string[]).includes(String(e.type))) throw new RowError(`type '${e.type}' is not an event type`);
      const at = sourceInstant(e.ts, zone);
      const values: Partial<EventValues> = {};
      for (const f of ['ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min'] as const) {
        if (e[f] !== undefined && e[f] !== null) (values as Record<string, unknown>)[f] = e[f];
      }
      const reactions = Array.isArray(e.reactions)
        ? (e.reactions as unknown[]).filter((r): r is Reaction => !!r && typeof (r as Reaction).emoji === 'string' && typeof (r as Reaction).username === 'string')
        : null;
      out.candidates.push({
        line,
        source: 'events',
        type: e.type as EventType,
        at,
        values,
        author: typeof e.author === 'string' && e.author.trim() ? e.author.trim().slice(0, 40) : undefined,
        reactions: reactions && reactions.length ? reactions : null,
      });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      out.skipped.push({ line, source: 'events', reason: err.message });
    }
  });
  if (Array.isArray(obj.notes)) {
    obj.notes.forEach((n, i) => {
      const r = n as { ts?: unknown; text?: unknown; tags?: unknown };
      if (typeof r?.ts !== 'string' || typeof r.text !== 'string' || r.text.trim() === '') {
        out.skipped.push({ line: i + 1, source: 'notes', reason: 'a note needs ts and text' });
        return;
      }
      out.notes.push({ ts: r.ts, text: r.text, tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [] });
    });
  }
  if (obj.recipes && typeof obj.recipes === 'object') {
    Object.values(obj.recipes as Record<string, unknown>).forEach((raw, i) => {
      const r = raw as { name?: unknown; ingredients?: unknown };
      const ingredients = Array.isArray(r?.ingredients) ? r.ingredients.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
      if (typeof r?.name !== 'string' || r.name.trim() === '' || ingredients.length === 0) {
        out.skipped.push({ line: i + 1, source: 'recipes', reason: 'a recipe needs a name and ingredients' });
        return;
      }
      out.recipes.push({ name: r.name.trim().slice(0, 80), ingredients });
    });
  }
  return out;
}

// ---------- checks, dedupe and writing ----------

/** The limits the API applies to a logged event; a row outside them is skipped, never clamped. */
function limitProblem(c: Candidate, v: EventValues, now: number): string | null {
  if (c.at > now) return 'is in the future';
  if (v.ml !== null && (!Number.isInteger(v.ml) || v.ml < 0 || v.ml > LIMITS.mlMax)) return `ml ${v.ml} is outside 0–${LIMITS.mlMax}`;
  if (v.kg !== null && (v.kg < LIMITS.kgMin || v.kg > LIMITS.kgMax)) return `weight ${v.kg} kg is outside ${LIMITS.kgMin}–${LIMITS.kgMax} kg`;
  if (v.cm !== null && (v.cm < LIMITS.cmMin || v.cm > LIMITS.cmMax)) return `length ${v.cm} cm is outside ${LIMITS.cmMin}–${LIMITS.cmMax} cm`;
  if (v.duration_min !== null && (!Number.isInteger(v.duration_min) || v.duration_min < LIMITS.durMin || v.duration_min > LIMITS.durMax)) {
    return `duration ${v.duration_min} min is outside ${LIMITS.durMin}–${LIMITS.durMax} min`;
  }
  if (v.ug !== null && (!Number.isInteger(v.ug) || v.ug < 0 || v.ug > LIMITS.ugMax)) return `ug ${v.ug} is outside 0–${LIMITS.ugMax}`;
  if (v.note !== null && v.note.length > LIMITS.noteMax) return `note is longer than ${LIMITS.noteMax} characters`;
  if (v.side !== null && !(FEED_SIDES as readonly string[]).includes(v.side)) return `side '${v.side}' is not left, right or both`;
  return null;
}

/** Same type, same second and same content: the identity of an event for deduplication. */
function dedupeKey(type: string, at: number, v: Pick<EventValues, keyof EventValues>): string {
  return JSON.stringify([type, Math.floor(at / 1000), v.ml, v.kind, v.foods, v.meal_type, v.kg === null ? null : Number(v.kg), v.cm === null ? null : Number(v.cm), v.ug, v.note, v.side, v.duration_min]);
}

export interface ImportInput {
  format: ImportFormat;
  dry_run?: boolean;
  data: unknown;
}

export async function importHistory(ctx: Ctx, actor: Actor, input: ImportInput, onProgress?: (done: number, total: number) => void) {
  requireAdmin(actor);
  // Into one child's log: the child the request names, else the primary child.
  const scope = await childScopeOf(ctx, actor, { forLogging: true });
  const family = await loadFamily(scope);
  const zone = family.timezone;
  const now = ctx.clock();
  const parsed =
    input.format === 'babybuddy' ? parseBabyBuddy(input.data, zone) : input.format === 'huckleberry' ? await parseHuckleberry(input.data, zone) : parseTracker(input.data, zone);

  const skipped = [...parsed.skipped];
  const valid: { c: Candidate; v: EventValues; key: string }[] = [];
  for (const c of parsed.candidates) {
    let v: EventValues;
    try {
      v = checkEventValues(c.type, c.values);
    } catch (err) {
      if (!(err instanceof EventRuleError)) throw err;
      skipped.push({ line: c.line, source: c.source, reason: err.message });
      continue;
    }
    const problem = limitProblem(c, v, now);
    if (problem) {
      skipped.push({ line: c.line, source: c.source, reason: `${c.type} ${problem}` });
      continue;
    }
    valid.push({ c, v, key: dedupeKey(c.type, c.at, v) });
  }
  skipped.sort((a, b) => (a.source === b.source ? a.line - b.line : a.source < b.source ? -1 : 1));

  // What the log already holds in the file's time range.
  const existing = new Set<string>();
  if (valid.length) {
    const lo = minOf(valid.map((x) => x.c.at)) - 1000;
    const hi = maxOf(valid.map((x) => x.c.at)) + 1000;
    const rows = await scope
      .selectFrom('events')
      .select(['type', 'at', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min'])
      .where('at', '>=', lo)
      .where('at', '<=', hi)
      .execute();
    for (const r of rows) {
      existing.add(
        dedupeKey(r.type, Number(r.at), {
          ml: r.ml === null ? null : Number(r.ml),
          kind: r.kind,
          foods: r.foods === null ? null : (JSON.parse(r.foods) as string[]),
          meal_type: r.meal_type as EventValues['meal_type'],
          kg: r.kg === null ? null : Number(r.kg),
          cm: r.cm === null ? null : Number(r.cm),
          ug: r.ug === null ? null : Number(r.ug),
          note: r.note,
          side: r.side as EventValues['side'],
          duration_min: r.duration_min === null ? null : Number(r.duration_min),
        }),
      );
    }
  }
  const fresh: typeof valid = [];
  let already = 0;
  const seenInFile = new Set<string>();
  for (const x of valid) {
    if (existing.has(x.key) || seenInFile.has(x.key)) {
      already += 1;
      continue;
    }
    seenInFile.add(x.key);
    fresh.push(x);
  }
  fresh.sort((a, b) => a.c.at - b.c.at || a.c.line - b.c.line);

  const counts: Record<string, number> = {};
  for (const x of valid) counts[x.c.type] = (counts[x.c.type] ?? 0) + 1;
  const ats = valid.map((x) => x.c.at);
  const first = ats.length ? instantToLocal(minOf(ats), zone) : null;
  const last = ats.length ? instantToLocal(maxOf(ats), zone) : null;

  // Notes (the question-answering memory) and recipes: new when their key is not there yet.
  const noteKeys = new Set((await scope.selectFrom('notes').select('ts').execute()).map((n) => n.ts));
  const freshNotes = parsed.notes.filter((n) => !noteKeys.has(n.ts) && (noteKeys.add(n.ts), true));
  const recipeKeys = new Set((await scope.selectFrom('recipes').select('name_key').execute()).map((r) => r.name_key));
  const freshRecipes = parsed.recipes.filter((r) => {
    const k = r.name.toLowerCase();
    if (recipeKeys.has(k)) return false;
    recipeKeys.add(k);
    return true;
  });

  if (!input.dry_run && (fresh.length || freshNotes.length || freshRecipes.length)) {
    // Event ids are unique in the whole family's log, whichever child.
    const used = new Set((await scope.wholeLog().selectFrom('events').select('id').execute()).map((r) => r.id));
    const newId = () => {
      for (;;) {
        const id = randomBytes(4).toString('hex');
        if (!used.has(id)) {
          used.add(id);
          return id;
        }
      }
    };
    const author = actor.username;
    const rows = fresh.map(({ c, v }) => ({
      id: newId(),
      ts: instantToLocal(c.at, zone),
      at: c.at,
      zone,
      type: c.type,
      author: c.author ?? author,
      ml: v.ml,
      kind: v.kind,
      foods: v.foods ? JSON.stringify(v.foods) : null,
      meal_type: v.meal_type,
      kg: v.kg,
      cm: v.cm,
      ug: v.ug,
      note: v.note,
      reactions: c.reactions && c.reactions.length ? JSON.stringify(c.reactions) : null,
      side: v.side,
      duration_min: v.duration_min,
      last_side: null,
      created_at: now,
    }));
    // One transaction: the whole import lands, or none of it.
    await scope.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await tx.insertManyIntoLog('events', rows.slice(i, i + ROWS_PER_INSERT)).execute();
        onProgress?.(Math.min(i + ROWS_PER_INSERT, rows.length), rows.length);
      }
      for (const n of freshNotes) await tx.insertInto('notes', { ts: n.ts, text: n.text, tags: JSON.stringify(n.tags), created_at: now }).execute();
      for (const r of freshRecipes) {
        await tx.insertInto('recipes', { name_key: r.name.toLowerCase(), name: r.name, ingredients: JSON.stringify(r.ingredients), created_at: now }).execute();
      }
    });
  }

  return {
    format: input.format,
    dry_run: input.dry_run === true,
    counts,
    first_ts: first,
    last_ts: last,
    new: fresh.length,
    already_there: already,
    skipped,
    notes: { new: freshNotes.length, already_there: parsed.notes.length - freshNotes.length },
    recipes: { new: freshRecipes.length, already_there: parsed.recipes.length - freshRecipes.length },
  };
}
