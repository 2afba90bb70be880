// /redoc in Debian's chromium: the page renders the API description and makes no request
// outside the service (Redoc's footer logo used to come from Redocly's CDN), with no CSP error.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launch, startServer, type Server } from './harness.ts';

describe('/redoc (browser)', { skip: chromiumMissing }, () => {
  let server: Server;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('renders every operation with requests only to the service itself and no console error', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}/redoc`);
    await page.getByText('API docs by Redocly').waitFor({ timeout: 20000 });
    await page.locator('[data-section-id^="operation/"]').first().waitFor();
    assert.ok((await page.locator('[data-section-id^="operation/"]').count()) >= 39);
    const origin = new URL(server.url).origin;
    const foreign = requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
    assert.deepEqual(foreign, [], 'requests outside the service');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
