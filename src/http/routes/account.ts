// Spec section "Account": sign-up, the family, invites, export and the growth summary.
import type { FastifyInstance } from 'fastify';
import { Medicine } from '../../schemas/medicines.ts';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { onboard } from '../../services/access/accounts.ts';
import { createInvite, deleteFamily, listFamily, revokeInvite } from '../../services/family/family.ts';
import { exportFamily } from '../../services/transfer/export.ts';
import { growthSummary } from '../../services/insights/growth-summary.ts';
import { ChildQuery } from '../../schemas/log.ts';
import { DeleteFamilyBody, DeletedFamily, FamilyListing, InviteCreated, InviteRevokeBody, OnboardBody, RedirectOk } from '../../schemas/account.ts';
import { Ok } from '../../schemas/common.ts';
import { Event } from '../../schemas/event.ts';
import { clearSessionCookie, signedIn } from '../cookies.ts';
import { resource } from '../route.ts';

const Export = z
  .object({
    exported_at: z.string(),
    family: z.record(z.string(), z.unknown()),
    profile: z.record(z.string(), z.unknown()),
    events: z.array(Event),
    week_plan: z.record(z.string(), z.unknown()),
    recipes: z.record(z.string(), z.unknown()),
    snapshots: z.record(z.string(), z.unknown()),
    notes: z.array(z.record(z.string(), z.unknown())),
    medicines: z.array(Medicine).optional().describe("the family's own medicine settings (1.3.0)"),
  })
  .meta({ id: 'Export' });

export function accountRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Account']);

  r.post('/api/vega/onboard', {
    summary: 'Sign up: creates the family, its child profile and the first admin; sets the session cookie',
    auth: 'none',
    sameOriginOnly: true,
    body: OnboardBody,
    response: RedirectOk,
    errors: [409, 429],
    run: async ({ body, req, reply }) => signedIn(reply, await onboard(ctx, body, req.ip), ctx.config.publicUrl),
  });

  r.get('/api/vega/growth-summary', {
    summary: 'Aggregate counts of the family’s use (no names or notes); admin only',
    description: "The log's counts are the primary child's, or the child named by ?child=ID.",
    auth: 'admin',
    child: 'query',
    query: ChildQuery,
    response: z.record(z.string(), z.unknown()),
    errors: [404],
    run: (actor) => growthSummary(ctx, actor),
  });

  r.get('/api/vega/export', {
    summary: 'Everything the family has stored, as a JSON download (no password or token hashes); admin only',
    description:
      'Streamed as it is read, events in pages, so a long history costs the server little memory. One export per family runs at a time: ' +
      'another request for the same family meanwhile is 429 export_in_progress with Retry-After.',
    auth: 'admin',
    response: Export,
    run: async (actor, { reply }) => {
      const { stream, date } = await exportFamily(ctx, actor);
      reply.header('Content-Disposition', `attachment; filename="baby-tracker-export-${date}.json"`);
      return reply.type('application/json; charset=utf-8').send(stream);
    },
  });

  r.get('/api/vega/family', {
    summary: 'Family members, and the open invites (filled for admins only)',
    response: FamilyListing,
    run: (actor) => listFamily(ctx, actor),
  });

  r.delete('/api/vega/family', {
    summary: 'Delete the family and everything it stored, irreversibly; confirm must equal the family name',
    auth: 'admin',
    body: DeleteFamilyBody,
    response: DeletedFamily,
    run: async (actor, { body, reply }) => {
      const out = await deleteFamily(ctx, actor, body.confirm);
      if (actor.via === 'session') clearSessionCookie(reply, ctx.config.publicUrl);
      return out;
    },
  });

  r.post('/api/vega/invite', {
    summary: 'Invite a caregiver: a join link valid for 48 hours (the code is shown only once); admin only',
    auth: 'admin',
    response: InviteCreated,
    run: (actor) => createInvite(ctx, actor),
  });

  r.post('/api/vega/invite/revoke', {
    summary: 'Withdraw an unused invite by its code (or its id from the family listing); admin only',
    auth: 'admin',
    validationStatus: 422,
    body: InviteRevokeBody,
    response: Ok,
    errors: [404],
    run: (actor, { body }) => revokeInvite(ctx, actor, body.token),
  });
}
