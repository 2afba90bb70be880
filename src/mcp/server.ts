// One MCP server per request (the connector is stateless): built from the registry around the
// caller's Env, answered by the SDK's web-standard streamable-HTTP transport in JSON mode, so
// every reply is application/json and never an SSE stream.
import { localise } from '../i18n/localise.ts';
import { ENGLISH } from '../i18n/text.ts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema, McpError, ReadResourceRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { requireScope } from '../services/actor.ts';
import { scopeOf } from '../services/context.ts';
import { idempotentCall } from '../services/log/idempotency.ts';
import { AppError } from '../errors.ts';
import { API_VERSION } from '../version.ts';
import type { Env, Outcome } from './registry-types.ts';
import { annotationsOf, inputSchemaOf, outputSchemaOf, PROMPTS, RESOURCES, TOOLS } from './registry.ts';
import { STAMP_MARK, stampLine, stampOf, toolError, toolResult, type Stamp } from './present.ts';
import { SERVER_INSTRUCTIONS } from './agent-text.ts';
import { childAbout, envForChild } from './children.ts';

export const SERVER_NAME = 'baby-tracker';

/** MCP's "resource not found" (the spec's suggested code; the SDK would say invalid params). */
export const RESOURCE_NOT_FOUND = -32002;

export function createMcpServer(env: Env): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Baby Tracker', version: API_VERSION },
    { instructions: SERVER_INSTRUCTIONS },
  );
  const stamp = stampOf(env);

  for (const t of TOOLS) {
    const output = outputSchemaOf(t);
    server.registerTool(
      t.name,
      { title: t.title, description: t.description, inputSchema: inputSchemaOf(t), outputSchema: output, annotations: annotationsOf(t) },
      async (args: Record<string, unknown>) => {
        // Errors before the child is known (an unknown child among them) name the primary child.
        let callStamp = stamp;
        try {
          requireScope(env.actor, t.scope);
          const { idempotency_key, child, ...own } = args;
          const key = idempotency_key as string | undefined;
          const callEnv = typeof child === 'string' ? envForChild(env, child) : env;
          callStamp = stampOf(callEnv);
          const call = () => t.run(callEnv, own, key);
          // A stored result is keyed by the child it was for (by id, however it was named), so
          // the same key for another child is refused as a different request.
          const request = typeof child === 'string' ? { ...own, child: callEnv.child.id } : own;
          const outcome: Outcome<unknown> =
            t.keyed === 'stored' ? await idempotentCall(env.ctx, scopeOf(env.ctx, env.actor), `mcp:${t.name}`, key, request, call) : await call();
          callStamp = stampOf({ ...callEnv, child: childAbout(callEnv, outcome.aboutChild) });
          // An answer about several children (a question naming none, in a family of several) says so.
          if (outcome.aboutChildren && outcome.aboutChildren.length > 1) callStamp = { ...callStamp, child: outcome.aboutChildren.join(' & ') };
          // Parsing through the output schema keeps structuredContent exactly what it declares.
          // The connector answers in English, on purpose: agents translate for their users.
          const structured = output.parse(localise({ ...(outcome.data as object), ...callStamp, summary: outcome.summary }, ENGLISH));
          return toolResult(callStamp, outcome.summary, structured);
        } catch (err) {
          if (!(err instanceof AppError)) env.log.error({ err, tool: t.name }, 'mcp tool failed');
          return toolError(callStamp, err);
        }
      },
    );
  }

  const readResource = async (r: (typeof RESOURCES)[number], uri: string) => {
    requireScope(env.actor, 'read');
    const o = await r.read(env);
    const text = JSON.stringify({ ...stamp, summary: o.summary, ...o.data });
    return { contents: [{ uri, mimeType: 'application/json', text }] };
  };
  for (const r of RESOURCES) {
    server.registerResource(r.name, r.uri, { title: r.title, description: r.description, mimeType: 'application/json' }, async (uri) =>
      readResource(r, uri.href),
    );
  }
  // resources/read answered here rather than by the SDK, so an unknown URI is -32002
  // (resource not found, as the MCP spec suggests) with the URI in data.
  server.server.removeRequestHandler('resources/read');
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const r = RESOURCES.find((x) => x.uri === request.params.uri);
    if (!r) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${request.params.uri}`, { uri: request.params.uri });
    return readResource(r, r.uri);
  });

  for (const p of PROMPTS) {
    server.registerPrompt(p.name, { title: p.title, description: p.description, argsSchema: p.args }, async (args) => {
      requireScope(env.actor, 'read');
      const built = await p.build(env, args as Record<string, string | undefined>);
      return { description: built.description, messages: [{ role: 'user', content: { type: 'text', text: built.text } }] };
    });
  }
  // The SDK announces listChanged for tools, resources and prompts; this server is stateless
  // (one per request) and never sends a list_changed notification, so it says false.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } });
  return server;
}

/**
 * Tool errors the SDK writes itself (arguments failing the input schema, an unknown tool name)
 * do not pass through our handlers; add the child and read time to them on the way out so
 * every tool answer carries both.
 */
function stampSdkToolErrors(message: JSONRPCMessage, stamp: Stamp): JSONRPCMessage {
  const result = (message as { result?: { isError?: boolean; content?: { type: string; text?: string }[] } }).result;
  if (!result?.isError || !Array.isArray(result.content)) return message;
  if (result.content.some((c) => c.type === 'text' && c.text?.includes(STAMP_MARK))) return message;
  return { ...message, result: { ...result, content: [...result.content, { type: 'text', text: stampLine(stamp) }] } } as JSONRPCMessage;
}

/**
 * JSON that is not a JSON-RPC message (or an empty batch) is an Invalid Request (-32600) in
 * JSON-RPC 2.0; the SDK would call it a parse error (-32700), which is for unparsable text.
 */
export function isJsonRpcPayload(body: unknown): boolean {
  const ok = (m: unknown) => JSONRPCMessageSchema.safeParse(m).success;
  return Array.isArray(body) ? body.length > 0 && body.every(ok) : ok(body);
}

/** Answers one POST /mcp: `parsedBody` is the JSON body fastify already parsed. */
export async function answerMcp(env: Env, request: Request, parsedBody: unknown): Promise<Response> {
  const server = createMcpServer(env);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const send = transport.send.bind(transport);
  const stamp = stampOf(env);
  transport.send = (message, options) => send(stampSdkToolErrors(message, stamp), options);
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}
