// Resolves a credential (bearer token or session cookie) to an Actor. This is the one place
// that looks up rows across families, by secret hash, to learn which family is calling.
import { sql, type Kysely } from 'kysely';
import type { Ctx } from '../context.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor, Scope } from '../actor.ts';
import { sha256 } from './secrets.ts';
import { PreparedQuery } from '../../db/prepared.ts';
import type { FamilyRow } from '../family/family-row.ts';
import { SESSION_IDLE_MS, TOUCH_EVERY_MS, touchSession } from './sessions.ts';
import { writeGrouped } from '../../db/group-commit.ts';
import { knownPreferences } from '../../i18n/languages.ts';

// The family's row comes with the credential (one read, not two): a read-only request uses it
// instead of reading the row again (see Actor.family).
const FAMILY_COLUMNS = [
  'families.family_name as f_family_name', 'families.timezone as f_timezone', 'families.region as f_region', 'families.units as f_units',
  'families.plan as f_plan', 'families.acquisition as f_acquisition', 'families.created_at as f_created_at', 'families.version as f_version',
  'families.primary_child_id as f_primary_child_id', 'families.children_version as f_children_version',
  'families.timezone_set_at as f_timezone_set_at', 'families.webhooks_on as f_webhooks_on',
  'families.ha_on as f_ha_on',
] as const;

interface FamilyColumns {
  family_id: string;
  f_family_name: string;
  f_timezone: string;
  f_region: string;
  f_units: string;
  f_plan: string;
  f_acquisition: string | null;
  f_created_at: number;
  f_version: number;
  f_primary_child_id: string;
  f_children_version: number;
  f_timezone_set_at: number | null;
  f_webhooks_on: number;
  f_ha_on: number;
}

function familyOf(r: FamilyColumns): FamilyRow {
  return {
    id: r.family_id, family_name: r.f_family_name, timezone: r.f_timezone, region: r.f_region, units: r.f_units, plan: r.f_plan,
    acquisition: r.f_acquisition, created_at: r.f_created_at, version: r.f_version, primary_child_id: r.f_primary_child_id,
    children_version: r.f_children_version, timezone_set_at: r.f_timezone_set_at === null ? null : Number(r.f_timezone_set_at),
    webhooks_on: Number(r.f_webhooks_on),
    ha_on: Number(r.f_ha_on),
  };
}

const readWithCredential = new WeakMap<Actor, FamilyRow>();

/** The caregiver's saved language and clock, as far as this release knows them. */
function savedWords(row: { language: string | null; hour_cycle: string | null; f_region: string }): Pick<Actor, 'language' | 'hourCycle' | 'region'> {
  const known = knownPreferences(row);
  return { language: known.language, hourCycle: known.hour_cycle, region: row.f_region };
}

function withFamily(row: FamilyColumns, actor: Actor): Actor {
  readWithCredential.set(actor, familyOf(row));
  return actor;
}

/**
 * The family's row as read with this actor's credential. For a request that changes nothing
 * (the HTTP auth hook decides), and as a log's starting point (its time zone, its soft warning):
 * a log derives its answer from the row its insert returns. Anything else reads the row afresh.
 */
export function familyReadWithCredential(actor: Actor): FamilyRow | undefined {
  return readWithCredential.get(actor);
}

// The two lookups every authenticated request makes, compiled once (src/db/prepared.ts).
const tokenByHash = new PreparedQuery<[string], TokenRow>(1, (k, hash) =>
  k
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .innerJoin('families', 'families.id', 'tokens.family_id')
    .select(['tokens.id as token_id', 'tokens.family_id', 'tokens.scopes', 'tokens.expires_at', 'tokens.last_used_at', 'users.id as user_id', 'users.username', 'users.role', 'users.language', 'users.hour_cycle'])
    .select(FAMILY_COLUMNS)
    .where('tokens.token_hash', '=', hash),
);

const sessionByHash = new PreparedQuery<[string], SessionRow>(1, (k, hash) =>
  k
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('families', 'families.id', 'sessions.family_id')
    .select(FAMILY_COLUMNS)
    .select(['sessions.family_id', 'sessions.expires_at', 'sessions.last_seen_at', 'sessions.user_agent', 'users.id as user_id', 'users.username', 'users.role', 'users.language', 'users.hour_cycle'])
    .where('sessions.id_hash', '=', hash),
);

