// The rest of a baby's day in a 360×780 phone, on SQLite (issue 26, the web app):
// home keeps its nine buttons and gains one "More" under them; its sheet logs a temperature, a
// medicine and tummy time, which show in the timeline and on the live card (with the urgent
// fever alert first on home for a 6-week-old at 38.2 °C); a second dose sooner than the
// family's own 4-hour setting is logged and the API's warning stays on screen; settings keeps
// the family's medicines; the timeline shows every type's summary whole, whoever logged it;
// the growth page has the head-circumference chart on WHO's lines; an imperial family types °F.
// Screenshots, day and night, go to test-artifacts/ (docs/web-app.md, Tests).
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
  describe(`more types in the browser [${d.name}]`, { skip: chromiumMissing || d.skip, concurrency: false }, () => {
    let db: ProvisionedDb;
    let server: Server;
    let browser: Browser;
    let ctx: BrowserContext;
    let page: Page;
    let base: string;
    let time: FakeTime;
    const stamp = `${Date.now()}.${d.name}`;
    // Six weeks old: 38.2 °C raises the urgent alert (38 °C or more under 3 months).
    const dob = new Date(Date.now() - 42 * 86400000).toISOString().slice(0, 10);
    // A long name: the author must yield to the summary in a timeline row.
    const USER = 'grandma.margaret';
    const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });
    const toast = (text: string | RegExp) => page.locator('.toast-text', { hasText: text }).waitFor();
    const today = async () => ((await apiIn(page, 'GET', '/api/vega/today')).body.events ?? []) as any[];
    const live = async () => (await apiIn(page, 'GET', '/api/vega/live')).body;
    const smallControls = (within = 'body') => smallControlsIn(page, within);
    const overflow = () => overflowOf(page);
    const coldColours = (within = 'body') => coldColoursIn(page, within);
    /** Timeline summaries cut short (an ellipsis, or text wider than its box). */
    const cutSummaries = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid=event-summary]')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
          .map((el) => el.textContent));
    const openMore = async (type: string) => {
      if ((await page.getByTestId('more-sheet').count()) === 0) await page.getByTestId('btn-more').click();
      await page.getByTestId(`more-${type}`).click();
      await page.getByTestId(`more-form-${type}`).waitFor();
    };
    /** The More sheet at the top of the screen, under the top bar, once its own smooth scroll is over. */
    const sheetAtTop = async () => {
      await page.waitForTimeout(600);
      await page.getByTestId('more-sheet').evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
    };
    /**
     * The live card alone, whole: it is taller than the room between the top bar and the tab bar
     * on a 360×780 phone, so it is pictured in a taller window of the same width.
     */
    const liveCardShot = async (name: string) => {
      await page.setViewportSize({ width: PHONE.width, height: 1400 });
      await page.getByTestId('live-status').evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      await page.getByTestId('live-status').screenshot({ path: join(ARTIFACTS, `${name}-${d.name}.png`) });
      await page.setViewportSize(PHONE);
    };
    const goHome = async () => {
      await page.goto(base + '/');
      await page.getByTestId('live-status').waitFor();
    };

    before(async () => {
      // The suite logs and reads "today" for a few minutes: it starts clear of a local midnight,
      // and its server and browser share that time (fake-time.ts).
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
      await page.fill('#f-email', `more.${stamp}@example.com`);
      await page.fill('#f-password', 'a-hard-week');
      await page.fill('#f-username', USER);
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
      if (server) writeFileSync(join(ARTIFACTS, `server-more-types-${d.name}.log`), server.output());
      await db?.drop();
    });

    test('home keeps its nine buttons above the tab bar; one More button under them opens six types', async () => {
      for (const id of ['btn-breastfeed', 'btn-bottle', 'btn-sleep', 'btn-nappy-wet', 'btn-nappy-dirty', 'btn-nappy-both', 'btn-solid', 'btn-supplement', 'btn-measure']) {
        const box = await page.getByTestId(id).boundingBox();
        assert.ok(box && box.y + box.height <= PHONE.height - 56, `${id} is above the tab bar`);
      }
      const more = await page.getByTestId('btn-more').boundingBox();
      const measure = await page.getByTestId('btn-measure').boundingBox();
      assert.ok(more && measure && more.y >= measure.y + measure.height, 'More is under the nine');
      assert.ok(more!.width > 300, 'More spans the row');
      await page.getByTestId('btn-more').click();
      await page.getByTestId('more-sheet').waitFor();
      assert.equal(await page.getByTestId('btn-more').getAttribute('aria-expanded'), 'true');
      for (const t of ['temperature', 'medicine', 'pumping', 'head_circumference', 'activity', 'milestone']) {
        const box = await page.getByTestId(`more-${t}`).boundingBox();
        assert.ok(box && box.height >= 60 && box.width >= 90, `${t} is a big target: ${JSON.stringify(box)}`);
      }
      await page.getByTestId('more-temperature').click();
      await page.getByTestId('more-form-temperature').waitFor();
      assert.deepEqual(await smallControls('[data-testid=more-sheet]'), []);
      assert.equal(await overflow(), 0);
      await page.waitForTimeout(500); // the sheet scrolls into view
      await shot('more-sheet-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test("settings: an admin keeps Calpol's settings from the packet; the page says the app never suggests them", async () => {
      await page.goto(base + '/settings');
      const section = page.getByTestId('medicines-section');
      await section.waitFor();
      assert.match((await section.textContent()) ?? '', /never suggests these numbers or an amount/);
      await page.getByTestId('add-medicine').click();
      await page.fill('#med-new-name', 'Calpol');
      await page.fill('#med-new-hours', '0');
      await page.getByRole('button', { name: 'Add medicine' }).click();
      await page.locator('#med-new-hours-err').getByText('Enter hours above 0 and up to 168, or leave it empty.').waitFor();
      await page.fill('#med-new-hours', '4');
      await page.fill('#med-new-most', '4');
      await page.getByRole('button', { name: 'Add medicine' }).click();
      const row = page.getByTestId('medicine-row').filter({ hasText: 'Calpol' });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /at least 4 hours between doses, at most 4 doses in 24 hours/);
      // A second one, then changed, then removed (two taps).
      await page.getByTestId('add-medicine').click();
      await page.fill('#med-new-name', 'Ibuprofen');
      await page.fill('#med-new-hours', '6');
      await page.getByRole('button', { name: 'Add medicine' }).click();
      const ibu = page.getByTestId('medicine-row').filter({ hasText: 'Ibuprofen' });
      await ibu.getByText(/at least 6 hours/).waitFor();
      await ibu.getByRole('button', { name: 'Edit Ibuprofen' }).click();
      await page.fill('#med-Ibuprofen-most', '3');
      await ibu.getByRole('button', { name: 'Save' }).click();
      await ibu.getByText(/at most 3 doses in 24 hours/).waitFor();
      const saved = (await apiIn(page, 'GET', '/api/vega/medicines')).body.medicines;
      assert.deepEqual(saved, [{ name: 'Calpol', min_hours: 4, max_per_24h: 4 }, { name: 'Ibuprofen', min_hours: 6, max_per_24h: 3 }]);
      await ibu.getByRole('button', { name: 'Remove Ibuprofen' }).click();
      await ibu.getByRole('button', { name: 'Really remove Ibuprofen?' }).click();
      await ibu.waitFor({ state: 'detached' });
      await page.getByText('Ibuprofen removed. Doses already logged stay in the log.').waitFor();
      await section.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      assert.deepEqual(await smallControls('[data-testid=medicines-section]'), []);
      assert.equal(await overflow(), 0);
      await shot('medicines-settings-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test('a temperature of 38.2 °C from More: the timeline, the live card, and the urgent alert first on home', async () => {
      await goHome();
      await openMore('temperature');
      // Out of range: said by the field, nothing sent.
      await page.fill('#more-temp', '45');
      await page.locator('#more-temp-err').getByText(/from 34\.0 to 43\.0 °C/).waitFor();
      assert.equal(await page.getByTestId('log-temperature').isDisabled(), true);
      await page.fill('#more-temp', '38.2');
      await page.getByTestId('temp-method-ear').click();
      await page.getByTestId('log-temperature').click();
      await toast(/^Temperature 38\.2 °C · ear logged at \d{2}:\d{2}$/);
      const [t] = (await today()).filter((e) => e.type === 'temperature');
      assert.equal(t.celsius, 38.2);
      assert.equal(t.method, 'ear');
      // The urgent alert is the first thing on home, above the buttons, in the server's words.
      const alert = page.getByTestId('urgent-alert');
      await alert.waitFor();
      const l = await live();
      assert.equal(l.alert_level, 'urgent');
      assert.equal((await alert.textContent())?.trim(), l.alert_msg);
      const [a, b] = [await alert.boundingBox(), await page.getByTestId('btn-breastfeed').boundingBox()];
      assert.ok(a && b && a.y + a.height <= b.y, 'the alert is above the buttons');
      assert.equal(await page.getByTestId('alert').count(), 0, 'said once, not again in the live card');
      // The live card: the reading, how it was taken and when.
      const card = page.getByTestId('live-status');
      await card.getByText('38.2 °C', { exact: true }).waitFor();
      assert.match((await card.textContent()) ?? '', /Temperature38\.2 °C.*ear · \d{2}:\d{2}/);
      await page.evaluate(() => scrollTo(0, 0));
      await shot('urgent-home-day');
    });

    test('a medicine from More: the saved name is one tap; a second dose too soon is logged with the API’s warning kept on screen', async () => {
      await goHome();
      await openMore('medicine');
      await page.getByTestId('med-saved').getByRole('button', { name: 'Calpol' }).click();
      assert.equal(await page.inputValue('#more-med-name'), 'Calpol');
      assert.equal(await page.inputValue('#more-med-amount'), '', 'the amount is never filled in');
      await page.getByTestId('med-last').getByText('Your setting: at least 4 hours between doses, at most 4 doses in 24 hours.').waitFor();
      await page.fill('#more-med-amount', '2.5');
      await page.getByRole('alert').getByText('Pick the unit of the amount.').waitFor();
      await page.getByTestId('med-unit-ml').click();
      // The first dose was given half an hour ago.
      await page.getByRole('button', { name: '30 min ago' }).click();
      await page.getByTestId('log-medicine').click();
      await toast(/^Calpol 2\.5 ml logged at \d{2}:\d{2}$/);
      assert.equal(await page.getByTestId('toast-warning').count(), 0);
      // The next dose, now: too soon by the family's own setting. Logged all the same.
      await openMore('medicine');
      await page.getByTestId('med-saved').getByRole('button', { name: 'Calpol' }).click();
      await page.getByTestId('med-last').getByText(/Last given at \d{2}:\d{2} by grandma\.margaret \(2\.5 ml\) · 1 dose in 24 h · not before \d{2}:\d{2} by your setting/).waitFor();
      await page.fill('#more-med-amount', '2.5');
      await page.getByTestId('med-unit-ml').click();
      await sheetAtTop();
      await shot('more-medicine-day');
      await page.getByTestId('log-medicine').click();
      await toast(/^Calpol 2\.5 ml logged at/);
      const warning = page.getByTestId('toast-warning');
      await warning.waitFor();
      await shot('medicine-warning-day');
      assert.match((await warning.textContent()) ?? '', /Calpol was last given at \d{2}:\d{2} by grandma\.margaret \(2\.5 ml\), 3\d min before this dose; your setting for Calpol is at least 4 hours between doses/);
      const doses = (await today()).filter((e) => e.type === 'medicine');
      assert.equal(doses.length, 2, 'nothing blocked');
      assert.deepEqual(doses.map((e) => [e.medicine, e.amount, e.unit]), [['Calpol', 2.5, 'ml'], ['Calpol', 2.5, 'ml']]);
      // The warning stays until dismissed (the next caregiver's decision depends on it).
      await time.advance(8500);
      assert.equal(await warning.count(), 1, 'still there after 8 s');
      await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).click();
      // The live card: what was given, when, by whom, and not before when by the family's setting.
      const meds = page.getByTestId('live-medicines');
      await meds.waitFor();
      const text = (await meds.textContent()) ?? '';
      assert.match(text, /Calpol 2\.5 ml/);
      assert.match(text, /\d{2}:\d{2} by grandma\.margaret · 2 of 4 doses in 24 h/);
      assert.match(text, /Not before \d{2}:\d{2} by your setting/);
      const l = await live();
      assert.equal(l.medicines[0].not_before, /Not before (\d{2}:\d{2})/.exec(text)![1]);
    });

    test('tummy time from More: the timeline and the live card count it against 30 minutes', async () => {
      await goHome();
      await openMore('activity');
      await page.getByTestId('activity-tummy_time').click();
      await page.getByTestId('activity-min-10').click();
      assert.deepEqual(await smallControls('[data-testid=more-sheet]'), []);
      await sheetAtTop();
      await shot('more-activity-day');
      await page.getByTestId('log-activity').click();
      await toast(/^Tummy time · 10 min logged at/);
      const [a] = (await today()).filter((e) => e.type === 'activity');
      assert.deepEqual([a.kind, a.duration_min], ['tummy_time', 10]);
      const card = page.getByTestId('live-status');
      await card.getByText('10 / 30 min').waitFor();
      assert.equal((await live()).tummy_time.minutes_today, 10);
    });

    test('pumping, a head circumference and a milestone from More', async () => {
      await openMore('pumping');
      await page.fill('#more-pump', '120');
      await page.getByTestId('pump-side-left').click();
      await page.fill('#more-pump-min', '15');
      await page.getByTestId('log-pumping').click();
      await toast(/^Pumped 120 ml · left · 15 min logged at/);
      await openMore('head_circumference');
      await page.fill('#more-head', '38.4');
      await page.getByTestId('log-head').click();
      await toast(/^Head circumference 38\.4 cm logged at/);
      await openMore('milestone');
      await page.getByRole('button', { name: 'first smile' }).click();
      await page.getByTestId('log-milestone').click();
      await toast(/^Milestone: first smile logged at/);
      const events = await today();
      assert.deepEqual(events.filter((e) => e.type === 'pumping').map((e) => [e.ml, e.side, e.duration_min]), [[120, 'left', 15]]);
      assert.deepEqual(events.filter((e) => e.type === 'head_circumference').map((e) => e.cm), [38.4]);
      assert.deepEqual(events.filter((e) => e.type === 'milestone').map((e) => e.title), ['first smile']);
      // The live card with everything: the temperature, the medicines and tummy time.
      await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).click();
      await page.getByTestId('live-status').scrollIntoViewIfNeeded();
      assert.equal(await overflow(), 0);
      await liveCardShot('live-card-day');
      assert.deepEqual(await axeSerious(page), []);
    });

    test('the timeline: every type with its icon and its summary whole at 360 px, the author under it', async () => {
      // The seed's types too, through the API: the breastfeed that read "Breastfeed · bo…" before.
      const ts = (await live()).now.slice(0, 16);
      const log = (body: Record<string, unknown>) => apiIn(page, 'POST', '/api/vega/log', { ts: `${ts}:00`, ...body });
      for (const body of [
        { type: 'milk', ml: 0, side: 'both', duration_min: 16 },
        { type: 'milk', ml: 120 },
        { type: 'nappy', kind: 'both' },
        { type: 'supplement', kind: 'vitd', ug: 10 },
        { type: 'weight', kg: 4.6 },
        { type: 'sleep' },
        { type: 'note', note: 'A little warm after her bath, otherwise happy and feeding well all afternoon.' },
      ]) assert.equal((await log(body)).status, 200);
      await page.goto(base + '/timeline');
      await page.locator('[data-testid=event][data-type=milestone]').waitFor();
      const rows = page.getByTestId('event');
      // (Numbers and their units are held together with no-break spaces.)
      const summaries = (await page.getByTestId('event-summary').allTextContents()).map((t) => t.replace(/\u00a0/g, ' '));
      for (const s of [
        'Breastfeed · both sides · 16 min', 'Bottle 120 ml', 'Temperature 38.2 °C · ear', 'Calpol 2.5 ml', 'Tummy time · 10 min',
        'Pumped 120 ml · left · 15 min', 'Head circumference 38.4 cm', 'Milestone: first smile', 'Nappy: both', 'Vitamin D 10 µg', 'Weight 4.6 kg',
      ]) assert.ok(summaries.includes(s), `"${s}" in ${JSON.stringify(summaries)}`);
      assert.deepEqual(await cutSummaries(), [], 'no summary is cut');
      // Each row's icon, and the author under the summary.
      const icons = await page.$$eval('[data-testid=event] .event-icon svg path', (ps) => ps.map((p) => p.getAttribute('d')));
      assert.equal(icons.length, await rows.count());
      const feed = rows.filter({ hasText: 'Breastfeed · both sides · 16 min' });
      assert.equal(await feed.getByTestId('event-by').textContent(), USER);
      const [sum, by] = [await feed.getByTestId('event-summary').boundingBox(), await feed.getByTestId('event-by').boundingBox()];
      assert.ok(sum && by && by.y >= sum.y + sum.height - 1, 'the author is under the summary');
      assert.ok(sum!.height < 24, `"Breastfeed · both sides · 16 min" is one line at 360 px (${sum!.height} px high)`);
      // Edit a temperature: the reading is corrected in place.
      const temp = rows.filter({ hasText: 'Temperature 38.2 °C' });
      await temp.getByTestId('event-head').click();
      await temp.getByRole('button', { name: /^Edit Temperature/ }).click();
      const tempId = await temp.getAttribute('data-id');
      await page.fill(`#edit-${tempId}-celsius`, '38.3');
      await temp.getByRole('button', { name: 'Save' }).click();
      await rows.filter({ hasText: 'Temperature 38.3 °C · ear' }).waitFor();
      assert.equal((await today()).find((e) => e.id === tempId)?.celsius, 38.3);
      assert.equal(await overflow(), 0);
      assert.match((await page.locator('main p.muted.small').first().textContent()) ?? '', /pumped 120 ml · 2 medicines · 1 temperature · tummy time 10 min/);
      await page.evaluate(() => scrollTo(0, 0));
      await shot('timeline-more-day');
      // Every row, for looking at: the whole page.
      await page.screenshot({ path: join(ARTIFACTS, `timeline-more-full-day-${d.name}.png`), fullPage: true });
      assert.deepEqual(await axeSerious(page), []);
    });

    test('growth: the head circumference on the WHO head-circumference-for-age lines', async () => {
      await page.goto(base + '/growth');
      const chart = page.locator('figure', { hasText: 'Head circumference for age (cm, age in months)' });
      await chart.waitFor();
      await chart.locator('canvas').waitFor();
      assert.match((await chart.locator('[role=img]').getAttribute('aria-label')) ?? '', /Head circumference: latest 38\.4/);
      await page.getByText(/Head 38\.4\scm/).waitFor();
      assert.equal(await overflow(), 0);
      await chart.scrollIntoViewIfNeeded();
      await shot('head-chart-day');
    });

    test('the report lists temperatures, medicines given and milestones for the day', async () => {
      const day = (await live()).now.slice(0, 10);
      await page.goto(`${base}/report?from=${day}&to=${day}`);
      const table = page.getByTestId('report-health');
      await table.waitFor();
      const text = (await table.textContent()) ?? '';
      assert.match(text, /38\.3 °C \/ 100\.9 °F \(ear\)/);
      assert.match(text, /Calpol 2\.5 ml \(grandma\.margaret\)/);
      assert.match(text, /first smile/);
      await page.getByRole('cell', { name: 'Head circumference', exact: true }).waitFor();
    });

    test('night: the More sheet, the live card, the timeline, the medicines and the head chart stay red and amber', async () => {
      await goHome();
      await page.locator('#night-toggle').click();
      await page.waitForTimeout(200);
      await page.evaluate(() => scrollTo(0, 0));
      await page.getByTestId('urgent-alert').waitFor();
      assert.deepEqual(await coldColours('main'), []);
      await shot('urgent-home-night');
      await openMore('medicine');
      await page.getByTestId('med-saved').getByRole('button', { name: 'Calpol' }).click();
      await page.getByTestId('med-last').waitFor();
      await page.waitForTimeout(500);
      assert.deepEqual(await coldColours('[data-testid=more-sheet]'), []);
      await shot('more-sheet-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.getByTestId('btn-more').click();
      await page.getByTestId('more-sheet').waitFor({ state: 'detached' });
      await page.getByTestId('live-status').scrollIntoViewIfNeeded();
      assert.deepEqual(await coldColours('[data-testid=live-status]'), []);
      await liveCardShot('live-card-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.goto(base + '/timeline');
      await page.locator('[data-testid=event][data-type=milestone]').waitFor();
      assert.deepEqual(await coldColours('main'), []);
      assert.deepEqual(await cutSummaries(), []);
      await shot('timeline-more-night');
      await page.screenshot({ path: join(ARTIFACTS, `timeline-more-full-night-${d.name}.png`), fullPage: true });
      assert.deepEqual(await axeSerious(page), []);
      await page.goto(base + '/settings');
      await page.getByTestId('medicine-row').first().waitFor();
      await page.getByTestId('medicines-section').evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 64));
      assert.deepEqual(await coldColours('[data-testid=medicines-section]'), []);
      await shot('medicines-settings-night');
      await page.goto(base + '/growth');
      const chart = page.locator('figure', { hasText: 'Head circumference for age' });
      await chart.locator('canvas').waitFor();
      await chart.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shot('head-chart-night');
      assert.deepEqual(await axeSerious(page), []);
      await page.locator('#night-toggle').click();
    });

    test('an imperial family types °F, fl oz and inches; the API stores °C, ml and cm', async () => {
      assert.equal((await apiIn(page, 'POST', '/api/vega/profile', { units: 'imperial' })).status, 200);
      await page.goto(base + '/');
      await page.getByTestId('live-status').waitFor();
      await openMore('temperature');
      await page.getByText('Temperature (°F)').waitFor();
      await page.fill('#more-temp', '100.4');
      await page.getByTestId('log-temperature').click();
      await toast(/^Temperature 100\.4 °F logged at/);
      const temps = (await today()).filter((e) => e.type === 'temperature');
      assert.deepEqual([temps.at(-1).celsius, temps.at(-1).fahrenheit], [38, 100.4]);
      await page.getByTestId('live-status').getByText('100.4 °F', { exact: true }).waitFor();
      await openMore('pumping');
      await page.fill('#more-pump', '4');
      await page.getByText('= 118 ml').waitFor();
      await page.getByTestId('log-pumping').click();
      await toast(/^Pumped 118 ml/);
      await openMore('head_circumference');
      await page.fill('#more-head', '15.2');
      await page.getByTestId('log-head').click();
      await toast(/^Head circumference 15\.2 in logged at/);
      const events = await today();
      assert.equal(events.filter((e) => e.type === 'pumping').at(-1).ml, 118);
      assert.equal(events.filter((e) => e.type === 'head_circumference').at(-1).cm, 38.6);
      assert.equal((await apiIn(page, 'POST', '/api/vega/profile', { units: 'metric' })).status, 200);
    });
  });
}
