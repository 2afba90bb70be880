// Server-side sessions for the web app. The cookie holds a random secret; the database holds
// only its SHA-256, so a copy of the database cannot be replayed as a sign-in.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { randomSecret, sha256 } from './secrets.ts';
import { writeGrouped } from '../../db/group-commit.ts';

export const SESSION_COOKIE = 'tracker_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session unused this long ends even before its absolute limit (a lost phone, a shared PC). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at / last_used_at are written at most this often, never on every request. */
export const TOUCH_EVERY_MS = 60 * 1000;

export async function createSession(k: Kysely<Database>, familyId: string, userId: string, now: number): Promise<string> {
  const secret = randomSecret(32);
  await k
    .insertInto('sessions')
    .values({
      id_hash: sha256(secret), family_id: familyId, user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS,
      public_id: randomSecret(12), last_seen_at: now, user_agent: null,
    })
    .execute();
  return secret;
}

/** Notes a session's use (and the browser, first seen) at most once a minute. */
export async function touchSession(db: Kysely<Database>, hash: string, now: number, userAgent: string | null): Promise<void> {
  await writeGrouped(db, (k) => k
    .updateTable('sessions')
    .set((eb) => ({ last_seen_at: now, user_agent: eb.fn.coalesce('user_agent', eb.val(userAgent)) }))
    .where('id_hash', '=', hash)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', now - TOUCH_EVERY_MS), eb('user_agent', 'is', null)]))
    .execute());
}

export async function endSession(k: Kysely<Database>, sessionHash: string): Promise<void> {
  await k.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
}
