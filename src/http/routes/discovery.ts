// Spec section "Discovery" (health, the API index, who am I) and "Analytics".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Me } from '../../schemas/account.ts';
import { ErrorBody, Ok, RateLimitErrorBody, UnavailableErrorBody } from '../../schemas/common.ts';
import { databaseAnswers } from '../../db/ping.ts';
import { databaseUnavailable } from '../error-handler.ts';
import { recordAnalytics } from '../../services/housekeeping/analytics.ts';
import { loadFamily } from '../../services/family/family-row.ts';
import { scopeOf, type Ctx } from '../../services/context.ts';
import { actorOf } from '../auth.ts';
import { API_VERSION } from '../../version.ts';
import { bridgeState } from '../../services/home-assistant/bridge-state.ts';
import { BridgeStateName } from '../../schemas/home-assistant.ts';

// 1.4.0: `mqtt` only on a server that has a broker (MQTT_URL): without one the answer is the
// spec's {ok: true}, exactly.
const Health = Ok.extend({
  mqtt: BridgeStateName.exclude(['not_configured']).optional().describe(
    "1.4.0, only when the server has MQTT_URL: the Home Assistant bridge's connection to the MQTT broker (connected, connecting or down). Informational: the bridge is optional, so a broker that is down does not make this a 503",
  ),
}).meta({ id: 'Health' });

const ApiIndex = z
  .object({
    name: z.string(),
    version: z.string(),
    base_url: z.string(),
    documents: z.record(z.string(), z.string()).describe('name → absolute URL: openapi, docs, redoc, developers, llms_txt, …'),
    auth: z.record(z.string(), z.string()).describe('how to send each kind of credential'),
    endpoints: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string().nullable() })),
  })
  .meta({ id: 'ApiIndex' });

export function discoveryRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', {
    config: { auth: 'none' },
    schema: {
      tags: ['Discovery'],
      summary: 'Health: 200 when the service and its database answer',
      description:
        'A load balancer can take the instance out of service on 503 (the database did not answer within 2 seconds). ' +
        "mqtt reports the Home Assistant bridge's connection to its broker without affecting the status code.",
      security: [],
      response: { 200: Health, 503: UnavailableErrorBody },
    },
    handler: async () => {
      if (!(await databaseAnswers(ctx.db))) throw databaseUnavailable();
      const mqtt = bridgeState(ctx.config);
      return mqtt === 'not_configured' ? { ok: true as const } : { ok: true as const, mqtt };
    },
  });

  r.get('/api', {
    config: { auth: 'none' },
    schema: { tags: ['Discovery'], summary: 'A JSON index of the endpoints and documents', security: [], response: { 200: ApiIndex } },
    handler: async () => {
      const doc = app.swagger() as { paths?: Record<string, Record<string, { summary?: string }>> };
      const endpoints = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary ?? null })),
      );
      const base = ctx.config.publicUrl;
      return {
        name: 'Baby Tracker API',
        version: API_VERSION,
        base_url: base,
        documents: {
          openapi: `${base}/openapi.json`,
          docs: `${base}/docs`,
          redoc: `${base}/redoc`,
          developers: `${base}/developers`,
          llms_txt: `${base}/llms.txt`,
          agent_instructions: `${base}/.well-known/agent-instructions.md`,
          connector_manifest: `${base}/.well-known/tracker-connector.json`,
          mcp: `${base}/mcp`,
        },
        auth: {
          bearer: 'Authorization: Bearer <token> (create one with POST /api/vega/token or in the app settings)',
          session_cookie: 'tracker_session, set by POST /login and POST /api/vega/onboard',
        },
        endpoints,
      };
    },
  });

  r.get('/api/me', {
    schema: { tags: ['Discovery'], summary: 'Who the credential belongs to', response: { 200: Me, 401: ErrorBody } },
    handler: async (req) => {
      const a = actorOf(req);
      const family = await loadFamily(scopeOf(ctx, a));
      return { user: a.username, family_id: a.familyId, role: a.role, plan: family.plan === 'paid' ? ('paid' as const) : ('free' as const) };
    },
  });

  r.post('/api/analytics', {
    config: { auth: 'none' },
    schema: {
      tags: ['Analytics'],
      summary: 'Record an anonymous product-analytics event (allowlisted names only; nothing personal is kept)',
      security: [],
      body: z.strictObject({
        name: z.string().min(1).max(64),
        props: z.record(z.string().max(64), z.string().max(500)).nullish(),
      }),
      response: { 200: Ok, 400: ErrorBody, 429: RateLimitErrorBody },
    },
    handler: async (req) => recordAnalytics(ctx, req.body.name, req.body.props, req.ip),
  });
}
