// API tokens: created from a signed-in session (or a token holding the scopes it hands on),
// listed for the whole family without their secrets, revoked at once.
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor, Scope } from '../actor.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { TokenCreateInput } from '../../schemas/tokens.ts';
import { randomSecret, sha256 } from './secrets.ts';
import { loadFamily } from '../family/family-row.ts';
import { instantToLocal } from '../../domain/time.ts';
import { t } from '../../i18n/text.ts';

const ORDER: Scope[] = ['read', 'write'];

export async function createToken(ctx: Ctx, actor: Actor, input: TokenCreateInput | null | undefined) {
  const label = input?.label ?? actor.username;
  const wanted = new Set<Scope>(input?.scopes ?? ['read', 'write']);
  // Tokens carry read, or read plus write (spec: Authentication): write implies read.
  if (wanted.has('write')) wanted.add('read');
  for (const s of wanted) {
    if (!actor.scopes.has(s)) throw forbidden(t('error.token_scope_beyond_own', { scope: s }), 'insufficient_scope');
  }
  const scopes = ORDER.filter((s) => wanted.has(s));
  // A token prefix makes leaked tokens easy to recognise in logs and secret scanners.
  const token = `bt_${randomSecret(32)}`;
  const scope = scopeOf(ctx, actor);
  const now = ctx.clock();
  const expiresAt = input?.expires_in_days ? now + input.expires_in_days * 86_400_000 : null;
  // Same label (of the same caregiver): the new token replaces the old one (spec: States and
  // transitions), in one atomic upsert so concurrent requests cannot collide: the old secret
  // stops working, the entry keeps its id. Other caregivers' tokens with that label stay.
  // Replacing is revoking: the tokens minted through the old secret go too (as on revoke).
  await scope.transaction(async (tx) => {
    const old = await tx.forUpdate(tx.selectFrom('tokens').select('id').where('user_id', '=', actor.userId).where('label', '=', label)).executeTakeFirst();
    if (old) await tx.deleteFrom('tokens').where('parent_token_id', '=', old.id).execute();
    await tx
      .insertInto('tokens', {
        id: randomUUID(),
        user_id: actor.userId,
        label,
        token_hash: sha256(token),
        scopes: scopes.join(','),
        parent_token_id: actor.via === 'token' ? actor.tokenId : null,
        created_at: now,
        last_used_at: null,
        expires_at: expiresAt,
      })
      .onConflict((oc) =>
        oc.columns(['family_id', 'user_id', 'label']).doUpdateSet((eb) => ({
          token_hash: eb.ref('excluded.token_hash'),
          scopes: eb.ref('excluded.scopes'),
          parent_token_id: eb.ref('excluded.parent_token_id'),
          created_at: eb.ref('excluded.created_at'),
          last_used_at: null,
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
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
    .select(['tokens.id', 'tokens.label', 'tokens.scopes', 'tokens.created_at', 'tokens.last_used_at', 'tokens.expires_at', 'users.username'])
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
      last_used_at: r.last_used_at === null ? null : instantToLocal(Number(r.last_used_at), family.timezone),
      expires_at: r.expires_at === null ? null : instantToLocal(Number(r.expires_at), family.timezone),
    })),
  };
}

/**
 * A caregiver revokes their own tokens; an admin any of the family's (a member cannot cut off
 * the admin's scripts). Tokens created with the revoked one go with it (ON DELETE CASCADE).
 */
export async function revokeToken(ctx: Ctx, actor: Actor, id: string): Promise<{ ok: true }> {
  const scope = scopeOf(ctx, actor);
  const owner = await scope.selectFrom('tokens').select('user_id').where('id', '=', id).executeTakeFirst();
  if (owner && owner.user_id !== actor.userId && actor.role !== 'admin') {
    throw forbidden(t('error.revoke_others_token'));
  }
  const r = await scope.deleteFrom('tokens').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(t('error.token_not_found'));
  return { ok: true };
}
