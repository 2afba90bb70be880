// A caregiver's own sign-ins: change the password, see where they are signed in, sign out
// other sessions. A session is shown by an opaque public id, never by its secret or hash.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import { claimLoginAttempt, refundLoginAttempt } from './throttle.ts';
import { loadFamily } from '../family/family-row.ts';
import { instantToLocal } from '../../domain/time.ts';
import { t } from '../../i18n/text.ts';

export async function changePassword(ctx: Ctx, actor: Actor, current: string, next: string, ip: string) {
  const scope = scopeOf(ctx, actor);
  const user = await scope.selectFrom('users').select(['email', 'password_hash']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
  // A wrong current password counts against sign-in throttling, like a wrong sign-in.
  await claimLoginAttempt(ctx, user.email, ip);
  if (!(await verifyPassword(current, user.password_hash))) {
    throw new AppError(400, 'wrong_password', t('error.wrong_password'), { detail: [{ loc: ['body', 'current_password'], msg: 'The current password is not right.', type: 'wrong_password' }] });
  }
  await refundLoginAttempt(ctx, user.email, ip);
  const hash = await hashPassword(next, ctx.config.passwordHashCost);
  await scope.transaction(async (tx) => {
    await tx.updateTable('users').set({ password_hash: hash }).where('id', '=', actor.userId).execute();
    let others = tx.deleteFrom('sessions').where('user_id', '=', actor.userId);
    if (actor.sessionHash) others = others.where('id_hash', '!=', actor.sessionHash);
    await others.execute();
  });
  return {
    ok: true as const,
    message: 'Password changed. Every other session of yours was signed out; your API tokens still work (revoke them in settings if they may be known to someone).',
  };
}

export async function listSessions(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const rows = await scope
    .selectFrom('sessions')
    .select(['id_hash', 'public_id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', actor.userId)
    .where('expires_at', '>', ctx.clock())
    .orderBy('created_at', 'desc')
    .execute();
  const local = (ms: number | null) => (ms === null ? null : instantToLocal(Number(ms), family.timezone));
  return {
    sessions: rows.map((r) => ({
      id: r.public_id ?? '',
      created_at: local(r.created_at)!,
      last_seen_at: local(r.last_seen_at),
      user_agent: r.user_agent,
      current: r.id_hash === actor.sessionHash,
    })),
  };
}

export async function revokeSession(ctx: Ctx, actor: Actor, id: string) {
  const r = await scopeOf(ctx, actor).deleteFrom('sessions').where('user_id', '=', actor.userId).where('public_id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(t('error.session_not_found'));
  return { ok: true as const };
}

export async function revokeOtherSessions(ctx: Ctx, actor: Actor) {
  let q = scopeOf(ctx, actor).deleteFrom('sessions').where('user_id', '=', actor.userId);
  if (actor.sessionHash) q = q.where('id_hash', '!=', actor.sessionHash);
  const r = await q.executeTakeFirst();
  return { ok: true as const, ended: Number(r.numDeletedRows) };
}
