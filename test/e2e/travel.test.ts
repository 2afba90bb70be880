// A family from London on holiday in New York, in a 360×780 phone, on SQLite
// (issue 27, travel: the web app). The phone's clock is New York's (the browser context's
// timezoneId); the family's is London's. Home says so plainly, with the switch for an admin
// and without it for a member; every log from the phone carries the phone's zone and its time
// on the phone's clock (also one queued offline), and the API shows it on London's clock; the
// live card names the zone its times are in when live status says it is not the family's; the
// admin switches the family to New York and the notice goes. The timeline editor corrects a
// head circumference, a weight and a length (issue 26 follow-up), in inches and lb/oz too.
// Screenshots, day and night, go to test-artifacts/ (docs/web-app.md, Tests).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS, PHONE, apiIn, axeSerious, chromiumMissing, coldColours as coldColoursIn, ensureWebBuild, launch, overflow as overflowOf,
  smallControls as smallControlsIn, startServer, type Server, browserDatabases,
} from './harness.ts';
import { FakeTime } from './fake-time.ts';
import { provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';
import { localNow, localTs } from '../../web/src/lib/time.ts';
import { reZone, zoneWithOffset } from '../../web/src/lib/zone.ts';

const HOME = 'Europe/London';
const AWAY = 'America/New_York';

for (const d of browserDatabases()) {
  describe(`travel: a phone on New York time, a family on London's [${d.name}]`, { skip: chromiumMissing || d.skip, concurrency: false }, () => {
    let db: ProvisionedDb;
    let server: Server;
    let browser: Browser;
    let ctx: BrowserContext;
    let memberCtx: BrowserContext;
    let page: Page;
    let member: Page;
    let base: string;
    let time: FakeTime;
    let familyId = '';
    const stamp = `${Date.now()}.${d.name}`;
    const dob = new Date(Date.now() - 120 * 86400000).toISOString().slice(0, 10);
    /** Logs made from the phone: what it sent (its ts and timezone) and the event's id. */
    const sent: { id: string; ts: string; timezone: string }[] = [];

    const shot = (name: string, p = page) => p.screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });
    const toast = (text: string | RegExp, p = page) => p.locator('.toast-text', { hasText: text }).waitFor();
    const events = async (date: string, p = page) => ((await apiIn(p, 'GET', `/api/vega/events?date=${date}`)).body.events ?? []) as any[];
    const smallControls = (within: string, p = page) => smallControlsIn(p, within);
    const overflow = (p = page) => overflowOf(p);
    const coldColours = (within: string) => coldColoursIn(page, within, true);
    const goHome = async (p = page) => {
      await p.goto(base + '/');
      await p.getByTestId('live-status').waitFor();
    };
    /** Taps a log button and returns the body the app sent to POST /api/vega/log. */
    const tapAndCapture = async (testid: string) => {
      const req = page.waitForRequest((r) => r.url().endsWith('/api/vega/log') && r.method() === 'POST');
      const res = page.waitForResponse((r) => r.url().endsWith('/api/vega/log') && r.request().method() === 'POST');
      await page.getByTestId(testid).click();
      const body = (await req).postDataJSON();
      const answer = await (await res).json();
      assert.equal((await res).status(), 200, JSON.stringify(answer));
      sent.push({ id: answer.event.id, ts: body.ts, timezone: body.timezone });
      return { body, event: answer.event };
    };
    /** The events table's own row, read beside the server (its SQLite store is a file here). */
    const storedRow = async (id: string): Promise<{ ts: string; zone: string } | null> => {
      if (d.name === 'sqlite') {
        const file = new Database(db.url.slice('sqlite:'.length), { readonly: true });
        try {
          return (file.prepare('SELECT ts, zone FROM events WHERE id = ?').get(id) as { ts: string; zone: string } | undefined) ?? null;
        } finally {
          file.close();
        }
      }
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        const r = await c.query('SELECT ts, zone FROM events WHERE id = $1', [id]);
        return r.rows[0] ?? null;
      } finally {
        await c.end();
      }
    };

    before(async () => {
      // The suite reads "today" on both clocks for a few minutes: start clear of either midnight.
      time = FakeTime.clearOfMidnight([HOME, AWAY], 15);
      ensureWebBuild();
      mkdirSync(ARTIFACTS, { recursive: true });
      if (d.name === 'sqlite') {
        // A file rather than memory, so that the test can read the rows the server stored.
        const dir = mkdtempSync(join(tmpdir(), 'tracker-travel-'));
        db = { url: `sqlite:${join(dir, 'travel.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
      } else {
        db = await provisionDatabase(d.name, 'current');
      }
      server = await startServer({ DATABASE_URL: db.url }, time);
      base = server.url;
      browser = await launch();
      // The family is made at home, in London (sign-up takes the phone's zone)...
      const home = await browser.newContext({ viewport: PHONE, timezoneId: HOME, locale: 'en-GB', colorScheme: 'light' });
      await time.attach(home);
      const p = await home.newPage();
      await p.goto(base + '/signup');
      await p.fill('#f-email', `travel.${stamp}@example.com`);
      await p.fill('#f-password', 'a-long-flight');
      await p.fill('#f-username', 'mum');
      await p.fill('#f-baby_name', 'Ada');
      await p.fill('#f-dob', dob);
      await p.selectOption('#f-gender', 'girl');
      await p.getByRole('button', { name: 'Create family' }).click();
      await p.waitForURL(base + '/');
      await p.getByTestId('live-status').waitFor();
      assert.equal((await apiIn(p, 'GET', '/api/vega/profile')).body.timezone, HOME);
      familyId = (await apiIn(p, 'GET', '/api/me')).body.family_id;
      const state = await home.storageState();
      await home.close();
      // ...and the same phone lands in New York: its clock is New York's now.
      ctx = await browser.newContext({ viewport: PHONE, timezoneId: AWAY, locale: 'en-GB', colorScheme: 'light', storageState: state });
      await time.attach(ctx);
      page = await ctx.newPage();
      await goHome();
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
      if (server) writeFileSync(join(ARTIFACTS, `server-travel-${d.name}.log`), server.output());
      await db?.drop();
    });

    test('home says the phone is on New York time and the family’s clock is London, with the switch for an admin', async () => {
      assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), AWAY);
      const notice = page.getByTestId('zone-notice');
      await notice.waitFor();
      const text = ((await notice.textContent()) ?? '').replace(/\s+/g, ' ');
      assert.ok(text.includes(`Your phone is on ${zoneWithOffset(AWAY)}`), text);
      assert.ok(text.includes("The family's clock is London. Times here are shown in London time."), text);
      await notice.getByRole('button', { name: 'Switch the family to New York time' }).waitFor();
      await notice.getByRole('button', { name: 'Not now' }).waitFor();
      assert.equal(await notice.getByText('A family admin can switch').count(), 0);
      // The time picker says whose clock a picked time is on.
      await page.getByText('Or at a time (London)', { exact: true }).waitFor();
      assert.deepEqual(await smallControls('[data-testid=zone-notice]'), []);
      assert.equal(await overflow(), 0);
      await shot('travel-banner-day');
      assert.deepEqual(await axeSerious(page), []);
      // The timeline says whose clock its times are on too.
      await page.goto(base + '/timeline');
      await page.getByTestId('timeline-zone').getByText("Times are London time, the family's clock.").waitFor();
    });

    test('a log from the phone carries its zone and its time on its clock; the API shows it on London’s clock', async () => {
      await goHome();
      // Now: sent on New York's clock with the phone's zone, shown and stored at London's time.
      const { body, event } = await tapAndCapture('btn-nappy-wet');
      assert.equal(body.timezone, AWAY);
      const nyNow = localNow(AWAY);
      assert.ok(Math.abs(Date.parse(`${nyNow}Z`) - Date.parse(`${body.ts}Z`)) < 120_000, `sent on New York's clock: ${body.ts} (now ${nyNow})`);
      const london = reZone(body.ts, AWAY, HOME);
      assert.equal(event.ts, london);
      await toast(`Nappy: wet logged at ${london.slice(11, 16)}`);
      const [listed] = (await events(london.slice(0, 10))).filter((e) => e.id === event.id);
      assert.equal(listed.ts, london, 'GET /api/vega/events shows it on London’s clock');
      const londonNow = localNow(HOME);
      assert.ok(Math.abs(Date.parse(`${londonNow}Z`) - Date.parse(`${listed.ts}Z`)) < 120_000, `${listed.ts} is London's now (${londonNow})`);
      const row = await storedRow(event.id);
      assert.ok(row, 'the row is stored');
      assert.deepEqual({ ts: row.ts, zone: row.zone }, { ts: body.ts, zone: AWAY }, 'stored on New York’s clock with its zone');

      // A picked time is the family's clock (as every time on the page): ten minutes ago in London.
      const picked = localTs(Date.now() - 10 * 60_000, HOME).slice(0, 16);
      await page.fill('#when-time', picked.slice(11, 16));
      const dirty = await tapAndCapture('btn-nappy-dirty');
      assert.equal(dirty.body.timezone, AWAY);
      assert.equal(dirty.body.ts, reZone(`${picked}:00`, HOME, AWAY), 'the same instant on New York’s clock');
      assert.equal(dirty.event.ts, `${picked}:00`);
      const [pickedRow] = (await events(picked.slice(0, 10))).filter((e) => e.id === dirty.event.id);
      assert.equal(pickedRow.ts, `${picked}:00`, 'listed at the picked London time');
      const stored = await storedRow(dirty.event.id);
      assert.ok(stored);
      assert.deepEqual({ ts: stored.ts, zone: stored.zone }, { ts: dirty.body.ts, zone: AWAY });

      // Offline: the queued log keeps the zone and the time it was made with.
      await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).click();
      await ctx.setOffline(true);
      await page.getByTestId('btn-nappy-both').click();
      await toast(/saved on this phone/);
      const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]')[0]?.body);
      assert.equal(queued.timezone, AWAY);
      assert.ok(Math.abs(Date.parse(`${localNow(AWAY)}Z`) - Date.parse(`${queued.ts}Z`)) < 120_000, `queued on New York's clock: ${queued.ts}`);
      await page.waitForTimeout(1500); // sent later than it was made
      await ctx.setOffline(false);
      await page.evaluate(() => dispatchEvent(new Event('online')));
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]').length === 0);
      const both = (await events(reZone(queued.ts, AWAY, HOME).slice(0, 10))).filter((e) => e.type === 'nappy' && e.kind === 'both');
      assert.deepEqual(both.map((e) => e.ts), [reZone(queued.ts, AWAY, HOME)], 'sent with the time it was made');
      sent.push({ id: both[0].id, ts: queued.ts, timezone: AWAY });
      const queuedRow = await storedRow(both[0].id);
      assert.ok(queuedRow);
      assert.deepEqual({ ts: queuedRow.ts, zone: queuedRow.zone }, { ts: queued.ts, zone: AWAY });
    });

    test('the live card says which zone its times are in when live status names another than the family’s', async () => {
      await goHome();
      const card = page.getByTestId('live-status');
      const real = (await apiIn(page, 'GET', '/api/vega/live')).body;
      // Older servers send no `timezone`: nothing is said. One that sends the family's zone: nothing either.
      if (typeof real.timezone !== 'string' || real.timezone === HOME) assert.equal(await card.getByTestId('live-zone').count(), 0);
      // A live status whose times are New York's (the baby is there now): the card says so.
      await page.route('**/api/vega/live*', async (route) => {
        const r = await route.fetch();
        await route.fulfill({ response: r, json: { ...(await r.json()), timezone: AWAY } });
      });
      await goHome();
      await card.getByTestId('live-zone').getByText(`Times on this card are ${zoneWithOffset(AWAY)}, where the last logs were made.`).waitFor();
      // The card alone, whole: taller than the room above the tab bar, so in a taller window of the phone's width.
      await page.setViewportSize({ width: PHONE.width, height: 1400 });
      await card.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      await card.screenshot({ path: join(ARTIFACTS, `travel-live-card-day-${d.name}.png`) });
      await page.setViewportSize(PHONE);
      await page.unroute('**/api/vega/live*');
      await page.route('**/api/vega/live*', async (route) => {
        const r = await route.fetch();
        await route.fulfill({ response: r, json: { ...(await r.json()), timezone: HOME } });
      });
      await goHome();
      await page.waitForTimeout(500);
      assert.equal(await card.getByTestId('live-zone').count(), 0, 'the family’s own zone is not announced');
      await page.unroute('**/api/vega/live*');
    });

    test('a member on a New York phone sees the notice without the switch', async () => {
      const invite = await apiIn(page, 'POST', '/api/vega/invite');
      assert.equal(invite.status, 200);
      const u = new URL(invite.body.join_url);
      memberCtx = await browser.newContext({ viewport: PHONE, timezoneId: AWAY, locale: 'en-GB', colorScheme: 'light' });
      await time.attach(memberCtx);
      member = await memberCtx.newPage();
      await member.goto(base + u.pathname + u.search);
      await member.fill('#f-email', `grandpa.${stamp}@example.com`);
      await member.fill('#f-password', 'visiting-too');
      await member.fill('#f-username', 'grandpa');
      await member.getByRole('button', { name: 'Join family' }).click();
      await member.waitForURL(base + '/');
      await member.getByTestId('live-status').waitFor();
      assert.equal((await apiIn(member, 'GET', '/api/me')).body.role, 'member');
      const notice = member.getByTestId('zone-notice');
      await notice.waitFor();
      assert.match(((await notice.textContent()) ?? '').replace(/\s+/g, ' '), /The family's clock is London\. Times here are shown in London time\./);
      await notice.getByText("A family admin can switch the family's clock.").waitFor();
      assert.equal(await member.getByTestId('zone-switch').count(), 0, 'no switch for a member');
      assert.deepEqual(await smallControls('[data-testid=zone-notice]', member), []);
      assert.equal(await overflow(member), 0);
      await shot('travel-banner-member-day', member);
      assert.deepEqual(await axeSerious(member), []);
      // A member's log carries the phone's zone too.
      const req = member.waitForRequest((r) => r.url().endsWith('/api/vega/log') && r.method() === 'POST');
      await member.getByTestId('btn-nappy-wet').click();
      assert.equal((await req).postDataJSON().timezone, AWAY);
      await toast(/^Nappy: wet logged at/, member);
      // "Got it" is remembered for that zone on this phone.
      await notice.getByRole('button', { name: 'Got it' }).click();
      await notice.waitFor({ state: 'detached' });
      await goHome(member);
      await member.waitForTimeout(300);
      assert.equal(await member.getByTestId('zone-notice').count(), 0);
    });

    test('night: the notice stays red and amber', async () => {
      await goHome();
      await page.locator('#night-toggle').click();
      await page.waitForTimeout(200);
      await page.evaluate(() => scrollTo(0, 0));
      await page.getByTestId('zone-notice').waitFor();
      assert.deepEqual(await coldColours('[data-testid=zone-notice]'), []);
      await shot('travel-banner-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.locator('#night-toggle').click();
    });

    test('"Not now" is remembered for that zone on this phone and changes nothing', async () => {
      await goHome();
      await page.getByTestId('zone-not-now').click();
      await page.getByTestId('zone-notice').waitFor({ state: 'detached' });
      await goHome();
      await page.waitForTimeout(300);
      assert.equal(await page.getByTestId('zone-notice').count(), 0);
      assert.equal((await apiIn(page, 'GET', '/api/vega/profile')).body.timezone, HOME);
      assert.deepEqual(await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), `zone-notice:${familyId}`), [`${AWAY}>${HOME}`]);
      // Forgotten (another phone, or the storage cleared): it is said again.
      await page.evaluate((k) => localStorage.removeItem(k), `zone-notice:${familyId}`);
      await goHome();
      await page.getByTestId('zone-notice').waitFor();
    });

    test('an admin switches the family to New York time: the notice goes and every time reads on New York’s clock', async () => {
      await goHome();
      const resp = page.waitForResponse((r) => r.url().endsWith('/api/vega/profile') && r.request().method() === 'POST');
      await page.getByTestId('zone-switch').click();
      assert.deepEqual((await resp).request().postDataJSON().timezone, AWAY);
      await toast("The family's clock is now New York time. Every time is shown in New York time.");
      await page.getByTestId('zone-notice').waitFor({ state: 'detached' });
      assert.equal((await apiIn(page, 'GET', '/api/vega/profile')).body.timezone, AWAY);
      await page.getByText('Or at a time', { exact: true }).waitFor();
      // The logs made from the phone now read on New York's clock: the time they were sent with.
      for (const s of sent) {
        const [e] = (await events(s.ts.slice(0, 10))).filter((x) => x.id === s.id);
        assert.equal(e?.ts, s.ts, `${s.id} at ${s.ts} New York time`);
      }
      await goHome();
      await page.waitForTimeout(300);
      assert.equal(await page.getByTestId('zone-notice').count(), 0, 'gone for good');
      await page.goto(base + '/timeline');
      await page.getByTestId('event').first().waitFor();
      assert.equal(await page.getByTestId('timeline-zone').count(), 0);
      // The member's phone is on New York time too: nothing to say there either.
      await goHome(member);
      await member.waitForTimeout(300);
      assert.equal(await member.getByTestId('zone-notice').count(), 0);
      await memberCtx.close();
    });

    test('the timeline editor corrects a head circumference, a weight and a length, in cm and kg or in inches and lb/oz', async () => {
      for (const body of [{ type: 'head_circumference', cm: 38.4 }, { type: 'weight', kg: 4.6 }, { type: 'length', cm: 55 }]) {
        assert.equal((await apiIn(page, 'POST', '/api/vega/log', { ...body, timezone: AWAY })).status, 200);
      }
      const today = localNow(AWAY).slice(0, 10);
      const byType = async (t: string) => (await events(today)).find((e) => e.type === t);
      await page.goto(base + '/timeline');
      const open = async (type: string, name: RegExp) => {
        const row = page.locator(`[data-testid=event][data-type=${type}]`).first();
        await row.getByTestId('event-head').click();
        await row.getByRole('button', { name }).click();
        return { row, id: (await row.getAttribute('data-id'))! };
      };
      const summaries = async () => (await page.getByTestId('event-summary').allTextContents()).map((t) => t.replace(/\u00a0/g, ' '));

      // Head circumference: out of its range, said by the field and nothing sent; then corrected.
      const head = await open('head_circumference', /^Edit Head circumference/);
      const field = page.locator(`#edit-${head.id}-cm`);
      assert.equal(await page.locator(`label[for=edit-${head.id}-cm]`).textContent(), 'Head circumference (cm)');
      assert.equal(await field.inputValue(), '38.4');
      await field.fill('70');
      await head.row.getByRole('button', { name: 'Save' }).click();
      await page.locator(`#edit-${head.id}-cm-err`).getByText('Head circumference must be between 25 and 60 cm.').waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      assert.equal((await byType('head_circumference')).cm, 38.4, 'nothing sent');
      await head.row.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      await shot('timeline-edit-head-refused-day');
      await field.fill('38.9');
      await head.row.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      assert.deepEqual(await smallControls(`[data-id="${head.id}"] form`), []);
      assert.equal(await overflow(), 0);
      await shot('timeline-edit-head-day');
      assert.deepEqual(await axeSerious(page), []);
      await head.row.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=event-summary]')].some((e) => e.textContent?.replace(/\u00a0/g, ' ') === 'Head circumference 38.9 cm'));
      assert.equal((await byType('head_circumference')).cm, 38.9);

      // Weight in kg.
      const weight = await open('weight', /^Edit Weight/);
      assert.equal(await page.inputValue(`#edit-${weight.id}-kg`), '4.6');
      await page.fill(`#edit-${weight.id}-kg`, '4.65');
      await weight.row.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=event-summary]')].some((e) => e.textContent?.replace(/\u00a0/g, ' ') === 'Weight 4.65 kg'));
      assert.equal((await byType('weight')).kg, 4.65);

      // An imperial family types inches and lb/oz; the API gets cm and kg.
      assert.equal((await apiIn(page, 'POST', '/api/vega/profile', { units: 'imperial' })).status, 200);
      await page.goto(base + '/timeline');
      await page.getByTestId('event').first().waitFor();
      const length = await open('length', /^Edit Length/);
      assert.equal(await page.locator(`label[for=edit-${length.id}-cm]`).textContent(), 'Length (in)');
      assert.equal(await page.inputValue(`#edit-${length.id}-cm`), '21.7');
      await page.fill(`#edit-${length.id}-cm`, '50');
      await length.row.getByRole('button', { name: 'Save' }).click();
      await page.locator(`#edit-${length.id}-cm-err`).getByText('Length must be between 15.8 and 47.2 in.').waitFor();
      await page.fill(`#edit-${length.id}-cm`, '22');
      await length.row.getByText('= 55.9 cm').waitFor();
      await length.row.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=event-summary]')].some((e) => e.textContent?.replace(/\u00a0/g, ' ') === 'Length 22 in'));
      assert.equal((await byType('length')).cm, 55.9);

      const lbs = await open('weight', /^Edit Weight/);
      assert.equal(await page.inputValue(`#edit-${lbs.id}-lb`), '10');
      assert.equal(await page.inputValue(`#edit-${lbs.id}-oz`), '4');
      await page.fill(`#edit-${lbs.id}-oz`, '6');
      await lbs.row.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=event-summary]')].some((e) => e.textContent?.replace(/\u00a0/g, ' ') === 'Weight 10 lb 6 oz'));
      assert.equal((await byType('weight')).kg, 4.706);

      const headIn = await open('head_circumference', /^Edit Head circumference/);
      assert.equal(await page.locator(`label[for=edit-${headIn.id}-cm]`).textContent(), 'Head circumference (in)');
      assert.equal(await page.inputValue(`#edit-${headIn.id}-cm`), '15.3');
      await page.fill(`#edit-${headIn.id}-cm`, '15.5');
      await headIn.row.getByText('= 39.4 cm').waitFor();
      await headIn.row.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      await shot('timeline-edit-head-imperial-day');
      await page.locator('#night-toggle').click();
      await page.waitForTimeout(200);
      assert.deepEqual(await coldColours(`[data-id="${headIn.id}"]`), []);
      await shot('timeline-edit-head-imperial-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.locator('#night-toggle').click();
      await headIn.row.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=event-summary]')].some((e) => e.textContent?.replace(/\u00a0/g, ' ') === 'Head circumference 15.5 in'));
      assert.equal((await byType('head_circumference')).cm, 39.4);
      assert.ok((await summaries()).length >= 3);
      assert.equal((await apiIn(page, 'POST', '/api/vega/profile', { units: 'metric' })).status, 200);
    });
  });
}
