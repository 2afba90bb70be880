// The OpenAPI 3.1 document (generated from the same zod schemas that validate requests),
// Swagger UI at /docs and Redoc at /redoc — every script served from this service itself.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

import { API_VERSION } from '../version.ts';
import { authModeOf } from './auth.ts';
import { enrichDocument, FACTS_KEY, loadExamples, type RouteFacts } from './openapi-enrich.ts';

const require = createRequire(import.meta.url);

// Redoc's menu footer always draws its logo from Redocly's CDN (no option turns it off); the
// CSP blocks it and it would tell a third party who reads the docs. The image is dropped
// (the component hides itself when the image fails); the "API docs by Redocly" link stays.
const REDOC_CDN_LOGO = /src:"https:\/\/cdn\.redoc\.ly\/[^"]*"/g;

export function localRedocBundle(source: string): string {
  return source.replace(REDOC_CDN_LOGO, 'src:""');
}

// Headers of Swagger UI's answer that this app sets itself for its own (the body's length, the date, the connection's).
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * Swagger UI at /docs, set up with the first request for it rather than at start (its plugin,
 * a second static file server and a YAML library took a tenth of the start): in an app of its
 * own, given this app's document, to which /docs requests are handed. Its answer goes out
 * through this app's hooks (security headers, logging) as before; what it does not have goes
 * to this app's not-found answer, as before.
 */
function registerSwaggerUi(app: FastifyInstance): void {
  let docsApp: Promise<FastifyInstance> | null = null;
  const load = () =>
    (docsApp ??= (async () => {
      const { default: swaggerUi } = await import('@fastify/swagger-ui');
      const inner = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
      // Swagger UI reads the document through @fastify/swagger: here, this app's document as it is.
      await inner.register(swagger, { mode: 'static', specification: { document: app.swagger() as any } });
      await inner.register(swaggerUi, { routePrefix: '/docs', staticCSP: false });
      return inner;
    })().catch((err) => {
      docsApp = null;
      throw err;
    }));
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const inner = await load();
    // HEAD is answered as GET: this app drops the body and keeps its length.
    const res = await inner.inject({ method: 'GET', url: req.url, headers: req.headers });
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    // An empty answer (a redirect, 304) goes out without a body, so without a content type.
    return reply.code(res.statusCode).send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
  };
  app.get('/docs', { schema: { hide: true } }, handler);
  app.get('/docs/*', { schema: { hide: true } }, handler);
}

export async function registerDocs(app: FastifyInstance, publicUrl: () => string): Promise<void> {
  const examples = loadExamples();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Baby Tracker API',
        version: API_VERSION,
        description:
          'A shared family log of feeds, sleep, nappies, solids, supplements, growth, temperatures, medicines given, pumping, activities and milestones. Every request is scoped to ' +
          'the one family its credential belongs to. Timestamps are family-local YYYY-MM-DDTHH:MM:SS; volumes in ml, ' +
          'weights in kg, lengths in cm. Not a medical device.',
      },
      servers: [],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An API token from POST /api/vega/token or the app settings' },
          session: { type: 'apiKey', in: 'cookie', name: 'tracker_session' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    // Each route's guard (auth mode, scope, validation style) rides along to the document
    // pass, which derives its error responses, description and operationId from it.
    transform: (arg) => {
      const out = jsonSchemaTransform(arg) as { schema: any; url: string };
      if (out.schema?.hide) return out;
      const route = (arg as any).route as { method: string | string[]; config?: Record<string, any>; schema?: Record<string, any> };
      const cfg = route.config ?? {};
      const src = route.schema ?? {};
      const facts: RouteFacts = {
        method: String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase(),
        path: arg.url,
        auth: authModeOf(arg.url, cfg),
        scope: cfg.scope,
        validationStatus: cfg.validationStatus ?? 400,
        sameOriginOnly: cfg.sameOriginOnly === true,
        childInQuery: cfg.child === 'query',
        hasInput: Boolean(src.body || src.querystring || src.params),
        produces: src.produces,
        idempotent: cfg.idempotent === true ? 'http' : cfg.idempotent === 'service' ? 'service' : false,
        errors: cfg.errors ?? [],
      };
      return { ...out, schema: { ...out.schema, [FACTS_KEY]: facts } };
    },
    transformObject: (doc) => {
      const out = jsonSchemaTransformObject(doc) as any;
      out.servers = [{ url: publicUrl() }];
      return enrichDocument(out, publicUrl(), examples);
    },
  });

  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'none' } }, async () => app.swagger());

  registerSwaggerUi(app);

  // ~1 MB of script, read on the first request for it rather than held from start.
  let redocBundle: string | null = null;
  app.get('/redoc/redoc.standalone.js', { schema: { hide: true }, config: { auth: 'none' } }, async (_req, reply) => {
    redocBundle ??= localRedocBundle(readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8'));
    return reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(redocBundle);
  });
  app.get('/redoc', { schema: { hide: true }, config: { auth: 'none' } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baby Tracker API — Redoc</title>' +
          '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head><body>' +
          '<redoc spec-url="/openapi.json"></redoc><script src="/redoc/redoc.standalone.js"></script></body></html>',
      ),
  );
}
