// Whose log each imported event goes into (issue 25). A file of one child (Huckleberry, Baby
// Buddy without its children list, an export of a one-child family) goes into the request's
// child, else the primary child. A file of several children sends each child's events to its
// own child here, matched or created as domain/import-children.ts decides; the children to
// create are created inside the import's transaction, so a dry run or a refused import leaves
// the family's children as they were.
import type { ChildRow, FamilyScope } from '../../db/family-scope.ts';
import { AppError } from '../../errors.ts';
import { planChildren, samePlan, type ChildPlan, type ChildTarget, type SourceChild } from '../../domain/import-children.ts';
import type { FamilyRow } from '../family/family-row.ts';
import { childrenOf, resolveChild } from '../family/children.ts';
import { lockedChildren } from '../family/children-admin.ts';
import { childFields, newChildId } from '../family/child-rows.ts';
import { validateDob } from '../family/profile-rules.ts';
import type { Candidate, Parsed } from './import-rows.ts';
import { t } from '../../i18n/text.ts';

/** One of the file's children as the answer lists it. */
export interface ChildMapping {
  source: string;
  /** null on a dry run for a child that would be created */
  child_id: string | null;
  name: string;
  action: 'matched' | 'created';
  new: number;
  already_there: number;
}

export interface Counts {
  new: number;
  already_there: number;
}

export interface Routing {
  /** The child a candidate goes to: a child's id, or `new:N` for the Nth child to create. */
  targetOf(c: Pick<Candidate, 'child'>): string;
  /** The existing child a target names (undefined for a child still to create). */
  existing(target: string): ChildRow | undefined;
  /** Whether the file has children to create here (the import then writes even with no new entries). */
  creates: boolean;
  /** Creates the children to create, in the import's transaction: target → the new child's id. */
  create(tx: FamilyScope, now: number): Promise<Map<string, string>>;
  /** The answer's `children`, or undefined for a file of one child (whose answer stays as it was). */
  mapping(counts: ReadonlyMap<string, Counts>, created: ReadonlyMap<string, string>): ChildMapping[] | undefined;
}

const NEW = 'new:';
const targetKey = <C extends ChildRow>(t: ChildTarget<C>) => (t.action === 'matched' ? t.child.id : `${NEW}${t.slot}`);

function planError(plan: Exclude<ChildPlan<ChildRow>, { ok: true }>): AppError {
  switch (plan.problem) {
    case 'dob_mismatch':
      return new AppError(
        409,
        'child_mismatch',
        t('error.import_dob_mismatch', { label: plan.source.label, dob: plan.source.dob, name: plan.child.name, child_dob: plan.child.dob }),
      );
    case 'name_clash':
      return new AppError(
        409,
        'child_mismatch',
        t('error.import_name_clash', { first: plan.sources.slice(0, -1).map((s) => s.label).join(', '), last: plan.sources.at(-1)!.label, name: plan.name }),
      );
    case 'limit':
      return new AppError(
        409,
        'child_limit',
        t('error.import_child_limit', { creating: plan.creating.join(', '), max: plan.max, have: plan.have }),
      );
  }
}

/** A file of one child: every event into `child`. */
function intoOne(child: ChildRow): Routing {
  return {
    targetOf: () => child.id,
    existing: (t) => (t === child.id ? child : undefined),
    creates: false,
    create: async () => new Map(),
    mapping: () => undefined,
  };
}

/**
 * Where the parsed file's events go. `requested`: the child the request names (already checked
 * to exist and to take entries), which only a file of one child may name.
 */
export async function routeChildren(scope: FamilyScope, family: FamilyRow, parsed: Parsed, requested: ChildRow | null, now: number): Promise<Routing> {
  const sources = parsed.children ?? [];
  if (sources.length === 0 || (requested && sources.length === 1)) {
    return intoOne(requested ?? resolveChild(await childrenOf(scope, family), family, undefined));
  }
  if (requested) {
    throw new AppError(
      400,
      'invalid_import',
      t('error.import_child_given', { count: sources.length, labels: sources.map((s) => s.label).join(', ') }),
    );
  }
  const children = await childrenOf(scope, family);
  const plan = planChildren(sources, children);
  if (!plan.ok) throw planError(plan);
  for (const s of sources) {
    const target = plan.targets.get(s.key)!;
    if (target.action !== 'created') continue;
    try {
      validateDob(s.dob, family.timezone, now);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw new AppError(400, 'invalid_import', t('error.import_child_dob', { label: s.label, dob: s.dob, reason: err.text ?? err.message }));
    }
  }
  const byId = new Map(children.map((c) => [c.id, c]));
  return {
    targetOf: (c) => targetKey(plan.targets.get(c.child!)!),
    existing: (t) => byId.get(t),
    creates: plan.created > 0,
    async create(tx, at) {
      if (plan.created === 0) return new Map();
      // Checked again with the family's row locked: a child added or renamed since the plan was
      // made could change where the file's children go, or pass the limit.
      const { children: locked } = await lockedChildren(tx);
      const again = planChildren(sources, locked);
      if (!again.ok) throw planError(again);
      if (!samePlan(plan.targets, again.targets)) {
        throw new AppError(409, 'children_changed', t('error.import_children_changed'));
      }
      const ids = new Map<string, string>();
      const taken = new Set(locked.map((c) => c.id));
      for (const t of plan.targets.values()) {
        if (t.action !== 'created' || ids.has(targetKey(t))) continue;
        let id = newChildId();
        while (taken.has(id)) id = newChildId();
        taken.add(id);
        // created_at a millisecond apart: the family's children list in the file's order.
        await tx.insertInto('children', { id, ...childFields({ name: t.name, dob: t.dob, gender: t.gender }), archived: 0, created_at: at + t.slot }).execute();
        ids.set(targetKey(t), id);
      }
      return ids;
    },
    mapping: (counts, created) =>
      sources.map((s) => {
        const t = plan.targets.get(s.key)!;
        const n = counts.get(s.key) ?? { new: 0, already_there: 0 };
        return t.action === 'matched'
          ? { source: s.label, child_id: t.child.id, name: t.child.name, action: 'matched' as const, ...n }
          : { source: s.label, child_id: created.get(targetKey(t)) ?? null, name: t.name, action: 'created' as const, ...n };
      }),
  };
}

export type { SourceChild };
