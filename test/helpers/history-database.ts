// A SQLite database file of a chosen size, filled the way the service fills one (sign-up, then
// a generated history through insertHistory): families with three years of history each, and
// one small family with a token for a writer to log to. For the backup test and benchmark.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { connect, forgetDeletedPages } from '../../src/db/connect.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Ctx } from '../../src/services/context.ts';
import { onboard } from '../../src/services/access/accounts.ts';
import { actorFromSession } from '../../src/services/access/auth.ts';
import { createToken } from '../../src/services/access/tokens.ts';
import { insertHistory } from '../../src/services/housekeeping/seed.ts';
import { childScopeOf } from '../../src/services/family/children.ts';
import { demoHistory, type DemoEvent } from '../../src/domain/demo-history.ts';
import { addDays, localDateOf } from '../../src/domain/time.ts';
import { testConfig } from './app.ts';

const ZONE = 'Europe/London';

export interface HistoryDatabase {
  /** a read+write token of the small family (14 days of history), for a writer */
  token: string;
  /** that small family's id */
  familyId: string;
  families: number;
  events: number;
  bytes: number;
}

/** Fills the SQLite file at `path` until it holds at least `targetBytes`. */
export async function seedHistoryDatabase(path: string, targetBytes: number): Promise<HistoryDatabase> {
  const now = Date.now();
  const today = localDateOf(now, ZONE);
  const dob = addDays(today, -3 * 365 - 40);
  const history = demoHistory({ dob, today: addDays(today, 1), days: 3 * 365 + 1, zone: ZONE, authors: ['parent'] }).filter((e) => e.at <= now - 60_000);
  const config = testConfig({ DATABASE_URL: `sqlite:${path}`, PUBLIC_URL: 'http://127.0.0.1' });
  const db = connect(config.databaseUrl);
  await migrate(db);
  const ctx: Ctx = { db, config, clock: () => now };
  let families = 0;
  let events = 0;
  const family = async (events: DemoEvent[]) => {
    families += 1;
    const signedIn = await onboard(ctx, {
      email: `history-${randomBytes(5).toString('hex')}@example.com`, password: randomBytes(12).toString('base64url'),
      baby_name: 'Ada', dob, family_name: `History ${families}`, timezone: ZONE, region: 'uk', username: 'parent',
    }, '127.0.0.1');
    const actor = (await actorFromSession(ctx, signedIn.sessionSecret))!;
    return { actor, n: await insertHistory(await childScopeOf(ctx, actor), ZONE, events, now) };
  };
  try {
    const since = addDays(today, -14);
    const writer = await family(history.filter((e) => e.local.slice(0, 10) >= since));
    events += writer.n;
    const token = (await createToken(ctx, writer.actor, { label: 'writer', scopes: ['read', 'write'] })).token;
    const size = () => {
      forgetDeletedPages(db);
      return statSync(path).size;
    };
    while (size() < targetBytes) events += (await family(history)).n;
    return { token, familyId: writer.actor.familyId, families, events, bytes: size() };
  } finally {
    await db.close();
  }
}
