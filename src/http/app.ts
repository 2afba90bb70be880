// Builds the HTTP application: plugins, security headers, auth, error handling, docs and
// every route. No I/O happens here beyond what the routes do; main.ts listens.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../services/context.ts';
import type { Config } from '../config.ts';
import { zodValidatorCompiler } from './validation.ts';
import { registerJsonParser, BODY_LIMIT } from './json-parser.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerAuth } from './auth.ts';
import { registerIdempotency } from './idempotency.ts';
import { registerChildParam } from './child-param.ts';
import { registerRateLimit } from './rate-limit.ts';
import { registerSecurityLog } from './security-log.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { serializeJson } from './json-serializer.ts';
import { registerDocs } from './docs.ts';
import { registerWeb } from './web.ts';
import { sessionRoutes } from './routes/session.ts';
import { accountRoutes } from './routes/account.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { profileRoutes } from './routes/profile.ts';
import { childrenRoutes } from './routes/children.ts';
import { medicinesRoutes } from './routes/medicines.ts';
import { remindersRoutes } from './routes/reminders.ts';
import { preferencesRoutes } from './routes/preferences.ts';
import { discoveryRoutes } from './routes/discovery.ts';
import { trackerRoutes } from './routes/tracker.ts';
import { feedRoutes } from './routes/feed.ts';
import { accessRoutes } from './routes/access.ts';
import { insightRoutes } from './routes/insights.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { agentDocRoutes } from './routes/agent-docs.ts';
import { askRoutes } from './routes/ask.ts';
import { transferRoutes } from './routes/transfer.ts';
import { pushRoutes } from './routes/push.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { homeAssistantRoutes } from './routes/home-assistant.ts';

const REQUEST_TIMEOUT_MS = 30_000;

/** A hop count N believes the last N entries of X-Forwarded-For (proxy-addr's hop numbering). */
function trustProxyOption(t: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

export interface AppOptions {
  /** pino logger options, or false for none (tests) */
  logger?: boolean | Record<string, unknown>;
}

export async function buildApp(ctx: Ctx, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // We log one line per request ourselves (below), with the route pattern rather than the
    // URL, so an invite code or any other query value never reaches the logs.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Behind a reverse proxy set TRUST_PROXY, or every client shares the proxy's address in
    // the sign-in throttles.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // A request whose headers and body take longer than this to arrive is cut off (slow
    // clients holding connections open); answers may take as long as they need.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Requests are validated with zod and answers written as plain JSON (set below for every
    // route), so Fastify's own compilers (ajv, fast-json-stringify) would never run: given these
    // instead, it does not load them at start (about a twentieth of the start). Fastify types
    // these factories for ajv's compilers, hence the cast.
    schemaController: {
      compilersFactory: { buildValidator: () => zodValidatorCompiler, buildSerializer: () => () => serializeJson },
    } as unknown as FastifyServerOptions['schemaController'],
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  // Responses are plain JSON; response schemas document them (and type the handlers).
  // (Fastify sends a Buffer from a serializer as it is; its types say string.)
  app.setSerializerCompiler(() => serializeJson as (data: unknown) => string);

  registerJsonParser(app);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(cookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https:'),
  });

  registerErrorHandler(app);
  registerAuth(app, ctx);
  await registerRateLimit(app, ctx.config.rateLimitPerMinute);
  registerIdempotency(app, ctx);
  registerChildParam(app);

  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        family_id: req.actor?.familyId ?? null,
      },
      'request',
    );
    done();
  });

  registerSecurityLog(app);

  await registerDocs(app, () => ctx.config.publicUrl);
  discoveryRoutes(app, ctx);
  sessionRoutes(app, ctx);
  accountRoutes(app, ctx);
  tokenRoutes(app, ctx);
  profileRoutes(app, ctx);
  childrenRoutes(app, ctx);
  medicinesRoutes(app, ctx);
  remindersRoutes(app, ctx);
  preferencesRoutes(app, ctx);
  trackerRoutes(app, ctx);
  feedRoutes(app, ctx);
  accessRoutes(app, ctx);
  insightRoutes(app, ctx);
  mcpRoutes(app, ctx);
  agentDocRoutes(app, ctx);
  askRoutes(app, ctx);
  transferRoutes(app, ctx);
  pushRoutes(app, ctx);
  webhookRoutes(app, ctx);
  homeAssistantRoutes(app, ctx);
  await registerWeb(app);
  await app.ready();
  return app;
}
