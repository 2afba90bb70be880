// Serves the built web app (web/dist) at / with client-side routes, or, when the app has
// not been built, plain pages that still let a caregiver join by invite.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { setAppNotFoundPage } from './error-handler.ts';

const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
export const PAGE_ROUTES = ['/', '/login', '/signup', '/join', '/reset', '/timeline', '/insights', '/growth', '/solids', '/ask', '/settings', '/report'];

const FALLBACK_JOIN = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Join your family — Baby Tracker</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input,button{font:inherit;padding:.5rem;width:100%}</style>
</head><body><h1>Join your family</h1>
<p>Create your caregiver account. The invite code from your link is filled in for you.</p>
<form method="post" action="/api/vega/join" enctype="application/x-www-form-urlencoded">
<label for="code">Invite code</label><input id="code" name="code" required>
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="username">Your name (optional)</label><input id="username" name="username" autocomplete="nickname">
<label for="password">Password (at least 6 characters)</label><input id="password" name="password" type="password" minlength="6" required autocomplete="new-password">
<p><button type="submit">Join</button></p></form>
<script src="/join-fallback.js"></script></body></html>`;

// Fills the code from ?code=… without an inline script (the CSP allows only 'self' scripts).
const FALLBACK_JOIN_JS = `document.getElementById('code').value=new URLSearchParams(location.search).get('code')||'';`;

const FALLBACK_HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baby Tracker</title></head>
<body><h1>Baby Tracker</h1><p>The web app has not been built. Run <code>npm run build:web</code> (npm ci does it for you).</p>
<p>The API is up: see <a href="/docs">/docs</a>, <a href="/redoc">/redoc</a> and <a href="/developers">/developers</a>.</p></body></html>`;

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const built = existsSync(`${DIST}index.html`);
  if (built) {
    const index = readFileSync(`${DIST}index.html`);
    // Unknown page paths get the app, which shows its own "Page not found" (with a 404 status).
    setAppNotFoundPage(() => index);
    await app.register(fastifyStatic, { root: DIST, prefix: '/', index: false, wildcard: false });
    for (const path of PAGE_ROUTES) {
      app.get(path, { schema: { hide: true }, config: { auth: 'none' } }, async (_req, reply) =>
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index),
      );
    }
    return;
  }
  for (const path of PAGE_ROUTES) {
    app.get(path, { schema: { hide: true }, config: { auth: 'none' } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(path === '/join' ? FALLBACK_JOIN : FALLBACK_HOME),
    );
  }
  app.get('/join-fallback.js', { schema: { hide: true }, config: { auth: 'none' } }, async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').send(FALLBACK_JOIN_JS),
  );
}
