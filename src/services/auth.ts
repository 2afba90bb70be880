// Resolves a credential (bearer token or session cookie) to an Actor. This is the one place
// that looks up rows across families, by secret hash, to learn which family is calling.
import type { Ctx } from './context.ts';
import type { Actor, Scope } from './actor.ts';
import { sha256 } from './secrets.ts';
import { PreparedQuery } from '../db/prepared.ts';
import { SESSION_IDLE_MS, TOUCH_EVERY_MS, touchSession } from './sessions.ts';

// The two lookups every authenticated request makes, compiled once (src/db/prepared.ts).
const tokenByHash = new PreparedQuery<[string], TokenRow>(1, (k, hash) =>
  k
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id as token_id', 'tokens.family_id', 'tokens.scopes', 'tokens.expires_at', 'tokens.last_used_at', 'users.id as user_id', 'users.username', 'users.role'])
    .where('tokens.token_hash', '=', hash),
);

const sessionByHash = new PreparedQuery<[string], SessionRow>(1, (k, hash) =>
  k
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.family_id', 'sessions.expires_at', 'sessions.last_seen_at', 'sessions.user_agent', 'users.id as user_id', 'users.username', 'users.role'])
    .where('sessions.id_hash', '=', hash),
);

interface TokenRow {
  token_id: string;
  family_id: string;
  scopes: string;
  expires_at: number | null;
  last_used_at: number | null;
  user_id: string;
  username: string;
  role: string;
}

interface SessionRow {
  family_id: string;
  expires_at: number;
  last_seen_at: number | null;
  user_agent: string | null;
  user_id: string;
  username: string;
  role: string;
}

export async function actorFromToken(ctx: Ctx, token: string): Promise<Actor | null> {
  if (token.length < 16 || token.length > 200) return null;
  const row = await tokenByHash.first(ctx.db.kysely, sha256(token));
  if (!row) return null;
  const now = ctx.clock();
  if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
  // When it was last used, for the token list: written at most once a minute, not per request.
  if (row.last_used_at === null || Number(row.last_used_at) < now - TOUCH_EVERY_MS) {
    await ctx.db.kysely
      .updateTable('tokens')
      .set({ last_used_at: now })
      .where('id', '=', row.token_id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - TOUCH_EVERY_MS)]))
      .execute();
  }
  return {
    familyId: row.family_id,
    userId: row.user_id,
    username: row.username,
    role: row.role as Actor['role'],
    scopes: new Set(row.scopes.split(',').filter(Boolean) as Scope[]),
    via: 'token',
    tokenId: row.token_id,
    sessionHash: null,
  };
}

export async function actorFromSession(ctx: Ctx, secret: string, userAgent: string | null = null): Promise<Actor | null> {
  if (secret.length < 16 || secret.length > 200) return null;
  const hash = sha256(secret);
  const row = await sessionByHash.first(ctx.db.kysely, hash);
  const now = ctx.clock();
  if (!row || row.expires_at <= now) return null;
  // Idle timeout: a session unused for 14 days has ended, whatever its absolute limit.
  const seen = row.last_seen_at === null ? null : Number(row.last_seen_at);
  if (seen !== null && seen <= now - SESSION_IDLE_MS) return null;
  // Its last use (at most once a minute) and, on its first use, the browser it is in.
  const ua = userAgent?.slice(0, 200) ?? null;
  if (seen === null || seen < now - TOUCH_EVERY_MS || (row.user_agent === null && ua !== null)) await touchSession(ctx.db.kysely, hash, now, ua);
  return {
    familyId: row.family_id,
    userId: row.user_id,
    username: row.username,
    role: row.role as Actor['role'],
    scopes: new Set<Scope>(['read', 'write']),
    via: 'session',
    tokenId: null,
    sessionHash: hash,
  };
}
