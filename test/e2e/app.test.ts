// The web app end to end in a 360×780 phone viewport, against the real server and Debian's
// chromium: sign up, log a day, see it on home and the timeline, edit/delete/undo, invite a
// caregiver, tokens, night mode, offline logging without duplicates, accessibility, screenshots.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, PHONE, apiIn, axeSerious, chromiumMissing, ensureWebBuild, launch, startServer, type Server } from './harness.ts';

const PAGES = ['/', '/timeline', '/insights', '/growth', '/solids', '/ask', '/settings'];

describe('web app (browser)', { skip: chromiumMissing, concurrency: false }, () => {
  let server: Server;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let base: string;
  const email = `parent.${Date.now()}@example.com`;

  const go = async (path: string, p = page) => {
    await p.goto(base + path);
    await p.locator('main h1').first().waitFor();
  };
  const toastText = () => page.locator('.toast-text').textContent();
  const londonDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(ms));
  /** This suite's events, yesterday's and today's: "30 min ago" shortly after midnight is yesterday. */
  const recentEvents = async (): Promise<any[]> => {
    const days = [...new Set([londonDate(Date.now() - 3600_000), londonDate(Date.now())])];
    const lists = await Promise.all(days.map((d) => apiIn(page, 'GET', `/api/vega/events?date=${d}`)));
    return lists.flatMap((l) => l.body?.events ?? []);
  };
  /** A clock time still ahead today in the family's zone (null in the last minutes before midnight). */
  const laterToday = (): string | null => {
    const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
    if (hhmm < '06:00') return '12:00'; // at night a late evening time means last night; midday doesn't
    return hhmm < '23:58' ? '23:59' : null;
  };

  before(async () => {
    ensureWebBuild();
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer();
    base = server.url;
    browser = await launch();
    ctx = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB' });
    page = await ctx.newPage();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) writeFileSync(join(ARTIFACTS, 'server.log'), server.output());
  });

  test('sign up with the onboard fields lands on home', async () => {
    await page.goto(base + '/');
    await page.waitForURL(/\/login/);
    await page.getByRole('link', { name: 'Create a family' }).click();
    await page.waitForURL(/\/signup$/);
    // The timezone comes from the browser.
    assert.equal(await page.locator('#f-timezone').inputValue(), 'Europe/London');
    // Errors are shown next to what caused them, before any request.
    await page.getByRole('button', { name: 'Create family' }).click();
    await page.locator('#f-password-err').waitFor();
    await page.fill('#f-email', email);
    await page.fill('#f-password', 'night-feeds');
    await page.fill('#f-username', 'mum');
    await page.fill('#f-baby_name', 'Ada');
    await page.fill('#f-dob', new Date(Date.now() - 150 * 86400000).toISOString().slice(0, 10));
    await page.selectOption('#f-gender', 'girl');
    await page.fill('#f-family_name', 'Lovelace');
    await page.getByRole('button', { name: 'Create family' }).click();
    await page.waitForURL(base + '/');
    await page.getByRole('heading', { name: /Ada/ }).waitFor();
    const me = await apiIn(page, 'GET', '/api/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.role, 'admin');
  });

  test('signing up again with the same email shows the conflict in plain words', async () => {
    const other = await browser.newContext({ viewport: PHONE });
    const p = await other.newPage();
    await p.goto(base + '/signup');
    await p.fill('#f-email', email);
    await p.fill('#f-password', 'another-one');
    await p.fill('#f-baby_name', 'Bo');
    await p.fill('#f-dob', '2025-01-01');
    await p.getByRole('button', { name: 'Create family' }).click();
    const err = p.locator('.form-error, #f-email-err');
    await err.first().waitFor();
    assert.match((await err.first().textContent()) ?? '', /already|exists|registered/i);
    await other.close();
  });

  test('log a bottle, a sleep and a wake, a nappy and a solid; home shows them', async () => {
    await go('/');
    await page.getByTestId('live-status').waitFor();

    await page.getByTestId('btn-bottle').click();
    await page.fill('#f-ml', '120');
    await page.getByRole('button', { name: 'Log bottle 120 ml' }).click();
    await page.locator('.toast-text', { hasText: 'Bottle 120 ml' }).waitFor();
    await page.getByTestId('live-status').getByText(/120 ml/).first().waitFor();

    // Fell asleep half an hour ago (back-dated), woke now.
    await page.getByRole('button', { name: '30 min ago' }).click();
    await page.getByTestId('btn-sleep').click();
    await page.getByTestId('btn-sleep').getByText('Woke up').waitFor();
    await page.getByTestId('live-status').getByText(/Asleep/).waitFor();
    await page.getByTestId('btn-sleep').click();
    await page.getByTestId('btn-sleep').getByText('Fell asleep').waitFor();
    await page.getByTestId('live-status').getByText(/Awake/).waitFor();

    // Back-dated: a wet nappy 15 minutes ago.
    await page.getByRole('button', { name: '15 min ago' }).click();
    await page.getByTestId('btn-nappy-wet').click();
    await page.locator('.toast-text', { hasText: 'Nappy: wet' }).waitFor();

    await page.getByTestId('btn-solid').click();
    await page.fill('#solid-foods', 'banana, porridge');
    await page.getByRole('button', { name: 'Log solids' }).click();
    await page.locator('.toast-text', { hasText: 'banana' }).waitFor();

    const events = await recentEvents();
    const types = events.map((e: any) => e.type).sort();
    assert.deepEqual(types, ['milk', 'nappy', 'sleep', 'solid', 'wake']);
    const nappy = events.find((e: any) => e.type === 'nappy');
    const bottle = events.find((e: any) => e.type === 'milk');
    assert.equal(bottle.ml, 120);
    assert.equal(bottle.author, 'mum');
    const sleep = events.find((e: any) => e.type === 'sleep');
    assert.ok(sleep.ts < nappy.ts && nappy.ts < bottle.ts, 'back-dated logs carry their earlier times');

    // Bottle pre-fills the last amount.
    await page.reload();
    await page.getByTestId('btn-bottle').click();
    assert.equal(await page.locator('#f-ml').inputValue(), '120');
    await page.getByTestId('btn-bottle').click();
  });

  test('a clock time that has not come yet today is refused next to the picker, not filed under yesterday', async () => {
    await go('/');
    const later = laterToday();
    if (!later) return;
    const before = (await apiIn(page, 'GET', '/api/vega/today')).body.events.length;
    const yesterday = londonDate(Date.now() - 86400000);
    const yesterdayBefore = ((await apiIn(page, 'GET', `/api/vega/events?date=${yesterday}`)).body.events ?? []).length;
    const picker = page.getByLabel('Or at a time');
    assert.ok(await picker.isVisible(), 'the time field has a visible caption');
    assert.ok(await page.locator('label[for=when-time]').isVisible());
    await picker.fill(later);
    await page.getByTestId('when-error').getByText("That time hasn't come yet today.").waitFor();
    await page.getByTestId('btn-nappy-wet').click();
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('when-error').count(), 1);
    assert.equal(await page.locator('.toast-text').count(), 0, 'nothing was logged');
    const y = await apiIn(page, 'GET', `/api/vega/events?date=${yesterday}`);
    assert.equal((y.body.events ?? []).length, yesterdayBefore, 'nothing filed under yesterday');
    assert.equal((await apiIn(page, 'GET', '/api/vega/today')).body.events.length, before);
    await page.screenshot({ path: join(ARTIFACTS, 'home-future-time-360.png') });
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    assert.equal(await page.getByTestId('when-error').count(), 0);
  });

  test('timeline lists them newest first with the author', async () => {
    await go('/timeline');
    const rows = page.getByTestId('event');
    await rows.first().waitFor();
    const types = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    // Today's list: the suite's five logs, but for any back-dated before a midnight just past.
    const today = londonDate(Date.now());
    const mine = (await recentEvents()).filter((e: any) => e.ts.startsWith(today));
    assert.equal(types.length, mine.length);
    assert.ok(types.length >= 3);
    const backDated = ['nappy', 'sleep'].filter((t) => mine.some((e: any) => e.type === t));
    if (backDated.length) assert.deepEqual(types.slice(-backDated.length), backDated, 'the back-dated nappy and sleep are the oldest, listed last');
    assert.ok(types.includes('solid') && types.includes('wake') && types.includes('milk'));
    assert.match((await rows.first().textContent()) ?? '', /mum/);
    await page.screenshot({ path: join(ARTIFACTS, 'timeline-360.png') });
  });

  test('edit one and delete one from the timeline; undo a log from home', async () => {
    await go('/timeline');
    const bottle = page.locator('[data-testid=event][data-type=milk]');
    // Compact rows: one tap on the row opens its actions.
    await bottle.getByTestId('event-head').click();
    await bottle.getByRole('button', { name: /^Edit/ }).click();
    await bottle.getByLabel(/Amount/).fill('150');
    await bottle.getByRole('button', { name: 'Save' }).click();
    await bottle.getByText('Bottle 150 ml').waitFor();

    // An out-of-range edit is refused, and the reason is shown by the entry.
    await bottle.getByRole('button', { name: /^Edit/ }).click();
    await bottle.getByLabel(/Amount/).fill('900');
    await bottle.getByRole('button', { name: 'Save' }).click();
    await bottle.locator('.error').first().waitFor();
    // In the log form's own words, once, next to the amount — not zod's "Too big: expected…".
    assert.deepEqual(await bottle.locator('.error').allTextContents(), ['Enter a whole number of ml from 1 to 500.']);
    assert.equal(await bottle.getByLabel(/Amount/).evaluate((el) => el.parentElement?.querySelector('.error')?.textContent), 'Enter a whole number of ml from 1 to 500.');
    await bottle.getByLabel(/Amount/).fill('150');
    const later = laterToday();
    if (later) {
      await bottle.getByLabel('Time').fill(later);
      await bottle.getByRole('button', { name: 'Save' }).click();
      await bottle.locator('.error', { hasText: /hasn't come yet/ }).waitFor();
      const errs = await bottle.locator('.error').allTextContents();
      assert.equal(errs.length, 1, `one message: ${errs.join(' | ')}`);
      assert.doesNotMatch(errs[0], /\bts\b|\d{4}-\d{2}-\d{2}|T\d{2}:/i, 'no raw field name or ISO timestamp');
      assert.equal(await bottle.getByLabel('Time').evaluate((el) => el.parentElement?.querySelector('.error') != null), true, 'shown by the time field');
    }
    await page.screenshot({ path: join(ARTIFACTS, 'edit-error-360.png') });
    await bottle.getByRole('button', { name: 'Cancel' }).click();

    const nappy = page.locator('[data-testid=event][data-type=nappy]');
    await nappy.getByTestId('event-head').click();
    await nappy.getByRole('button', { name: /^Delete/ }).click();
    await nappy.getByRole('button', { name: /Really delete/ }).click();
    await nappy.waitFor({ state: 'detached' });
    let today = await apiIn(page, 'GET', '/api/vega/today');
    assert.equal(today.body.events.filter((e: any) => e.type === 'nappy').length, 0);
    assert.equal(today.body.events.find((e: any) => e.type === 'milk').ml, 150);

    // Undo from the confirmation on home.
    await go('/');
    await page.getByTestId('btn-bottle').click();
    await page.getByTestId('bottle-90').click();
    await page.locator('.toast-text', { hasText: 'Bottle 90 ml' }).waitFor();
    today = await apiIn(page, 'GET', '/api/vega/today');
    assert.equal(today.body.events.filter((e: any) => e.type === 'milk').length, 2);
    await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await page.locator('.toast-text', { hasText: 'Undone' }).waitFor();
    today = await apiIn(page, 'GET', '/api/vega/today');
    assert.equal(today.body.events.filter((e: any) => e.type === 'milk').length, 1);
  });

  test('a caregiver invited by link joins in another browser and sees the same log', async () => {
    await go('/settings');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const joinUrl = await page.locator('#join-url').inputValue();
    assert.match(joinUrl, /\/join\?code=/);
    // join_url carries PUBLIC_URL (localhost by default); open its path on the test server.
    const u = new URL(joinUrl);
    const nanny = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London' });
    const p = await nanny.newPage();
    await p.goto(base + u.pathname + u.search);
    await p.getByRole('heading', { name: 'Join your family' }).waitFor();
    await p.fill('#f-email', `nanny.${Date.now()}@example.com`);
    await p.fill('#f-password', 'bottles!');
    await p.fill('#f-username', 'nanny');
    await p.getByRole('button', { name: 'Join family' }).click();
    await p.waitForURL(base + '/');
    await p.getByRole('heading', { name: /Ada/ }).waitFor();
    const me = await apiIn(p, 'GET', '/api/me');
    assert.equal(me.body.role, 'member');
    await go('/timeline', p);
    await p.locator('[data-testid=event][data-type=milk]').getByText('Bottle 150 ml').waitFor();
    await p.locator('[data-testid=event][data-type=milk]').getByText('mum').waitFor();
    // The link works once.
    const again = await nanny.newPage();
    const c2 = await browser.newContext();
    const p2 = await c2.newPage();
    await p2.goto(base + u.pathname + u.search);
    await p2.fill('#f-email', `second.${Date.now()}@example.com`);
    await p2.fill('#f-password', 'bottles!');
    await p2.getByRole('button', { name: 'Join family' }).click();
    await p2.locator('.form-error').waitFor();
    await again.close();
    await c2.close();
    await nanny.close();
    // The family now has two members.
    await page.reload();
    await page.getByTestId('members').getByText('nanny', { exact: true }).waitFor();
  });

  test('create a read-only token, use it, revoke it', async () => {
    await go('/settings');
    await page.fill('#f-label', 'e2e script');
    await page.uncheck('#tok-write');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.locator('#new-token-value').textContent())?.trim() ?? '';
    assert.ok(secret.length > 10, 'the token is shown once');
    const row = page.getByTestId('tokens').locator('li', { hasText: 'e2e script' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /read/);
    const ok = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(ok.status, 200);
    await row.getByRole('button', { name: /Revoke/ }).click();
    // One tap only asks; the token still works until the second.
    assert.equal((await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${secret}` } })).status, 200);
    await row.getByRole('button', { name: /Really revoke/ }).click();
    await row.waitFor({ state: 'detached' });
    const gone = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(gone.status, 401);
  });

  test('night mode follows the system, toggles and is remembered', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.removeItem('theme'));
    await go('/');
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await bg(), 'rgb(10, 7, 6)', 'dark when the system is dark');
    await page.click('#night-toggle');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    assert.notEqual(await bg(), 'rgb(10, 7, 6)');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.click('#night-toggle');
    assert.equal(await bg(), 'rgb(10, 7, 6)', 'dark by choice while the system is light');
    await page.reload();
    await page.locator('main h1').waitFor();
    assert.equal(await bg(), 'rgb(10, 7, 6)', 'remembered after a reload');
    assert.equal(await page.getByRole('button', { name: /Night on/ }).getAttribute('aria-pressed'), 'true');
    // Red and amber only (issue 12): no blue light and nothing near white on home at night.
    const cold = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        for (const c of [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]) {
          const m = c.match(/\d+/g)?.map(Number);
          if (m && m.length >= 3 && (m[3] ?? 1) !== 0 && (m[2] > m[0] || Math.max(m[0], m[1], m[2]) > 245)) out.push(`${el.tagName}.${el.className}: ${c}`);
        }
      }
      return out;
    });
    assert.deepEqual(cold, []);
    await page.screenshot({ path: join(ARTIFACTS, 'home-night-360.png') });
    await page.click('#night-toggle');
  });

  test('a log made offline is queued and delivered exactly once', async () => {
    await go('/');
    const count = async () => ((await apiIn(page, 'GET', '/api/vega/today')).body?.events ?? []).filter((e: any) => e.type === 'nappy' && e.kind === 'dirty').length;
    const before = await count();
    const milkBefore = ((await apiIn(page, 'GET', '/api/vega/today')).body?.events ?? []).filter((e: any) => e.type === 'milk').length;
    await ctx.setOffline(true);
    await page.getByTestId('btn-nappy-dirty').click();
    await page.getByTestId('offline-banner').getByText(/1 log waiting/).waitFor();
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]').length), 1);
    await page.locator('.toast-text', { hasText: /saved on this phone/i }).waitFor();
    // One story, not two: no "Can't reach the server" next to "saved on this phone".
    assert.equal(await page.getByText(/Can't reach the server/).count(), 0);

    // A queued bottle counts in "Milk today" as waiting, and Undo takes it back before it is sent.
    const milkText = async () => (await page.getByTestId('live-status').locator('.stat', { hasText: 'Milk today' }).textContent()) ?? '';
    await page.getByTestId('btn-bottle').click();
    await page.fill('#f-ml', '90');
    await page.getByRole('button', { name: 'Log bottle 90 ml' }).click();
    await page.getByTestId('offline-banner').getByText(/2 logs waiting/).waitFor();
    await page.getByTestId('live-status').getByText(/90 ml waiting to send/).waitFor();
    assert.match(await milkText(), /waiting/);
    await page.screenshot({ path: join(ARTIFACTS, 'home-offline-360.png') });
    await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await page.locator('.toast-text', { hasText: /not sent/ }).waitFor();
    await page.getByTestId('offline-banner').getByText(/1 log waiting/).waitFor();
    assert.doesNotMatch(await milkText(), /waiting/);

    await ctx.setOffline(false);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]').length === 0);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    // The confirmation now says what happened, not "it will be sent when you're back online".
    await page.locator('.toast-text', { hasText: 'sent 1 saved log' }).waitFor();
    assert.doesNotMatch((await toastText()) ?? '', /when you're back online/);
    assert.equal(await count(), before + 1);
    const milkAfter = ((await apiIn(page, 'GET', '/api/vega/today')).body?.events ?? []).filter((e: any) => e.type === 'milk').length;
    assert.equal(milkAfter, milkBefore, 'the undone bottle was never sent');
    // Going offline and online again sends nothing more.
    await ctx.setOffline(true);
    await ctx.setOffline(false);
    await page.waitForTimeout(500);
    assert.equal(await count(), before + 1);
  });

  test('installable: a manifest, a service worker, and the app opens with no connection', async () => {
    await go('/');
    const manifest = await apiIn(page, 'GET', '/assets/manifest.webmanifest');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.body.display, 'standalone');
    assert.ok(manifest.body.icons.some((i: any) => i.sizes === '512x512'));
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.active, null, { timeout: 15000 });
    await page.reload(); // now controlled by the worker, which has cached the shell
    await page.locator('main h1').waitFor();
    await ctx.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: /Ada/ }).waitFor();
      await page.getByTestId('btn-bottle').waitFor();
    } finally {
      await ctx.setOffline(false);
    }
  });

  test('a send cut off after the server saved it is retried with the same key and not duplicated', async () => {
    await go('/');
    const count = async () => ((await apiIn(page, 'GET', '/api/vega/today')).body?.events ?? []).filter((e: any) => e.type === 'nappy' && e.kind === 'both').length;
    const before = await count();
    const keys: string[] = [];
    let cut = true;
    await page.route('**/api/vega/log', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (cut) {
        cut = false;
        await route.fetch(); // the server saves it…
        return route.abort('connectionreset'); // …but the phone never hears back
      }
      return route.continue();
    });
    await page.getByTestId('btn-nappy-both').click();
    await page.getByTestId('offline-banner').waitFor();
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]').length === 0);
    await page.unroute('**/api/vega/log');
    assert.equal(keys.length, 2);
    assert.ok(keys[0] && keys[0] === keys[1], 'the retry carries the same Idempotency-Key');
    assert.equal(await count(), before + 1, 'the server wrote it once');
  });

  test('imperial units: weight typed in lb/oz and length in inches reach the API in kg and cm', async () => {
    await go('/settings');
    await page.selectOption('#f-units', 'imperial');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved.').waitFor();
    await go('/');
    await page.getByTestId('btn-measure').click();
    await page.fill('#f-lb', '13');
    await page.fill('#f-oz', '4');
    await page.fill('#f-len', '25');
    await page.getByRole('button', { name: 'Log measurement' }).click();
    await page.locator('.toast-text', { hasText: 'Length 25 in' }).waitFor();
    const m = await apiIn(page, 'GET', '/api/vega/measurements');
    const w = m.body.measurements.find((e: any) => e.type === 'weight');
    const l = m.body.measurements.find((e: any) => e.type === 'length');
    assert.ok(Math.abs(w.kg - 6.01) < 0.01, `13 lb 4 oz is 6.01 kg, got ${w.kg}`);
    assert.ok(Math.abs(l.cm - 63.5) < 0.05, `25 in is 63.5 cm, got ${l.cm}`);
    await go('/growth');
    await page.getByText('13 lb 4 oz').waitFor();
    // Back to metric for the rest of the run.
    await go('/settings');
    await page.selectOption('#f-units', 'metric');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved.').waitFor();
  });

  test('screenshots of home, timeline, insights and growth at 360×780', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    for (const [path, name] of [['/', 'home'], ['/timeline', 'timeline'], ['/insights', 'insights'], ['/growth', 'growth']]) {
      await go(path);
      await page.waitForLoadState('networkidle');
      await page.locator('[aria-busy=true]').first().waitFor({ state: 'detached' }).catch(() => {});
      await page.screenshot({ path: join(ARTIFACTS, `${name}-360.png`) });
    }
    // And once on a desktop screen, where the tabs become a side list.
    await page.setViewportSize({ width: 1280, height: 800 });
    await go('/');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(ARTIFACTS, 'home-desktop.png') });
    await page.setViewportSize(PHONE);
  });

  test('no serious or critical accessibility violations on any page (axe-core), day and night', async () => {
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => localStorage.removeItem('theme'));
      for (const path of PAGES) {
        await go(path);
        await page.waitForLoadState('networkidle');
        await page.locator('[aria-busy=true]').first().waitFor({ state: 'detached' }).catch(() => {});
        // Open a sheet on home so its form is scanned too.
        if (path === '/') await page.getByTestId('btn-solid').click();
        for (const v of await axeSerious(page)) problems.push(`${scheme} ${path}: ${v}`);
      }
    }
    // The signed-out pages, in a fresh context.
    const anon = await browser.newContext({ viewport: PHONE });
    const p = await anon.newPage();
    for (const path of ['/login', '/signup', '/join?code=abc']) {
      await p.goto(base + path);
      await p.locator('h1').waitFor();
      for (const v of await axeSerious(p)) problems.push(`${path}: ${v}`);
    }
    await anon.close();
    assert.deepEqual(problems, []);
  });

  test('keyboard: the log buttons are reachable with Tab and work with Enter', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await go('/');
    await page.getByTestId('btn-note').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.id);
    assert.equal(focused, 'note-text');
    await page.keyboard.type('Giggled at the cat');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('.toast-text', { hasText: 'Giggled' }).waitFor();
    // Focus is drawn visibly.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.equal(outline, 'solid');
  });

  test('ask on the free plan says plainly that it is a paid feature', async () => {
    // The tab says so before it is opened, and the page explains it instead of a form that fails.
    await go('/');
    await page.getByTestId('tab-ask-locked').getByText(/paid/).waitFor();
    await go('/ask');
    await page.getByTestId('paid-plan').getByText(/part of the paid plan/).waitFor();
    assert.equal(await page.locator('#question').count(), 0);
  });

  test('sign out ends the session everywhere in the app', async () => {
    await go('/settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    const me = await apiIn(page, 'GET', '/api/me');
    assert.equal(me.status, 401);
    // Signing back in works and a wrong password is explained.
    await page.fill('#f-email', email);
    await page.fill('#f-password', 'wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.form-error').waitFor();
    await page.fill('#f-password', 'night-feeds');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(base + '/');
  });

  test('a log tapped after the session expired is kept, explained, and sent after signing in', async () => {
    await go('/');
    const both = async () => ((await apiIn(page, 'GET', '/api/vega/today')).body?.events ?? []).filter((e: any) => e.type === 'nappy' && e.kind === 'both').length;
    const before = await both();
    await ctx.clearCookies();
    await page.getByTestId('btn-nappy-both').click();
    await page.waitForURL(/\/login/);
    await page.getByTestId('signin-flash').getByText(/signed out.*log will be sent/).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'session-expired-360.png') });
    await page.fill('#f-email', email);
    await page.fill('#f-password', 'night-feeds');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(base + '/');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]').length === 0);
    assert.equal(await both(), before + 1);
  });
});
