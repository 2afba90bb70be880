// Spec section "Account": sign-up, the family, invites, export and the growth summary.
import type { FastifyInstance } from 'fastify';
import { Medicine } from '../../schemas/medicines.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../services/context.ts';
import { onboard } from '../../services/access/accounts.ts';
import { createInvite, deleteFamily, listFamily, revokeInvite } from '../../services/family/family.ts';
import { exportFamily } from '../../services/transfer/export.ts';
import { growthSummary } from '../../services/insights/growth-summary.ts';
import { ChildQuery } from '../../schemas/log.ts';
import {
  DeleteFamilyBody,
  DeletedFamily,
  FamilyListing,
  InviteCreated,
  InviteRevokeBody,
  OnboardBody,
  RedirectOk,
} from '../../schemas/account.ts';
import { ErrorBody, Ok, RateLimitErrorBody, ValidationErrorBody } from '../../schemas/common.ts';
import { Event } from '../../schemas/event.ts';
import { clearSessionCookie, signedIn } from '../cookies.ts';
import { actorOf } from '../auth.ts';

const tags = ['Account'];

export function accountRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/vega/onboard', {
    config: { auth: 'none', sameOriginOnly: true },
    schema: {
      tags,
      summary: 'Sign up: creates the family, its child profile and the first admin; sets the session cookie',
      security: [],
      body: OnboardBody,
      response: { 200: RedirectOk, 400: ErrorBody, 409: ErrorBody, 429: RateLimitErrorBody },
    },
    handler: async (req, reply) => {
      return signedIn(reply, await onboard(ctx, req.body, req.ip), ctx.config.publicUrl);
    },
  });

  r.get('/api/vega/growth-summary', {
    config: { auth: 'admin', child: 'query' },
    schema: {
      tags,
      summary: 'Aggregate counts of the family’s use (no names or notes); admin only',
      description: "The log's counts are the primary child's, or the child named by ?child=ID.",
      querystring: ChildQuery,
      response: { 200: z.record(z.string(), z.unknown()), 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => growthSummary(ctx, actorOf(req)),
  });

  r.get('/api/vega/export', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Everything the family has stored, as a JSON download (no password or token hashes); admin only',
      description:
        'Streamed as it is read, events in pages, so a long history costs the server little memory. One export per family runs at a time: ' +
        'another request for the same family meanwhile is 429 export_in_progress with Retry-After.',
      response: {
        200: z
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
          .meta({ id: 'Export' }),
        403: ErrorBody,
        429: RateLimitErrorBody.describe('export_in_progress: an export of this family is already running'),
      },
    },
    handler: async (req, reply) => {
      const { stream, date } = await exportFamily(ctx, actorOf(req));
      reply.header('Content-Disposition', `attachment; filename="baby-tracker-export-${date}.json"`);
      return reply.type('application/json; charset=utf-8').send(stream as never);
    },
  });

  r.get('/api/vega/family', {
    schema: {
      tags,
      summary: 'Family members, and the open invites (filled for admins only)',
      response: { 200: FamilyListing },
    },
    handler: async (req) => listFamily(ctx, actorOf(req)),
  });

  r.delete('/api/vega/family', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Delete the family and everything it stored, irreversibly; confirm must equal the family name',
      body: DeleteFamilyBody,
      response: { 200: DeletedFamily, 400: ErrorBody, 403: ErrorBody },
    },
    handler: async (req, reply) => {
      const out = await deleteFamily(ctx, actorOf(req), req.body.confirm);
      if (actorOf(req).via === 'session') clearSessionCookie(reply, ctx.config.publicUrl);
      return out;
    },
  });

  r.post('/api/vega/invite', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Invite a caregiver: a join link valid for 48 hours (the code is shown only once); admin only',
      response: { 200: InviteCreated, 403: ErrorBody },
    },
    handler: async (req) => createInvite(ctx, actorOf(req)),
  });

  r.post('/api/vega/invite/revoke', {
    config: { auth: 'admin', validationStatus: 422 },
    schema: {
      tags,
      summary: 'Withdraw an unused invite by its code (or its id from the family listing); admin only',
      body: InviteRevokeBody,
      response: { 200: Ok, 403: ErrorBody, 404: ErrorBody, 422: ValidationErrorBody },
    },
    handler: async (req) => revokeInvite(ctx, actorOf(req), req.body.token),
  });
}
