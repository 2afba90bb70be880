// The connector as an independent client sees it, through the SDK's own Client: strict tool
// inputs, truthful capabilities, -32002 for an unknown resource, future dates refused, output
// schemas that are valid JSON Schema and match what tools return, CORS for listed origins,
// and a sliding-window rate limit kept in the database.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testDatabases } from '../helpers/databases.ts';
import { signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { connect, eventCount, mcpUrl, newToken, rawPost, textOf, type Connected } from './harness.ts';
import { connect as connectDb } from '../../src/db/connect.ts';
import { buildApp } from '../../src/http/app.ts';

type Result = CallToolResult & { structuredContent?: Record<string, any> };
const INSPECTOR = 'https://inspector.example';

for (const d of testDatabases()) {
  describe(`MCP hardening [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let c: Connected;
    const call = async (name: string, args: Record<string, unknown>) => (await c.client.callTool({ name, arguments: args })) as Result;

    before(async () => {
      t = await startApp(d.name, { MCP_ALLOWED_ORIGINS: INSPECTOR });
      f = await signUp(t.app);
      c = await connect(t, await newToken(t, f.cookie));
    });
    after(async () => {
      await c?.close();
      await t?.close();
    });

    test('every tool input schema refuses unknown keys, and a call with one changes nothing', async () => {
      const { tools } = await c.client.listTools();
      assert.equal(tools.length, 32);
      for (const tool of tools) assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
      const before = await eventCount(t);
      for (const [name, args] of [
        ['get_day', { date: '2026-11-22', dat: '2026-11-21' }],
        ['suggest_foods', { limit: 5, limt: 50 }],
        ['log_feed', { ml: 120, mll: 100 }],
      ] as const) {
        const r = await call(name, args);
        assert.equal(r.isError, true, name);
        assert.match(textOf(r), /unrecognized key/i, name);
      }
      assert.equal(await eventCount(t), before);
      assert.equal((await call('get_day', { date: '2026-11-22' })).isError, undefined);
    });

    test('capabilities do not promise list_changed notifications the stateless server never sends', () => {
      const caps = c.client.getServerCapabilities()!;
      assert.ok(caps.tools && caps.resources && caps.prompts);
      assert.equal(caps.tools.listChanged, false);
      assert.equal(caps.resources.listChanged, false);
      assert.equal(caps.prompts.listChanged, false);
    });

    test('an unknown resource is -32002 with the uri; a known one still reads', async () => {
      await assert.rejects(c.client.readResource({ uri: 'tracker://no-such-thing' }), (e: unknown) => {
        assert.ok(e instanceof McpError);
        assert.equal(e.code, -32002);
        assert.match(e.message, /Resource not found: tracker:\/\/no-such-thing/);
        assert.deepEqual(e.data, { uri: 'tracker://no-such-thing' });
        return true;
      });
      const { resources } = await c.client.listResources();
      const read = await c.client.readResource({ uri: resources[0].uri });
      assert.equal(read.contents[0].uri, resources[0].uri);
    });

    test('a future date is refused clearly by get_day and daily_summary; today is fine', async () => {
      const r = await call('get_day', { date: '2026-11-23' });
      assert.equal(r.isError, true);
      assert.match(textOf(r), /2026-11-23 is in the future: today is 2026-11-22/);
      await assert.rejects(c.client.getPrompt({ name: 'daily_summary', arguments: { date: '2026-11-23' } }), (e: unknown) => {
        assert.ok(e instanceof McpError);
        assert.equal(e.code, -32602);
        assert.match(e.message, /in the future/);
        return true;
      });
      assert.ok((await c.client.getPrompt({ name: 'daily_summary', arguments: { date: '2026-11-22' } })).messages.length);
      assert.equal((await call('get_day', { date: '2026-11-22' })).isError, undefined);
    });

    test('output schemas are valid, non-empty JSON Schemas that the structured results match', async () => {
      const ajv = new Ajv({ strict: false }); // the SDK writes draft-07 schemas
      const { tools } = await c.client.listTools();
      const validators = new Map<string, ReturnType<typeof ajv.compile>>();
      for (const tool of tools) {
        assert.ok(tool.outputSchema, `${tool.name} has an output schema`);
        assert.equal(tool.outputSchema.type, 'object');
        assert.ok(Object.keys(tool.outputSchema.properties ?? {}).length >= 3, tool.name);
        validators.set(tool.name, ajv.compile(tool.outputSchema));
      }
      await call('log_feed', { ml: 90 });
      for (const [name, args] of [
        ['get_live_status', {}],
        ['get_day', {}],
        ['get_patterns', {}],
        ['get_nutrients_allergens', {}],
        ['get_measurements', {}],
        ['get_profile', {}],
        ['list_family', {}],
        ['suggest_foods', {}],
        ['list_notes', {}],
        ['log_nappy', { kind: 'wet' }],
        ['log_temperature', { fahrenheit: 99.1, method: 'ear' }],
        ['log_medicine', { medicine: 'Calpol', amount: 2.5, unit: 'ml' }],
        ['log_milestone', { title: 'first smile' }],
        ['get_events', { type: 'temperature' }],
        ['get_milestones', {}],
        ['get_medicines', {}],
        ['get_reminders', {}],
      ] as const) {
        const r = await call(name, args);
        assert.equal(r.isError, undefined, `${name}: ${textOf(r)}`);
        const v = validators.get(name)!;
        assert.ok(v(r.structuredContent), `${name}: ${ajv.errorsText(v.errors)}`);
      }
    });

    test('CORS: a listed origin gets a preflight and readable answers; others are refused', async () => {
      const url = await mcpUrl(t);
      const pre = await fetch(url, {
        method: 'OPTIONS',
        headers: { Origin: INSPECTOR, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      assert.equal(pre.status, 204);
      assert.equal(pre.headers.get('access-control-allow-origin'), INSPECTOR);
      assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/);
      assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);

      const evil = await fetch(url, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
      assert.equal(evil.status, 403);
      assert.equal(evil.headers.get('access-control-allow-origin'), null);
      assert.equal((await evil.json()).error, 'cross_origin_refused');

      const token = await newToken(t, f.cookie);
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const ok = await rawPost(t, list, { Authorization: `Bearer ${token}`, Origin: INSPECTOR });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('access-control-allow-origin'), INSPECTOR);
      assert.match(ok.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/);
      assert.equal(ok.json.result.tools.length, 32);
      const noToken = await rawPost(t, list, { Origin: INSPECTOR });
      assert.equal(noToken.status, 401);
      assert.equal(noToken.headers.get('access-control-allow-origin'), INSPECTOR, 'a browser client can read the 401');
      const refused = await rawPost(t, list, { Authorization: `Bearer ${token}`, Origin: 'https://evil.example' });
      assert.equal(refused.status, 403);
      assert.equal(refused.json.error, 'cross_origin_refused');
    });

    test('by default no other origin is allowed', async () => {
      const plain = await startApp(d.name);
      try {
        const pre = await fetch(await mcpUrl(plain), { method: 'OPTIONS', headers: { Origin: INSPECTOR, 'Access-Control-Request-Method': 'POST' } });
        assert.equal(pre.status, 403);
        const own = await fetch(await mcpUrl(plain), { method: 'OPTIONS', headers: { Origin: 'http://tracker.test', 'Access-Control-Request-Method': 'POST' } });
        assert.equal(own.status, 204);
      } finally {
        await plain.close();
      }
    });

    test('the limit slides: 120 calls just before a minute boundary still count just after it, across app instances', async () => {
      const token = await newToken(t, f.cookie);
      const auth = { Authorization: `Bearer ${token}` };
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      // A second app instance (on its own connection pool where the database allows one: an
      // in-memory SQLite store exists in one connection only). Nothing is kept in the process.
      const db2 = t.config.databaseUrl.startsWith('postgres') ? connectDb(t.config.databaseUrl) : null;
      const other = await buildApp({ db: db2 ?? t.ctx.db, config: t.config, clock: t.ctx.clock });
      try {
        t.clock.set('2026-11-22T12:10:59Z');
        for (let i = 1; i <= 120; i++) {
          const app = i % 2 ? t.app : other;
          const r = await app.inject({ method: 'POST', url: '/mcp', headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' }, payload: list });
          assert.equal(r.statusCode, 200, `call ${i}`);
        }
        t.clock.set('2026-11-22T12:11:01Z'); // a new calendar minute: a fixed window would reset here
        const refused = await rawPost(t, list, auth);
        assert.equal(refused.status, 429);
        assert.equal(refused.json.error, 'rate_limited');
        assert.equal(refused.headers.get('retry-after'), '58', 'the calls of 12:10:59 leave the window at 12:11:59');
        t.clock.set('2026-11-22T12:11:58Z');
        assert.equal((await rawPost(t, list, auth)).status, 429);
        t.clock.set('2026-11-22T12:11:59Z');
        assert.equal((await rawPost(t, list, auth)).status, 200);
      } finally {
        await other.close();
        await db2?.close();
        t.clock.set('2026-11-22T12:00:00Z');
      }
    });
  });
}
