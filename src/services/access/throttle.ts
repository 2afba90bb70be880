// Guessing protection for sign-in, sign-up and joining: failed attempts are counted per
// (account, client address) and per address; past the limit the caller gets 429 with
// Retry-After. Not per account alone: then anyone, anywhere, could lock the owner out by
// typing wrong passwords for their email. Buckets name the account by a hash, never the email.
import { AppError } from '../../errors.ts';
import type { Ctx } from '../context.ts';
import { bumpCounter, peekCounter, refundCounter } from './counters.ts';
import { sha256 } from './secrets.ts';
import { isLoopback } from '../../domain/addresses.ts';
import { t } from '../../i18n/text.ts';

const WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
export const LIMITS = {
  /** failed sign-in attempts for one email from one address in 15 minutes */
  loginPerAccount: 10,
  /** failed sign-ins from one address in 15 minutes */
  loginPerAddress: 50,
  /** sign-ups and joins from one address that hit an existing email or a bad invite code */
  signupFailuresPerAddress: 20,
};

export function tooMany(resetInMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
  return new AppError(429, 'too_many_requests', t('error.too_many_attempts', { minutes: Math.ceil(retryAfter / 60) }), {
    retry_after: retryAfter,
  });
}

async function check(ctx: Ctx, bucket: string, limit: number): Promise<void> {
  const s = await peekCounter(ctx, bucket, WINDOW_MS);
  if (s.count >= limit) throw tooMany(s.resetInMs);
}

/** The bucket of one account at one address: a hash, so no email is stored in the counters. */
const accountAt = (email: string, ip: string) => `login:acct:${sha256(`${email}\n${ip}`)}`;

/**
 * Counts a sign-in attempt before the (slow) password check, so parallel guesses cannot all
 * slip through before any is counted; past either limit the attempt is refused.
 */
export async function claimLoginAttempt(ctx: Ctx, email: string, ip: string): Promise<void> {
  const acct = await bumpCounter(ctx, accountAt(email, ip), WINDOW_MS);
  const addr = await bumpCounter(ctx, `login:ip:${ip}`, WINDOW_MS);
  if (acct.count > LIMITS.loginPerAccount || addr.count > LIMITS.loginPerAddress) {
    throw tooMany(Math.max(acct.resetInMs, addr.resetInMs));
  }
}

/** A successful sign-in does not count against the limits. */
export async function refundLoginAttempt(ctx: Ctx, email: string, ip: string): Promise<void> {
  await refundCounter(ctx, accountAt(email, ip), WINDOW_MS);
  await refundCounter(ctx, `login:ip:${ip}`, WINDOW_MS);
}

// Sign-up and join answer 409 for a registered email and 404/410 for a bad invite code, so
// they could be used to probe which emails or codes exist. Only those failures are counted:
// families signing up in numbers from one address (a school, a test suite) are not slowed.
export async function checkSignup(ctx: Ctx, ip: string): Promise<void> {
  await check(ctx, `signup:ip:${ip}`, LIMITS.signupFailuresPerAddress);
}

/**
 * New families per client address: SIGNUP_LIMIT_PER_HOUR (default 5) in each hour. Each
 * sign-up costs a password hash and a family, so a script must not create them in bulk. The
 * server's own machine is not limited: with the default HOST (127.0.0.1) that is every client,
 * which is the operator; behind a proxy, set TRUST_PROXY so clients are told apart.
 */
export async function claimSignup(ctx: Ctx, ip: string): Promise<void> {
  const limit = ctx.config.signupLimitPerHour;
  if (limit === 0 || isLoopback(ip)) return;
  const s = await bumpCounter(ctx, `signup:new:${ip}`, HOUR_MS);
  if (s.count > limit) throw tooMany(s.resetInMs);
}

export async function recordSignupFailure(ctx: Ctx, ip: string): Promise<void> {
  await bumpCounter(ctx, `signup:ip:${ip}`, WINDOW_MS);
}
