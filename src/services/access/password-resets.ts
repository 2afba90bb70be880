// Account recovery without e-mail (docs/security.md, "Account recovery"): an admin, or the
// operator with `tracker reset-password`, issues a reset link; the person opens it and sets a
// new password. A link is valid for an hour and once; only the SHA-256 of its code is stored.
// Using it ends every session of that person (a session someone else holds must not survive a
// recovery) but leaves API tokens alone, and does not sign the caller in: they sign in next.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import { FamilyScope } from '../../db/family-scope.ts';
import { AppError } from '../../errors.ts';
import { memberByName } from './members.ts';
import { hashPassword, randomSecret, sha256 } from './secrets.ts';
import { checkSignup, recordSignupFailure } from './throttle.ts';
import { loadFamily } from '../family/family-row.ts';
import { instantToLocal } from '../../domain/time.ts';
import { normalEmail } from './accounts.ts';
import { t } from '../../i18n/text.ts';

export const RESET_LINK_MS = 60 * 60 * 1000;

/** Stores a new link for one person, replacing their older unused ones. */
async function issue(ctx: Ctx, scope: FamilyScope, userId: string) {
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const code = randomSecret();
  const expiresAt = now + RESET_LINK_MS;
  await scope.transaction(async (tx) => {
    await tx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await tx.insertInto('password_resets', { code_hash: sha256(code), user_id: userId, created_at: now, expires_at: expiresAt, used_at: null }).execute();
  });
  return {
    ok: true as const,
    reset_url: `${ctx.config.publicUrl}/reset?code=${encodeURIComponent(code)}`,
    expires_at: instantToLocal(expiresAt, family.timezone),
  };
}

/** An admin issues a link for a caregiver of their own family (or for themselves). */
export async function issueResetLink(ctx: Ctx, actor: Actor, username: string) {
  const scope = scopeOf(ctx, actor);
  const user = await memberByName(scope, username, false);
  return issue(ctx, scope, user.id);
}

/** The operator (CLI) issues a link by account email, across families: null when unknown. */
export async function issueResetLinkByEmail(ctx: Ctx, email: string) {
  const user = await ctx.db.kysely.selectFrom('users').select(['id', 'family_id']).where('email', '=', normalEmail(email)).executeTakeFirst();
  if (!user) return null;
  return issue(ctx, new FamilyScope(ctx.db.kysely, user.family_id, ctx.db.dialect), user.id);
}

// Unknown, used and expired codes answer alike, so the answer cannot be used to probe codes.
function invalidLink(): AppError {
  return new AppError(410, 'reset_link_invalid', t('error.reset_link_invalid'));
}

export async function resetPassword(ctx: Ctx, code: string, newPassword: string, ip: string) {
  await checkSignup(ctx, ip);
  const codeHash = sha256(code.trim());
  const link = await ctx.db.kysely
    .selectFrom('password_resets')
    .select(['family_id', 'user_id', 'expires_at', 'used_at'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  const fail = async () => {
    await recordSignupFailure(ctx, ip);
    return invalidLink();
  };
  if (!link || link.used_at !== null || Number(link.expires_at) <= ctx.clock()) throw await fail();
  // Hashed before the transaction: scrypt is slow and must not hold a write lock.
  const hash = await hashPassword(newPassword, ctx.config.passwordHashCost);
  const scope = new FamilyScope(ctx.db.kysely, link.family_id, ctx.db.dialect);
  const claimed = await scope.transaction(async (tx) => {
    const now = ctx.clock();
    // The claim decides races: of two uses of one code only one updates the row.
    const r = await tx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await tx.updateTable('users').set({ password_hash: hash }).where('id', '=', link.user_id).execute();
    await tx.deleteFrom('sessions').where('user_id', '=', link.user_id).execute();
    return true;
  });
  if (!claimed) throw await fail();
  return {
    ok: true as const,
    redirect: '/login',
    message: 'Password set: sign in with it. Every session of this account was signed out; its API tokens still work (revoke them in settings if they may be known to someone).',
  };
}
