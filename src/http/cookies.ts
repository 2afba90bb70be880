// The session cookie: HttpOnly, SameSite=Lax, Secure when the service is served over https.
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../services/access/sessions.ts';

export function setSessionCookie(reply: FastifyReply, secret: string, publicUrl: string): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: publicUrl.startsWith('https:') });
}

/** The answer to sign-in, sign-up and join: the session cookie plus {ok, redirect}. */
export function signedIn(reply: FastifyReply, s: { sessionSecret: string; redirect: string }, publicUrl: string) {
  setSessionCookie(reply, s.sessionSecret, publicUrl);
  return { ok: true, redirect: s.redirect };
}
