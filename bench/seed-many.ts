// Seeds the many-families case (bench/many-families.ts): N families of two weeks of history each
// in a SQLite file, with a read token each. Signing up costs a scrypt hash (~0.3 s), so one
// family is made the service's way (sign-up, insertHistory, createToken) and the others are
// copies of it made in SQL: the same rows under new family, caregiver and token ids, each token
// a fresh secret stored as its SHA-256, as createToken stores it. Their children keep the
// template's child id (children and events are keyed by family and id).
//   node --import tsx bench/seed-many.ts DB_FILE N TOKENS_FILE
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Ctx } from '../src/services/context.ts';
import { childScopeOf } from '../src/services/family/children.ts';
import { onboard } from '../src/services/access/accounts.ts';
import { actorFromSession } from '../src/services/access/auth.ts';
import { createToken } from '../src/services/access/tokens.ts';
import { randomSecret, sha256 } from '../src/services/access/secrets.ts';
import { insertHistory } from '../src/services/housekeeping/seed.ts';
import { demoHistory } from '../src/domain/demo-history.ts';
import { addDays, localDateOf } from '../src/domain/time.ts';

const ZONE = 'Europe/London';
const [file, count, tokensFile] = process.argv.slice(2);
const n = Number(count);
const now = Date.now();
const today = localDateOf(now, ZONE);
const dob = addDays(today, -200);
const since = addDays(today, -14);
const history = demoHistory({ dob, today: addDays(today, 1), days: 16, zone: ZONE, authors: ['parent'] })
  .filter((e) => e.at <= now - 60_000 && e.local.slice(0, 10) >= since);

const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, PUBLIC_URL: 'http://127.0.0.1' });
const db = connect(config.databaseUrl);
await migrate(db);
const ctx: Ctx = { db, config, clock: () => now };
const signedIn = await onboard(ctx, {
  email: `many-0@example.com`, password: randomBytes(12).toString('base64url'),
  baby_name: 'Ada', dob, family_name: 'Many 0', timezone: ZONE, region: 'uk', username: 'parent',
}, '127.0.0.1');
const actor = (await actorFromSession(ctx, signedIn.sessionSecret))!;
await insertHistory(await childScopeOf(ctx, actor), ZONE, history, now);
const tokens = [(await createToken(ctx, actor, { label: 'bench', scopes: ['read'] })).token];
await db.close();

const sq = new Database(file);
sq.pragma('journal_mode = WAL');
const template = actor.familyId;
const columns = (table: string) => (sq.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
/** INSERT … SELECT copying the template's rows of `table`, with `set` columns given as parameters. */
const copier = (table: string, set: string[], skip: string[] = []) => {
  const cols = columns(table).filter((c) => !skip.includes(c));
  const select = cols.map((c) => (set.includes(c) ? `@${c}` : `"${c}"`)).join(', ');
  return sq.prepare(`INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${select} FROM ${table} WHERE family_id = @template`);
};
const families = sq.prepare(`INSERT INTO families (${columns('families').map((c) => `"${c}"`).join(', ')}) SELECT ${columns('families').map((c) => (c === 'id' ? '@family_id' : c === 'family_name' ? '@family_name' : `"${c}"`)).join(', ')} FROM families WHERE id = @template`);
const children = copier('children', ['family_id']);
const users = copier('users', ['family_id', 'id', 'email']);
const tokenRow = sq.prepare('SELECT * FROM tokens WHERE family_id = ?').get(template) as Record<string, unknown>;
const insertToken = sq.prepare('INSERT INTO tokens (id, family_id, user_id, label, token_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
const events = copier('events', ['family_id'], ['seq']);
const t0 = performance.now();
const batch = sq.transaction((from: number, to: number) => {
  for (let i = from; i < to; i++) {
    const family_id = randomUUID();
    const id = randomUUID();
    families.run({ family_id, family_name: `Many ${i}`, template });
    children.run({ family_id, template });
    users.run({ family_id, id, email: `many-${i}@example.com`, template });
    const token = `bt_${randomSecret(32)}`;
    insertToken.run(randomUUID(), family_id, id, tokenRow.label, sha256(token), tokenRow.scopes, now);
    events.run({ family_id, template });
    tokens.push(token);
  }
});
for (let i = 1; i < n; i += 500) batch(i, Math.min(n, i + 500));
sq.close();
writeFileSync(tokensFile!, JSON.stringify(tokens));
console.log(JSON.stringify({ families: n, eventsEach: history.length, seconds: Math.round((performance.now() - t0) / 1000) }));
