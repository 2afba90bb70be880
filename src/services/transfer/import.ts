// Importing a history from another tracker (or from this service's own export) into a family's
// log. Each format is parsed into candidate events; every candidate is checked, as it is read,
// against the same rules POST /api/vega/log applies (import-limits.ts; nothing is clamped: a
// row outside them is skipped and reported); candidates already in their child's log (same
// type, instant and content) are counted, not added; the rest land in one transaction, in
// batched INSERTs, each in its child's log (import-children.ts: the request's child, or each of the file's
// children matched or created).
// docs/import.md documents every mapping.
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { childScopeIn } from '../family/children.ts';
import { AppError } from '../../errors.ts';
import { routeChildren, type ChildMapping, type Counts } from './import-children.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { loadFamily } from '../family/family-row.ts';
import { EMPTY_VALUES, VALUE_FIELDS, type EventValues } from '../../domain/event-rules.ts';
import { shownCelsius, shownFahrenheit } from '../../domain/temperature.ts';
import { checkImported } from './import-limits.ts';
import { newEventRow } from '../log/event-rows.ts';
import { instantToLocal } from '../../domain/time.ts';
import type { Candidate, OnCandidate, Parsed, SkippedRow } from './import-rows.ts';
import type { EventType, Reaction } from '../../domain/types.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { parseBabyBuddy } from './import-babybuddy.ts';
import { parseHuckleberry } from './import-huckleberry.ts';
import { parseTracker } from './import-tracker.ts';
import { t } from '../../i18n/text.ts';

export { sourceInstant, type SkippedRow } from './import-rows.ts';

