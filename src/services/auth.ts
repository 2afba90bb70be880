// Resolves a credential (bearer token or session cookie) to an Actor. This is the one place
// that looks up rows across families, by secret hash, to learn which family is calling.
import type { Ctx } from './context.ts';
import type { Actor, Scope } from './actor.ts';
import { sha256 } from './secrets.ts';

export async function actorFromToken(ctx: Ctx, token: string): Promise<Actor | null> {
  if (token.length < 16 || token.length > 200) return null;
  const row = await ctx.db.kysely
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id as token_id', 'tokens.family_id', 'tokens.scopes', 'users.id as user_id', 'users.username', 'users.role'])
    .where('tokens.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
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

export async function actorFromSession(ctx: Ctx, secret: string): Promise<Actor | null> {
  if (secret.length < 16 || secret.length > 200) return null;
  const hash = sha256(secret);
  const row = await ctx.db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.family_id', 'sessions.expires_at', 'users.id as user_id', 'users.username', 'users.role'])
    .where('sessions.id_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.expires_at <= ctx.clock()) return null;
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
