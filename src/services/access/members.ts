// Taking access back: an admin removes a caregiver (or anyone leaves), and admins change roles.
// Removing deletes the person's account row; their sessions and tokens go with it (foreign
// keys, ON DELETE CASCADE), so their next request is a 401 on every process, REST and MCP
// alike (credentials are looked up in the database on each request). What they logged stays:
// events carry the author's username as text.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { matchUsername } from '../../domain/text-rules.ts';
import { t } from '../../i18n/text.ts';

function lastAdmin(): AppError {
  return new AppError(409, 'last_admin', t('error.last_admin'));
}

/**
 * A caregiver of the family by name: exactly as stored, or folded alike (matchUsername), so a
 * name an earlier release stored unfolded can still be removed, re-roled and reset. Every
 * member row is read (a family has a handful), locked when `lock` is set.
 */
export async function memberByName(tx: FamilyScope, username: string, lock = true) {
  const q = tx.selectFrom('users').select(['id', 'username', 'role']);
  const rows = await (lock ? tx.forUpdate(q) : q).execute();
  const found = matchUsername(rows, username);
  if (!found) throw notFound(t('error.member_not_found', { username }));
  if ('ambiguous' in found) {
    throw conflict(
      t('error.ambiguous_username', { username, names: found.ambiguous.map((m) => `'${m.username}'`).join(', ') }),
      'ambiguous_username',
    );
  }
  return found.member;
}

/** Admins, locked for the transaction, so two demotions at once cannot leave none. */
async function adminCount(tx: FamilyScope): Promise<number> {
  const rows = await tx.forUpdate(tx.selectFrom('users').select('id').where('role', '=', 'admin')).execute();
  return rows.length;
}

export async function removeMember(ctx: Ctx, actor: Actor, username: string) {
  return scopeOf(ctx, actor).transaction(async (tx) => {
    const target = await memberByName(tx, username);
    const self = target.id === actor.userId;
    if (!self && actor.role !== 'admin') throw forbidden(t('error.remove_other_caregiver'));
    if (target.role === 'admin' && (await adminCount(tx)) <= 1) throw lastAdmin();
    await tx.deleteFrom('users').where('id', '=', target.id).execute();
    return {
      ok: true as const,
      removed: target.username,
      message: self
        ? 'You have left the family. Your sessions and tokens no longer work; what you logged stays in the log.'
        : `${target.username} no longer has access: their sessions and tokens stopped working. What they logged stays in the log.`,
    };
  });
}

export async function setRole(ctx: Ctx, actor: Actor, username: string, role: 'admin' | 'member') {
  if (actor.role !== 'admin') throw forbidden();
  return scopeOf(ctx, actor).transaction(async (tx) => {
    const target = await memberByName(tx, username);
    if (target.role === 'admin' && role === 'member' && (await adminCount(tx)) <= 1) throw lastAdmin();
    await tx.updateTable('users').set({ role }).where('id', '=', target.id).execute();
    return { ok: true as const, username: target.username, role };
  });
}
