// Notifications and webhooks in a 360×780 phone, on SQLite (issue 28, the web
// app): a parent turns notifications on (permission granted), the browser's subscription is
// stored by the service, "Send a test" reaches a push receiver that decrypts it; reminders and
// quiet hours are saved and a bad value is refused beside its field; an admin adds a webhook,
// sees its secret once, sends a test that a receiver checks, and sees the delivery listed.
// Headless Chromium has no push service of its own, so the page's PushManager hands out a
// subscription whose endpoint is this test's receiver (with keys the test made, as a browser
// would): the app's own code asks for permission, reads the key and posts the subscription.
// Screenshots, day and night, go to test-artifacts/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { ARTIFACTS, PHONE, apiIn, axeSerious, chromiumMissing, coldColours, ensureWebBuild, launch, overflow, smallControls, signUpInBrowser, startServer, type Server, browserDatabases } from './harness.ts';
import { provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';
import { valueOf as until } from '../helpers/wait.ts';

const ece = createRequire(import.meta.url)('http_ece');

interface Received { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }

function receiver(): Promise<{ server: HttpServer; url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as any).port}`, got })));
}


for (const d of browserDatabases()) {
  describe(`notifications and webhooks in the browser [${d.name}]`, { skip: chromiumMissing || d.skip, concurrency: false }, () => {
    let db: ProvisionedDb;
    let server: Server;
    let browser: Browser;
    let ctx: BrowserContext;
    let page: Page;
    let base: string;
    let push: Awaited<ReturnType<typeof receiver>>;
    let hooks: Awaited<ReturnType<typeof receiver>>;
    const stamp = `${Date.now()}.${d.name}`;
    // The browser's side of a subscription: its key pair and auth secret.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });
    const sectionShot = async (testid: string, name: string) => {
      await page.getByTestId(testid).evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      await page.waitForTimeout(200);
      await shot(name);
    };

    before(async () => {
      ensureWebBuild();
      mkdirSync(ARTIFACTS, { recursive: true });
      push = await receiver();
      hooks = await receiver();
      db = await provisionDatabase(d.name, 'current');
      // The receivers are on this machine: a self-hoster's LAN setting.
      server = await startServer({ DATABASE_URL: db.url, OUTBOUND_ALLOW_PRIVATE: '1' });
      base = server.url;
      browser = await launch();
      ctx = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB', colorScheme: 'light', permissions: ['notifications'] });
      const subscription = {
        endpoint: `${push.url}/push/${stamp}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
      // As text, not a function: the test's TypeScript compiler would add helpers the page lacks.
      await ctx.addInitScript(`
        (() => {
          const sub = ${JSON.stringify(subscription)};
          // Kept across reloads, as a browser keeps its subscription.
          const make = () => ({ endpoint: sub.endpoint, expirationTime: null, toJSON: () => ({ ...sub, expirationTime: null }), unsubscribe: async () => { current = null; localStorage.removeItem('__push'); return true; } });
          let current = localStorage.getItem('__push') ? make() : null;
          window.__subscribedWith = null;
          PushManager.prototype.subscribe = async function (opts) {
            window.__subscribedWith = opts && opts.applicationServerKey ? new Uint8Array(opts.applicationServerKey).length : 0;
            current = make();
            localStorage.setItem('__push', '1');
            return current;
          };
          PushManager.prototype.getSubscription = async function () { return current; };
        })();
      `);
      page = await ctx.newPage();
      await signUpInBrowser(page, base, { email: `notify.${stamp}@example.com` });
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
      if (server) writeFileSync(join(ARTIFACTS, `server-notifications-${d.name}.log`), server.output());
      push?.server.close();
      hooks?.server.close();
      await db?.drop();
    });

    test('turning notifications on stores this phone; "Send a test" arrives, encrypted, and decrypts to the first name and one line', async () => {
      await page.goto(base + '/settings');
      const section = page.getByTestId('notifications-section');
      await section.waitFor();
      await page.getByTestId('push-state').filter({ hasText: 'notifications off' }).waitFor();
      await page.getByTestId('push-enable').click();
      await page.getByText('Notifications are on for this device.').waitFor();
      assert.equal(await page.getByTestId('push-state').textContent(), 'notifications on');
      assert.equal(await page.evaluate(() => (window as any).__subscribedWith), 65, 'subscribed with the service’s 65-byte VAPID public key');
      const stored = await apiIn(page, 'GET', '/api/vega/push/subscriptions');
      assert.equal(stored.status, 200);
      assert.deepEqual(stored.body.subscriptions.map((s: any) => s.endpoint_host), [new URL(push.url).host]);
      await page.getByTestId('push-test').click();
      await page.getByText(/Test sent to your device/).waitFor();
      const msg = await until('the test notification', () => push.got.find((g) => g.path === `/push/${stamp}`));
      assert.equal(msg.headers['content-encoding'], 'aes128gcm');
      assert.match(String(msg.headers.authorization), /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const plain = JSON.parse(ece.decrypt(msg.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString());
      assert.deepEqual(Object.keys(plain).sort(), ['body', 'tag', 'title']);
      assert.equal(plain.title, 'Ada');
      assert.deepEqual(await smallControls(page, '[data-testid=notifications-section]'), []);
      assert.equal(await overflow(page), 0);
      await sectionShot('notifications-section', 'notifications-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test('reminders and quiet hours are saved for this caregiver; a value out of range is refused beside its field', async () => {
      await page.getByTestId('rem-feed_due').locator('input[type=checkbox]').check();
      await page.fill('#rem-feed_due-value', '500');
      await page.getByTestId('reminders-save').click();
      await page.locator('[data-testid=notifications-section] [role=alert]').first().waitFor();
      assert.equal((await apiIn(page, 'GET', '/api/vega/reminders')).body.reminders.feed_due.enabled, false, 'nothing stored');
      await page.fill('#rem-feed_due-value', '20');
      await page.getByTestId('rem-vitamin_d').locator('input[type=checkbox]').check();
      await page.locator('#quiet-on').check();
      await page.getByTestId('reminders-save').click();
      await page.getByTestId('notifications-section').getByText('Saved.').waitFor();
      const r = (await apiIn(page, 'GET', '/api/vega/reminders')).body;
      assert.deepEqual(r.reminders.feed_due, { enabled: true, minutes_before: 20 });
      assert.equal(r.reminders.vitamin_d.enabled, true);
      assert.deepEqual(r.quiet_hours, { start: '22:00', end: '07:00' });
      assert.equal(r.push_devices, 1);
    });

    test('an admin adds a webhook, copies its secret once, sends a test a receiver verifies, and sees the delivery', async () => {
      const section = page.getByTestId('webhooks-section');
      await section.scrollIntoViewIfNeeded();
      await page.fill('#webhook-url', `${hooks.url}/hook`);
      await page.locator('#wh-feed_timer\\.started').check();
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const secretCard = page.getByTestId('webhook-secret');
      await secretCard.waitFor();
      const secret = ((await secretCard.locator('.secret').textContent()) ?? '').trim();
      assert.match(secret, /^whsec_/);
      await sectionShot('webhooks-section', 'webhooks-day');
      await secretCard.getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('webhook-row').getByRole('button', { name: 'Send a test' }).click();
      const got = await until('the test webhook', () => hooks.got.find((g) => g.path === '/hook'));
      const verified = new Webhook(secret).verify(got.body.toString(), got.headers as Record<string, string>) as any;
      assert.equal(verified.type, 'webhook.test');
      await until('the delivery listed', async () => {
        await page.reload();
        await page.getByTestId('webhook-row').waitFor();
        return (await page.getByTestId('webhook-deliveries').count()) > 0 ? true : undefined;
      });
      await page.getByTestId('webhook-row').locator('summary').click();
      assert.match((await page.getByTestId('webhook-deliveries').textContent()) ?? '', /✓ 201 · webhook\.test · \d+ \w+, \d\d:\d\d/);
      assert.deepEqual(await smallControls(page, '[data-testid=webhooks-section]'), []);
      assert.equal(await overflow(page), 0);
      await sectionShot('webhooks-section', 'webhooks-deliveries-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test('night: both sections stay red and amber', async () => {
      await page.locator('#night-toggle').click();
      await page.waitForTimeout(200);
      assert.deepEqual(await coldColours(page, '[data-testid=notifications-section]'), []);
      assert.deepEqual(await coldColours(page, '[data-testid=webhooks-section]'), []);
      await sectionShot('notifications-section', 'notifications-night');
      await sectionShot('webhooks-section', 'webhooks-night');
      assert.deepEqual(await axeSerious(page), []);
    });
  });
}
