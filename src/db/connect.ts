// Opens the database named by DATABASE_URL: the embedded SQLite store or PostgreSQL, behind
// one Kysely instance so that every query and migration is the same code on both.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from './schema.ts';
import { enableGroupCommit } from './group-commit.ts';
import { registerSqliteHandle } from './prepared.ts';
import type { PgLiveness } from './pg-liveness.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** the SQLite file path (null for PostgreSQL and for in-memory stores) */
  sqlitePath: string | null;
  /** the raw SQLite handle, for online backups */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}


export class DatabaseUrlError extends Error {}

export function parseDatabaseUrl(url: string): { dialect: Dialect; target: string } {
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', target: url.slice('sqlite:'.length) || ':memory:' };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { dialect: 'postgres', target: url };
  throw new DatabaseUrlError(`DATABASE_URL must start with sqlite: or postgres:// (got '${url.split(':')[0]}:…')`);
}

// Kysely prepares every query afresh; on the hot paths the same few SQL texts repeat, so keep
// their prepared statements (compiling one costs about as much as running a small indexed
// read). A statement still busy in an iterate() is not shared: a fresh one is prepared.
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(db: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = db.prepare.bind(db);
  const cached = (source: string) => {
    const hit = cache.get(source);
    if (hit && !hit.busy) return hit;
    const stmt = prepare(source);
    if (!hit) {
      cache.set(source, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return stmt;
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return cached;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/**
 * A family's log is private: the database file is created readable by its owner only (0600),
 * and an existing one is narrowed to that. SQLite gives the -wal and -shm files the main
 * file's permissions, so they follow.
 */
export function createPrivately(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/**
 * After a large deletion (a family), fold the WAL back into the file and empty it, so the
 * deleted pages (zeroed by secure_delete) replace the old copies the WAL still held.
 */
export function forgetDeletedPages(db: Db): void {
  db.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
}

const PG_CONNECT_TIMEOUT_MS = 5_000;
const PG_STATEMENT_TIMEOUT_MS = 15_000;
// A transaction left open by a connection that died (its client is gone, the server has not
// noticed) is ended by the server after this long, and its row locks with it. No transaction
// here waits on anything but its own statements.
const PG_IDLE_IN_TRANSACTION_MS = 30_000;
// TCP keepalive on every connection: a middlebox (NAT, firewall) keeps an idle connection it
// would otherwise forget, and a peer that is gone is noticed in the end even on an idle one.
const PG_KEEPALIVE_AFTER_MS = 10_000;

export function connect(url: string): Db {
  const { dialect, target } = parseDatabaseUrl(url);
  if (dialect === 'sqlite') {
    const memory = target === ':memory:';
    const path = memory ? ':memory:' : resolve(target);
    if (!memory) createPrivately(path);
    const handle = new SQLite(path);
    // WAL: readers never block the writer; synchronous=FULL: an acknowledged write survives
    // the process (and the machine) being killed; busy_timeout: concurrent CLI use waits.
    handle.pragma('journal_mode = WAL');
    handle.pragma('synchronous = FULL');
    handle.pragma('foreign_keys = ON');
    handle.pragma('busy_timeout = 5000');
    // Deleted rows are overwritten with zeros, not left readable in free pages of the file.
    handle.pragma('secure_delete = ON');
    // better-sqlite3 builds SQLite with a 16 MB page cache per connection, and a busy server
    // fills it. The hot reads are served from the service's own caches (derived-cache.ts) and
    // the file from the operating system's: 4 MB holds the indexes a write touches, and keeps
    // ~12 MB of memory for the rest.
    handle.pragma('cache_size = -4000');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(handle) }) });
    enableGroupCommit(kysely);
    registerSqliteHandle(kysely, handle);
    return {
      kysely,
      dialect,
      sqlitePath: memory ? null : path,
      sqlite: handle,
      close: async () => {
        await kysely.destroy();
      },
    };
  }
  // node-postgres is loaded when Kysely first asks for the pool (the migrations' first query,
  // at once), not with this module: a SQLite server never loads it, and loading it takes a
  // fifth of a second of the start (it also brings in Node's own fetch implementation).
  let pgTypes: typeof pg.types;
  // bigint (int8) and numeric come back as strings by default; the schema keeps them within
  // Number's safe range (epoch ms, counts), so parse them at the driver, once.
  const types = {
    getTypeParser: (oid: number, format?: any) => {
      if (oid === 20 || oid === 1700) return (v: string) => (v === null ? null : Number(v));
      return (pgTypes.getTypeParser as any)(oid, format);
    },
  };
  // Bounded waits: a request finds out within seconds that the database is away (503) rather
  // than hanging. Connecting (or waiting for a free connection) is bounded here; a runaway
  // statement is cancelled by the server; a query whose answer does not come (a connection gone
  // silent, a partition) is noticed by PgLiveness, which destroys that connection, and does not
  // cut a long query that is running. No client-side query_timeout: it failed the query but kept
  // the connection in the pool, its answer still owed, so the next query queued behind it.
  const connection = {
    connectionString: target,
    types,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: PG_IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_AFTER_MS,
  };
  let liveness: PgLiveness | null = null;
  const pool = async (): Promise<pg.Pool> => {
    const [{ default: pg }, { prepareRepeatedStatements }, { LIVENESS_DEFAULTS, PgLiveness }] = await Promise.all([
      import('pg'),
      import('./pg-statements.ts'),
      import('./pg-liveness.ts'),
    ]);
    pgTypes = pg.types;
    const made = new pg.Pool({ ...connection, max: 10 });
    prepareRepeatedStatements(made);
    liveness = new PgLiveness(made, connection, LIVENESS_DEFAULTS, (message) => process.emitWarning(message));
    // An idle connection that fails (the server restarts or ends it, it is reset, or PgLiveness
    // closes it) emits 'error' on the pool; unhandled, that would crash the process. The pool drops
    // the client and opens a new one on the next query, so noting it is enough.
    made.on('error', (err) => {
      process.emitWarning(`An idle PostgreSQL connection failed: ${err.message}`);
    });
    return made;
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect,
    sqlitePath: null,
    sqlite: null,
    close: async () => {
      await kysely.destroy();
      liveness?.stop();
    },
  };
}
