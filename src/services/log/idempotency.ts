// Idempotency keys: a retried write with the same key within 24 hours returns the first
// result and writes nothing. Keys live in the database, so this holds across processes.
import type { FamilyScope } from '../../db/family-scope.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { sha256 } from '../access/secrets.ts';
import { isUniqueViolation, type Ctx } from '../context.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { t } from '../../i18n/text.ts';
import { keepTexts, reviveTexts } from '../../i18n/kept-text.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,200}$/;
// idempotentCall claims a key with this marker before the call runs.
const PENDING_VALUE = '\u0000pending';
const PENDING_TTL_MS = 2 * 60 * 1000;
const PENDING = JSON.stringify(PENDING_VALUE);

export function checkIdempotencyKey(key: string): void {
  if (!KEY_RE.test(key)) throw badRequest(t('error.invalid_idempotency_key'), 'invalid_idempotency_key');
}

/** A stable digest of what a request asks for (object keys sorted, so order does not matter). */
export function requestHash(request: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v as object).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)]))
        : v;
  return sha256(JSON.stringify(canonical(request)));
}

// A write that records its key in its own transaction (the log: see keyRowWith) stores this
// marker, with the parts of its answer known before it commits; the full answer replaces it
// right after. A retry that finds only the marker knows the write committed (its first answer
// was lost, or could not be recorded) and answers from the marker instead of writing again.
const COMMITTED = '\u0000committed';

// 422: the request is well-formed but cannot be processed under this key (as in the IETF
// Idempotency-Key draft). Until 1.1.0 the log route answered 400; see CHANGELOG.
function reused() {
  return new AppError(
    422,
    'idempotency_key_reused',
    t('error.idempotency_key_reused'),
  );
}

/** The result recorded under a key, or null; a key recorded for another request is refused. */
async function stored<T>(scope: FamilyScope, name: string, key: string, hash: string, now: number): Promise<T | null> {
  const row = await scope
    .selectFrom('idempotency_keys')
    .select(['response', 'created_at', 'request_hash'])
    .where('scope', '=', name)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  // A claim left "pending" by a process that died mid-call stops blocking after two minutes.
  const stalePending = row.response === PENDING && row.created_at <= now - PENDING_TTL_MS;
  if (row.created_at <= now - IDEMPOTENCY_TTL_MS || stalePending) {
    await scope.deleteFrom('idempotency_keys').where('scope', '=', name).where('key', '=', key).execute();
    return null;
  }
  if (row.request_hash !== null && row.request_hash !== hash) throw reused();
  return reviveTexts(row.response) as T;
}

function inUse() {
  return conflict(t('error.idempotency_key_in_use'), 'idempotency_key_in_use');
}

/** What an earlier call under a key left: its answer, or the marker its write committed. */
export type Earlier<T, P> = { answer: T } | { committed: P } | null;

/**
 * For a write that records its key itself (keyRowWith): what an earlier call under `key` left,
 * or null. The same key for another request is 422; a call under it still running (a claim by
 * idempotentCall) is 409.
 */
export async function earlierCall<T, P>(ctx: Ctx, scope: FamilyScope, name: string, key: string, request: unknown): Promise<Earlier<T, P>> {
  checkIdempotencyKey(key);
  const found = await stored<unknown>(scope, name, key, requestHash(request), ctx.clock());
  if (found === null) return null;
  if (found === PENDING_VALUE) throw inUse();
  if (typeof found === 'object' && found !== null && COMMITTED in found) return { committed: (found as Record<string, P>)[COMMITTED]! };
  return { answer: found as T };
}

/** The key's row for a write to commit with itself: the marker, with `partial` (what a retry answers from). */
export function keyRowWith(ctx: Ctx, name: string, key: string, request: unknown, partial: unknown) {
  return { key, scope: name, response: keepTexts({ [COMMITTED]: partial }), request_hash: requestHash(request), created_at: ctx.clock() };
}

/**
 * Runs `write` in one transaction; with a key, also records its result under the key in the
 * same transaction, or returns the recorded result if the key was used already.
 */
export async function idempotent<T>(
  ctx: Ctx,
  scope: FamilyScope,
  name: string,
  key: string | null | undefined,
  request: unknown,
  write: (tx: FamilyScope) => Promise<T>,
): Promise<T> {
  if (key === null || key === undefined) return scope.transaction(write);
  checkIdempotencyKey(key);
  const now = ctx.clock();
  const hash = requestHash(request);
  const earlier = await stored<T>(scope, name, key, hash, now);
  if (earlier !== null) return earlier;
  try {
    return await scope.transaction(async (tx) => {
      const result = await write(tx);
      await tx.insertInto('idempotency_keys', { key, scope: name, response: keepTexts(result), request_hash: hash, created_at: now }).execute();
      return result;
    });
  } catch (err) {
    // A concurrent retry with the same key committed first: answer with its result.
    if (isUniqueViolation(err)) {
      const first = await stored<T>(scope, name, key, hash, now);
      if (first !== null) return first;
    }
    throw err;
  }
}