// PostgreSQL: the token lookups of requests that arrive together (in one turn of the event
// loop) go to the database as one statement, token_hash = any($1), each request then taking
// its own row. The lookup is a read's only statement between writes (derived-cache.ts), and
// the server spends less on one statement of 8 lookups than on two of one: under load, reads
// went from about half a bare node-postgres read's rate to above it (bench/pg.ts). Nothing
// waits for a batch to fill: it goes after the current turn. The answer is as fresh as a lookup
// of its own, sent after the request arrived. SQLite answers in-process, one at a time.
const tokensByHashes = new PreparedQuery<[string[]], TokenRow & { token_hash: string }>(1, (k, hashes) =>
  k
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .innerJoin('families', 'families.id', 'tokens.family_id')
    .select(['tokens.token_hash', 'tokens.id as token_id', 'tokens.family_id', 'tokens.scopes', 'tokens.expires_at', 'tokens.last_used_at', 'users.id as user_id', 'users.username', 'users.role', 'users.language', 'users.hour_cycle'])
    .select(FAMILY_COLUMNS)
    .where('tokens.token_hash', '=', sql<string>`any(${hashes})`),
);

/** Lookups in one statement at most. */
const MAX_BATCH = 64;
type Waiter = { resolve: (row: TokenRow | undefined) => void; reject: (err: unknown) => void };
const gathering = new WeakMap<Kysely<Database>, Map<string, Waiter[]>>();

function tokenRow(ctx: Ctx, hash: string): Promise<TokenRow | undefined> {
  const k = ctx.db.kysely;
  if (ctx.db.dialect !== 'postgres') return tokenByHash.first(k, hash);
  let batch = gathering.get(k);
  if (!batch || batch.size >= MAX_BATCH) {
    const mine = (batch = new Map<string, Waiter[]>());
    gathering.set(k, mine);
    setImmediate(() => {
      if (gathering.get(k) === mine) gathering.delete(k);
      tokensByHashes.all(k, [...mine.keys()]).then(
        (rows) => {
          const byHash = new Map(rows.map((r) => [r.token_hash, r]));
          for (const [h, waiters] of mine) for (const w of waiters) w.resolve(byHash.get(h));
        },
        (err) => {
          for (const waiters of mine.values()) for (const w of waiters) w.reject(err);
        },
      );
    });
  }
  const into = batch;
  return new Promise((resolve, reject) => {
    const waiters = into.get(hash);
    if (waiters) waiters.push({ resolve, reject });
    else into.set(hash, [{ resolve, reject }]);
  });
}

interface TokenRow extends FamilyColumns {
  token_id: string;
  scopes: string;
  expires_at: number | null;
  last_used_at: number | null;
  user_id: string;
  username: string;
  role: string;
  language: string | null;
  hour_cycle: string | null;
}

interface SessionRow extends FamilyColumns {
  expires_at: number;
  last_seen_at: number | null;
  user_agent: string | null;
  user_id: string;
  username: string;
  role: string;
  language: string | null;
  hour_cycle: string | null;
}

export async function actorFromToken(ctx: Ctx, token: string): Promise<Actor | null> {
  if (token.length < 16 || token.length > 200) return null;
  const row = await tokenRow(ctx, sha256(token));
  if (!row) return null;
  const now = ctx.clock();
  if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
  // When it was last used, for the token list: written at most once a minute, not per request.
  if (row.last_used_at === null || Number(row.last_used_at) < now - TOUCH_EVERY_MS) {
    await writeGrouped(ctx.db.kysely, (k) => k
      .updateTable('tokens')
      .set({ last_used_at: now })
      .where('id', '=', row.token_id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - TOUCH_EVERY_MS)]))
      .execute());
  }
  return withFamily(row, {
    familyId: row.family_id,
    userId: row.user_id,
    username: row.username,
    role: row.role as Actor['role'],
    ...savedWords(row),
    scopes: new Set(row.scopes.split(',').filter(Boolean) as Scope[]),
    via: 'token',
    tokenId: row.token_id,
    sessionHash: null,
  });
}

export async function actorFromSession(ctx: Ctx, secret: string, userAgent: string | null = null): Promise<Actor | null> {
  if (secret.length < 16 || secret.length > 200) return null;
  const hash = sha256(secret);
  const row = await sessionByHash.first(ctx.db.kysely, hash);
  const now = ctx.clock();
  if (!row || row.expires_at <= now) return null;
  // Idle timeout: a session unused for 14 days has ended, whatever its absolute limit.
  const seen = row.last_seen_at === null ? null : Number(row.last_seen_at);
  if (seen !== null && seen <= now - SESSION_IDLE_MS) return null;
  // Its last use (at most once a minute) and, on its first use, the browser it is in.
  const ua = userAgent?.slice(0, 200) ?? null;
  if (seen === null || seen < now - TOUCH_EVERY_MS || (row.user_agent === null && ua !== null)) await touchSession(ctx.db.kysely, hash, now, ua);
  return withFamily(row, {
    familyId: row.family_id,
    userId: row.user_id,
    username: row.username,
    role: row.role as Actor['role'],
    ...savedWords(row),
    scopes: new Set<Scope>(['read', 'write']),
    via: 'session',
    tokenId: null,
    sessionHash: hash,
  });
}
