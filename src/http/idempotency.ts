// Idempotency-Key for REST writes, in one place: a route opts in with config.idempotent and
// gets the same rule as POST /api/vega/log and the MCP write tools. The key is claimed before
// the handler runs (so a retry racing the first call gets 409), the exact response (status and
// body) is recorded when it succeeds and replayed byte for byte to a retry within 24 hours,
// the same key with a different body is 422 idempotency_key_reused, and a failed call frees
// the key. Keys are per family and per route, stored in the database (all processes agree).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../services/context.ts';
import { scopeOf } from '../services/context.ts';
import { claimKey, settleClaim } from '../services/log/idempotency.ts';
import type { FamilyScope } from '../db/family-scope.ts';
import { badRequest } from '../errors.ts';
import { t } from '../i18n/text.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour an Idempotency-Key header: true = here, in the HTTP layer; 'service' = the
     * service takes the key itself inside its transaction (POST /api/vega/log, whose key
     * space MCP's logging tools share). Either way it is documented and listed on /developers.
     */
    idempotent?: boolean | 'service';
  }
  interface FastifyInstance {
    /** "POST /api/vega/log", … : the writes that honour Idempotency-Key, for /developers */
    idempotentRoutes: string[];
  }
}

interface Recorded {
  status: number;
  body: string;
}

/** The Idempotency-Key header of a request, if it sent exactly one. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers['idempotency-key'];
  if (Array.isArray(header)) throw badRequest(t('error.one_idempotency_header'), 'invalid_idempotency_key');
  return header;
}

const claims = new WeakMap<FastifyRequest, { scope: FamilyScope; name: string; key: string; claimedAt: number }>();

export function registerIdempotency(app: FastifyInstance, ctx: Ctx): void {
  const routes: string[] = [];
  app.decorate('idempotentRoutes', routes);
  // The hooks are attached to the idempotent routes only: reads never pay for them.
  app.addHook('onRoute', (opts) => {
    if (!opts.config?.idempotent) return;
    for (const m of [opts.method].flat()) routes.push(`${m} ${opts.url}`);
    // 'service': the service takes the key in its own write; claiming it here as well would
    // cost two more writes per call, and leave a claim behind when the database goes away.
    if (opts.config.idempotent !== true) return;
    opts.preHandler = [...[opts.preHandler ?? []].flat(), claimHook];
    opts.onSend = [...[opts.onSend ?? []].flat(), recordHook];
  });

  const claimHook = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.actor) return;
    const header = idempotencyKeyOf(req);
    if (header === undefined) return;
    const scope = scopeOf(ctx, req.actor);
    const name = `http:${req.method} ${req.routeOptions.url}`;
    const claim = await claimKey<Recorded>(ctx, scope, name, header, req.body ?? null);
    if (claim.replay) {
      return reply.code(claim.value.status).type('application/json; charset=utf-8').send(claim.value.body);
    }
    claims.set(req, { scope, name, key: header, claimedAt: claim.claimedAt });
  };

  const recordHook = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = claims.get(req);
    if (!claim) return payload;
    claims.delete(req);
    // The answer goes out as it is: when the database is away, the key is settled later (an
    // error here would replace the answer with fastify's own, whatever its status).
    // (A body from the serializer is a string, or a cached answer's bytes: json-serializer.ts.)
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const outcome = reply.statusCode < 300 && body !== null ? { result: { status: reply.statusCode, body } satisfies Recorded } : null;
    await settleClaim(claim.scope, claim.name, claim.key, claim.claimedAt, outcome).catch((err) => {
      if (outcome !== null) throw err;
      req.log.error({ err }, 'could not free an idempotency key');
    });
    return payload;
  };
}