// Marks a key claimed by a call still running (no real result is ever this string).

/**
 * For writes whose service runs its own transaction (so the key cannot join it), e.g. the MCP
 * tools: the key is claimed first, the write runs, then its result is recorded under the key.
 * A retry gets the recorded result and writes nothing; a retry racing the first call gets a
 * 409 to try again; a failed write frees the key so the retry can run.
 */
export async function idempotentCall<T>(
  ctx: Ctx,
  scope: FamilyScope,
  name: string,
  key: string | null | undefined,
  request: unknown,
  write: () => Promise<T>,
): Promise<T> {
  if (key === null || key === undefined) return write();
  const claim = await claimKey<T>(ctx, scope, name, key, request);
  if (claim.replay) return claim.value;
  let result: T;
  try {
    result = await write();
  } catch (err) {
    // The write's own error is the answer, whatever becomes of the key.
    await settleClaim(scope, name, key, claim.claimedAt, null).catch(() => {});
    throw err;
  }
  await settleClaim(scope, name, key, claim.claimedAt, { result });
  return result;
}

export type Claim<T> = { replay: true; value: T } | { replay: false; claimedAt: number };

/**
 * Claims `key` for a call about to run, or returns what an earlier call under it recorded. A
 * retry racing a call still running gets 409 idempotency_key_in_use; the same key for a
 * different request gets 422 idempotency_key_reused.
 */
export async function claimKey<T>(ctx: Ctx, scope: FamilyScope, name: string, key: string, request: unknown): Promise<Claim<T>> {
  checkIdempotencyKey(key);
  const now = ctx.clock();
  const hash = requestHash(request);
  const earlier = await stored<T | string>(scope, name, key, hash, now);
  if (earlier !== null) {
    if (earlier === PENDING_VALUE) throw inUse();
    return { replay: true, value: earlier as T };
  }
  try {
    await scope.insertInto('idempotency_keys', { key, scope: name, response: PENDING, request_hash: hash, created_at: now }).execute();
  } catch (err) {
    // The database went away: the claim may have been made all the same (its answer lost).
    // Nothing will run under it, so it is freed as soon as the database is back.
    if (isDatabaseUnavailable(err)) settleLater(() => releaseClaim(scope, name, key, now), Date.now() + PENDING_TTL_MS);
    if (!isUniqueViolation(err)) throw err;
    const first = await stored<T | string>(scope, name, key, hash, now);
    if (first === null || first === PENDING_VALUE) throw inUse();
    return { replay: true, value: first as T };
  }
  return { replay: false, claimedAt: now };
}

/** Records the result of a call: retries under the key now get it. */
export async function recordKey(scope: FamilyScope, name: string, key: string, result: unknown): Promise<void> {
  await scope.updateTable('idempotency_keys').set({ response: keepTexts(result) }).where('scope', '=', name).where('key', '=', key).execute();
}

// A claim's own row: still pending, and made at its time (not a later call's claim, made after
// this one went stale).
function ownClaim<Q extends { where: (...args: any[]) => Q }>(q: Q, name: string, key: string, claimedAt: number): Q {
  return q.where('scope', '=', name).where('key', '=', key).where('response', '=', PENDING).where('created_at', '=', claimedAt);
}

async function recordClaim(scope: FamilyScope, name: string, key: string, claimedAt: number, result: unknown): Promise<void> {
  await ownClaim(scope.updateTable('idempotency_keys').set({ response: keepTexts(result) }), name, key, claimedAt).execute();
}

async function releaseClaim(scope: FamilyScope, name: string, key: string, claimedAt: number): Promise<void> {
  await ownClaim(scope.deleteFrom('idempotency_keys'), name, key, claimedAt).execute();
}

/** How often a claim's result or release is tried again while the database is away. */
const SETTLE_RETRY_MS = 2_000;

/**
 * Settles a claim made by claimKey: records the call's result under the key, or (null) frees
 * the key after a failed call. When the database is away it is tried again in the background
 * until it succeeds or the claim would have gone stale anyway, so that a retry soon after the
 * database is back replays the result, or runs, instead of being told the call is still running.
 */
export async function settleClaim(scope: FamilyScope, name: string, key: string, claimedAt: number, outcome: { result: unknown } | null): Promise<void> {
  const step = () => (outcome === null ? releaseClaim(scope, name, key, claimedAt) : recordClaim(scope, name, key, claimedAt, outcome.result));
  try {
    await step();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    settleLater(step, Date.now() + PENDING_TTL_MS);
  }
}

function settleLater(step: () => Promise<void>, until: number): void {
  if (Date.now() + SETTLE_RETRY_MS >= until) return;
  setTimeout(() => {
    step().catch((err) => {
      if (isDatabaseUnavailable(err)) settleLater(step, until);
    });
  }, SETTLE_RETRY_MS).unref();
}
