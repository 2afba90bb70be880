// Resolves the caller once per request, before the body is even validated: an endpoint that
// needs credentials answers 401 to a caller without them, whatever else is wrong.
// Cookie-authenticated writes from another origin are refused here too (CSRF).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Scope } from '../services/actor.ts';
import { requireAdmin, requireScope } from '../services/actor.ts';
import { actorFromSession, actorFromToken, familyReadWithCredential } from '../services/access/auth.ts';
import { SESSION_COOKIE } from '../services/access/sessions.ts';
import type { Ctx } from '../services/context.ts';
import { AppError, unauthorized } from '../errors.ts';
import { t } from '../i18n/text.ts';

export type AuthMode = 'none' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call; defaults to 'user' under /api and /mcp, 'none' elsewhere */
    auth?: AuthMode;
    /** scope needed; defaults to read for GET/HEAD and write otherwise; 'handler' = checked inside */
    scope?: Scope | 'handler';
    /** 422 (typed-parameter style) instead of 400 for request-shape failures */
    validationStatus?: 400 | 422;
    /** also refuse cross-origin form posts here though no credential is needed (sign-in, sign-up) */
    sameOriginOnly?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const NO_STORE_ROUTES = /^\/(mcp|login|logout|api\/vega\/(onboard|join|reset))$/;

/** True unless the browser tells us the request came from another site. */
export function isSameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const own = new Set([new URL(publicUrl).origin, `${req.protocol}://${req.headers.host}`]);
    return own.has(origin);
  }
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

function crossOrigin(): AppError {
  return new AppError(403, 'cross_origin_refused', t('error.cross_origin'));
}

function bearerOf(req: FastifyRequest): string | null | undefined {
  const h = req.headers.authorization;
  if (h === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}

export async function resolveActor(ctx: Ctx, req: FastifyRequest): Promise<Actor | null> {
  const bearer = bearerOf(req);
  // An Authorization header wins over a cookie: a bad token is a 401 even with a session.
  if (bearer !== undefined) return bearer === null ? null : actorFromToken(ctx, bearer);
  const cookie = req.cookies?.[SESSION_COOKIE];
  return cookie ? actorFromSession(ctx, cookie, req.headers['user-agent'] ?? null) : null;
}

/** Who may call a route: its own setting, else 'user' under /api and /mcp, 'none' elsewhere. */
export function authModeOf(route: string, cfg: { auth?: AuthMode }): AuthMode {
  return cfg.auth ?? (route.startsWith('/api/') || route === '/mcp' ? 'user' : 'none');
}

export function registerAuth(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req, reply) => {
    const cfg = req.routeOptions.config ?? {};
    // Decided by the matched route's pattern, not the raw URL (which may be percent-encoded).
    // An unmatched path answers 404 whoever asks (the route list is public in /openapi.json).
    const route = req.is404 ? undefined : req.routeOptions.url;
    const mode: AuthMode = route === undefined ? 'none' : authModeOf(route, cfg);
    const unsafe = !SAFE.has(req.method);
    // What the API answers is a family's (or sets a session cookie): no browser or proxy cache
    // may keep it. The connector and the sign-in routes too, though they resolve callers themselves.
    if (route !== undefined && (mode !== 'none' || NO_STORE_ROUTES.test(route))) reply.header('Cache-Control', 'no-store');
    if (cfg.sameOriginOnly && unsafe && !isSameOrigin(req, ctx.config.publicUrl)) throw crossOrigin();
    if (mode === 'none') return;
    const actor = await resolveActor(ctx, req);
    if (!actor) throw unauthorized();
    if (actor.via === 'session' && unsafe && !isSameOrigin(req, ctx.config.publicUrl)) throw crossOrigin();
    // Only a request that changes nothing may use the family row read with its credential;
    // any other reads it afresh (after its own writes, for instance).
    if (!unsafe) actor.family = familyReadWithCredential(actor);
    req.actor = actor;
    if (mode === 'admin') requireAdmin(actor);
    const scope = cfg.scope ?? (SAFE.has(req.method) ? 'read' : 'write');
    if (scope !== 'handler') requireScope(actor, scope);
  });
}

/** The resolved caller of an authenticated route. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
