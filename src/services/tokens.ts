// API tokens: created from a signed-in session (or a token holding the scopes it hands on),
// listed for the whole family without their secrets, revoked at once.
import { randomUUID } from 'node:crypto';
import type { Ctx } from './context.ts';
import { scopeOf } from './context.ts';
import type { Actor, Scope } from './actor.ts';
import { forbidden, notFound } from '../errors.ts';
import type { TokenCreateInput } from '../schemas/tokens.ts';
import { randomSecret, sha256 } from './secrets.ts';
import { loadFamily } from './family-row.ts';
import { instantToLocal } from '../domain/time.ts';

const ORDER: Scope[] = ['read', 'write'];

export async function createToken(ctx: Ctx, actor: Actor, input: TokenCreateInput | null | undefined) {
  const label = input?.label ?? actor.username;
  const wanted = new Set<Scope>(input?.scopes ?? ['read', 'write']);
  for (const s of wanted) {
    if (!actor.scopes.has(s)) throw forbidden(`You cannot create a token with the '${s}' scope: your own credential lacks it.`, 'insufficient_scope');
  }
  const scopes = ORDER.filter((s) => wanted.has(s));
  // A token prefix makes leaked tokens easy to recognise in logs and secret scanners.
  const token = `bt_${randomSecret(32)}`;
  const scope = scopeOf(ctx, actor);
  await scope.transaction(async (tx) => {
    // Same label: the new token replaces the old one (spec: States and transitions).
    await tx.deleteFrom('tokens').where('label', '=', label).execute();
    await tx
      .insertInto('tokens', {
        id: randomUUID(),
        user_id: actor.userId,
        label,
        token_hash: sha256(token),
        scopes: scopes.join(','),
        created_at: ctx.clock(),
      })
      .execute();
  });
  const base = ctx.config.publicUrl;
  return { token, tracker_url: base, mcp_url: `${base}/mcp`, label, scopes };
}

export async function listTokens(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const rows = await scope
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id', 'tokens.label', 'tokens.scopes', 'tokens.created_at', 'users.username'])
    .orderBy('tokens.created_at')
    .orderBy('tokens.label')
    .execute();
  return {
    tokens: rows.map((r) => ({
      id: r.id,
      label: r.label,
      username: r.username,
      scopes: r.scopes.split(',').filter(Boolean),
      created_at: instantToLocal(r.created_at, family.timezone),
    })),
  };
}

/** Any caregiver may revoke any of the family's tokens: whoever spots a leak can stop it. */
export async function revokeToken(ctx: Ctx, actor: Actor, id: string): Promise<{ ok: true }> {
  const r = await scopeOf(ctx, actor).deleteFrom('tokens').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('No token with this id in your family.');
  return { ok: true };
}
