// Spec section "Discovery" (health, the API index, who am I) and "Analytics".
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Me } from '../../schemas/account.ts';
import { Ok } from '../../schemas/common.ts';
import { databaseAnswers } from '../../db/ping.ts';
import { databaseUnavailable } from '../error-handler.ts';
import { recordAnalytics } from '../../services/housekeeping/analytics.ts';
import { loadFamily } from '../../services/family/family-row.ts';
import { scopeOf, type Ctx } from '../../services/context.ts';
import { resource } from '../route.ts';
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
  const r = resource(app, ['Discovery']);

  r.get('/api/health', {
    summary: 'Health: 200 when the service and its database answer',
    description:
      'A load balancer can take the instance out of service on 503 (the database did not answer within 2 seconds). ' +
      "mqtt reports the Home Assistant bridge's connection to its broker without affecting the status code.",
    auth: 'none',
    response: Health,
    errors: [503],
    run: async () => {
      if (!(await databaseAnswers(ctx.db))) throw databaseUnavailable();
      const mqtt = bridgeState(ctx.config);
      return mqtt === 'not_configured' ? { ok: true as const } : { ok: true as const, mqtt };
    },
  });

  r.get('/api', {
    summary: 'A JSON index of the endpoints and documents',
    auth: 'none',
    response: ApiIndex,
    run: () => {
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
    summary: 'Who the credential belongs to',
    response: Me,
    run: async (actor) => {
      const family = await loadFamily(scopeOf(ctx, actor));
      return { user: actor.username, family_id: actor.familyId, role: actor.role, plan: family.plan === 'paid' ? ('paid' as const) : ('free' as const) };
    },
  });

  r.post('/api/analytics', {
    summary: 'Record an anonymous product-analytics event (allowlisted names only; nothing personal is kept)',
    tags: ['Analytics'],
    auth: 'none',
    body: z.strictObject({
      name: z.string().min(1).max(64),
      props: z.record(z.string().max(64), z.string().max(500)).nullish(),
    }),
    response: Ok,
    errors: [429],
    run: ({ body, req }) => recordAnalytics(ctx, body.name, body.props, req.ip),
  });
}
