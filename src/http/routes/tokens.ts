// Spec section "Tokens".
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { createToken, listTokens, revokeToken } from '../../services/access/tokens.ts';
import { TokenCreateBody, TokenCreated, TokenList } from '../../schemas/tokens.ts';
import { ItemIdBody, Ok } from '../../schemas/common.ts';
import { resource } from '../route.ts';

export function tokenRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Tokens']);

  r.post('/api/vega/token', {
    summary: 'Create an API token (plaintext returned once); the same label replaces the old token',
    body: TokenCreateBody.nullish(),
    response: TokenCreated,
    run: (actor, { body }) => createToken(ctx, actor, body),
  });

  r.get('/api/vega/tokens', {
    summary: 'The family’s API tokens, without their secrets',
    response: TokenList,
    run: (actor) => listTokens(ctx, actor),
  });

  r.post('/api/vega/token/revoke', {
    summary: 'Revoke a token by its id; it stops working immediately',
    validationStatus: 422,
    body: ItemIdBody,
    response: Ok,
    errors: [404],
    run: (actor, { body }) => revokeToken(ctx, actor, body.id),
  });
}
