// A general per-credential rate limit on the REST API (RATE_LIMIT_PER_MINUTE, default 600):
// generous for people and scripts, a ceiling for a leaked token in a loop. The MCP connector
// resolves its own callers and keeps its own limit (120 a minute per token). Kept in each
// process's memory (a database write per request would cost more than the request); with
// several processes each allows the limit. Requests without a credential are left to the
// sign-in and sign-up throttles, and the server's own machine (the operator; every client
// with the default HOST=127.0.0.1) is not limited.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../errors.ts';
import { t } from '../i18n/text.ts';
import { isLoopback } from '../domain/addresses.ts';

const MINUTE_MS = 60_000;

function credentialKey(req: FastifyRequest): string {
  const a = req.actor!;
  return a.tokenId !== null ? `t:${a.tokenId}` : `s:${a.sessionHash}`;
}

export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    global: true,
    // After the auth hook (onRequest), so the caller is known.
    hook: 'preValidation',
    max: perMinute,
    timeWindow: MINUTE_MS,
    cache: 10_000,
    keyGenerator: (req) => (req.actor ? credentialKey(req) : `ip:${req.ip}`),
    allowList: (req) => req.actor === null || isLoopback(req.ip),
    errorResponseBuilder: (_req, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, 'rate_limited', t('error.rate_limited', { max: context.max, seconds }), {
        retry_after: seconds,
      });
    },
  });
}
