// Importing a history from another tracker (or from this service's own export) into a family's
// log. Each format is parsed into candidate events; every candidate is checked against the
// same rules POST /api/vega/log applies (import-limits.ts; nothing is clamped: a row outside
// them is skipped and reported); candidates already in their child's log (same type, instant
// and content) are counted, not added; the rest land in one transaction, in batched INSERTs,
// each in its child's log (import-children.ts: the request's child, or each of the file's
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
import type { EventValues } from '../../domain/event-rules.ts';
import { shownCelsius, shownFahrenheit } from '../../domain/temperature.ts';
import { checkImported } from './import-limits.ts';
import { instantToLocal } from '../../domain/time.ts';
import type { Candidate, SkippedRow } from './import-rows.ts';
import { parseBabyBuddy } from './import-babybuddy.ts';
import { parseHuckleberry } from './import-huckleberry.ts';
import { parseTracker } from './import-tracker.ts';

export { sourceInstant, type SkippedRow } from './import-rows.ts';

export const IMPORT_FORMATS = ['tracker', 'babybuddy', 'huckleberry'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Rows per INSERT statement (as in seed.ts): 26 columns × 500 rows stays under both engines' parameter limits. */
const ROWS_PER_INSERT = 500;

// Not Math.min(...xs): a 20 MB file has more rows than a call may take arguments.
const minOf = (xs: number[]) => xs.reduce((a, b) => (b < a ? b : a), Infinity);
const maxOf = (xs: number[]) => xs.reduce((a, b) => (b > a ? b : a), -Infinity);

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

export async function importHistory(ctx: Ctx, actor: Actor, input: ImportInput, onProgress?: (done: number, total: number) => void): Promise<ImportOutcome> {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  // A child the request names is checked before the file is read: one that is not the
  // family's is 404, an archived one 409 child_archived (it takes no new entries).
  const requested = actor.child ? (await childScopeIn(scope, family, actor.child, { forLogging: true })).child : null;
  const zone = family.timezone;
  const now = ctx.clock();
  const parsed =
    input.format === 'babybuddy' ? parseBabyBuddy(input.data, zone) : input.format === 'huckleberry' ? await parseHuckleberry(input.data, zone) : parseTracker(input.data, zone);
  const routing = await routeChildren(scope, family, parsed, requested, now);

  const skipped = [...parsed.skipped];
  const valid: { c: Candidate; v: EventValues; target: string; key: string }[] = [];
  for (const c of parsed.candidates) {
    // The rules of POST /api/vega/log: a future time, then the values (import-limits.ts).
    if (c.at > now) {
      skipped.push({ line: c.line, source: c.source, reason: `${c.type} is in the future` });
      continue;
    }
    const checked = checkImported(c.type, c.values);
    if ('problem' in checked) {
      skipped.push({ line: c.line, source: c.source, reason: checked.problem });
      continue;
    }
    const v = checked.values;
    // Per child: the same nappy at the same minute for twins is two events, not a duplicate.
    const target = routing.targetOf(c);
    valid.push({ c, v, target, key: `${target} ${dedupeKey(c.type, c.at, v)}` });
  }
  skipped.sort((a, b) => (a.source === b.source ? a.line - b.line : a.source < b.source ? -1 : 1));

  // What the log already holds in the file's time range, each event under its child.
  const existing = new Set<string>();
  if (valid.length) {
    const lo = minOf(valid.map((x) => x.c.at)) - 1000;
    const hi = maxOf(valid.map((x) => x.c.at)) + 1000;
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
  }
  const fresh: typeof valid = [];
  let already = 0;
  const seenInFile = new Set<string>();
  const perSource = new Map<string, Counts>();
  for (const x of valid) {
    const n = perSource.get(x.c.child ?? '') ?? { new: 0, already_there: 0 };
    perSource.set(x.c.child ?? '', n);
    if (existing.has(x.key) || seenInFile.has(x.key)) {
      already += 1;
      n.already_there += 1;
      continue;
    }
    seenInFile.add(x.key);
    fresh.push(x);
    n.new += 1;
  }
  fresh.sort((a, b) => a.c.at - b.c.at || a.c.line - b.c.line);
  // A file's child matched to an archived child here: its history stays readable, but it takes
  // no new entries until unarchived (as for logging). Only new entries count: re-importing a
  // file whose entries are all there already changes nothing and is not refused.
  for (const x of fresh) {
    const child = routing.existing(x.target);
    if (child && Number(child.archived) === 1) {
      throw new AppError(409, 'child_archived', `${child.name} is archived: unarchive ${child.name} in settings (POST /api/vega/children/archive) to import entries into their log.`);
    }
  }

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
    const rows = (childIds: ReadonlyMap<string, string>) => fresh.map(({ c, v, target }) => ({
      child_id: childIds.get(target) ?? target,
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
      celsius: v.celsius,
      method: v.method,
      medicine: v.medicine,
      amount: v.amount,
      unit: v.unit,
      title: v.title,
    }));
    // One transaction: the whole import lands, or none of it.
    created = await scope.transaction(async (tx) => {
      // The file's children to create first: their events name them.
      const childIds = await routing.create(tx, now);
      const all = rows(childIds);
      const log = tx.wholeLog();
      for (let i = 0; i < all.length; i += ROWS_PER_INSERT) {
        await log.insertManyIntoLog('events', all.slice(i, i + ROWS_PER_INSERT)).execute();
        onProgress?.(Math.min(i + ROWS_PER_INSERT, all.length), all.length);
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
