// Several children in a 360×780 phone, on SQLite (issue 25, the web app): a
// one-child family sees no switcher; a second child is added in settings; the switcher in the
// header shows whose screens these are and is remembered on the phone; each log lands on the
// child it was made for (online and from the offline queue); a nappy for both twins is one
// entry each; two breastfeed timers run side by side; Undo takes back the entry it announced,
// never a later one another caregiver made for the other twin; archive and delete in settings.
// Screenshots of twins home, the switcher, settings and the timeline, day and night, go to
// test-artifacts/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS, PHONE, apiIn, axeSerious, chromiumMissing, coldColours as coldColoursIn, ensureWebBuild, launch, overflow as overflowOf,
  smallControls as smallControlsIn, startServer, type Server, browserDatabases,
} from './harness.ts';
import { FakeTime } from './fake-time.ts';
import { provisionDatabase, type ProvisionedDb } from '../helpers/databases.ts';

for (const d of browserDatabases()) {
  describe(`several children in the browser [${d.name}]`, { skip: chromiumMissing || d.skip, concurrency: false }, () => {
    let db: ProvisionedDb;
    let server: Server;
    let browser: Browser;
    let ctx: BrowserContext;
    let page: Page;
    let base: string;
    let time: FakeTime;
    const ids: Record<string, string> = {};
    const stamp = `${Date.now()}.${d.name}`;
    const dob = new Date(Date.now() - 20 * 86400000).toISOString().slice(0, 10);
    const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });
    const toast = (text: string | RegExp) => page.locator('.toast-text', { hasText: text }).waitFor();
    const today = async (child: string) => ((await apiIn(page, 'GET', `/api/vega/today?child=${ids[child]}`)).body.events ?? []) as any[];
    const nappies = async (child: string, kind: string) => (await today(child)).filter((e) => e.type === 'nappy' && e.kind === kind);
    const smallControls = (within = 'body') => smallControlsIn(page, within);
    const overflow = () => overflowOf(page);
    const coldColours = (within = 'body') => coldColoursIn(page, within);

    before(async () => {
      // The suite logs and reads "today" for several minutes: it starts clear of a local
      // midnight, and its server and browser share that time (fake-time.ts).
      time = FakeTime.clearOfMidnight(['Europe/London'], 5);
      ensureWebBuild();
      mkdirSync(ARTIFACTS, { recursive: true });
      db = await provisionDatabase(d.name, 'current');
      server = await startServer({ DATABASE_URL: db.url }, time);
      base = server.url;
      browser = await launch();
      ctx = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB', colorScheme: 'light' });
      await time.attach(ctx);
      page = await ctx.newPage();
      await page.goto(base + '/signup');
      await page.fill('#f-email', `twins.${stamp}@example.com`);
      await page.fill('#f-password', 'two-at-once');
      await page.fill('#f-username', 'mum');
      await page.fill('#f-baby_name', 'Ada');
      await page.fill('#f-dob', dob);
      await page.selectOption('#f-gender', 'girl');
      await page.getByRole('button', { name: 'Create family' }).click();
      await page.waitForURL(base + '/');
      await page.getByTestId('live-status').waitFor();
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
      if (server) writeFileSync(join(ARTIFACTS, `server-children-${d.name}.log`), server.output());
      await db?.drop();
    });

    test('a one-child family sees no switcher and no "both"; settings lists the child with "Add a child"', async () => {
      assert.equal(await page.getByTestId('child-switcher').count(), 0);
      assert.equal(await page.getByTestId('log-for').count(), 0);
      assert.equal(await page.getByTestId('child-card').count(), 0);
      assert.equal(await page.getByTestId('brand').textContent(), 'Ada');
      await page.goto(base + '/settings');
      const row = page.getByTestId('child-row');
      await row.first().waitFor();
      assert.equal(await row.count(), 1);
      assert.match((await row.textContent()) ?? '', /Ada/);
      assert.equal(await row.getByRole('button').count(), 0, 'nothing to do to an only child here: the profile edits her');
      await page.getByTestId('add-child').waitFor();
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      await page.getByTestId('children-section').scrollIntoViewIfNeeded();
      await shot('one-child-settings-day');
    });

    test('add a second child in settings; a name already taken is refused by the field', async () => {
      await page.getByTestId('add-child').click();
      // The same name, any case: refused next to the name, in words.
      await page.fill('#child-new-name', 'ada');
      await page.fill('#child-new-dob', dob);
      await page.getByRole('button', { name: 'Add child' }).click();
      await page.locator('#child-new-name-err').getByText(/already has a child called/).waitFor();
      await page.fill('#child-new-name', 'Tom');
      await page.selectOption('#child-new-gender', 'boy');
      await page.getByRole('button', { name: 'Add child' }).click();
      await page.getByTestId('child-row').filter({ hasText: 'Tom' }).waitFor();
      await page.getByText(/Tom added/).waitFor();
      const list = (await apiIn(page, 'GET', '/api/vega/children')).body.children;
      assert.deepEqual(list.map((c: any) => c.baby_name), ['Ada', 'Tom']);
      for (const c of list) ids[c.baby_name] = c.id;
      assert.equal(list[0].primary, true);
      // Two children: the switcher appears, and the profile keeps only the family's settings.
      await page.getByTestId('child-switcher').waitFor();
      await page.getByRole('heading', { name: 'Family settings' }).waitFor();
      assert.equal(await page.locator('#f-baby_name').count(), 0);
      assert.equal(await page.getByTestId('brand').textContent(), 'Ada', 'still showing the child picked before');
    });

    test('switch to Tom: the header says Tom on every page, and the phone remembers it', async () => {
      await page.getByTestId('switch-Tom').click();
      await page.getByTestId('brand').getByText('Tom', { exact: true }).waitFor();
      assert.equal(await page.getByTestId('switch-Tom').getAttribute('aria-pressed'), 'true');
      assert.equal(await page.getByTestId('switch-Ada').getAttribute('aria-pressed'), 'false');
      for (const path of ['/', '/timeline', '/insights', '/growth', '/solids', '/settings']) {
        await page.goto(base + path);
        await page.locator('main h1').first().waitFor();
        assert.equal(await page.getByTestId('brand').textContent(), 'Tom', `${path} names Tom`);
        assert.equal(await overflow(), 0, `${path} fits the phone's width`);
      }
      await page.reload();
      await page.getByTestId('brand').getByText('Tom', { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('selected-child:'))?.[1]), ids.Tom);
    });

    test('a log for each child lands on that child', async () => {
      await page.goto(base + '/');
      await page.getByTestId('child-card').first().waitFor();
      assert.equal(await page.getByTestId('log-for-one').getAttribute('aria-pressed'), 'true', 'one child by default');
      await page.getByTestId('btn-nappy-wet').click();
      await toast(/^Nappy: wet logged for Tom at \d{2}:\d{2}$/);
      await page.getByTestId('switch-Ada').click();
      await page.getByTestId('brand').getByText('Ada', { exact: true }).waitFor();
      await page.getByTestId('btn-nappy-dirty').click();
      await toast(/^Nappy: dirty logged for Ada at/);
      const tom = await today('Tom');
      const ada = await today('Ada');
      assert.deepEqual(tom.map((e) => `${e.type}:${e.kind}:${e.child_id}`), [`nappy:wet:${ids.Tom}`]);
      assert.deepEqual(ada.map((e) => `${e.type}:${e.kind}:${e.child_id}`), [`nappy:dirty:${ids.Ada}`]);
      // Each child's timeline shows only their own entries.
      await page.goto(base + '/timeline');
      await page.locator('[data-testid=event][data-type=nappy]').first().waitFor();
      assert.equal(await page.getByTestId('event').count(), 1);
      assert.match((await page.getByTestId('event').textContent()) ?? '', /dirty/);
    });

    test('a nappy for both twins at once: one entry each, and Undo takes back both', async () => {
      await page.goto(base + '/');
      await page.getByTestId('log-for-all').click();
      assert.equal(await page.getByTestId('log-for-all').getAttribute('aria-pressed'), 'true');
      await page.getByTestId('btn-nappy-both').getByText('both').waitFor();
      await page.getByTestId('btn-nappy-both').click();
      await toast(/^Nappy: both logged for Ada and Tom at/);
      assert.equal((await nappies('Ada', 'both')).length, 1);
      assert.equal((await nappies('Tom', 'both')).length, 1);
      await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
      await toast(/^Undone: Nappy: both for Ada and Tom at/);
      assert.equal((await nappies('Ada', 'both')).length, 0);
      assert.equal((await nappies('Tom', 'both')).length, 0);
      // Once more, to keep: both still on after a reload (one tap for the next one too).
      await page.reload();
      await page.getByTestId('child-card').first().waitFor();
      assert.equal(await page.getByTestId('log-for-all').getAttribute('aria-pressed'), 'true');
      await page.getByTestId('btn-nappy-both').click();
      await toast(/logged for Ada and Tom/);
      assert.equal((await nappies('Ada', 'both')).length, 1);
      assert.equal((await nappies('Tom', 'both')).length, 1);
      // Home for twins: each child's card, every control at least 44 px, nothing off the side.
      await page.getByTestId('child-card').filter({ hasText: 'Tom' }).getByText(/Awake|Asleep/).waitFor();
      assert.deepEqual(await smallControls(), []);
      assert.equal(await overflow(), 0);
      for (const id of ['btn-breastfeed', 'btn-bottle', 'btn-sleep', 'btn-nappy-wet', 'btn-nappy-dirty', 'btn-nappy-both', 'btn-solid', 'btn-supplement', 'btn-measure']) {
        const box = await page.getByTestId(id).boundingBox();
        assert.ok(box && box.y + box.height <= PHONE.height - 56, `${id} is above the tab bar`);
      }
      await shot('twins-home-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test('sleep for both: one tap puts both down, one tap wakes both', async () => {
      await page.getByTestId('btn-sleep').getByText('Fell asleep').waitFor();
      await page.getByTestId('btn-sleep').click();
      await toast(/^Fell asleep logged for Ada and Tom/);
      await page.getByTestId('btn-sleep').getByText('Woke up').waitFor();
      for (const name of ['Ada', 'Tom']) await page.getByTestId('child-card').filter({ hasText: name }).getByText(/Asleep/).waitFor();
      await shot('twins-asleep-day');
      await page.getByTestId('btn-sleep').click();
      await toast(/^Woke up logged for Ada and Tom/);
      for (const name of ['Ada', 'Tom']) {
        const types = (await today(name)).map((e) => e.type);
        assert.deepEqual(types.filter((t) => t === 'sleep' || t === 'wake'), ['sleep', 'wake'], name);
      }
    });

    test('two breastfeed timers run side by side, and each stops into its own child’s log', async () => {
      await page.getByTestId('btn-breastfeed').click();
      const panel = (name: string) => page.locator(`[data-testid=feed-panel][data-child="${name}"]`);
      await panel('Ada').waitFor();
      await panel('Tom').waitFor();
      // Measured at one instant: the pair scrolls into view as it opens.
      const [a, t] = await page.evaluate(() =>
        ['Ada', 'Tom'].map((n) => document.querySelector(`[data-testid=feed-panel][data-child="${n}"]`)!.getBoundingClientRect().toJSON()));
      assert.ok(Math.abs(a.y - t.y) < 2 && a.x + a.width <= t.x, `side by side: ${JSON.stringify([a, t])}`);
      await page.waitForTimeout(600); // let the smooth scroll settle before the picture
      await shot('twins-feed-start-day');
      await panel('Ada').getByTestId('feed-start-left').click();
      await panel('Ada').getByTestId('feed-timer').waitFor();
      await panel('Tom').getByTestId('feed-start-right').click();
      await panel('Tom').getByTestId('feed-timer').waitFor();
      assert.equal(await panel('Ada').getByTestId('feed-side').textContent(), 'left');
      assert.equal(await panel('Tom').getByTestId('feed-side').textContent(), 'right');
      for (const name of ['Ada', 'Tom']) {
        const live = (await apiIn(page, 'GET', `/api/vega/live?child=${ids[name]}`)).body;
        assert.ok(live.feeding, `${name} is feeding`);
      }
      // Both tick.
      const before = [await panel('Ada').getByTestId('feed-timer').textContent(), await panel('Tom').getByTestId('feed-timer').textContent()];
      await page.waitForTimeout(2100);
      assert.notEqual(await panel('Ada').getByTestId('feed-timer').textContent(), before[0]);
      assert.notEqual(await panel('Tom').getByTestId('feed-timer').textContent(), before[1]);
      await page.getByTestId('child-card').filter({ hasText: 'Tom' }).getByText(/Feeding \d{2}:\d{2}/).waitFor();
      assert.deepEqual(await smallControls(), []);
      assert.equal(await overflow(), 0);
      await panel('Tom').scrollIntoViewIfNeeded();
      await shot('twins-feeding-day');

      await panel('Ada').getByTestId('feed-stop').click();
      await toast(/^Breastfeed · left · \d+ min logged for Ada at/);
      await panel('Ada').waitFor({ state: 'detached' });
      // Tom's timer carries on alone, at full width.
      await panel('Tom').getByTestId('feed-timer').waitFor();
      await panel('Tom').getByTestId('feed-stop').click();
      await toast(/^Breastfeed · right · \d+ min logged for Tom at/);
      await panel('Tom').waitFor({ state: 'detached' });
      for (const [name, side] of [['Ada', 'left'], ['Tom', 'right']]) {
        const feeds = (await today(name)).filter((e) => e.type === 'milk');
        assert.equal(feeds.length, 1, name);
        assert.equal(feeds[0].side, side);
        assert.equal(feeds[0].child_id, ids[name]);
      }
    });

    test("Undo removes the entry it announced, not a later one another caregiver made for the other twin", async () => {
      await page.getByTestId('log-for-one').click();
      assert.equal(await page.getByTestId('log-for-one').getAttribute('aria-pressed'), 'true');
      await page.getByTestId('btn-nappy-wet').click();
      await toast(/^Nappy: wet logged for Ada at/);
      const mine = (await nappies('Ada', 'wet'))[0];
      assert.ok(mine);
      // Meanwhile another caregiver logs for Tom (the family's most recent log now).
      const other = await apiIn(page, 'POST', '/api/vega/log', { type: 'nappy', kind: 'dirty', child: ids.Tom });
      assert.equal(other.status, 200);
      await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
      await toast(/^Undone: Nappy: wet for Ada at/);
      assert.equal((await nappies('Ada', 'wet')).length, 0, 'the announced entry is gone');
      assert.deepEqual((await nappies('Tom', 'dirty')).map((e) => e.id), [other.body.event.id], "the other caregiver's later entry stays");
    });

    test('a log queued offline for Tom is sent for Tom, even with Ada on screen by then', async () => {
      await page.getByTestId('switch-Tom').click();
      await page.getByTestId('brand').getByText('Tom', { exact: true }).waitFor();
      await page.getByTestId('child-card').first().waitFor();
      const before = (await nappies('Tom', 'wet')).length;
      await ctx.setOffline(true);
      try {
        await page.getByTestId('btn-nappy-wet').click();
        await toast(/Nappy: wet for Tom at .*saved on this phone/);
        assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]')[0]?.body?.child), ids.Tom);
        await page.getByTestId('switch-Ada').click();
        await page.getByTestId('brand').getByText('Ada', { exact: true }).waitFor();
      } finally {
        await ctx.setOffline(false);
      }
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('pending-logs') ?? '[]').length === 0, null, { timeout: 40_000 });
      assert.equal((await nappies('Tom', 'wet')).length, before + 1);
      assert.equal((await nappies('Ada', 'wet')).length, 0);
    });

    test('screenshots: the switcher, settings and the timeline by day', async () => {
      await page.goto(base + '/timeline');
      await page.getByTestId('event').first().waitFor();
      assert.equal(await overflow(), 0);
      await shot('twins-timeline-day');
      await page.goto(base + '/settings');
      await page.getByTestId('child-row').first().waitFor();
      await page.getByTestId('children-section').scrollIntoViewIfNeeded();
      assert.deepEqual(await smallControls('[data-testid=children-section]'), []);
      assert.deepEqual(await smallControls('[data-testid=child-switcher]'), []);
      await shot('twins-settings-day');
      // The report, CSV and import say whose they are.
      assert.match((await page.getByTestId('transfer-child').textContent()) ?? '', /^For Ada:/);
      assert.deepEqual(await axeSerious(page), []);
      await page.evaluate(() => scrollTo(0, 0));
      await page.locator('header.topbar').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, `twins-switcher-day-${d.name}.png`), clip: { x: 0, y: 0, width: PHONE.width, height: 140 } });
    });

    test('night: twins home, the feed timers, settings and the timeline stay red and amber', async () => {
      await page.goto(base + '/');
      await page.getByTestId('child-card').first().waitFor();
      await page.locator('#night-toggle').click();
      await page.waitForTimeout(200);
      await page.getByTestId('log-for-all').click();
      assert.deepEqual(await coldColours(), []);
      await shot('twins-home-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.getByTestId('btn-breastfeed').click();
      const panel = (name: string) => page.locator(`[data-testid=feed-panel][data-child="${name}"]`);
      await panel('Ada').getByTestId('feed-start-right').click();
      await panel('Tom').getByTestId('feed-start-left').click();
      await panel('Tom').getByTestId('feed-timer').waitFor();
      await panel('Ada').getByTestId('feed-timer').waitFor();
      await panel('Tom').scrollIntoViewIfNeeded();
      assert.deepEqual(await coldColours(), []);
      await shot('twins-feeding-night');
      assert.deepEqual(await axeSerious(page), []);
      // Cancelled, the panels go back to Left and Right (the sheet is still open) until closed.
      await panel('Ada').getByTestId('feed-cancel').click();
      await panel('Ada').getByTestId('feed-start-left').waitFor();
      await panel('Tom').getByTestId('feed-cancel').click();
      await panel('Tom').getByTestId('feed-start-left').waitFor();
      await page.getByTestId('btn-breastfeed').click();
      await panel('Tom').waitFor({ state: 'detached' });
      await page.goto(base + '/timeline');
      await page.getByTestId('event').first().waitFor();
      assert.deepEqual(await coldColours(), []);
      await shot('twins-timeline-night');
      await page.goto(base + '/settings');
      await page.getByTestId('children-section').scrollIntoViewIfNeeded();
      // (The rest of settings predates this: its danger buttons use the night palette's bright error colour.)
      assert.deepEqual(await coldColours('[data-testid=children-section]'), []);
      assert.deepEqual(await coldColours('header'), []);
      assert.deepEqual(await coldColours('[data-testid=child-switcher]'), []);
      await shot('twins-settings-night');
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: join(ARTIFACTS, `twins-switcher-night-${d.name}.png`), clip: { x: 0, y: 0, width: PHONE.width, height: 140 } });
      assert.deepEqual(await axeSerious(page), []);
      await page.locator('#night-toggle').click();
    });

    test('settings: delete a child added by mistake; archive Tom (he leaves the switcher), bring him back, make him primary', async () => {
      await page.goto(base + '/settings');
      await page.getByTestId('add-child').click();
      await page.fill('#child-new-name', 'Mia');
      await page.fill('#child-new-dob', dob);
      await page.getByRole('button', { name: 'Add child' }).click();
      const mia = page.getByTestId('child-row').filter({ hasText: 'Mia' });
      await mia.waitFor();
      await page.getByTestId('switch-Mia').waitFor();
      await mia.getByRole('button', { name: 'Delete Mia' }).click();
      await mia.getByRole('button', { name: 'Really delete Mia?' }).click();
      await mia.waitFor({ state: 'detached' });
      await page.getByTestId('switch-Mia').waitFor({ state: 'detached' });

      // A child with entries can't be deleted: the server's reason, in words.
      const tom = page.getByTestId('child-row').filter({ hasText: 'Tom' });
      await tom.getByRole('button', { name: 'Delete Tom' }).click();
      await tom.getByRole('button', { name: 'Really delete Tom?' }).click();
      await page.locator('[data-testid=children-section] .error').getByText(/Tom has entries in the log.*archive Tom instead/).waitFor();

      // Tom on screen, then archived: the app falls back to the primary child, no switcher.
      await page.getByTestId('switch-Tom').click();
      await page.getByTestId('brand').getByText('Tom', { exact: true }).waitFor();
      await tom.getByRole('button', { name: 'Archive' }).click();
      await tom.getByText('archived').waitFor();
      await page.getByText('Tom is archived: their history stays, and they leave the switcher.').waitFor();
      await page.getByTestId('child-switcher').waitFor({ state: 'detached' });
      await page.getByTestId('brand').getByText('Ada', { exact: true }).waitFor();
      await page.goto(base + '/');
      await page.getByTestId('live-status').waitFor();
      assert.equal(await page.getByTestId('log-for').count(), 0, 'one active child: the one-child home');
      assert.equal(await page.getByTestId('child-card').count(), 0);

      await page.goto(base + '/settings');
      await tom.getByRole('button', { name: 'Bring back' }).click();
      await page.getByTestId('child-switcher').waitFor();
      await tom.getByRole('button', { name: 'Make primary' }).click();
      await tom.getByText('primary', { exact: true }).waitFor();
      const list = (await apiIn(page, 'GET', '/api/vega/children')).body.children;
      assert.deepEqual(list.map((c: any) => [c.baby_name, c.primary, c.archived]), [['Ada', false, false], ['Tom', true, false]]);
      // Editing a name: the switcher and the list say the new one.
      await page.getByRole('button', { name: 'Edit Tom' }).click();
      await page.fill(`#child-${ids.Tom}-name`, 'Thomas');
      await page.getByTestId('child-edit').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('switch-Thomas').waitFor();
      await page.getByTestId('child-row').filter({ hasText: 'Thomas' }).waitFor();
    });
  });
}
