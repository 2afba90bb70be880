// Seeds the benchmark's databases (run by bench/run.ts as its own process, before any server
// starts): the service's database with families of 14 days and of 3 years of history, an
// "other" family, a family of two children with 14 days each, and optionally a 300,000-event family for the export scenario; and the
// ceiling's database with the 14-day family's events in a plain indexed table.
//   node --import tsx bench/seed.ts DATABASE_URL CEILING_DB_FILE [--export-family]
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Ctx } from '../src/services/context.ts';
import { childScopeOf } from '../src/services/family/children.ts';
import { onboard } from '../src/services/access/accounts.ts';
import { actorFromSession, actorFromToken } from '../src/services/access/auth.ts';
import { createToken } from '../src/services/access/tokens.ts';
import { insertHistory } from '../src/services/housekeeping/seed.ts';
import { addChild } from '../src/services/family/children-admin.ts';
import { demoHistory, type DemoEvent } from '../src/domain/demo-history.ts';
import { addDays, dayBounds, instantToLocal, localDateOf } from '../src/domain/time.ts';

const ZONE = 'Europe/London';
const [url, ceilingFile, flag] = process.argv.slice(2);
const now = Date.now();
const today = localDateOf(now, ZONE);
const dob = addDays(today, -3 * 365 - 40);
const YEARS3 = 3 * 365;
const LOG_FAMILIES = 32;
// History up to a minute ago (the generator stops the day before `today`: ask for one more day).
const history = demoHistory({ dob, today: addDays(today, 1), days: YEARS3 + 1, zone: ZONE, authors: ['bench-parent'] }).filter((e) => e.at <= now - 60_000);

const config = loadConfig({ DATABASE_URL: url, PUBLIC_URL: 'http://127.0.0.1' });
const db = connect(config.databaseUrl);
await migrate(db);
const ctx: Ctx = { db, config, clock: () => now };

async function family(label: string, events: DemoEvent[]) {
  const signedIn = await onboard(ctx, {
    email: `bench-${randomBytes(5).toString('hex')}@example.com`, password: randomBytes(12).toString('base64url'),
    baby_name: 'Ada', dob, family_name: `Bench ${label}`, timezone: ZONE, region: 'uk', username: 'bench-parent',
  }, '127.0.0.1');
  const actor = (await actorFromSession(ctx, signedIn.sessionSecret))!;
  const n = await insertHistory(await childScopeOf(ctx, actor), ZONE, events, now);
  const token = await createToken(ctx, actor, { label: 'bench', scopes: ['read', 'write'] });
  return { familyId: actor.familyId, token: token.token, events: n };
}

/** A family of two children (twins), each with the same 14 days of history as days14. */
async function twins(events: DemoEvent[]) {
  const f = await family('twins', events);
  const actor = (await actorFromToken(ctx, f.token))!;
  const second = await addChild(ctx, actor, { baby_name: 'Tom', dob });
  actor.child = { ref: second.child.id, byName: false };
  await insertHistory(await childScopeOf(ctx, actor), ZONE, events, now);
  return { ...f, events: f.events * 2, second: second.child.id };
}

const since14 = addDays(today, -14);
const out: Record<string, unknown> = {
  days14: await family('14 days', history.filter((e) => e.local.slice(0, 10) >= since14)),
  years3: await family('3 years', history),
  other: await family('other', history.filter((e) => e.local.slice(0, 10) >= since14)),
  twins: await twins(history.filter((e) => e.local.slice(0, 10) >= since14)),
};
// Many families logging at once, as on a server the parents of 32 babies share: one each.
const recent = history.filter((e) => e.local.slice(0, 10) >= since14);
const many: { token: string }[] = [];
for (let i = 0; i < LOG_FAMILIES; i++) many.push({ token: (await family(`log ${i}`, recent)).token });
out.logFamilies = many.map((f) => f.token);
if (flag === '--export-family') {
  // ~300,000 events: the 3-year history, fourteen times, further back in time.
  const big: DemoEvent[] = [];
  const span = 3 * 365 * 86_400_000;
  for (let k = 13; k >= 0; k--) for (const e of history) big.push({ ...e, at: e.at - k * span, local: instantToLocal(e.at - k * span, ZONE) });
  out.export = await family('export', big);
}
await db.close();

// The ceiling's own table: the 14-day family's events, indexed by (family_id, at).
const c = new Database(ceilingFile);
c.pragma('journal_mode = WAL');
c.pragma('synchronous = FULL');
c.exec(`CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, family_id TEXT NOT NULL, id TEXT NOT NULL, ts TEXT NOT NULL,
  at INTEGER NOT NULL, type TEXT NOT NULL, author TEXT NOT NULL, ml INTEGER, kind TEXT, note TEXT);
  CREATE INDEX IF NOT EXISTS events_family_at ON events (family_id, at)`);
const ceilingFamily = 'ceiling-family';
const ins = c.prepare('INSERT INTO events (family_id, id, ts, at, type, author, ml, kind, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
c.transaction(() => {
  for (const [i, e] of history.filter((x) => x.local.slice(0, 10) >= since14).entries()) {
    ins.run(ceilingFamily, i.toString(16).padStart(8, '0'), e.local, e.at, e.type, e.author, e.ml ?? null, e.kind ?? null, e.note ?? null);
  }
})();
c.close();
out.ceiling = { familyId: ceilingFamily, dayStart: dayBounds(today, ZONE)[0] };
console.log(JSON.stringify(out));
