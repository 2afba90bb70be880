// Account recovery in the browser, on a phone viewport: the admin's "Reset link" in settings,
// then the caregiver's /reset page (two password fields, the error on a used link, "Password
// set — sign in"), signing in with the new password, and no serious accessibility problems.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { PHONE, apiIn, axeSerious, chromiumMissing, ensureWebBuild, launch, startServer, type Server } from './harness.ts';

describe('password reset (browser)', { skip: chromiumMissing, concurrency: false }, () => {
  let server: Server;
  let browser: Browser;
  let base: string;

  before(async () => {
    ensureWebBuild();
    server = await startServer();
    base = server.url;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newPage = async (): Promise<Page> => {
    const c = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London', locale: 'en-GB' });
    const p = await c.newPage();
    await p.goto(base + '/login');
    return p;
  };

  test('an admin makes a link in settings; the caregiver sets a new password with it once', async () => {
    const admin = await newPage();
    const stamp = Date.now();
    const dob = new Date(Date.now() - 100 * 86400000).toISOString().slice(0, 10);
    assert.equal((await apiIn(admin, 'POST', '/api/vega/onboard', { email: `mum.${stamp}@example.com`, password: 'night-feeds', baby_name: 'Ada', dob, username: 'mum' })).status, 200);
    const inv = await apiIn(admin, 'POST', '/api/vega/invite', {});
    const nanny = await newPage();
    const nannyEmail = `nanny.${stamp}@example.com`;
    assert.equal((await apiIn(nanny, 'POST', '/api/vega/join', { code: inv.body.code, email: nannyEmail, password: 'old-password', username: 'nanny' })).status, 200);

    await admin.goto(base + '/settings');
    const row = admin.getByTestId('member').filter({ hasText: 'nanny' });
    await row.getByRole('button', { name: 'Reset link' }).click();
    const box = admin.getByTestId('reset-link');
    await box.getByText('valid for 1 hour, once').waitFor();
    await box.getByRole('button', { name: 'Copy link' }).waitFor();
    const link = new URL(await box.locator('input').inputValue());
    assert.equal(link.pathname, '/reset');
    for (const scheme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme: scheme });
      assert.deepEqual(await axeSerious(admin), [], `settings with a reset link, ${scheme}`);
    }

    const p = await newPage();
    await p.goto(base + link.pathname + link.search);
    await p.getByRole('heading', { name: 'Set a new password' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      assert.deepEqual(await axeSerious(p), [], `/reset, ${scheme}`);
    }
    await p.fill('#f-new_password', 'fresh-start');
    await p.fill('#f-again', 'fresh-typo');
    await p.getByRole('button', { name: 'Set password' }).click();
    await p.locator('#f-again-err').waitFor();
    await p.fill('#f-again', 'fresh-start');
    await p.getByRole('button', { name: 'Set password' }).click();
    await p.getByTestId('reset-done').getByText('Password set — sign in').waitFor();
    assert.equal((await apiIn(nanny, 'GET', '/api/me')).status, 401, "the caregiver's old session ended");

    // The link works once: a second use shows the server's message.
    const again = await newPage();
    await again.goto(base + link.pathname + link.search);
    await again.fill('#f-new_password', 'another-one');
    await again.fill('#f-again', 'another-one');
    await again.getByRole('button', { name: 'Set password' }).click();
    await again.getByText(/reset link is not valid/).waitFor();

    await p.getByRole('link', { name: 'Sign in', exact: true }).click();
    await p.waitForURL(/\/login/);
    await p.fill('#f-email', nannyEmail);
    await p.fill('#f-password', 'fresh-start');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(base + '/');
    assert.equal((await apiIn(p, 'GET', '/api/me')).body.user, 'nanny');
  });
});
