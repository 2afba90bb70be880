// Signing in and out, and joining a family by invite (operations.md).
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { join, login, logout } from '../../services/access/accounts.ts';
import { JoinBody, LoginBody, RedirectOk } from '../../schemas/account.ts';
import { Ok } from '../../schemas/common.ts';
import { clearSessionCookie, signedIn } from '../cookies.ts';
import { resolveActor } from '../auth.ts';
import { resource } from '../route.ts';
import { SESSION_COOKIE } from '../../services/access/sessions.ts';
import { sha256 } from '../../services/access/secrets.ts';

export function sessionRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Account']);

  r.post('/login', {
    summary: 'Sign in with email and password (JSON or an HTML form post); sets the session cookie',
    auth: 'none',
    sameOriginOnly: true,
    body: LoginBody,
    response: RedirectOk,
    errors: [401, 429],
    run: async ({ body, req, reply }) => signedIn(reply, await login(ctx, body.email, body.password, req.ip), ctx.config.publicUrl),
  });

  r.post('/logout', {
    summary: 'End the session on the server and clear the cookie',
    auth: 'none',
    sameOriginOnly: true,
    usesCredential: true,
    response: Ok,
    run: async ({ req, reply }) => {
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
    summary: 'Create a member account in the inviting family with an invite code; sets the session cookie',
    auth: 'none',
    sameOriginOnly: true,
    body: JoinBody,
    response: RedirectOk,
    errors: [404, 409, 410, 429],
    run: async ({ body, req, reply }) => signedIn(reply, await join(ctx, body, req.ip), ctx.config.publicUrl),
  });
}
