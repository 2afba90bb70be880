// Browser-test plumbing: Debian's chromium (never a downloaded browser), the real server as a
// child process on a throwaway in-memory database, and a fresh web build when the sources
// changed since the last one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_HASH_COST } from '../helpers/app.ts';
import { testDatabases, type TestDatabase } from '../helpers/databases.ts';
import type { FakeTime } from './fake-time.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export const PHONE = { width: 360, height: 780 };
const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

export const chromiumMissing: string | false = existsSync(CHROMIUM)
  ? false
  : `no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) to run the browser tests`;

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/** Builds web/dist when it is missing or older than web/src, web/public or web/index.html. */
export function ensureWebBuild(): void {
  const built = join(ROOT, 'web/dist/index.html');
  const src = Math.max(newest(join(ROOT, 'web/src')), newest(join(ROOT, 'web/public')), statSync(join(ROOT, 'web/index.html')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= src) return;
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/**
 * The databases the browser suites run on: SQLite only. They test the web app, and every route
 * it calls runs on both databases in the API suites (test/api); newborn.test.ts keeps a
 * PostgreSQL run of the newborn loop as a smoke test of the whole stack on that store.
 */
export function browserDatabases(): TestDatabase[] {
  return testDatabases().filter((d) => d.name === 'sqlite');
}

export interface Server {
  url: string;
  /** Everything the server printed, for diagnosing a failure (also written to test-artifacts/). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx src/main.ts` on a free port and an in-memory database; with `time`,
 * the server's clock is that suite's fake time (server-clock.ts), moved by time.advance().
 */
export function startServer(env: Record<string, string> = {}, time?: FakeTime): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...(time ? ['--import', './test/e2e/server-clock.ts'] : []), 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: TEST_HASH_COST,
      ...(time ? { E2E_CLOCK_OFFSET_MS: String(time.offsetMs) } : {}),
      ...env,
    },
    stdio: time ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  time?.attachServer(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`server did not print its address within 30 s:\n${out}`));
    }, 30000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = out.match(/https?:\/\/[^\s"]+/);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
        resolve({
          url: m[0].replace(/\/$/, ''),
          output: () => out,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5000).unref();
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Runs axe-core on the page; returns the serious and critical violations, readably. */
export async function axeSerious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated over the devtools protocol: the app's CSP (script-src 'self') rightly refuses
    // an injected <script> tag, and the scan should see the page under its real CSP.
    await page.evaluate(AXE_SOURCE);
  }
  const violations: any[] = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
}

/** A same-origin API call made from the page, with its session cookie. */
export function apiIn(p: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return p.evaluate(
    async ([m, u, b]) => {
      const r = await fetch(u as string, {
        method: m as string,
        credentials: 'same-origin',
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

/**
 * Signs a new family up through the web app's own form (a 60-day-old girl called Ada unless told
 * otherwise) and waits for home; the page is then signed in as its first caregiver.
 */
export async function signUpInBrowser(page: Page, base: string, o: { email: string; username?: string; baby?: string; dob?: string }): Promise<void> {
  await page.goto(base + '/signup');
  await page.fill('#f-email', o.email);
  await page.fill('#f-password', 'a-hard-week');
  await page.fill('#f-username', o.username ?? 'mum');
  await page.fill('#f-baby_name', o.baby ?? 'Ada');
  await page.fill('#f-dob', o.dob ?? new Date(Date.now() - 60 * 86400000).toISOString().slice(0, 10));
  await page.selectOption('#f-gender', 'girl');
  await page.getByRole('button', { name: 'Create family' }).click();
  await page.waitForURL(base + '/');
  await page.getByTestId('live-status').waitFor();
}

/** Visible controls smaller than 44×44 in `within` (the skip link waits off-screen until focused). */
export function smallControls(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelector(sel)!.querySelectorAll('button, a[href], input, select')]
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.right > 0 && (r.height < 44 || r.width < 44))
        .map(({ el, r }) => `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 20)} ${Math.round(r.width)}×${Math.round(r.height)}`),
    within,
  );
}

/** How far the page is wider than the phone (a page that scrolls sideways when > 0). */
export function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Colours with blue light or near white in `within` (and the element itself with `withRoot`) at night (the night-mode rule of issue 12). */
export function coldColours(page: Page, within = 'body', withRoot = false): Promise<string[]> {
  return page.evaluate(([sel, self]) => {
    const out: string[] = [];
    const root = document.querySelector<HTMLElement>(sel)!;
    for (const el of [...(self ? [root] : []), ...root.querySelectorAll<HTMLElement>('*')]) {
      for (const c of [getComputedStyle(el).color, getComputedStyle(el).backgroundColor, getComputedStyle(el).borderTopColor]) {
        const m = c.match(/\d+/g)?.map(Number);
        if (m && m.length >= 3 && (m[3] ?? 1) !== 0 && (m[2] > m[0] || Math.max(m[0], m[1], m[2]) > 245)) out.push(`${el.tagName}.${el.className}: ${c}`);
      }
    }
    return out;
  }, [within, withRoot] as const);
}
