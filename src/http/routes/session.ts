// Signing in and out, and joining a family by invite (operations.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { join, login, logout } from '../../services/access/accounts.ts';
import { JoinBody, LoginBody, RedirectOk } from '../../schemas/account.ts';
import { ErrorBody, Ok, RateLimitErrorBody } from '../../schemas/common.ts';
import { clearSessionCookie, signedIn } from '../cookies.ts';
import { resolveActor } from '../auth.ts';
import { SESSION_COOKIE } from '../../services/access/sessions.ts';
import { sha256 } from '../../services/access/secrets.ts';

export function sessionRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/login', {
    config: { auth: 'none', sameOriginOnly: true },
    schema: {
      tags: ['Account'],
      summary: 'Sign in with email and password (JSON or an HTML form post); sets the session cookie',
      security: [],
      body: LoginBody,
      response: { 200: RedirectOk, 401: ErrorBody, 429: RateLimitErrorBody },
    },
    handler: async (req, reply) => {
      return signedIn(reply, await login(ctx, req.body.email, req.body.password, req.ip), ctx.config.publicUrl);
    },
  });

  r.post('/logout', {
    config: { auth: 'none', sameOriginOnly: true },
    schema: { tags: ['Account'], summary: 'End the session on the server and clear the cookie', response: { 200: Ok } },
    handler: async (req, reply) => {
      // The cookie's session ends even when a bearer header is sent too (which would otherwise
      // decide who is calling): signing out of the browser must sign the browser out.
      const cookie = req.cookies?.[SESSION_COOKIE];
      const actor = cookie ? null : await resolveActor(ctx, req);
      await logout(ctx, cookie ? sha256(cookie) : (actor?.sessionHash ?? null));
      clearSessionCookie(reply, ctx.config.publicUrl);
      return { ok: true as const };
    },
  });

  r.post('/api/vega/join', {
    config: { auth: 'none', sameOriginOnly: true },
    schema: {
      tags: ['Account'],
      summary: 'Create a member account in the inviting family with an invite code; sets the session cookie',
      security: [],
      body: JoinBody,
      response: { 200: RedirectOk, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: RateLimitErrorBody },
    },
    handler: async (req, reply) => {
      return signedIn(reply, await join(ctx, req.body, req.ip), ctx.config.publicUrl);
    },
  });
}
