// A client generated from /openapi.json (openapi-typescript types + openapi-fetch) compiles
// against the committed types and works against the real app; the committed types must be
// what the served document generates today (npm run gen:client refreshes them).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from '../../web/src/generated/openapi.d.ts';
import { testDatabases } from '../helpers/databases.ts';
import { call, startApp, type TestApp } from '../helpers/app.ts';
import { clientTypes, CLIENT_TYPES_FILE } from '../../scripts/gen-client-types.ts';

for (const d of testDatabases()) {
  describe(`typed client from /openapi.json [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => t?.close());

    /** openapi-fetch speaks fetch; this hands each Request to the app over fastify.inject. */
    const injectFetch = async (input: Request): Promise<Response> => {
      const url = new URL(input.url);
      const body = await input.text();
      const res = await t.app.inject({
        method: input.method as any,
        url: url.pathname + url.search,
        headers: Object.fromEntries(input.headers),
        ...(body ? { payload: body } : {}),
      });
      return new Response(res.statusCode === 204 || res.body === '' ? null : res.body, {
        status: res.statusCode,
        headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
      });
    };

    test('the committed types are what the served document generates', async () => {
      const doc = (await call(t.app, 'GET', '/openapi.json')).text;
      assert.equal(readFileSync(CLIENT_TYPES_FILE, 'utf8'), await clientTypes(doc), 'run npm run gen:client');
    });

    test('sign up, make a token, log and read back through the typed client', async () => {
      const client = createClient<paths>({ baseUrl: 'http://tracker.test', fetch: injectFetch });
      const signup = await client.POST('/api/vega/onboard', {
        body: { email: 'typed@example.com', password: 'correct horse', baby_name: 'Ada', dob: '2026-05-01', family_name: 'Typed' },
      });
      assert.equal(signup.response.status, 200);
      const cookie = String(signup.response.headers.get('set-cookie')).split(';')[0];
      const token = await client.POST('/api/vega/token', { body: { label: 'typed' }, headers: { cookie } });
      assert.ok(token.data, JSON.stringify(token.error));
      const auth = { authorization: `Bearer ${token.data.token}` };

      const logged = await client.POST('/api/vega/log', { body: { type: 'milk', ml: 120, ts: '2026-11-22T09:00:00' }, headers: auth });
      assert.ok(logged.data, JSON.stringify(logged.error));
      assert.equal(logged.data.event.ml, 120);
      assert.equal(typeof logged.data.live.asleep, 'boolean');

      const day = await client.GET('/api/vega/events', { params: { query: { date: '2026-11-22' } }, headers: auth });
      assert.deepEqual(day.data?.events.map((e) => [e.type, e.ml, e.ts]), [['milk', 120, '2026-11-22T09:00:00']]);

      const bad = await client.GET('/api/vega/food/suggestions', { params: { query: { limit: 0 } }, headers: auth });
      assert.equal(bad.response.status, 422);
      assert.ok(bad.error && 'detail' in bad.error, 'a 422 is a ValidationError');
      assert.equal(bad.error.detail?.[0]?.loc.join('.'), 'query.limit');
    });
  });
}
