// Sign-up, sign-in, sign-out and joining a family by invite.
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { isUniqueViolation } from '../context.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { JoinInput, OnboardInput } from '../../schemas/account.ts';
import { dummyPasswordHash, hashPassword, sha256, verifyPassword } from './secrets.ts';
import { createSession, endSession } from './sessions.ts';
import { checkSignup, claimLoginAttempt, claimSignup, recordSignupFailure, refundLoginAttempt } from './throttle.ts';
import { validateDob } from '../family/profile-rules.ts';
import { normalUsername } from '../../domain/text-rules.ts';
import { FamilyScope } from '../../db/family-scope.ts';
import { childFields, newChildId } from '../family/child-rows.ts';
import { t } from '../../i18n/text.ts';

export interface SignedIn {
  sessionSecret: string;
  redirect: string;
}

const HOME = '/';

function usernameTaken(username: string): AppError {
  return conflict(t('error.username_taken', { username }), 'username_taken');
}

/** The spec's default username: the part of the email before @, as typed. */
export function defaultUsername(email: string): string {
  return email.slice(0, email.lastIndexOf('@')).slice(0, 64) || 'parent';
}

/** Emails are unique regardless of case: stored and compared lowercased. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function emailTaken(ctx: Ctx, email: string): Promise<boolean> {
  const row = await ctx.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function onboard(ctx: Ctx, input: OnboardInput, ip: string): Promise<SignedIn> {
  await checkSignup(ctx, ip);
  const now = ctx.clock();
  const timezone = input.timezone ?? 'Europe/London';
  validateDob(input.dob, timezone, now);
  // Counted once the request is valid: a mistyped date of birth costs no sign-up.
  await claimSignup(ctx, ip);
  const email = normalEmail(input.email);
  if (await emailTaken(ctx, email)) {
    await recordSignupFailure(ctx, ip);
    throw conflict(t('error.email_taken'), 'email_taken');
  }
  const region = input.region ?? 'uk';
  const familyId = randomUUID();
  const childId = newChildId();
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('families')
        .values({
          id: familyId,
          family_name: input.family_name ?? '',
          timezone,
          region,
          units: input.units ?? (region === 'us' ? 'imperial' : 'metric'),
          plan: ctx.config.planDefault,
          acquisition: input.acquisition ? JSON.stringify(input.acquisition) : null,
          created_at: now,
          primary_child_id: childId,
        })
        .execute();
      // The child named at sign-up: the family's primary child.
      await new FamilyScope(trx, familyId, ctx.db.dialect)
        .insertInto('children', { id: childId, ...childFields({ name: input.baby_name, dob: input.dob, gender: input.gender ?? '' }), archived: 0, created_at: now })
        .execute();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          family_id: familyId,
          email,
          username: input.username ?? defaultUsername(input.email),
          password_hash: passwordHash,
          role: 'admin',
          created_at: now,
        })
        .execute();
      const sessionSecret = await createSession(trx, familyId, userId, now);
      return { sessionSecret, redirect: HOME };
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(t('error.email_taken'), 'email_taken');
    throw err;
  }
}

export async function login(ctx: Ctx, typedEmail: string, password: string, ip: string): Promise<SignedIn> {
  const email = normalEmail(typedEmail);
  await claimLoginAttempt(ctx, email, ip);
  const user = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'family_id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  // Verify against a dummy hash when the account is unknown, so the timing is the same.
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash(ctx.config.passwordHashCost)));
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', t('error.invalid_credentials'));
  await refundLoginAttempt(ctx, email, ip);
  const sessionSecret = await createSession(ctx.db.kysely, user.family_id, user.id, ctx.clock());
  return { sessionSecret, redirect: HOME };
}

export async function logout(ctx: Ctx, sessionHash: string | null): Promise<void> {
  if (sessionHash) await endSession(ctx.db.kysely, sessionHash);
}

export async function join(ctx: Ctx, input: JoinInput, ip: string): Promise<SignedIn> {
  await checkSignup(ctx, ip);
  const now = ctx.clock();
  const invite = await ctx.db.kysely
    .selectFrom('invites')
    .selectAll()
    .where('code_hash', '=', sha256(input.code.trim()))
    .executeTakeFirst();
  if (!invite) {
    await recordSignupFailure(ctx, ip);
    throw notFound(t('error.invite_not_found'));
  }
  if (invite.used_at !== null) throw new AppError(410, 'invite_used', t('error.invite_used'));
  if (invite.revoked_at !== null) throw new AppError(410, 'invite_revoked', t('error.invite_revoked'));
  if (invite.expires_at <= now) throw new AppError(410, 'invite_expired', t('error.invite_expired'));
  const email = normalEmail(input.email);
  if (await emailTaken(ctx, email)) {
    await recordSignupFailure(ctx, ip);
    throw conflict(t('error.email_taken'), 'email_taken');
  }
  const username = input.username ?? defaultUsername(input.email);
  // A name stored unfolded by an earlier release ("Ｇｒａｎ") is taken by its folded form too.
  const names = await new FamilyScope(ctx.db.kysely, invite.family_id, ctx.db.dialect).selectFrom('users').select('username').execute();
  if (names.some((n) => normalUsername(n.username) === normalUsername(username))) throw usernameTaken(username);
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      // Claim the invite first: of two joins racing for one code only one updates the row.
      const claimed = await trx
        .updateTable('invites')
        .set({ used_at: now, used_by: userId })
        .where('id', '=', invite.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        throw new AppError(410, 'invite_used', t('error.invite_used'));
      }
      await trx
        .insertInto('users')
        .values({
          id: userId,
          family_id: invite.family_id,
          email,
          username,
          password_hash: passwordHash,
          role: 'member',
          created_at: now,
        })
        .execute();
      const sessionSecret = await createSession(trx, invite.family_id, userId, now);
      return { sessionSecret, redirect: HOME };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const taken = await emailTaken(ctx, email);
      throw taken
        ? conflict(t('error.email_taken'), 'email_taken')
        : usernameTaken(username);
    }
    throw err;
  }
}
