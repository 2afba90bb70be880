// Generates the public descriptions of the connector — the manifest at
// /.well-known/tracker-connector.json and the text of /llms.txt — from the registry, so the
// documents and the live tool list cannot disagree.
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { API_VERSION } from '../version.ts';
import type { PromptDef } from './registry-types.ts';
import { annotationsOf, inputSchemaOf, PROMPTS, RESOURCES, TOOLS } from './registry.ts';
import { AUTH_STEPS, CHILDREN, NON_CLINICAL, SERVICE_NAME, UNITS_AND_TIME, WHAT_IT_IS, WRITE_RULES } from './agent-text.ts';

import { RATE_LIMIT_PER_MINUTE } from './limits.ts';
export { RATE_LIMIT_PER_MINUTE };

function promptArgs(p: PromptDef) {
  return Object.entries(p.args).map(([name, schema]) => ({
    name,
    description: schema.description ?? '',
    required: !schema.safeParse(undefined).success,
  }));
}

export function connectorManifest(baseUrl: string) {
  return {
    name: SERVICE_NAME,
    version: API_VERSION,
    description: WHAT_IT_IS,
    mcp_url: `${baseUrl}/mcp`,
    transport: { type: 'streamable-http', stateless: true, response: 'application/json' },
    auth: {
      type: 'bearer',
      header: 'Authorization: Bearer <token>',
      scopes: ['read', 'write'],
      how_to_get_a_token: `${baseUrl}/developers#token`,
    },
    rate_limit: { requests_per_minute_per_token: RATE_LIMIT_PER_MINUTE },
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      scope: t.scope,
      annotations: annotationsOf(t),
      input_schema: toJsonSchemaCompat(inputSchemaOf(t), { strictUnions: true, pipeStrategy: 'input' }),
    })),
    resources: RESOURCES.map((r) => ({ uri: r.uri, name: r.name, title: r.title, description: r.description, mime_type: 'application/json' })),
    prompts: PROMPTS.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: promptArgs(p) })),
    privacy_url: `${baseUrl}/privacy`,
    terms_url: `${baseUrl}/terms`,
    documentation_url: `${baseUrl}/developers`,
    llms_txt_url: `${baseUrl}/llms.txt`,
    openapi_url: `${baseUrl}/openapi.json`,
  };
}

const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

/** The agent instructions: served as /llms.txt and /.well-known/agent-instructions.md. */
export function agentInstructions(baseUrl: string): string {
  const tools = TOOLS.map((t) => {
    const args = Object.keys(inputSchemaOf(t).shape);
    return `- \`${t.name}\` (scope ${t.scope}${t.kind === 'destructive' ? ', removes data' : ''}) — ${t.description}${args.length ? ` Arguments: ${args.join(', ')}.` : ''}`;
  });
  const resources = RESOURCES.map((r) => `- \`${r.uri}\` — ${r.title}: ${r.description}`);
  const prompts = PROMPTS.map((p) => {
    const args = promptArgs(p).map((a) => `${a.name}${a.required ? '' : '?'}`);
    return `- \`${p.name}\`(${args.join(', ')}) — ${p.description}`;
  });
  return `# ${SERVICE_NAME}

> ${WHAT_IT_IS}

## Connect

- MCP (streamable HTTP, stateless, JSON responses): ${baseUrl}/mcp
- Connector manifest: ${baseUrl}/.well-known/tracker-connector.json
- REST API: ${baseUrl}/openapi.json (interactive: ${baseUrl}/docs, ${baseUrl}/redoc); developer guide: ${baseUrl}/developers

## Authentication

${bullets(AUTH_STEPS)}

## Tools

${tools.join('\n')}

## Resources

${resources.join('\n')}

## Prompts

${prompts.join('\n')}

## Writing to the log

${bullets(WRITE_RULES)}

## Children

${bullets(CHILDREN)}

## Units and timestamps

${bullets(UNITS_AND_TIME)}

## Scope

${NON_CLINICAL}
`;
}
