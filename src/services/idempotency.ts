// Idempotency keys: a retried write with the same key within 24 hours returns the first
// result and writes nothing. Keys live in the database, so this holds across processes.
import type { FamilyScope } from '../db/family-scope.ts';
import { badRequest, conflict } from '../errors.ts';
import { isUniqueViolation, type Ctx } from './context.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,200}$/;
// idempotentCall claims a key with this marker before the call runs.
const PENDING_VALUE = '\u0000pending';
const PENDING_TTL_MS = 2 * 60 * 1000;
const PENDING = JSON.stringify(PENDING_VALUE);

export function checkIdempotencyKey(key: string): void {
  if (!KEY_RE.test(key)) throw badRequest('An idempotency key must be 1 to 200 visible ASCII characters.', 'invalid_idempotency_key');
}

async function stored<T>(scope: FamilyScope, name: string, key: string, now: number): Promise<T | null> {
  const row = await scope
    .selectFrom('idempotency_keys')
    .select(['response', 'created_at'])
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
  return JSON.parse(row.response) as T;
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
  write: (tx: FamilyScope) => Promise<T>,
): Promise<T> {
  if (key === null || key === undefined) return scope.transaction(write);
  checkIdempotencyKey(key);
  const now = ctx.clock();
  const earlier = await stored<T>(scope, name, key, now);
  if (earlier !== null) return earlier;
  try {
    return await scope.transaction(async (tx) => {
      const result = await write(tx);
      await tx.insertInto('idempotency_keys', { key, scope: name, response: JSON.stringify(result), created_at: now }).execute();
      return result;
    });
  } catch (err) {
    // A concurrent retry with the same key committed first: answer with its result.
    if (isUniqueViolation(err)) {
      const first = await stored<T>(scope, name, key, now);
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
  write: () => Promise<T>,
): Promise<T> {
  if (key === null || key === undefined) return write();
  checkIdempotencyKey(key);
  const now = ctx.clock();
  const inUse = () => conflict('A call with this idempotency key is still running; retry in a moment.', 'idempotency_key_in_use');
  const earlier = await stored<T | string>(scope, name, key, now);
  if (earlier !== null) {
    if (earlier === PENDING_VALUE) throw inUse();
    return earlier as T;
  }
  try {
    await scope.insertInto('idempotency_keys', { key, scope: name, response: PENDING, created_at: now }).execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await stored<T | string>(scope, name, key, now);
    if (first === null || first === PENDING_VALUE) throw inUse();
    return first as T;
  }
  let result: T;
  try {
    result = await write();
  } catch (err) {
    await scope.deleteFrom('idempotency_keys').where('scope', '=', name).where('key', '=', key).execute();
    throw err;
  }
  await scope.updateTable('idempotency_keys').set({ response: JSON.stringify(result) }).where('scope', '=', name).where('key', '=', key).execute();
  return result;
}
