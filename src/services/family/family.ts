// The family: its members, invites for new caregivers, and deleting it all.
import { forgetDeletedPages } from '../../db/connect.ts';
import { childrenOf, forgetChildren } from './children.ts';
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { badRequest, notFound } from '../../errors.ts';
import { familyDisplayName, loadFamily } from './family-row.ts';
import { instantToLocal } from '../../domain/time.ts';
import { randomSecret, sha256 } from '../access/secrets.ts';
import { t } from '../../i18n/text.ts';

export const INVITE_HOURS = 48;

export async function listFamily(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const local = (ms: number) => instantToLocal(ms, family.timezone);
  const members = await scope
    .selectFrom('users')
    .select(['id', 'email', 'username', 'role', 'created_at'])
    .orderBy('created_at')
    .orderBy('role') // admin before member when two joined in the same millisecond
    .orderBy('username')
    .execute();
  const isAdmin = actor.role === 'admin';
  const invites = isAdmin
    ? await scope
        .selectFrom('invites')
        .innerJoin('users', 'users.id', 'invites.created_by')
        .select(['invites.id', 'invites.code_hash', 'invites.created_at', 'invites.expires_at', 'users.username'])
        .where('invites.used_at', 'is', null)
        .where('invites.revoked_at', 'is', null)
        .where('invites.expires_at', '>', ctx.clock())
        .orderBy('invites.created_at')
        .orderBy('invites.id')
        .execute()
    : [];
  return {
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      username: m.username,
      role: m.role as 'admin' | 'member',
      created_at: local(m.created_at),
    })),
    can_manage_invites: isAdmin,
    invites: invites.map((i) => ({
      id: i.id,
      code_hint: i.id.slice(0, 6),
      created_by: i.username,
      created_at: local(i.created_at),
      expires_at: local(i.expires_at),
    })),
  };
}

export async function deleteFamily(ctx: Ctx, actor: Actor, confirm: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const primary = (await childrenOf(scope, family)).find((c) => c.id === family.primary_child_id)!;
  const name = familyDisplayName(family, primary);
  if (confirm !== name) {
    throw badRequest(t('error.confirm_mismatch', { name }), 'confirm_mismatch');
  }
  await scope.transaction(async (tx) => {
    // Its Home Assistant devices go with it: their topics are derived from a key deleted with it.
    const on = await tx.selectFrom('home_assistant').select('topic_key').where('enabled', '=', 1).executeTakeFirst();
    const childIds = on ? (await tx.selectFrom('children').select('id').execute()).map((c) => c.id) : [];
    await tx.deleteFamily().execute();
    await tx.emit({ kind: 'family.removed', at: ctx.clock(), homeAssistant: on ? { topicKey: on.topic_key, childIds } : null });
  });
  forgetChildren(family.id);
  // Gone means gone: the deleted rows were zeroed in place (secure_delete); empty the WAL too.
  forgetDeletedPages(ctx.db);
  return { ok: true, deleted: family.id };
}

export async function createInvite(ctx: Ctx, actor: Actor) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const code = randomSecret(18);
  const expiresAt = now + INVITE_HOURS * 3600 * 1000;
  await scope
    .insertInto('invites', {
      id: randomUUID(),
      code_hash: sha256(code),
      created_by: actor.userId,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      used_by: null,
      revoked_at: null,
    })
    .execute();
  return {
    code,
    join_url: `${ctx.config.publicUrl}/join?code=${encodeURIComponent(code)}`,
    expires_at: instantToLocal(expiresAt, family.timezone),
    expires_in_hours: INVITE_HOURS,
  };
}

/** Revokes an open invite by its code (or, if the code was lost, by its listing id). */
export async function revokeInvite(ctx: Ctx, actor: Actor, codeOrId: string) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const r = await scope
    .updateTable('invites')
    .set({ revoked_at: ctx.clock() })
    .where((eb) => eb.or([eb('code_hash', '=', sha256(codeOrId.trim())), eb('id', '=', codeOrId.trim())]))
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.clock())
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound(t('error.open_invite_not_found'));
  return { ok: true as const };
}
