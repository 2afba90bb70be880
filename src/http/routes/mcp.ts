// POST /mcp: the MCP connector (spec "MCP connector"). Stateless streamable HTTP: every POST
// is answered on its own with application/json. This route resolves the bearer token itself
// (auth: 'none' for the global hook) so that it can answer 401 with the WWW-Authenticate
// header MCP clients look for, and it never accepts the session cookie (no CSRF through
// a browser). GET and DELETE are 405 (after the same credential check): there is no SSE
// stream and no session to end.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { scopeOf } from '../../services/context.ts';
import { actorFromToken } from '../../services/access/auth.ts';
import { takeSlidingWindow } from '../../services/access/counters.ts';
import { loadFamily } from '../../services/family/family-row.ts';
import { childrenOf } from '../../services/family/children.ts';
import { localDateOf } from '../../domain/time.ts';
import { AppError, unauthorized } from '../../errors.ts';
import type { Actor } from '../../services/actor.ts';
import type * as McpServerModule from '../../mcp/server.ts';
import { bearerToken, checkHostAndOrigin, CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, originAllowed } from '../../mcp/http-guard.ts';
import { RATE_LIMIT_PER_MINUTE } from '../../mcp/limits.ts';
import { refuseTooLarge } from '../error-handler.ts';

// The MCP SDK and the connector's tools weigh ~50 MB in memory: loaded with the first /mcp
// request, not at start, so a family that never connects an assistant never pays for them.
let mcpModule: Promise<typeof McpServerModule> | null = null;
const loadMcp = () => (mcpModule ??= import('../../mcp/server.ts'));

const WINDOW_MS = 60_000;
const MAX_BATCH = 20;
// Hop-by-hop and body headers do not travel to the SDK: the body is handed over parsed.
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * We always answer JSON, never SSE, so a client that accepts JSON is served even when its
 * Accept header omits text/event-stream (the SDK would answer 406 to it).
 */
function acceptForSdk(accept: string | undefined): string | undefined {
  if (accept === undefined || /application\/json|application\/\*|\*\/\*/.test(accept)) return 'application/json, text/event-stream';
  return accept;
}

