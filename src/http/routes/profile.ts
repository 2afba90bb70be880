// Spec section "Profile".
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { getProfile, updateProfile } from '../../services/family/profile.ts';
import { Profile, ProfileUpdateBody, ProfileUpdated } from '../../schemas/profile.ts';
import { ChildQuery } from '../../schemas/log.ts';
import { resource } from '../route.ts';

export function profileRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Profile']);

  r.get('/api/vega/profile', {
    texts: true,
    summary: 'The child profile and family settings, with the computed age',
    description: "The primary child's, or the child named by ?child=ID, with the family's shared settings.",
    child: 'query',
    query: ChildQuery,
    response: Profile,
    errors: [404],
    run: (actor) => getProfile(ctx, actor),
  });

  r.post('/api/vega/profile', {
    texts: true,
    summary: 'Update any subset of the profile; setting region also sets units unless units is given; admin only',
    auth: 'admin',
    child: 'body',
    body: ProfileUpdateBody.nullish(),
    response: ProfileUpdated,
    errors: [404, 409],
    run: (actor, { body }) => updateProfile(ctx, actor, body),
  });
}
