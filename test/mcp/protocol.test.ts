// The wire: every protocol revision the SDK speaks gets application/json (with and without
// initialize), what the SDK does for Accept headers and for a 2026-07-28 client, malformed
// JSON-RPC, 405 for GET and DELETE, Host and Origin checks, and 401 with WWW-Authenticate.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { testDatabases } from '../helpers/databases.ts';
import { signUp, startApp, type Family, type TestApp } from '../helpers/app.ts';
import { mcpUrl, newToken, NOW, rawPost, STAMP, type RawReply } from './harness.ts';

const LEGACY = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

function initialize(version: string, id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  };
}
const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

function assertJson(r: RawReply, status = 200) {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
  assert.ok(r.json !== undefined, `JSON body: ${r.text}`);
}

/** A POST with headers fetch() will not let us set (Host). */
function nodePost(url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

for (const d of testDatabases()) {
  describe(`MCP wire protocol [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    let f: Family;
    let auth: Record<string, string>;
    before(async () => {
      t = await startApp(d.name);
      t.clock.set(NOW);
      f = await signUp(t.app, { dob: '2026-05-10' });
      auth = { Authorization: `Bearer ${await newToken(t, f.cookie)}` };
    });
    after(async () => {
      await t?.close();
    });

    for (const v of LEGACY) {
      test(`revision ${v}: initialize, initialized, then calls: all JSON`, async () => {
        const init = await rawPost(t, initialize(v), auth);
        assertJson(init);
        assert.equal(init.json.result.protocolVersion, v);
        assert.equal(init.headers.get('mcp-session-id'), null, 'stateless: no session id');
        const note = await rawPost(t, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...auth, 'MCP-Protocol-Version': v });
        assert.equal(note.status, 202);
        assert.equal(note.text, '');
        const list = await rawPost(t, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...auth, 'MCP-Protocol-Version': v });
        assertJson(list);
        assert.equal(list.json.result.tools.length, 32);
        const live = await rawPost(t, call(3, 'get_live_status'), { ...auth, 'MCP-Protocol-Version': v });
        assertJson(live);
        assert.ok(live.json.result.content[0].text.includes(STAMP));
      });

      test(`revision ${v}: a call without initialize is answered in JSON`, async () => {
        const r = await rawPost(t, call(7, 'get_profile'), { ...auth, 'MCP-Protocol-Version': v });
        assertJson(r);
        assert.equal(r.json.id, 7);
        assert.equal(r.json.result.structuredContent.baby_name, 'Ada');
      });
    }

    test('a call without initialize and without a protocol-version header is answered in JSON', async () => {
      const r = await rawPost(t, { jsonrpc: '2.0', id: 1, method: 'resources/list' }, auth);
      assertJson(r);
      assert.equal(r.json.result.resources.length, 3);
    });

    test('a batch (2025-03-26) is answered with a JSON array', async () => {
      const r = await rawPost(t, [call(1, 'get_profile'), { jsonrpc: '2.0', id: 2, method: 'prompts/list' }], {
        ...auth,
        'MCP-Protocol-Version': '2025-03-26',
      });
      assertJson(r);
      assert.deepEqual(r.json.map((m: any) => m.id).sort(), [1, 2]);
    });

    test('Accept: JSON only, */* or absent is served JSON; text/event-stream only gets 406 (JSON)', async () => {
      for (const accept of ['application/json', '*/*', 'application/json, text/event-stream']) {
        assertJson(await rawPost(t, call(1, 'get_profile'), { ...auth, Accept: accept }));
      }
      const res = await fetch(await mcpUrl(t), { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(call(1, 'get_profile')) });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const sse = await rawPost(t, call(1, 'get_profile'), { ...auth, Accept: 'text/event-stream' });
      assertJson(sse, 406);
      assert.equal(sse.json.error.code, -32000);
    });

    test('2026-07-28: initialize offering it negotiates 2025-11-25; server/discover is not in SDK 1.x and gets a JSON error', async () => {
      const init = await rawPost(t, initialize('2026-07-28'), auth);
      assertJson(init);
      assert.equal(init.json.result.protocolVersion, '2025-11-25');
      const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
      const discover = await rawPost(t, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }, {
        ...auth,
        'MCP-Protocol-Version': '2026-07-28',
      });
      assertJson(discover, 400);
      assert.match(discover.json.error.message, /Unsupported protocol version/);
      const noHeader = await rawPost(t, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }, auth);
      assertJson(noHeader);
      assert.equal(noHeader.json.error.code, -32601);
    });

    test('malformed JSON-RPC gets the standard JSON-RPC errors', async () => {
      const parse = await rawPost(t, '{"jsonrpc": "2.0", "id": 1, "method": ', auth);
      assertJson(parse, 400);
      assert.equal(parse.json.error.code, -32700);
      assert.equal(parse.json.id, null);
      for (const body of [{ hello: 'world' }, [], { jsonrpc: '1.0', id: 1, method: 'tools/list' }, 42]) {
        const r = await rawPost(t, body, auth);
        assertJson(r, 400);
        assert.equal(r.json.error.code, -32600, JSON.stringify(body));
      }
      const unknown = await rawPost(t, { jsonrpc: '2.0', id: 5, method: 'tools/explode' }, auth);
      assertJson(unknown);
      assert.equal(unknown.json.error.code, -32601);
      assert.equal(unknown.json.id, 5);
      // SDK 1.x reports request params failing its schema as -32603 rather than -32602; either
      // way it is a JSON-RPC error for that id, not a crash.
      const badParams = await rawPost(t, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { arguments: {} } }, auth);
      assertJson(badParams);
      assert.equal(badParams.json.id, 6);
      assert.ok([-32602, -32603].includes(badParams.json.error.code));
      const wrongType = await fetch(await mcpUrl(t), { method: 'POST', headers: { ...auth, 'Content-Type': 'text/plain' }, body: 'hi' });
      assert.equal(wrongType.status, 415);
      assert.match(wrongType.headers.get('content-type') ?? '', /^application\/json/);
    });

    test('GET and DELETE /mcp are 405 with Allow: POST', async () => {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(await mcpUrl(t), { method, headers: { ...auth, Accept: 'text/event-stream' } });
        assert.equal(res.status, 405);
        assert.equal(res.headers.get('allow'), 'POST');
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        const anonymous = await fetch(await mcpUrl(t), { method, headers: { Accept: 'text/event-stream' } });
        assert.equal(anonymous.status, 401, 'credentials are checked first, as on every endpoint');
        assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Bearer /);
        assert.equal(((await anonymous.json()) as { error: string }).error, 'unauthorized');
      }
    });

    test('a foreign Origin is refused with 403; the service\'s own origin is served', async () => {
      const foreign = await rawPost(t, call(1, 'get_profile'), { ...auth, Origin: 'https://evil.example' });
      assertJson(foreign, 403);
      assert.equal(foreign.json.error, 'cross_origin_refused');
      assertJson(await rawPost(t, call(1, 'get_profile'), { ...auth, Origin: 'http://tracker.test' }));
      const url = await mcpUrl(t);
      assertJson(await rawPost(t, call(1, 'get_profile'), { ...auth, Origin: url.origin }));
    });

    test('a Host naming another site (DNS rebinding) is refused with 403', async () => {
      const url = await mcpUrl(t);
      const body = JSON.stringify(call(1, 'get_profile'));
      const evil = await nodePost(url, { ...auth, host: `rebind.evil.example:${url.port}` }, body);
      assert.equal(evil.status, 403);
      assert.equal(JSON.parse(evil.body).error, 'invalid_host');
      assert.equal((await nodePost(url, { ...auth, host: `tracker.test` }, body)).status, 200);
      assert.equal((await nodePost(url, { ...auth, host: `localhost:${url.port}` }, body)).status, 200);
    });

    test('no token, a bad token or only a session cookie: 401 with WWW-Authenticate', async () => {
      const cases: Record<string, string>[] = [
        {},
        { Authorization: 'Bearer not-a-real-token-0123456789' },
        { Authorization: 'Basic dXNlcjpwYXNz' },
        { Cookie: `tracker_session=${f.cookie}` },
      ];
      for (const headers of cases) {
        const r = await rawPost(t, call(1, 'get_profile'), headers);
        assertJson(r, 401);
        assert.equal(r.json.error, 'unauthorized');
        const www = r.headers.get('www-authenticate') ?? '';
        assert.match(www, /^Bearer /);
        assert.match(www, /resource_metadata="http:\/\/tracker\.test\/\.well-known\/oauth-protected-resource\/mcp"/);
      }
      const bad = await rawPost(t, call(1, 'get_profile'), { Authorization: 'Bearer not-a-real-token-0123456789' });
      assert.match(bad.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
      const meta = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', await mcpUrl(t)));
      assert.equal((await meta.json()).resource, 'http://tracker.test/mcp');
    });

    test('a revoked token stops working at once', async () => {
      const cookie = { cookie: `tracker_session=${f.cookie}` };
      const made = await t.app.inject({ method: 'POST', url: '/api/vega/token', headers: cookie, payload: { label: 'to-revoke' } });
      const token = JSON.parse(made.body).token;
      assertJson(await rawPost(t, call(1, 'get_profile'), { Authorization: `Bearer ${token}` }));
      const list = await t.app.inject({ method: 'GET', url: '/api/vega/tokens', headers: cookie });
      const id = JSON.parse(list.body).tokens.find((x: { label: string }) => x.label === 'to-revoke').id;
      const revoked = await t.app.inject({ method: 'POST', url: '/api/vega/token/revoke', headers: cookie, payload: { id } });
      assert.equal(revoked.statusCode, 200);
      assertJson(await rawPost(t, call(1, 'get_profile'), { Authorization: `Bearer ${token}` }), 401);
    });
  });
}
