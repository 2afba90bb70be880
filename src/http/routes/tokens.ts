// Spec section "Tokens".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { createToken, listTokens, revokeToken } from '../../services/access/tokens.ts';
import { TokenCreateBody, TokenCreated, TokenList, TokenRevokeBody } from '../../schemas/tokens.ts';
import { ErrorBody, Ok, ValidationErrorBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Tokens'];

export function tokenRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/vega/token', {
    schema: {
      tags,
      summary: 'Create an API token (plaintext returned once); the same label replaces the old token',
      body: TokenCreateBody.nullish(),
      response: { 200: TokenCreated, 400: ErrorBody, 403: ErrorBody },
    },
    handler: async (req) => createToken(ctx, actorOf(req), req.body),
  });

  r.get('/api/vega/tokens', {
    schema: { tags, summary: 'The family’s API tokens, without their secrets', response: { 200: TokenList } },
    handler: async (req) => listTokens(ctx, actorOf(req)),
  });

  r.post('/api/vega/token/revoke', {
    config: { validationStatus: 422 },
    schema: {
      tags,
      summary: 'Revoke a token by its id; it stops working immediately',
      body: TokenRevokeBody,
      response: { 200: Ok, 404: ErrorBody, 422: ValidationErrorBody },
    },
    handler: async (req) => revokeToken(ctx, actorOf(req), req.body.id),
  });
}
