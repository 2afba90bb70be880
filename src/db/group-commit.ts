// Group commit for the embedded store. With synchronous=FULL every COMMIT waits for the disk
// (fsync), and better-sqlite3 waits on the event loop's thread: one log per fsync capped
// logging at a few hundred per second. Here write transactions that arrive while one is being
// written wait for it and then go together: one BEGIN IMMEDIATE, each transaction inside its
// own SAVEPOINT (one that fails is rolled back alone and its caller gets its error), one
// COMMIT, one fsync. Nobody hears "done" before the COMMIT that made their write durable. At
// low load a transaction runs at once, alone, as before. PostgreSQL does not need this: it
// runs transactions on several connections and groups their commits itself.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

interface Job {
  run: (k: Kysely<Database>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Transactions per COMMIT at most: bounds how long the first of them waits for the last. */
const MAX_BATCH = 64;

export class GroupCommit {
  private readonly queue: Job[] = [];
  private draining = false;
  /** how many COMMITs were written and how many transactions they carried */
  readonly stats = { commits: 0, transactions: 0 };

  constructor(private readonly k: Kysely<Database>) {}

  transaction<R>(fn: (k: Kysely<Database>) => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // Let the requests already in flight reach this point too before the batch begins.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.draining = false;
    }
  }

  private async commit(batch: Job[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await this.k.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          for (const [i, job] of batch.entries()) outcomes.push(await inSavepoint(conn, `gc${i}`, job));
          await sql`commit`.execute(conn);
        } catch (err) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          throw err;
        }
      });
      this.stats.commits += 1;
      this.stats.transactions += batch.length;
    } catch (err) {
      // The batch did not commit: none of it happened.
      for (const job of batch) job.reject(err);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }
}

async function inSavepoint(conn: Kysely<Database>, name: string, job: Job): Promise<Outcome> {
  await sql.raw(`savepoint ${name}`).execute(conn);
  try {
    const value = await job.run(conn);
    await sql.raw(`release ${name}`).execute(conn);
    return { ok: true, value };
  } catch (error) {
    await sql.raw(`rollback to ${name}`).execute(conn);
    await sql.raw(`release ${name}`).execute(conn);
    return { ok: false, error };
  }
}

const registry = new WeakMap<Kysely<Database>, GroupCommit>();

/** Called by connect() for the embedded store: its write transactions are grouped. */
export function enableGroupCommit(k: Kysely<Database>): void {
  registry.set(k, new GroupCommit(k));
}

export function groupCommitOf(k: Kysely<Database>): GroupCommit | undefined {
  return registry.get(k);
}

/**
 * A write outside any family's scope (a token's or session's last use) in the embedded store's
 * group commit when there is one: reads that write on a credential's first use in a minute
 * would otherwise each wait for an fsync of their own, and with thousands of families each
 * read once in a while that was most of a read's time. Elsewhere, its own transaction.
 */
export function writeGrouped<R>(k: Kysely<Database>, fn: (k: Kysely<Database>) => Promise<R>): Promise<R> {
  const grouped = groupCommitOf(k);
  return grouped ? grouped.transaction(fn) : fn(k);
}
