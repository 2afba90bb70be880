// Starts the real application (real database, real HTTP handling through fastify.inject)
// and offers a small client that speaks to it the way an outside caller would.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { connect } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import type { Ctx } from '../../src/services/context.ts';
import { provisionDatabase, type TestDatabase } from './databases.ts';

export interface TestClock {
  now: number;
  advance(ms: number): void;
  set(iso: string): void;
}

/**
 * The clock every test app runs on: it stands still at a fixed moment (so "today", ages and
 * "future" never depend on when the suite runs) and moves only by set() and advance().
 */
export const TEST_NOW = '2026-11-22T12:00:00Z';

export function testClock(start = TEST_NOW): TestClock {
  let now = Date.parse(start);
  return {
    get now() {
      return now;
    },
    advance(ms: number) {
      now += ms;
    },
    set(iso: string) {
      now = Date.parse(iso);
    },
  };
}

/**
 * Password hashes at N=2^10 (1 MiB, about a millisecond) instead of production's 2^17 (128 MiB,
 * ~0.3 s): the suite signs up and signs in hundreds of times. Hashes say their own cost, so
 * nothing else differs; test/api/password-hash-cost.test.ts keeps the production cost.
 */
export const TEST_HASH_COST = '10';

/** The configuration of a test app or test server process: env over the test defaults. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_URL: 'http://tracker.test', PASSWORD_HASH_COST: TEST_HASH_COST, ...env });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: Ctx;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export async function startApp(db: TestDatabase['name'], env: Record<string, string> = {}): Promise<TestApp> {
  const provisioned = await provisionDatabase(db, 'current');
  const config = testConfig({ ...env, DATABASE_URL: provisioned.url });
  const handle = connect(config.databaseUrl);
  await migrate(handle);
  const clock = testClock();
  const ctx: Ctx = { db: handle, config, clock: () => clock.now };
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    clock,
    config,
    close: async () => {
      await app.close();
      await handle.close();
      await provisioned.drop();
    },
  };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Cred {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** the client address the server sees (default 127.0.0.1, the server's own machine) */
  ip?: string;
}

export async function call<T = any>(app: FastifyInstance, method: string, url: string, body?: unknown, cred: Cred = {}): Promise<Res<T>> {
  const headers: Record<string, string> = { ...(cred.headers ?? {}) };
  if (cred.token) headers.authorization = `Bearer ${cred.token}`;
  if (cred.cookie) headers.cookie = `tracker_session=${cred.cookie}`;
  const res = await app.inject({
    method: method as any,
    url,
    headers,
    ...(cred.ip ? { remoteAddress: cred.ip } : {}),
    ...(body === undefined ? {} : { payload: body as any }),
  });
  let parsed: any = undefined;
  try {
    parsed = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, body: parsed, headers: res.headers as any, text: res.body };
}

export function sessionCookieOf(res: Res): string {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const c = all.find((s) => s.startsWith('tracker_session='));
  if (!c) throw new Error('no tracker_session cookie was set');
  return c.split(';')[0].slice('tracker_session='.length);
}

let counter = 0;
export interface Family {
  email: string;
  password: string;
  cookie: string;
  token: string;
  username: string;
}

/** Signs up a new family and creates a read+write token for its admin. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Family> {
  counter += 1;
  const email = `parent${counter}.${Date.now()}@example.com`;
  const password = 'correct horse';
  const body = { email, password, baby_name: 'Ada', dob: '2026-05-01', family_name: `Family ${counter}`, ...overrides };
  const res = await call(app, 'POST', '/api/vega/onboard', body);
  if (res.status !== 200) throw new Error(`onboard failed: ${res.status} ${res.text}`);
  const cookie = sessionCookieOf(res);
  const tok = await call(app, 'POST', '/api/vega/token', { label: 'tests' }, { cookie });
  if (tok.status !== 200) throw new Error(`token failed: ${tok.status} ${tok.text}`);
  return { email: String(body.email), password, cookie, token: tok.body.token, username: String(body.email).split('@')[0] };
}

/** An invited caregiver joins the admin's family and makes a token: their cookie, token and sign-in. */
export async function joinFamily(app: FastifyInstance, admin: Family, username: string) {
  const inv = await call(app, 'POST', '/api/vega/invite', {}, { cookie: admin.cookie });
  const email = `${username}.${Date.now()}.${Math.random().toString(16).slice(2, 6)}@example.com`;
  const password = 'correct horse';
  const res = await call(app, 'POST', '/api/vega/join', { code: inv.body.code, email, password, username });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${res.text}`);
  const cookie = sessionCookieOf(res);
  const token = (await call(app, 'POST', '/api/vega/token', { label: 'phone' }, { cookie })).body.token as string;
  return { cookie, token, email, username, password };
}

/** Asserts the spec's error body: the status, {error: code, message: readable text}. */
export function assertError(res: Res, status: number, code?: string, label = ''): void {
  if (res.status !== status) throw new Error(`${label} expected ${status}, got ${res.status}: ${res.text}`);
  if (typeof res.body?.error !== 'string' || res.body.error === '') throw new Error(`${label} no error code in ${res.text}`);
  if (typeof res.body.message !== 'string' || res.body.message.length < 5) throw new Error(`${label} no readable message in ${res.text}`);
  if (code !== undefined && res.body.error !== code) throw new Error(`${label} expected error ${code}, got ${res.body.error}`);
}
