// The child a request is about (issue 25): routes that describe or change one child's log
// declare where they take it (`config.child`: the query's or the body's `child`), and this
// moves it onto the actor, where childScopeOf resolves it, so a route cannot forget to pass it.
// `child` in the query of a route that takes none is refused (400 naming the field) rather
// than ignored: the caller meant some child, and would otherwise get the primary child's data.
// (A body's unknown `child` is refused by the route's strict body schema.)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { t } from '../i18n/text.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** where this route takes the child it is about: ?child= or `child` in the body */
    child?: 'query' | 'body';
  }
}

function childOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const c = (value as { child?: unknown }).child;
  return typeof c === 'string' && c !== '' ? c : undefined;
}

function hasChild(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, 'child');
}

export function registerChildParam(app: FastifyInstance): void {
  // Callback hooks: they run on every request and almost always have nothing to do, and an
  // async hook would cost each a promise and a turn of the microtask queue.
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    // Public routes (health, discovery) are about no family, let alone a child: left alone.
    if (!req.actor) return done();
    const where = req.routeOptions.config?.child;
    for (const [part, value] of [['query', req.query], ['body', req.body]] as const) {
      if (where === part || !hasChild(value)) continue;
      // (A strict body schema would refuse it too; this also covers routes that take no body.)
      const msg = 'this route does not take a child: it is about the whole family, or names its event by id';
      return done(new AppError(400, 'bad_request', t('error.route_takes_no_child'), { detail: [{ loc: [part, 'child'], msg, type: 'unrecognized_keys' }] }));
    }
    done();
  });
  app.addHook('preHandler', (req: FastifyRequest, _reply, done) => {
    const where = req.routeOptions.config?.child;
    if (where && req.actor) {
      const ref = childOf(where === 'query' ? req.query : req.body);
      if (ref !== undefined) req.actor.child = { ref, byName: false };
    }
    done();
  });
}