export function mcpRoutes(app: FastifyInstance, ctx: Ctx): void {
  const base = () => ctx.config.publicUrl;
  const actors = new WeakMap<FastifyRequest, Actor>();

  // Gate failures use the service's usual {error, message} body (401 as the spec fixes it);
  // anything about the message itself is a JSON-RPC error, as MCP clients expect.
  function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    if (err instanceof AppError && err.code === 'invalid_json') return jsonRpcError(reply, 400, -32700, `Parse error: ${err.message}`);
    if (err instanceof AppError) {
      if (err.status === 401) {
        const invalid = req.headers.authorization !== undefined ? ', error="invalid_token"' : '';
        reply.header('WWW-Authenticate', `Bearer realm="tracker", resource_metadata="${base()}/.well-known/oauth-protected-resource/mcp"${invalid}`);
      }
      if (typeof err.extra.retry_after === 'number') reply.header('Retry-After', String(err.extra.retry_after));
      return reply.code(err.status).send({ error: err.code, message: err.message });
    }
    const status = err.statusCode ?? 500;
    // Like the gate's refusals, a body over the limit is refused before any message is read:
    // the service's 413 body, sent so that a client still uploading reads it.
    if (status === 413) return refuseTooLarge(req, reply);
    if (status >= 400 && status < 500) return jsonRpcError(reply, status, -32000, err.message);
    req.log.error({ err }, 'mcp request failed');
    return jsonRpcError(reply, 500, -32603, 'Internal error');
  }

  /** An allowed browser origin may read the answer (errors included: a 401 says where to go). */
  function allowOrigin(req: FastifyRequest, reply: FastifyReply) {
    const origin = req.headers.origin;
    if (origin === undefined) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    reply.header('Vary', 'Origin');
  }

  /** Host and Origin as the transport spec asks, then the bearer token (never the cookie). */
  async function gate(req: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    checkHostAndOrigin({ host: req.headers.host, origin: req.headers.origin }, req.protocol, base(), ctx.config.mcpAllowedOrigins);
    allowOrigin(req, reply);
    const token = bearerToken(req.headers.authorization);
    if (token === null) throw unauthorized('Send Authorization: Bearer <token>; see /developers for how to get one.');
    const actor = await actorFromToken(ctx, token);
    if (!actor) throw unauthorized('This bearer token is not valid (revoked or mistyped).');
    req.actor = actor;
    return actor;
  }

  app.post('/mcp', {
    config: { auth: 'none' },
    schema: { hide: true },
    errorHandler,
    onRequest: async (req, reply) => {
      const actor = await gate(req, reply);
      actors.set(req, actor);
    },
    // Counted once the body is parsed: a JSON-RPC batch is as many calls as it holds.
    preHandler: async (req) => {
      const actor = actors.get(req)!;
      const calls = Array.isArray(req.body) ? req.body.length : 1;
      if (calls > MAX_BATCH) throw new AppError(400, 'batch_too_large', `Send at most ${MAX_BATCH} messages in one batch.`);
      // A sliding window: at most RATE_LIMIT_PER_MINUTE calls in any 60 seconds, in the database.
      const used = await takeSlidingWindow(ctx, `mcp:${actor.tokenId}`, WINDOW_MS, RATE_LIMIT_PER_MINUTE, Math.max(1, calls));
      if (!used.allowed) {
        const retryAfter = Math.max(1, Math.ceil(used.retryAfterMs / 1000));
        throw new AppError(429, 'rate_limited', `At most ${RATE_LIMIT_PER_MINUTE} MCP requests per minute per token; retry in ${retryAfter} s.`, {
          retry_after: retryAfter,
        });
      }
    },
    handler: async (req, reply) => {
      // An absent body or a non-JSON content type is left to the SDK (parse error, 415).
      const { answerMcp, isJsonRpcPayload } = await loadMcp();
      const json = /^application\/json\b/i.test(req.headers['content-type'] ?? '');
      if (json && req.body !== undefined && !isJsonRpcPayload(req.body)) {
        return jsonRpcError(reply, 400, -32600, 'Invalid Request: not a JSON-RPC 2.0 message.');
      }
      const actor = actors.get(req)!;
      const scope = scopeOf(ctx, actor);
      const family = await loadFamily(scope);
      const children = await childrenOf(scope, family);
      const child = children.find((c) => c.id === family.primary_child_id)!;
      const now = ctx.clock();
      const env = { ctx, actor, family, children, child, now, today: localDateOf(now, family.timezone), log: req.log };

      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined && !DROPPED.has(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      const accept = acceptForSdk(req.headers.accept);
      if (accept !== undefined) headers.set('accept', accept);
      const request = new Request(new URL(req.url, base()), { method: 'POST', headers });

      const res = await answerMcp(env, request, req.body);
      reply.code(res.status);
      res.headers.forEach((value, name) => void reply.header(name, value));
      const body = await res.text();
      return body === '' ? reply.send() : reply.type('application/json').send(body);
    },
  });

  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('Allow', 'POST');
    return jsonRpcError(reply, 405, -32000, 'Method not allowed: this connector is stateless; send JSON-RPC messages with POST.');
  };
  // Credentials first (401 like every other endpoint without them), then 405.
  const closed = {
    config: { auth: 'none' as const },
    schema: { hide: true },
    errorHandler,
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => void (await gate(req, reply)),
  };
  app.get('/mcp', closed, notAllowed);
  app.delete('/mcp', closed, notAllowed);

  // CORS preflight for browser-based MCP clients: the service's own origin and the ones the
  // operator lists in MCP_ALLOWED_ORIGINS; any other origin is refused (403) before a POST.
  app.options('/mcp', { config: { auth: 'none' }, schema: { hide: true }, errorHandler }, async (req, reply) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, req.headers.host, req.protocol, base(), ctx.config.mcpAllowedOrigins)) {
      throw new AppError(403, 'cross_origin_refused', 'Requests from this website are not allowed; the operator can list it in MCP_ALLOWED_ORIGINS.');
    }
    reply.header('Allow', 'POST, GET, DELETE, OPTIONS');
    if (origin !== undefined) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Methods', 'POST, GET, DELETE');
      reply.header('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      reply.header('Vary', 'Origin');
    }
    return reply.code(204).send();
  });
}
