// The discovery documents for people and agents: content types, no credentials needed, links
// that resolve, and no external scripts or styles (the CSP allows only 'self').
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/databases.ts';
import { call, startApp, type TestApp } from '../helpers/app.ts';

const DOCS: [string, RegExp][] = [
  ['/developers', /^text\/html/],
  ['/privacy', /^text\/html/],
  ['/terms', /^text\/html/],
  ['/llms.txt', /^text\/plain/],
  ['/.well-known/agent-instructions.md', /^text\/markdown/],
  ['/.well-known/tracker-connector.json', /^application\/json/],
  ['/.well-known/oauth-protected-resource', /^application\/json/],
  ['/.well-known/oauth-protected-resource/mcp', /^application\/json/],
];

for (const d of testDatabases()) {
  describe(`agent and developer documents [${d.name}]`, { skip: d.skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await startApp(d.name);
    });
    after(async () => {
      await t?.close();
    });

    test('each document is served without credentials with its content type', async () => {
      for (const [path, type] of DOCS) {
        const r = await call(t.app, 'GET', path);
        assert.equal(r.status, 200, path);
        assert.match(String(r.headers['content-type']), type, path);
        assert.ok(r.text.length > 200, `${path} has content`);
      }
    });

    test('the HTML pages load nothing from elsewhere and run no inline script', async () => {
      for (const path of ['/developers', '/privacy', '/terms']) {
        const r = await call(t.app, 'GET', path);
        assert.doesNotMatch(r.text, /<script/i, `${path} has no script`);
        assert.doesNotMatch(r.text, /<link[^>]+stylesheet/i, `${path} has no external stylesheet`);
        assert.doesNotMatch(r.text, /(src|href)="(https?:)?\/\//i, `${path} links nothing off-site`);
        assert.match(String(r.headers['content-security-policy']), /script-src 'self'/);
      }
    });

    test('the developer portal explains tokens, curl, MCP and links every reference document', async () => {
      const r = await call(t.app, 'GET', '/developers');
      for (const must of ['/api/vega/token', 'curl', 'Authorization: Bearer', 'http://tracker.test/mcp', 'log_feed', 'tracker://today', 'handover_note']) {
        assert.ok(r.text.includes(must), `mentions ${must}`);
      }
      for (const link of ['/docs', '/redoc', '/openapi.json', '/.well-known/tracker-connector.json', '/llms.txt', '/api']) {
        assert.ok(r.text.includes(`href="${link}"`), `links ${link}`);
        if (link !== '/docs' && link !== '/redoc') assert.equal((await call(t.app, 'GET', link)).status, 200, link);
      }
    });

    test('the privacy page says plainly what is stored', async () => {
      const r = await call(t.app, 'GET', '/privacy');
      for (const must of [/email/, /hash/, /date of birth/, /family log/, /24 hours/, /delete/i]) assert.match(r.text, must);
    });

    test('the API index points at the same documents', async () => {
      const r = await call(t.app, 'GET', '/api');
      for (const url of Object.values(r.body.documents) as string[]) {
        const path = new URL(url).pathname;
        if (path === '/mcp') continue;
        assert.equal((await call(t.app, 'GET', path)).status, 200, path);
      }
    });
  });
}
