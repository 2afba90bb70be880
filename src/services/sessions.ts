// Server-side sessions for the web app. The cookie holds a random secret; the database holds
// only its SHA-256, so a copy of the database cannot be replayed as a sign-in.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { randomSecret, sha256 } from './secrets.ts';

export const SESSION_COOKIE = 'tracker_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(k: Kysely<Database>, familyId: string, userId: string, now: number): Promise<string> {
  const secret = randomSecret(32);
  await k
    .insertInto('sessions')
    .values({ id_hash: sha256(secret), family_id: familyId, user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS })
    .execute();
  return secret;
}

export async function endSession(k: Kysely<Database>, sessionHash: string): Promise<void> {
  await k.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
}
