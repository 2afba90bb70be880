// Settings › Home Assistant in a 360×780 phone, on SQLite (issue 29, the web
// app): an admin of a two-child family turns the bridge on with the tick box, sees the bridge
// connected to the machine's broker and each child's state and button topics (as the API lists
// them), turns it off again; a server without MQTT_URL says so. The server gets a base topic and
// discovery prefix of its own, so nothing it publishes reaches another test or a real Home
// Assistant on the broker, and turning it off clears its retained configs again. Screenshots,
// day and night, go to test-artifacts/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, PHONE, apiIn, axeSerious, chromiumMissing, coldColours, ensureWebBuild, launch, overflow, smallControls, signUpInBrowser, startServer, type Server, browserDatabases } from './harness.ts';
import { provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

for (const d of browserDatabases()) {
  describe(`Home Assistant settings in the browser [${d.name}]`, { skip: chromiumMissing || d.skip, concurrency: false }, () => {
    let db: ProvisionedDb;
    let server: Server;
    let browser: Browser;
    let ctx: BrowserContext;
    let page: Page;
    let base: string;
    const stamp = `${Date.now()}.${d.name}`;
    const topicBase = `bt-e2e-${randomBytes(4).toString('hex')}`;
    const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });
    const sectionShot = async (name: string) => {
      await page.getByTestId('home-assistant-section').evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      await page.waitForTimeout(200);
      await shot(name);
    };

    before(async () => {
      ensureWebBuild();
      mkdirSync(ARTIFACTS, { recursive: true });
      db = await provisionDatabase(d.name, 'current');
      server = await startServer({ DATABASE_URL: db.url, MQTT_URL: BROKER, MQTT_BASE_TOPIC: topicBase, MQTT_DISCOVERY_PREFIX: `${topicBase}-ha` });
      base = server.url;
      browser = await launch();
      ctx = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB', colorScheme: 'light' });
      page = await ctx.newPage();
      await signUpInBrowser(page, base, { email: `ha.${stamp}@example.com` });
      const twin = await apiIn(page, 'POST', '/api/vega/children', { baby_name: 'Bea', dob: new Date(Date.now() - 60 * 86400000).toISOString().slice(0, 10) });
      assert.equal(twin.status, 200);
    });

    after(async () => {
      // Off again: the retained discovery configs on the shared broker are cleared.
      if (page) await apiIn(page, 'POST', '/api/vega/home-assistant', { enabled: false }).catch(() => undefined);
      await browser?.close();
      await server?.stop();
      if (server) writeFileSync(join(ARTIFACTS, `server-home-assistant-${d.name}.log`), server.output());
      await db?.drop();
    });

    test('an admin turns it on and sees the bridge connected and each child’s topics to copy', async () => {
      await page.goto(base + '/settings');
      const section = page.getByTestId('home-assistant-section');
      await section.waitFor();
      const tick = page.locator('#ha-enabled');
      await tick.waitFor();
      assert.equal(await tick.isChecked(), false, 'off by default');
      assert.equal(await section.getByTestId('ha-device').count(), 0);
      await section.scrollIntoViewIfNeeded();
      await tick.check();
      await section.getByText('Turned on').waitFor();
      const api = (await apiIn(page, 'GET', '/api/vega/home-assistant')).body;
      assert.equal(api.enabled, true);
      assert.equal(await section.getByTestId('ha-device').count(), 2);
      // What the page shows is what the API lists, child by child.
      for (const dev of api.devices) {
        // By the name alone: hasText matches any part of the row, and a random topic may hold
        // the other child's name ("bt-…ada…").
        const row = section.getByTestId('ha-device').filter({ has: page.getByText(dev.name, { exact: true }) });
        assert.match((await row.textContent()) ?? '', new RegExp(dev.state_topic.replaceAll('/', '\\/')));
        assert.ok(dev.state_topic.startsWith(`${topicBase}/`));
      }
      // The bridge connects to the machine's broker (generous wait: the page reads it afresh).
      const t0 = Date.now();
      for (;;) {
        const text = (await section.getByTestId('ha-bridge').textContent()) ?? '';
        if (/^Connected/.test(text)) break;
        if (Date.now() - t0 > 20_000) assert.fail(`the bridge did not connect: ${text}`);
        await page.waitForTimeout(500);
        await page.reload();
        await section.waitFor();
        await section.getByTestId('ha-bridge').waitFor();
      }
      // The button topics open beneath each child.
      const ada = section.getByTestId('ha-device').filter({ hasText: 'Ada' });
      await ada.locator('summary').click();
      const adaTopics = api.devices.find((x: any) => x.name === 'Ada').command_topics;
      await ada.getByText(adaTopics.wet_nappy).waitFor();
      assert.equal(await ada.getByRole('button', { name: /^Copy Ada's / }).count(), 8, 'the state topic and seven buttons, each copyable');
      assert.deepEqual(await smallControls(page, '[data-testid=home-assistant-section]'), []);
      assert.equal(await overflow(page), 0);
      await sectionShot('home-assistant-day');
      await ada.getByText(adaTopics.stop_feed).scrollIntoViewIfNeeded();
      await shot('home-assistant-topics-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test('night: the section stays red and amber', async () => {
      await page.locator('#night-toggle').click();
      await page.waitForTimeout(200);
      assert.deepEqual(await coldColours(page, '[data-testid=home-assistant-section]'), []);
      await sectionShot('home-assistant-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.locator('#night-toggle').click();
    });

    test('turning it off hides the topics; the API says off', async () => {
      const section = page.getByTestId('home-assistant-section');
      await page.locator('#ha-enabled').uncheck();
      await section.getByText('Turned off').waitFor();
      assert.equal(await section.getByTestId('ha-device').count(), 0);
      assert.equal((await apiIn(page, 'GET', '/api/vega/home-assistant')).body.enabled, false);
    });

    test('a server without MQTT_URL says so beside the switch', { skip: d.name !== 'sqlite' && 'one database is enough for a line of text' }, async () => {
      const bare = await startServer({ DATABASE_URL: 'sqlite::memory:' });
      const p = await ctx.newPage();
      try {
        await p.goto(bare.url + '/signup');
        await p.fill('#f-email', `ha-bare.${stamp}@example.com`);
        await p.fill('#f-password', 'a-hard-week');
        await p.fill('#f-username', 'dad');
        await p.fill('#f-baby_name', 'Cal');
        await p.fill('#f-dob', new Date(Date.now() - 60 * 86400000).toISOString().slice(0, 10));
        await p.selectOption('#f-gender', 'boy');
        await p.getByRole('button', { name: 'Create family' }).click();
        await p.waitForURL(bare.url + '/');
        await p.goto(bare.url + '/settings');
        const line = p.getByTestId('ha-not-configured');
        await line.waitFor();
        assert.match((await line.textContent()) ?? '', /MQTT_URL/);
        await p.getByTestId('home-assistant-section').evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
        await p.waitForTimeout(200);
        await p.screenshot({ path: join(ARTIFACTS, `home-assistant-not-configured-${d.name}.png`) });
        assert.equal(await overflow(p), 0);
      } finally {
        await p.close();
        await bare.stop();
      }
    });
  });
}
