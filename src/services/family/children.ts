// The family's children (issue 25), and the one place a request's child is resolved: the child
// it names (REST: ?child=ID or `child` in the body; the connector: an id or a name), or the
// family's primary child. Every read and write of the log goes through the ChildScope made
// here (db/family-scope.ts), so no route or tool can forget which child it is about.
//
// The family's children are read once per change, not once per request: the family's row
// (read with the credential anyway) carries children_version, bumped by database triggers on
// any change to its children or to which one is primary, and each process keeps the list it
// read under that version.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import { familyReadWithCredential } from '../access/auth.ts';
import { type ChildRow, type ChildScope, FamilyScope } from '../../db/family-scope.ts';
import { loadFamily, type FamilyRow } from './family-row.ts';
import { AppError } from '../../errors.ts';
import { pickChild } from '../../domain/children.ts';
import { t } from '../../i18n/text.ts';

export type { ChildRow };

const CACHE_FAMILIES = 5000;
const cache = new Map<string, { version: number; children: ChildRow[] }>();

/** The family's children in the order they were added (then by name), as of the family row's children_version (or later). */
export async function childrenOf(scope: FamilyScope, family: FamilyRow): Promise<readonly ChildRow[]> {
  const version = Number(family.children_version);
  const hit = cache.get(family.id);
  // (The primary child is always among them: a list without it is not this family's.)
  if (hit && hit.version >= version && hit.children.some((c) => c.id === family.primary_child_id)) return hit.children;
  const rows = await scope.selectFrom('children').selectAll().orderBy('created_at').orderBy('name_key').execute();
  // Read after the version: a change landing meanwhile makes the list newer than its label,
  // never older, and the next request's higher version reads it again.
  const children = Object.freeze(rows.map((r) => Object.freeze({ ...r, archived: Number(r.archived), created_at: Number(r.created_at) })));
  cache.delete(family.id);
  cache.set(family.id, { version, children: children as ChildRow[] });
  if (cache.size > CACHE_FAMILIES) cache.delete(cache.keys().next().value!);
  return children as ChildRow[];
}

function list(children: readonly ChildRow[]): string {
  return children.map((c) => `${c.name} (id ${c.id})`).join(', ');
}

/** 404 child_not_found: the same answer for an unknown id and for another family's child. */
export function childNotFound(ref: string, children: readonly ChildRow[], byName: boolean): AppError {
  return new AppError(404, 'child_not_found', t(byName ? 'error.child_not_found_name' : 'error.child_not_found_id', { ref, children: list(children) }));
}

/** The child `ref` names (or the primary child when it names none). */
export function resolveChild(children: readonly ChildRow[], family: FamilyRow, ref: Actor['child']): ChildRow {
  if (!ref) {
    const primary = children.find((c) => c.id === family.primary_child_id);
    if (!primary) throw new Error(`family ${family.id} has no primary child`);
    return primary;
  }
  const found = pickChild(children, ref.ref, ref.byName);
  if (!found) throw childNotFound(ref.ref, children, ref.byName);
  if ('ambiguous' in found) {
    // Names are unique, so only a name that is also another child's id can fit two children.
    throw new AppError(404, 'child_not_found', t('error.child_ref_ambiguous', { ref: ref.ref, children: list(found.ambiguous) }));
  }
  return found.child;
}

/**
 * The request's child: the one it names, else the primary child. `forLogging`: the child will
 * get new entries in its log, which an archived child does not take (409 child_archived).
 */
export async function childScopeOf(ctx: Ctx, actor: Actor, opts: { forLogging?: boolean } = {}): Promise<ChildScope> {
  const scope = scopeOf(ctx, actor);
  const family = familyReadWithCredential(actor) ?? (await loadFamily(scope));
  return childScopeIn(scope, family, actor.child, opts);
}

export async function childScopeIn(scope: FamilyScope, family: FamilyRow, ref: Actor['child'], opts: { forLogging?: boolean } = {}): Promise<ChildScope> {
  const children = await childrenOf(scope, family);
  const child = resolveChild(children, family, ref);
  if (opts.forLogging && child.archived) {
    throw new AppError(409, 'child_archived', t('error.child_archived_log', { name: child.name }));
  }
  return scope.forChild(child, children);
}

/** Forgets what this process knows of a family's children (after it deleted the family). */
export function forgetChildren(familyId: string): void {
  cache.delete(familyId);
}

/** For tests and the CLI: a scope of the family's primary child without a request. */
export async function primaryChildScope(k: FamilyScope): Promise<ChildScope> {
  const family = await loadFamily(k);
  return childScopeIn(k, family, undefined);
}
