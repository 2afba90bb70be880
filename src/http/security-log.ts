// Security events as structured log lines (one per event, `"security": <event>`), for an
// operator's alerting and for reconstructing who did what. Each names the family, the acting
// caregiver, the person acted on where there is one, and the client address; never a
// password, token, cookie, code or e-mail (a failed sign-in names its account by a short hash).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../services/access/secrets.ts';
import { normalEmail } from '../services/access/accounts.ts';

type Rule = Partial<Record<number, string>>;

// "METHOD route" → status → event. Only outcomes worth an operator's attention are named.
const EVENTS: Record<string, Rule> = {
  'POST /login': { 401: 'signin_failed', 429: 'signin_throttled', 503: 'signin_busy' },
  'POST /api/vega/onboard': { 200: 'family_created', 429: 'signup_throttled' },
  'POST /api/vega/join': { 200: 'member_joined', 429: 'signup_throttled' },
  'POST /api/vega/password': { 200: 'password_changed', 400: 'password_change_refused', 429: 'signin_throttled' },
  'POST /api/vega/reset': { 200: 'password_reset', 410: 'reset_link_refused' },
  'POST /api/vega/member/reset': { 200: 'reset_link_created' },
  'POST /api/vega/member/remove': { 200: 'member_removed' },
  'POST /api/vega/member/role': { 200: 'member_role_changed' },
  'POST /api/vega/token': { 200: 'token_created' },
  'POST /api/vega/token/revoke': { 200: 'token_revoked' },
  'POST /api/vega/invite': { 200: 'invite_created' },
  'POST /api/vega/invite/revoke': { 200: 'invite_revoked' },
  'POST /api/vega/sessions/revoke': { 200: 'session_revoked' },
  'POST /api/vega/sessions/revoke-others': { 200: 'sessions_revoked' },
  'DELETE /api/vega/family': { 200: 'family_deleted' },
};

/** The event a finished request amounts to, or null. Any route's 429 with a credential is the rate limit. */
export function securityEventOf(method: string, route: string, status: number, hasActor: boolean): string | null {
  // No read is an event of its own (every named one changes something): the common case, decided
  // before the lookup's key is built.
  if (method !== 'GET') {
    const named = EVENTS[`${method} ${route}`]?.[status];
    if (named) return named;
  }
  if (status === 429 && hasActor && route.startsWith('/api/vega/')) return 'rate_limited';
  return null;
}

function bodyField(req: FastifyRequest, key: string): string | null {
  const body = req.body as Record<string, unknown> | null | undefined;
  const v = body && typeof body === 'object' ? body[key] : undefined;
  return typeof v === 'string' ? v.slice(0, 80) : null;
}

export function registerSecurityLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = req.routeOptions.url;
    const event = route ? securityEventOf(req.method, route, reply.statusCode, req.actor !== null) : null;
    if (event) logEvent(req, reply, route!, event);
    done();
  });
}

function logEvent(req: FastifyRequest, reply: FastifyReply, route: string, event: string): void {
  const email = route === '/login' ? bodyField(req, 'email') : null;
  const level = reply.statusCode >= 400 ? 'warn' : 'info';
  req.log[level](
    {
      security: event,
      family_id: req.actor?.familyId ?? null,
      username: req.actor?.username ?? null,
      target: bodyField(req, 'username'),
      role: bodyField(req, 'role'),
      account: email ? sha256(normalEmail(email)).slice(0, 16) : null,
      ip: req.ip,
      status: reply.statusCode,
    },
    'security',
  );
}
