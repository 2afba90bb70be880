// GET and the admin's changes of /api/vega/children: list, add, edit, archive, make primary,
// delete (only a child added by mistake: one with no events). Each change runs in one
// transaction; the children triggers bump the family's versions, so every process sees it.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import type { ChildRow, FamilyScope } from '../../db/family-scope.ts';
import { AppError } from '../../errors.ts';
import { MAX_CHILDREN } from '../../domain/children.ts';
import { loadFamily, type FamilyRow } from './family-row.ts';
import { childNotFound, childrenOf } from './children.ts';
import { childFields, newChildId, presentChild } from './child-rows.ts';
import { checkNameFree, updateChild, type ChildPatch } from './child-changes.ts';
import { validateDob } from './profile-rules.ts';
import { isUniqueViolation } from '../context.ts';
import { t } from '../../i18n/text.ts';

export interface NewChild {
  baby_name: string;
  dob: string;
  gender?: string;
}

/** The family's children in the order they were added. Archived ones are listed too, marked. */
export async function listChildren(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  return { children: (await childrenOf(scope, family)).map((c) => presentChild(c, family, now)) };
}

/** The family's children read inside the change's transaction, the family row locked. */
export async function lockedChildren(tx: FamilyScope): Promise<{ family: FamilyRow; children: ChildRow[] }> {
  const family = await tx.forUpdate(tx.family().selectAll()).executeTakeFirstOrThrow();
  const children = await tx.forUpdate(tx.selectFrom('children').selectAll().orderBy('created_at').orderBy('name_key')).execute();
  return { family, children };
}

function childOf(children: readonly ChildRow[], id: string): ChildRow {
  const child = children.find((c) => c.id === id);
  if (!child) throw childNotFound(id, children, false);
  return child;
}

/** Runs an admin's change, then answers with the child as it now is. */
async function change(ctx: Ctx, actor: Actor, fn: (tx: FamilyScope, family: FamilyRow, children: ChildRow[]) => Promise<string>) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  let id: string;
  try {
    id = await scope.transaction(async (tx) => {
      const { family, children } = await lockedChildren(tx);
      const changed = await fn(tx, family, children);
      // A child added, renamed, archived or back: its Home Assistant device follows.
      await tx.emit({ kind: 'children.changed', at: ctx.clock() });
      return changed;
    });
  } catch (err) {
    // Two admins adding the same name at once: the unique (family, name_key) index decides.
    if (isUniqueViolation(err)) throw new AppError(409, 'child_name_taken', t('error.child_name_taken_any'));
    throw err;
  }
  const family = await loadFamily(scope);
  const child = (await childrenOf(scope, family)).find((c) => c.id === id)!;
  return { ok: true as const, child: presentChild(child, family, ctx.clock()) };
}

export async function addChild(ctx: Ctx, actor: Actor, input: NewChild) {
  return change(ctx, actor, async (tx, family, children) => {
    if (children.length >= MAX_CHILDREN) {
      throw new AppError(409, 'child_limit', t('error.child_limit', { max: MAX_CHILDREN }));
    }
    checkNameFree(children, input.baby_name, null);
    validateDob(input.dob, family.timezone, ctx.clock());
    const id = newChildId();
    await tx
      .insertInto('children', { id, ...childFields({ name: input.baby_name, dob: input.dob, gender: input.gender ?? '' }), archived: 0, created_at: ctx.clock() })
      .execute();
    return id;
  });
}

export async function editChild(ctx: Ctx, actor: Actor, id: string, changes: ChildPatch) {
  if (Object.keys(changes).length === 0) throw new AppError(400, 'nothing_to_change', t('error.nothing_to_change'));
  return change(ctx, actor, async (tx, family, children) => {
    const child = childOf(children, id);
    if (changes.dob !== undefined) validateDob(changes.dob, family.timezone, ctx.clock());
    await updateChild(tx, children, child, changes);
    return id;
  });
}

export async function archiveChild(ctx: Ctx, actor: Actor, id: string, archived: boolean) {
  return change(ctx, actor, async (tx, family, children) => {
    const child = childOf(children, id);
    if (archived && child.id === family.primary_child_id) {
      throw new AppError(409, 'primary_child', t('error.primary_child_archive', { name: child.name }));
    }
    await tx.updateTable('children').set({ archived: archived ? 1 : 0 }).where('id', '=', id).execute();
    return id;
  });
}

export async function setPrimaryChild(ctx: Ctx, actor: Actor, id: string) {
  return change(ctx, actor, async (tx, _family, children) => {
    const child = childOf(children, id);
    if (child.archived) throw new AppError(409, 'child_archived', t('error.child_archived_primary', { name: child.name }));
    await tx.updateFamily().set({ primary_child_id: id }).execute();
    return id;
  });
}

/** Only a child with no events (one added by mistake), and never the primary child. */
export async function deleteChild(ctx: Ctx, actor: Actor, id: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  await scope.transaction(async (tx) => {
    const { family, children } = await lockedChildren(tx);
    const child = childOf(children, id);
    if (child.id === family.primary_child_id) {
      throw new AppError(409, 'primary_child', t('error.primary_child_delete', { name: child.name }));
    }
    const own = tx.forChild(child, children);
    const logged = await own.selectFrom('events').select('id').limit(1).executeTakeFirst();
    if (logged) {
      throw new AppError(409, 'child_has_events', t('error.child_has_events', { name: child.name }));
    }
    // A running feed timer is not history: it goes with the child.
    await own.deleteFrom('feed_timers').execute();
    await tx.deleteFrom('children').where('id', '=', id).execute();
    // Its Home Assistant device goes with it.
    await tx.emit({ kind: 'children.changed', at: ctx.clock(), deletedChildId: id });
  });
  return { ok: true as const, deleted: id };
}

