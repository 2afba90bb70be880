// Everything the family has stored, as one download; never a password, token or session hash.
// The body is streamed: the small parts are read first, then the events in pages (event-pages.ts)
// and written as they are read, pulled by the response (back-pressure: a slow client holds one
// page in memory, not the log). One export per family runs at a time, across processes: a lease
// row (export_leases) claimed before the first byte, renewed per page, removed at the end.
import { Readable } from 'node:stream';
import { medicineSettings } from '../family/medicines.ts';
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import { loadFamily } from '../family/family-row.ts';
import { presentProfile } from '../family/profile.ts';
import { instantToLocal } from '../../domain/time.ts';
import { apiEvent } from '../log/event-rows.ts';
import { namesChildren } from '../../domain/children.ts';
import { childrenOf, childScopeIn } from '../family/children.ts';
import { presentChild } from '../family/child-rows.ts';
import { eventPages } from '../log/event-pages.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import { AppError } from '../../errors.ts';
import { t } from '../../i18n/text.ts';

/** How long a lease lasts without renewal: a crashed export frees the family after this. */
export const EXPORT_LEASE_MS = 30_000;

async function claimLease(ctx: Ctx, scope: FamilyScope): Promise<void> {
  const now = ctx.clock();
  const claimed = await scope
    .insertInto('export_leases', { expires_at: now + EXPORT_LEASE_MS })
    .onConflict((oc) => oc.column('family_id').doUpdateSet({ expires_at: now + EXPORT_LEASE_MS }).where('export_leases.expires_at', '<', now))
    .returning('family_id')
    .executeTakeFirst();
  if (claimed) return;
  const held = await scope.selectFrom('export_leases').select('expires_at').executeTakeFirst();
  const retryAfter = Math.max(1, Math.ceil(((held ? Number(held.expires_at) : now + 1000) - now) / 1000));
  throw new AppError(429, 'export_in_progress', t('error.export_in_progress'), {
    retry_after: retryAfter,
  });
}

const renewLease = (ctx: Ctx, scope: FamilyScope) =>
  scope.updateTable('export_leases').set({ expires_at: ctx.clock() + EXPORT_LEASE_MS }).execute();
const releaseLease = (scope: FamilyScope) => scope.deleteFrom('export_leases').execute();

/** Claims the family's export lease and returns the JSON body as a stream, and its date. */
export async function exportFamily(ctx: Ctx, actor: Actor): Promise<{ stream: Readable; date: string }> {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const local = (ms: number) => instantToLocal(ms, family.timezone);
  await claimLease(ctx, scope);
  const children = await childrenOf(scope, family);
  const several = namesChildren(children);
  let head: string;
  let tail: string;
  try {
    const members = await scope.selectFrom('users').select(['id', 'email', 'username', 'role', 'created_at']).orderBy('created_at').orderBy('role').orderBy('username').execute();
    const recipes = await scope.selectFrom('recipes').selectAll().orderBy('name_key').execute();
    const notes = await scope.selectFrom('notes').selectAll().orderBy('ts').execute();
    const medicines = await medicineSettings(scope);
    const before = {
      exported_at: local(now),
      family: {
        id: family.id,
        family_name: family.family_name,
        plan: family.plan,
        created_at: local(family.created_at),
        members: members.map((m) => ({ ...m, created_at: local(m.created_at) })),
      },
      profile: await presentProfile(await childScopeIn(scope, family, undefined), family, now),
      // A family of several children: who they are (each event says whose it is).
      ...(several ? { children: children.map((c) => presentChild(c, family, now)) } : {}),
    };
    const after = {
      week_plan: {},
      recipes: Object.fromEntries(recipes.map((r) => [r.name, { name: r.name, ingredients: JSON.parse(r.ingredients) as string[] }])),
      snapshots: {},
      notes: notes.map((n) => ({ ts: n.ts, text: n.text, tags: JSON.parse(n.tags) as string[] })),
      // 1.3.0: the family's own settings for the medicines it gives (after the spec's keys).
      medicines,
    };
    // The object's keys in the order the spec lists them, with "events" spliced in between.
    head = `${JSON.stringify(before).slice(0, -1)},"events":[`;
    tail = `],${JSON.stringify(after).slice(1)}`;
  } catch (err) {
    await releaseLease(scope);
    throw err;
  }

  async function* body(): AsyncGenerator<string> {
    try {
      yield head;
      let first = true;
      for await (const page of eventPages(scope.wholeLog())) {
        const chunk = page.map((r) => JSON.stringify(apiEvent(r, r.child_id, children, family.timezone))).join(',');
        yield first ? chunk : `,${chunk}`;
        first = false;
        await renewLease(ctx, scope);
      }
      yield tail;
    } finally {
      // Also when the client goes away mid-download: the stream is destroyed, the generator
      // returns, and the family can export again at once.
      await releaseLease(scope).catch(() => {});
    }
  }
  return { stream: Readable.from(body(), { objectMode: false }), date: local(now).slice(0, 10) };
}
