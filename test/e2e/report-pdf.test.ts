// The printable report end to end: a fixture fortnight imported into a fresh family, the
// /report page printed to PDF by Chromium on A4 and US Letter, and the PDF's text checked for
// the baby's name and range on every page and the day totals worked out by hand.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ARTIFACTS, axeSerious, chromiumMissing, ensureWebBuild, launch, startServer, type Server } from './harness.ts';
import { fortnightEvents, REPORT_FROM, REPORT_TO } from '../helpers/report-fixture.ts';

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it: any) => ('str' in it ? it.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  return pages;
}

describe('printable report (browser, PDF)', { skip: chromiumMissing, concurrency: false }, () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  const apiIn = (method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([m, u, b]) => {
        const r = await fetch(u as string, { method: m as string, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
        return { status: r.status, body: await r.json().catch(() => null) };
      },
      [method, path, body] as const,
    );

  before(async () => {
    ensureWebBuild();
    server = await startServer();
    browser = await launch();
    page = await (await browser.newContext()).newPage();
    await page.goto(server.url + '/login');
    const signup = await apiIn('POST', '/api/vega/onboard', {
      email: `report.${Date.now()}@example.com`, password: 'correct horse', baby_name: 'Maisie', dob: '2026-05-01', family_name: 'Report family', timezone: 'Europe/London', gender: 'girl',
    });
    assert.equal(signup.status, 200, JSON.stringify(signup.body));
    const imp = await apiIn('POST', '/api/vega/import', { format: 'tracker', data: { events: fortnightEvents() } });
    assert.equal(imp.status, 200, JSON.stringify(imp.body));
    assert.equal(imp.body.skipped.length, 0);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const format of ['A4', 'Letter'] as const) {
    test(`prints to ${format} with the name and range on every page and the day totals`, async () => {
      await page.goto(`${server.url}/report?from=${REPORT_FROM}&to=${REPORT_TO}`);
      await page.locator('[data-testid=report] h1').waitFor();
      assert.equal(await page.locator('nav').count(), 0, 'no navigation chrome');
      assert.deepEqual(await axeSerious(page), [], 'no serious accessibility problems');
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ format, printBackground: false });
      await page.emulateMedia({ media: 'screen' });
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, `report-${format}.pdf`), pdf);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const pages = await pdfPages(pdf);
      assert.ok(pages.length >= 2, 'the fortnight runs onto a second page, which repeats the heading');
      for (const [i, text] of pages.entries()) {
        assert.match(text, /Maisie · born 1 May 2026 · 20 Oct 2026 to 2 Nov 2026/, `page ${i + 1} carries the name and range`);
      }
      const all = pages.join(' ');
      assert.ok(!/Print or save|Back to the app/.test(all), 'the controls are not printed');
      // hand-computed: a usual day is 5 feeds, 3 bottles 420 ml, 2 breastfeeds 35 min, 12 h 30 min asleep, longest 11 h, 2 wet, 2 dirty
      assert.match(all, /Tue 20 Oct 2026 5 3 · 420 ml 2 · 35 min 12 h 30 min 11 h 2 2/);
      // 24 October: the night into the 25-hour day is 12 hours long
      assert.match(all, /Sat 24 Oct 2026 5 3 · 420 ml 2 · 35 min 12 h 30 min 12 h 2 2/);
      // 25 October (25 hours): 13 h 30 min asleep
      assert.match(all, /Sun 25 Oct 2026 5 3 · 420 ml 2 · 35 min 13 h 30 min 11 h 2 2/);
      // 28 October: an extra 90 ml bottle
      assert.match(all, /Wed 28 Oct 2026 6 4 · 510 ml 2 · 35 min 12 h 30 min 11 h 2 2/);
      assert.match(all, /Total 71 5970 ml 28 · 490 min 176 h 28 28/);
      assert.match(all, /fi ?rst peanut butter \(contains peanuts\)/); // pdf.js splits the fi ligature
      assert.match(all, /Saw the health visitor/);
      assert.match(all, /7\.1 kg/);
    });
  }

  test('settings: import shows the dry-run preview before confirming; CSV download and report links', async () => {
    await page.goto(`${server.url}/settings`);
    await page.locator('#transfer-h').waitFor();
    await page.selectOption('#import-format', 'huckleberry');
    await page.setInputFiles('#import-file', new URL('../fixtures/import/huckleberry.csv', import.meta.url).pathname);
    const countEvents = async () => (await apiIn('GET', '/api/vega/export')).body.events.length as number;
    const before = await countEvents();
    await page.click('#import-preview');
    const preview = page.locator('#import-preview-result');
    await preview.waitFor();
    assert.equal(await countEvents(), before, 'the preview saved nothing');
    assert.match((await preview.textContent()) ?? '', /huckleberry\.csv: 8 new events, 0 already in the log, from 2026-11-01 19:30 to 2026-11-02 13:00\./);
    assert.match((await preview.locator('summary').textContent()) ?? '', /3 rows will be skipped/);
    await page.click('#import-confirm');
    await page.getByText('Imported 8 events (0 were already there).').waitFor();
    assert.equal(await countEvents(), before + 8, 'the confirm saved 8');
    // The CSV is about the child on screen (the app names it even when the family has one).
    assert.match((await page.getAttribute('#csv-download', 'href')) ?? '', /^\/api\/vega\/export\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&child=[0-9a-f]{12}$/);
    await page.click('#open-report');
    await page.locator('[data-testid=report] h1').waitFor();
    assert.match((await page.locator('[data-testid=report] h1').textContent()) ?? '', /^Maisie: /);
  });
});
