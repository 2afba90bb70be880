// The newborn loop in a 360×780 phone, two caregivers, on SQLite and PostgreSQL (issue 12):
// caregiver A starts a breastfeed on the left, caregiver B's home shows the running timer
// within seconds, A switches and stops, both see one milk event with side both and its
// duration; sleep becomes a ticking card and one tap logs the wake; an open invite is revoked;
// a sleep logged offline still shows asleep when the app is reopened offline. Screenshots of
// home (day and night), the feed sheet and the 24-hour view go to test-artifacts/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, PHONE, apiIn, axeSerious, chromiumMissing, ensureWebBuild, launch, startServer, type Server } from './harness.ts';
import { FakeTime } from './fake-time.ts';
import { provisionDatabase, testDatabases, type ProvisionedDb } from '../helpers/databases.ts';

for (const d of testDatabases()) {
  describe(`newborn loop in the browser [${d.name}]`, { skip: chromiumMissing || d.skip, concurrency: false }, () => {
    let db: ProvisionedDb;
    let server: Server;
    let browser: Browser;
    let ctxA: BrowserContext;
    let ctxB: BrowserContext;
    let a: Page;
    let b: Page;
    let base: string;
    let time: FakeTime;
    const stamp = `${Date.now()}.${d.name}`;
    const shot = (p: Page, name: string) => p.screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });

    before(async () => {
      // The suite logs and reads "today" for a few minutes of its own time: it starts clear of a
      // local midnight, and its server and browsers share that time (fake-time.ts).
      time = FakeTime.clearOfMidnight(['Europe/London'], 5);
      ensureWebBuild();
      mkdirSync(ARTIFACTS, { recursive: true });
      db = d.name === 'sqlite' ? { url: 'sqlite::memory:', drop: async () => {} } : await provisionDatabase('postgres', 'current');
      server = await startServer({ DATABASE_URL: db.url }, time);
      base = server.url;
      browser = await launch();
      ctxA = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB', colorScheme: 'light' });
      ctxB = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB', colorScheme: 'light' });
      await time.attach(ctxA);
      await time.attach(ctxB);
      a = await ctxA.newPage();
      b = await ctxB.newPage();
      // Caregiver A signs up (a newborn), invites B, B joins in another browser.
      await a.goto(base + '/signup');
      await a.fill('#f-email', `mum.${stamp}@example.com`);
      await a.fill('#f-password', 'night-feeds');
      await a.fill('#f-username', 'mum');
      await a.fill('#f-baby_name', 'Ada');
      await a.fill('#f-dob', new Date(Date.now() - 12 * 86400000).toISOString().slice(0, 10));
      await a.getByRole('button', { name: 'Create family' }).click();
      await a.waitForURL(base + '/');
      const invite = await apiIn(a, 'POST', '/api/vega/invite', {});
      await b.goto(`${base}/join?code=${encodeURIComponent(invite.body.code)}`);
      await b.fill('#f-email', `dad.${stamp}@example.com`);
      await b.fill('#f-password', 'night-feeds');
      await b.fill('#f-username', 'dad');
      await b.getByRole('button', { name: /Join/ }).click();
      await b.waitForURL(base + '/');
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
      if (server) writeFileSync(join(ARTIFACTS, `server-newborn-${d.name}.log`), server.output());
      await db?.drop();
    });

    test('every log button is on screen at 360×780 with the tab bar; no control under 44 px', async () => {
      await a.goto(base + '/');
      await a.getByTestId('live-status').waitFor();
      for (const id of ['btn-breastfeed', 'btn-bottle', 'btn-sleep', 'btn-nappy-wet', 'btn-nappy-dirty', 'btn-nappy-both', 'btn-solid']) {
        const box = await a.getByTestId(id).boundingBox();
        assert.ok(box, id);
        assert.ok(box.y + box.height <= PHONE.height - 56, `${id} is above the tab bar (bottom ${box.y + box.height})`);
      }
      const small = await a.evaluate(() =>
        [...document.querySelectorAll('button, a[href], input, select')]
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          // On screen (the skip link waits off-screen until focused) and smaller than 44×44.
          .filter(({ r }) => r.width > 0 && r.right > 0 && (r.height < 44 || r.width < 44))
          .map(({ el, r }) => `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 20)} ${Math.round(r.width)}×${Math.round(r.height)}`),
      );
      assert.deepEqual(small, []);
      // No emoji as icons: they are SVG shipped with the app.
      const emoji = await a.evaluate(() => /\p{Extended_Pictographic}/u.test(document.querySelector('.actions')?.textContent ?? ''));
      assert.equal(emoji, false);
      await shot(a, 'home-day');
      assert.deepEqual(await axeSerious(a), []);
    });

    test('A starts a breastfeed on the left; B sees the timer; A switches and stops; both see one feed, side both', async () => {
      await a.getByTestId('btn-breastfeed').click();
      await a.getByTestId('feed-start-left').click();
      await a.getByTestId('feed-timer').waitFor();
      assert.equal(await a.getByTestId('feed-side').textContent(), 'left');
      await shot(a, 'feed-sheet');

      // B's home picks it up by polling (every 4 s) — within a few seconds.
      await b.goto(base + '/');
      await b.getByTestId('feed-timer').waitFor({ timeout: 10_000 });
      const t1 = await b.getByTestId('feed-timer').textContent();
      assert.match(t1 ?? '', /^\d{2}:\d{2}$/);
      await time.advance(2100);
      await b.getByTestId('feed-timer').filter({ hasNotText: t1 ?? '' }).waitFor({ timeout: 2_000 }); // the timer ticks

      await time.advance(61_000); // one minute on the left
      await a.getByTestId('feed-switch').click();
      await a.getByTestId('feed-side').getByText('right').waitFor();
      await a.getByTestId('feed-stop').click();
      await a.getByTestId('feed-panel').waitFor({ state: 'detached' });
      await a.locator('.toast-text', { hasText: /Breastfeed · both sides · 1 min/ }).waitFor();

      // B's timer goes away within a few seconds, and both logs show the one feed.
      await b.getByTestId('feed-panel').waitFor({ state: 'detached', timeout: 10_000 });
      for (const p of [a, b]) {
        const today = await apiIn(p, 'GET', '/api/vega/today');
        const milk = today.body.events.filter((e: any) => e.type === 'milk');
        assert.equal(milk.length, 1);
        assert.equal(milk[0].side, 'both');
        assert.equal(milk[0].duration_min, 1);
        assert.equal(milk[0].author, 'mum');
        await p.goto(base + '/timeline');
        await p.locator('[data-testid=event][data-type=milk]').getByText('Breastfeed · both sides · 1 min').waitFor();
      }
      // The next feed is marked to start on the other side from where this one ended.
      await b.goto(base + '/');
      await b.getByTestId('btn-breastfeed').click();
      await b.getByTestId('start-side').getByText('left').first().waitFor();
      assert.match((await b.getByTestId('start-side').textContent()) ?? '', /Start on left/);
      await b.getByTestId('btn-breastfeed').click();
    });

    test('sleep: the button becomes a ticking card, one tap logs the wake', async () => {
      await a.goto(base + '/');
      await a.getByRole('button', { name: '30 min ago' }).click();
      await a.getByTestId('btn-sleep').click();
      await a.getByTestId('sleep-card').waitFor();
      assert.match((await a.getByTestId('sleep-timer').textContent()) ?? '', /^Asleep 0:(29|30|31)$/);
      await a.getByTestId('btn-wake').click();
      await a.getByTestId('sleep-card').waitFor({ state: 'detached' });
      await a.getByTestId('btn-sleep').getByText('Fell asleep').waitFor();
    });

    test('the 24-hour view shows the day; night mode is red and amber', async () => {
      // Two earlier days of a newborn's log, so the view has something to show.
      const day = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() - n * 86400000));
      for (const n of [1, 2]) {
        for (const [time, body] of [
          ['00:40', { type: 'wake' }], ['00:50', { type: 'milk', ml: 0, side: 'left', duration_min: 18 }], ['01:20', { type: 'sleep' }],
          ['04:30', { type: 'wake' }], ['04:40', { type: 'milk', ml: 90 }], ['04:45', { type: 'nappy', kind: 'wet' }], ['05:10', { type: 'sleep' }],
          ['08:00', { type: 'wake' }], ['08:10', { type: 'milk', ml: 0, side: 'right', duration_min: 22 }], ['09:30', { type: 'sleep' }],
          ['11:00', { type: 'wake' }], ['11:15', { type: 'nappy', kind: 'dirty' }], ['12:00', { type: 'milk', ml: 120 }], ['13:00', { type: 'sleep' }],
          ['15:10', { type: 'wake' }], ['15:20', { type: 'milk', ml: 0, side: 'both', duration_min: 25 }], ['19:00', { type: 'milk', ml: 150 }], ['19:30', { type: 'sleep' }],
        ] as const) {
          const r = await apiIn(a, 'POST', '/api/vega/log', { ...body, ts: `${day(n)}T${time}:00` });
          assert.equal(r.status, 200, JSON.stringify(r.body));
        }
      }
      await a.goto(base + '/timeline?view=24h');
      await a.getByTestId('day24').waitFor();
      assert.equal(await a.getByTestId('day24-bar').count(), 7);
      assert.ok((await a.locator('.day24-bar').first().locator('.day24-feed').count()) >= 1);
      assert.ok((await a.locator('.day24-bar').first().locator('.day24-sleep').count()) >= 1);
      await shot(a, 'timeline-24h');

      await a.goto(base + '/');
      await a.locator('#night-toggle').click();
      await a.waitForTimeout(200);
      const colours = await a.evaluate(() => {
        const cs = getComputedStyle(document.documentElement);
        return ['--bg', '--text', '--primary', '--focus', '--sleep'].map((v) => cs.getPropertyValue(v).trim());
      });
      for (const c of colours) {
        const [r, g, bl] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
        assert.ok(r >= g && g >= bl, `${c}: red ≥ green ≥ blue (no blue light at night)`);
      }
      await shot(a, 'home-night');
      await a.locator('#night-toggle').click();
    });

    test('an open invite is revoked from settings', async () => {
      await a.goto(base + '/settings');
      // Every section has loaded (notifications, webhooks and Home Assistant sit above members):
      // a section growing above the button while it is clicked would move it from under the click.
      await a.waitForLoadState('networkidle');
      await a.getByRole('button', { name: /Create invite|New invite|Invite/ }).first().click();
      const revoke = a.getByRole('button', { name: /^Revoke invite/ }).first();
      await revoke.waitFor();
      const before = (await apiIn(a, 'GET', '/api/vega/family')).body.invites.length;
      await revoke.click();
      await a.waitForFunction(async (n) => {
        const r = await fetch('/api/vega/family', { credentials: 'same-origin' });
        return (await r.json()).invites.length === n - 1;
      }, before);
      assert.equal(await a.locator('.error').count(), 0);
    });

    test("an unknown app address gets the app's not-found page (404); an unknown API path stays JSON", async () => {
      const res = await a.goto(base + '/no-such-page');
      assert.equal(res?.status(), 404);
      await a.getByTestId('not-found').getByText('Page not found').waitFor();
      const api = await apiIn(a, 'GET', '/api/vega/no-such-thing');
      assert.equal(api.status, 404);
      assert.equal(api.body.error, 'not_found');
    });

    test('a sleep logged offline still shows asleep when the app is reopened offline', async () => {
      await b.goto(base + '/');
      await b.getByTestId('live-status').waitFor();
      const sleeps = async () => (await apiIn(b, 'GET', '/api/vega/today')).body.events.filter((e: any) => e.type === 'sleep').length;
      const before = await sleeps();
      await ctxB.setOffline(true);
      await b.getByTestId('btn-sleep').click();
      await b.getByTestId('offline-banner').getByText(/1 log waiting/).waitFor();
      await b.reload().catch(() => {});
      // The service worker serves the app offline; the last status and the queued sleep decide.
      await b.getByTestId('btn-sleep').getByText('Woke up').waitFor();
      await ctxB.setOffline(false);
      await b.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 40_000 });
      assert.equal(await sleeps(), before + 1, 'the queued sleep was sent once');
    });

    test('settings: sessions listed; make a caregiver admin, then remove them; their page signs out', async () => {
      await a.goto(base + '/settings');
      await a.getByTestId('sessions').getByText('this device').waitFor();
      const dad = a.getByTestId('member').filter({ hasText: 'dad' });
      await dad.getByRole('button', { name: 'Make admin' }).click();
      await dad.getByText('admin', { exact: true }).waitFor();
      await dad.getByRole('button', { name: 'Make member' }).click();
      await dad.getByText('member', { exact: true }).waitFor();
      await shot(a, 'settings');
      await dad.getByRole('button', { name: 'Remove' }).click();
      await dad.getByRole('button', { name: /Really remove dad/ }).click();
      await a.getByText(/dad no longer has access/).waitFor();
      const me = await apiIn(b, 'GET', '/api/me');
      assert.equal(me.status, 401, "the removed caregiver's session ended");
      await b.goto(base + '/');
      await b.waitForURL(/\/login/);
    });
  });
}

