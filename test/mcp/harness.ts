// Talks to the MCP connector the way an assistant does: the SDK's own Client over real HTTP
// against the app listening on a free port, recording every HTTP reply it gets.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from '../helpers/app.ts';

export interface Seen {
  method: string;
  status: number;
  contentType: string | null;
  body: string;
}

/** Starts listening once per app and answers the /mcp address. */
export async function mcpUrl(t: TestApp): Promise<URL> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (addr === null || typeof addr === 'string') throw new Error('no port');
  return new URL(`http://127.0.0.1:${addr.port}/mcp`);
}

export interface Connected {
  client: Client;
  seen: Seen[];
  close(): Promise<void>;
}

/** An initialized SDK client with the token in its request headers. */
export async function connect(t: TestApp, token: string, opts: { init?: boolean } = {}): Promise<Connected> {
  const seen: Seen[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const copy = res.clone();
    seen.push({ method: init?.method ?? 'GET', status: res.status, contentType: res.headers.get('content-type'), body: await copy.text() });
    return res;
  };
  const transport = new StreamableHTTPClientTransport(await mcpUrl(t), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: recordingFetch,
  });
  const client = new Client({ name: 'tracker-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, seen, close: () => client.close() };
}

export function textOf(r: CallToolResult | { content?: unknown }): string {
  const content = (r as CallToolResult).content ?? [];
  return content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** One POST of a raw JSON-RPC body (string or value), as a client not using the SDK would. */
export async function rawPost(t: TestApp, body: unknown, headers: Record<string, string> = {}): Promise<RawReply> {
  const res = await fetch(await mcpUrl(t), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

let labels = 0;
/** A fresh token of the family (a new label each time, so earlier ones stay valid). */
export async function newToken(t: TestApp, cookie: string, scopes: ('read' | 'write')[] = ['read', 'write']): Promise<string> {
  labels += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/vega/token',
    headers: { cookie: `tracker_session=${cookie}` },
    payload: { label: `mcp-test-${labels}`, scopes },
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).token;
}

/** How many events the whole database holds (every family), to prove nothing was written. */
export async function eventCount(t: TestApp): Promise<number> {
  const r = await t.ctx.db.kysely.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export const NOW = '2026-11-22T12:00:00Z'; // 12:00 in London (GMT), on a minute boundary
export const STAMP = 'Ada · read at 2026-11-22 12:00';
