// The one {id} body (IdRequest), on both databases: revoking a token, signing out a session
// and the webhook actions take the same shape, documented once. An id with spaces around it
// names the same thing; a blank one is the validation error naming id (422 where the route
// answers the spec's typed-parameter style, 400 elsewhere) and changes nothing.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, signUp, startApp, type TestApp } from '../helpers/app.ts';

const ID_ROUTES = [
  '/api/vega/token/revoke',
  '/api/vega/sessions/revoke',
  '/api/vega/webhooks/test',
  '/api/vega/webhooks/rotate',
  '/api/vega/webhooks/enable',
  '/api/vega/webhooks/delete',
];

/** The one problem a blank id is: where, and which kind (its message and limits are the validator's). */
const blankId = (detail: { loc: unknown[]; type: string }[]) => detail.map((d) => ({ loc: d.loc, type: d.type }));
const BLANK_ID = [{ loc: ['body', 'id'], type: 'too_small' }];

for (const d of testDatabases()) {
  describe(`the one {id} body [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      // A webhook to a loopback address is accepted with this setting; nothing is delivered here.
      t = await startApp(d.name, { OUTBOUND_ALLOW_PRIVATE: '1' });
    });
    after(async () => t?.close());

    test('the document declares it once, and every route that names a thing by id uses it', async () => {
      const doc = (await call(t.app, 'GET', '/openapi.json')).body;
      for (const path of ID_ROUTES) {
        assert.equal(doc.paths[path].post.requestBody.content['application/json'].schema.$ref, '#/components/schemas/IdRequest', path);
      }
      assert.deepEqual(doc.components.schemas.IdRequest, {
        type: 'object',
        properties: {
          id: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            description: 'the id from its listing: GET /api/vega/tokens, /api/vega/sessions or /api/vega/webhooks',
          },
        },
        required: ['id'],
        additionalProperties: false,
      });
      for (const old of ['TokenRevokeRequest', 'SessionRevokeRequest', 'WebhookIdRequest']) assert.equal(doc.components.schemas[old], undefined, old);
    });

    test('a token: revoked by its id with spaces around it; a blank id is 422 naming id', async () => {
      const f = await signUp(t.app);
      const made = await call(t.app, 'POST', '/api/vega/token', { label: 'script' }, { cookie: f.cookie });
      const listed = await call(t.app, 'GET', '/api/vega/tokens', undefined, { cookie: f.cookie });
      const id = listed.body.tokens.find((x: { label: string }) => x.label === 'script').id as string;

      const blank = await call(t.app, 'POST', '/api/vega/token/revoke', { id: '   ' }, { cookie: f.cookie });
      assert.equal(blank.status, 422, blank.text);
      assert.deepEqual(Object.keys(blank.body), ['detail']);
      assert.deepEqual(blankId(blank.body.detail), BLANK_ID);
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: made.body.token })).status, 200, 'the token still works');

      const revoked = await call(t.app, 'POST', '/api/vega/token/revoke', { id: ` ${id}\n` }, { cookie: f.cookie });
      assert.equal(revoked.status, 200, revoked.text);
      assert.deepEqual(revoked.body, { ok: true });
      assert.equal((await call(t.app, 'GET', '/api/me', undefined, { token: made.body.token })).status, 401, 'the token stopped working');
    });

    test('a session: signed out by its id with spaces around it; a blank id is 400 naming id', async () => {
      const f = await signUp(t.app);
      const other = await call(t.app, 'POST', '/login', { email: f.email, password: f.password });
      assert.equal(other.status, 200, other.text);
      const sessions = (await call(t.app, 'GET', '/api/vega/sessions', undefined, { cookie: f.cookie })).body.sessions as { id: string; current: boolean }[];
      const id = sessions.find((s) => !s.current)!.id;

      const blank = await call(t.app, 'POST', '/api/vega/sessions/revoke', { id: '' }, { cookie: f.cookie });
      assert.equal(blank.status, 400, blank.text);
      assert.equal(blank.body.error, 'bad_request');
      assert.deepEqual(blankId(blank.body.detail), BLANK_ID);

      const revoked = await call(t.app, 'POST', '/api/vega/sessions/revoke', { id: `\t${id} ` }, { cookie: f.cookie });
      assert.equal(revoked.status, 200, revoked.text);
      assert.deepEqual(revoked.body, { ok: true });
      const left = (await call(t.app, 'GET', '/api/vega/sessions', undefined, { cookie: f.cookie })).body.sessions as { id: string }[];
      assert.deepEqual(left.map((s) => s.id).includes(id), false);
    });

    test('a webhook: deleted by its id with spaces around it; a blank id is 400 naming id', async () => {
      const f = await signUp(t.app);
      const created = await call(t.app, 'POST', '/api/vega/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['event.created'] }, { token: f.token });
      assert.equal(created.status, 200, created.text);
      const id = created.body.webhook.id as string;

      const blank = await call(t.app, 'POST', '/api/vega/webhooks/delete', { id: ' ' }, { token: f.token });
      assert.equal(blank.status, 400, blank.text);
      assert.deepEqual(blankId(blank.body.detail), BLANK_ID);

      const deleted = await call(t.app, 'POST', '/api/vega/webhooks/delete', { id: `  ${id}  ` }, { token: f.token });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual([deleted.body.status, deleted.body.removed.id], ['ok', id]);
      assert.deepEqual((await call(t.app, 'GET', '/api/vega/webhooks', undefined, { token: f.token })).body, { webhooks: [] });
    });
  });
}
