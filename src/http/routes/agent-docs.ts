// Discovery documents for agents and developers: the connector manifest, llms.txt (also at
// /.well-known/agent-instructions.md), the developer portal, privacy and terms, and the OAuth
// protected-resource metadata the /mcp 401 points to. Lists come from the MCP registry.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { resource } from '../route.ts';
import type * as Catalog from '../../mcp/catalog.ts';
import type * as Pages from '../../mcp/pages.ts';

// The documents are built from the MCP registry, which brings the MCP SDK with it (~50 MB in
// memory): loaded with the first request for one of them, not at start.
let catalog: Promise<typeof Catalog> | null = null;
let pages: Promise<typeof Pages> | null = null;
const loadCatalog = () => (catalog ??= import('../../mcp/catalog.ts'));
const loadPages = () => (pages ??= import('../../mcp/pages.ts'));

const open = { config: { auth: 'none' as const }, schema: { hide: true } };

export function agentDocRoutes(app: FastifyInstance, ctx: Ctx): void {
  const base = () => ctx.config.publicUrl;
  const page = async (reply: FastifyReply, make: (p: typeof Pages) => string) =>
    reply.type('text/html; charset=utf-8').send(make(await loadPages()));
  // One text, two addresses: llms.txt is plain text by convention, the .md twin is Markdown.
  const instructions = (type: string) => async ({ reply }: { reply: FastifyReply }) =>
    reply.type(type).send((await loadCatalog()).agentInstructions(base()));

  // The discovery documents the spec lists appear in /openapi.json too.
  const r = resource(app, ['Discovery']);
  r.get('/.well-known/tracker-connector.json', {
    summary: 'The MCP connector manifest: tools, resources and prompts',
    auth: 'none',
    produces: ['application/json'],
    run: async ({ reply }) => reply.type('application/json').send(JSON.stringify((await loadCatalog()).connectorManifest(base()))),
  });
  r.get('/llms.txt', { summary: 'Instructions for AI agents (plain text)', auth: 'none', produces: ['text/plain'], run: instructions('text/plain; charset=utf-8') });
  r.get('/.well-known/agent-instructions.md', {
    summary: 'The same instructions as Markdown',
    auth: 'none',
    produces: ['text/markdown'],
    run: instructions('text/markdown; charset=utf-8'),
  });
  r.get('/developers', {
    summary: 'The developer portal (HTML)',
    auth: 'none',
    produces: ['text/html'],
    run: ({ reply }) => page(reply, (p) => p.developersPage(base(), app.idempotentRoutes)),
  });
  app.get('/privacy', open, (_req, reply) => page(reply, (p) => p.privacyPage()));
  app.get('/terms', open, (_req, reply) => page(reply, (p) => p.termsPage()));

  // RFC 9728 metadata: bearer tokens in the Authorization header, made in the app (there is no
  // OAuth authorization server, so none is listed; resource_documentation says where to go).
  const resourceMetadata = async () => ({
    resource: `${base()}/mcp`,
    bearer_methods_supported: ['header'],
    scopes_supported: ['read', 'write'],
    resource_name: 'Baby Tracker MCP connector',
    resource_documentation: `${base()}/developers#token`,
  });
  app.get('/.well-known/oauth-protected-resource', open, resourceMetadata);
  app.get('/.well-known/oauth-protected-resource/mcp', open, resourceMetadata);
}