export const IMPORT_FORMATS = ['tracker', 'babybuddy', 'huckleberry'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Rows per INSERT statement (as in seed.ts): 26 columns × 500 rows stays under both engines' parameter limits. */
const ROWS_PER_INSERT = 500;

// ---------- dedupe and writing ----------

/**
 * A temperature as the API shows it (°C and °F to one decimal). The column keeps a reading sent
 * in °F unrounded, and PostgreSQL's real is single precision: the raw number of an imported
 * reading and of the same reading read back can differ in the last digits, what is shown cannot.
 */
const shownTemperature = (c: number | null) => (c === null ? null : [shownCelsius(c), shownFahrenheit(c)]);

/** Same type, same second and same content: the identity of an event for deduplication. */
function dedupeKey(type: string, at: number, v: Pick<EventValues, keyof EventValues>): string {
  return JSON.stringify([
    type, Math.floor(at / 1000), v.ml, v.kind, v.foods, v.meal_type, v.kg === null ? null : Number(v.kg), v.cm === null ? null : Number(v.cm), v.ug, v.note, v.side, v.duration_min,
    shownTemperature(v.celsius), v.method, v.medicine, v.amount === null ? null : Number(v.amount), v.unit, v.title,
  ]);
}

export interface ImportInput {
  format: ImportFormat;
  dry_run?: boolean;
  /** The file. Taken: importHistory sets it to undefined once it has read it into candidates. */
  data: unknown;
}

/** The answer (schemas/transfer.ts ImportResult). */
export interface ImportOutcome {
  format: ImportFormat;
  dry_run: boolean;
  counts: Record<string, number>;
  first_ts: string | null;
  last_ts: string | null;
  new: number;
  already_there: number;
  skipped: SkippedRow[];
  notes: Counts;
  recipes: Counts;
  children?: ChildMapping[];
}

/**
 * A candidate that passed the checks: what writing it takes, and no more (not the file's
 * values, nor its dedupe key: a 20 MB file has some 60,000 of these alive through the import).
 */
interface Valid {
  line: number;
  type: EventType;
  at: number;
  author: string | undefined;
  reactions: Reaction[] | null | undefined;
  child: string | undefined;
  /** the child here it goes to (Routing.targetOf), once the file's children are placed */
  target: string;
  /** the checked values that are set (presentValues); the others are null */
  v: Partial<EventValues>;
}

/** The values an event has: most of its 16 are null, and need not be held 60,000 times. */
function presentValues(v: EventValues): Partial<EventValues> {
  const out: Record<string, unknown> = {};
  for (const f of VALUE_FIELDS) if (v[f] !== null) out[f] = v[f];
  return out as Partial<EventValues>;
}

/** All 16 values again, the absent ones null. */
const allValues = (v: Partial<EventValues>): EventValues => ({ ...EMPTY_VALUES, ...v });

/**
 * Checks each candidate as the parser reads it, to the rules of POST /api/vega/log: a future
 * time, then the values (import-limits.ts). Keeps the valid ones, as the API would store them,
 * and the rows refused, with why.
 */
function checker(now: number) {
  const valid: Valid[] = [];
  const refused: SkippedRow[] = [];
  const check = (c: Candidate) => {
    if (c.at > now) {
      refused.push({ line: c.line, source: c.source, reason: `${c.type} is in the future` });
      return;
    }
    const checked = checkImported(c.type, c.values);
    if ('problem' in checked) {
      refused.push({ line: c.line, source: c.source, reason: checked.problem });
      return;
    }
    valid.push({ line: c.line, type: c.type, at: c.at, author: c.author, reactions: c.reactions, child: c.child, target: '', v: presentValues(checked.values) });
  };
  return { valid, refused, check };
}

/**
 * The file read, each candidate handed to `check` as it is read. The request's body lets go of
 * the file here: the parsed JSON of a 20 MB file is some 20 MB of objects that no later step
 * needs, and would otherwise live until the answer is sent.
 */
async function readFile(input: ImportInput, zone: string, check: OnCandidate): Promise<Parsed> {
  const data = input.data;
  input.data = undefined;
  return input.format === 'babybuddy'
    ? parseBabyBuddy(data, zone, check)
    : input.format === 'huckleberry'
      ? await parseHuckleberry(data, zone, check)
      : parseTracker(data, zone, check);
}

/** The dedupe keys of what the log already holds in [lo, hi], each event under its child. */
async function keysInLog(scope: FamilyScope, lo: number, hi: number): Promise<Set<string>> {
  const existing = new Set<string>();
  const rows = await scope
    .wholeLog()
    .selectFrom('events')
    .select(['child_id', 'type', 'at', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min', 'celsius', 'method', 'medicine', 'amount', 'unit', 'title'])
    .where('at', '>=', lo)
    .where('at', '<=', hi)
    .execute();
  for (const r of rows) {
    const key = dedupeKey(r.type, Number(r.at), {
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
      celsius: r.celsius === null ? null : Number(r.celsius),
      method: r.method as EventValues['method'],
      medicine: r.medicine,
      amount: r.amount === null ? null : Number(r.amount),
      unit: r.unit as EventValues['unit'],
      title: r.title,
    });
    existing.add(`${r.child_id} ${key}`);
  }
  return existing;
}

/**
 * The valid events the log (or an earlier row of the file) does not have yet, and the count per
 * file's child of new and already there. Two events are the same only in the same child's log
 * at the same second (their keys hold both): the file's events are taken in groups of those, in
 * the file's order within each, and each is compared with the earlier ones of its group. So a
 * key lives only while its group is looked at, not all of them (some 12 MB for a 20 MB file).
 */
async function newOnes(scope: FamilyScope, valid: Valid[], lo: number, hi: number): Promise<{ fresh: Valid[]; already: number; perSource: Map<string, Counts> }> {
  const existing = valid.length ? await keysInLog(scope, lo, hi) : new Set<string>();
  const second = (i: number) => Math.floor(valid[i]!.at / 1000);
  const target = (i: number) => valid[i]!.target;
  // Positions in the file, grouped (a stable sort: each group stays in the file's order).
  const grouped = Array.from(valid.keys()).sort((a, b) => (target(a) < target(b) ? -1 : target(a) > target(b) ? 1 : second(a) - second(b)));
  const isNew = new Uint8Array(valid.length);
  let already = 0;
  const perSource = new Map<string, Counts>();
  const group = new Set<string>();
  for (let g = 0; g < grouped.length; g++) {
    const i = grouped[g]!;
    const before = grouped[g - 1];
    if (before === undefined || target(before) !== target(i) || second(before) !== second(i)) group.clear();
    const x = valid[i]!;
    const n = perSource.get(x.child ?? '') ?? { new: 0, already_there: 0 };
    perSource.set(x.child ?? '', n);
    const key = `${x.target} ${dedupeKey(x.type, x.at, allValues(x.v))}`;
    if (existing.has(key) || group.has(key)) {
      already += 1;
      n.already_there += 1;
      continue;
    }
    group.add(key);
    isNew[i] = 1;
    n.new += 1;
  }
  // In the file's order, then by time: events of the same instant and line keep the file's order.
  const fresh = valid.filter((_, i) => isNew[i] === 1);
  fresh.sort((a, b) => a.at - b.at || a.line - b.line);
  return { fresh, already, perSource };
}

export async function importHistory(ctx: Ctx, actor: Actor, input: ImportInput, onProgress?: (done: number, total: number) => void): Promise<ImportOutcome> {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  // A child the request names is checked before the file is read: one that is not the
  // family's is 404, an archived one 409 child_archived (it takes no new entries).
  const requested = actor.child ? (await childScopeIn(scope, family, actor.child, { forLogging: true })).child : null;
  const zone = family.timezone;
  const now = ctx.clock();
  const { valid, refused, check } = checker(now);
  const parsed = await readFile(input, zone, check);
  const routing = await routeChildren(scope, family, parsed, requested, now);
  // Per child: the same nappy at the same minute for twins is two events, not a duplicate.
  for (const x of valid) x.target = routing.targetOf(x);
  const skipped = [...parsed.skipped, ...refused];
  skipped.sort((a, b) => (a.source === b.source ? a.line - b.line : a.source < b.source ? -1 : 1));
  const counts: Record<string, number> = {};
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of valid) {
    counts[x.type] = (counts[x.type] ?? 0) + 1;
    if (x.at < lo) lo = x.at;
    if (x.at > hi) hi = x.at;
  }
  const first = valid.length ? instantToLocal(lo, zone) : null;
  const last = valid.length ? instantToLocal(hi, zone) : null;
  // What the log already holds in the file's time range (a second either side).
  const { fresh, already, perSource } = await newOnes(scope, valid, lo - 1000, hi + 1000);
  // Only the new ones are written: the others are let go.
  valid.length = 0;
  // A file's child matched to an archived child here: its history stays readable, but it takes
  // no new entries until unarchived (as for logging). Only new entries count: re-importing a
  // file whose entries are all there already changes nothing and is not refused.
  for (const x of fresh) {
    const child = routing.existing(x.target);
    if (child && Number(child.archived) === 1) {
      throw new AppError(409, 'child_archived', t('error.child_archived_import', { name: child.name }));
    }
  }

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

  let created: ReadonlyMap<string, string> = new Map();
  if (!input.dry_run && (fresh.length || freshNotes.length || freshRecipes.length || routing.creates)) {
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
    const row = (childIds: ReadonlyMap<string, string>, c: Valid) => ({
      child_id: childIds.get(c.target) ?? c.target,
      id: newId(),
      ...newEventRow({ type: c.type, ts: instantToLocal(c.at, zone), at: c.at, zone, author: c.author ?? author, created_at: now, reactions: c.reactions }, c.v),
    });
    // One transaction: the whole import lands, or none of it.
    created = await scope.transaction(async (tx) => {
      // The file's children to create first: their events name them.
      const childIds = await routing.create(tx, now);
      const log = tx.wholeLog();
      // Each statement's rows are made just before it runs: one batch of rows in memory, not all.
      for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
        const batch = fresh.slice(i, i + ROWS_PER_INSERT).map((x) => row(childIds, x));
        await log.insertManyIntoLog('events', batch).execute();
        onProgress?.(Math.min(i + ROWS_PER_INSERT, fresh.length), fresh.length);
      }
      for (const n of freshNotes) await tx.insertInto('notes', { ts: n.ts, text: n.text, tags: JSON.stringify(n.tags), created_at: now }).execute();
      for (const r of freshRecipes) {
        await tx.insertInto('recipes', { name_key: r.name.toLowerCase(), name: r.name, ingredients: JSON.stringify(r.ingredients), created_at: now }).execute();
      }
      return childIds;
    });
  }

  const result: ImportOutcome = {
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
  // Only a file of several children says where each went: a one-child answer stays as it was.
  const children = routing.mapping(perSource, created);
  return children ? { ...result, children } : result;
}
