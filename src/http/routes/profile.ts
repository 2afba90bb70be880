// Spec section "Profile".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { getProfile, updateProfile } from '../../services/family/profile.ts';
import { Profile, ProfileUpdateBody, ProfileUpdated } from '../../schemas/profile.ts';
import { ErrorBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Profile'];

export function profileRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/vega/profile', {
    schema: { tags, summary: 'The child profile and family settings, with the computed age', response: { 200: Profile } },
    handler: async (req) => getProfile(ctx, actorOf(req)),
  });
  r.post('/api/vega/profile', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Update any subset of the profile; setting region also sets units unless units is given; admin only',
      body: ProfileUpdateBody.nullish(),
      response: { 200: ProfileUpdated, 400: ErrorBody, 403: ErrorBody },
    },
    handler: async (req) => updateProfile(ctx, actorOf(req), req.body),
  });
}
