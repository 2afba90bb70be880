// Spec section "Profile".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { getProfile, updateProfile } from '../../services/family/profile.ts';
import { Profile, ProfileUpdateBody, ProfileUpdated } from '../../schemas/profile.ts';
import { ErrorBody } from '../../schemas/common.ts';
import { ChildQuery } from '../../schemas/log.ts';
import { actorOf } from '../auth.ts';

const tags = ['Profile'];

export function profileRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/vega/profile', {
    config: { child: 'query' },
    schema: {
      tags,
      summary: 'The child profile and family settings, with the computed age',
      description: "The primary child's, or the child named by ?child=ID, with the family's shared settings.",
      querystring: ChildQuery,
      response: { 200: Profile, 404: ErrorBody },
    },
    handler: async (req) => getProfile(ctx, actorOf(req)),
  });
  r.post('/api/vega/profile', {
    config: { auth: 'admin', child: 'body' },
    schema: {
      tags,
      summary: 'Update any subset of the profile; setting region also sets units unless units is given; admin only',
      body: ProfileUpdateBody.nullish(),
      response: { 200: ProfileUpdated, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => updateProfile(ctx, actorOf(req), req.body),
  });
}
