// Noticing a PostgreSQL connection that has gone silent, without cutting queries that are
// merely long (an export, an import).
//
// A request waiting on a connection whose peer is gone would wait for TCP to give up: many
// minutes. node-postgres's query_timeout bounded that at 20 s, but it left the connection in
// the pool with its query still outstanding (the next query queued behind it and hung too),
// and it would also cut a long query on a healthy database. TCP keepalive (on, in connect.ts)
// does not help either: it only probes idle connections, takes minutes with the kernel's
// default probe interval, and is answered by any middlebox that still holds the connection
// (a proxy, a NAT) whatever happened beyond it.
//
// So this asks the database itself. Every query in flight is timed; one that has waited
// SUSPECT_AFTER_MS is looked up over a separate, short-lived connection in pg_stat_activity,
// by its connection's backend process id:
//   - the backend is still 'active': the query is running (long, or waiting for a lock, which
//     statement_timeout bounds): leave it, and look again a little later;
//   - the backend is idle (in a transaction or not) and has been for a second, or is gone:
//     the answer was lost, or the query never arrived. The connection is destroyed (its query
//     fails at once, and the pool discards a client whose connection failed), and the backend
//     is terminated, so a transaction it holds open is rolled back and its locks released;
//   - the database cannot be reached within CHECK_TIMEOUT_MS: every connection is destroyed,
//     and until a check connects again no query is sent and no connection is tried: requests
//     fail at once with DatabaseUnreachableError (503), instead of each waiting for its own
//     connect timeout.
// Behind a connection pooler (PgBouncer) a connection's process id is the pooler's, not a
// backend's; that is noticed (the check connection's own id disagrees with pg_backend_pid())
// and then only the unreachable case is acted on.
import pg from 'pg';
import type { Socket } from 'node:net';
import { DatabaseUnreachableError } from './unavailable.ts';

export interface LivenessOptions {
  /** a query in flight this long has its connection checked */
  suspectAfterMs: number;
  /** the check's connect and query together; longer, and the database counts as unreachable */
  checkTimeoutMs: number;
  /** how often queries in flight are looked at (and, while unreachable, the database tried) */
  tickMs: number;
}

// 4 s + a tick + 3 s: a request stuck on a silent connection is answered within ~8 s.
export const LIVENESS_DEFAULTS: LivenessOptions = { suspectAfterMs: 4_000, checkTimeoutMs: 3_000, tickMs: 500 };

/** A backend idle this long has sent the answer to whatever it was last asked. */
const SETTLED_MS = 1_000;
/** An 'active' backend is looked at again after this long. */
const RECHECK_MS = 2_000;
const IDLE_STATES = new Set(['idle', 'idle in transaction', 'idle in transaction (aborted)']);

interface Watch {
  inFlight: number;
  /** when the query now at the head of the connection started */
  since: number;
  /** bumped whenever another query comes to the head: a check's verdict is for one query */
  generation: number;
  notBefore: number;
}

/** Whether the database could be reached and, when it can tell, the state of the backends asked about. */
type Verdict = { reachable: false } | { reachable: true; backends: Map<number, { state: string | null; settled: boolean }> | null };

export class PgLiveness {
  private readonly watched = new Map<pg.PoolClient, Watch>();
  private unreachable = false;
  private busy = false;
  private poolerNoted = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    pool: pg.Pool,
    /** how to open a check connection: the pool's own settings */
    private readonly connection: pg.ClientConfig,
    private readonly opts: LivenessOptions,
    private readonly warn: (message: string) => void,
  ) {
    pool.on('connect', (client) => this.watch(client));
    const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
    (pool as { connect: unknown }).connect = (cb?: (...args: unknown[]) => void) => {
      if (!this.unreachable) return connect(cb);
      const err = new DatabaseUnreachableError('PostgreSQL cannot be reached');
      if (cb) return void process.nextTick(() => cb(err, undefined, () => {}));
      return Promise.reject(err);
    };
    this.timer = setInterval(() => void this.tick(), opts.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private watch(client: pg.PoolClient): void {
    const w: Watch = { inFlight: 0, since: 0, generation: 0, notBefore: 0 };
    this.watched.set(client, w);
    // A connection that fails while its client is checked out emits 'error' on the client, which
    // nothing else listens to then (the pool listens only while it is idle): unheard, the event
    // would end the process. Its queries fail with the error, and the pool discards the client
    // when it is released, so there is nothing more to do here.
    client.on('error', () => {});
    client.once('end', () => this.watched.delete(client));
    const done = () => {
      w.inFlight -= 1;
      if (w.inFlight > 0) this.head(w);
    };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (this.unreachable) destroy(client, new DatabaseUnreachableError('PostgreSQL cannot be reached'));
      const result = query(...args);
      if (result instanceof Promise) {
        w.inFlight += 1;
        if (w.inFlight === 1) this.head(w);
        result.then(done, done);
      }
      return result;
    };
  }

  private head(w: Watch): void {
    w.since = Date.now();
    w.generation += 1;
    w.notBefore = 0;
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (this.unreachable) {
        if ((await this.check([])).reachable) {
          this.unreachable = false;
          this.warn('PostgreSQL answers again');
        }
        return;
      }
      const now = Date.now();
      const suspects: { client: pg.PoolClient; w: Watch; generation: number }[] = [];
      for (const [client, w] of this.watched) {
        if (w.inFlight > 0 && now - w.since >= this.opts.suspectAfterMs && now >= w.notBefore) suspects.push({ client, w, generation: w.generation });
      }
      if (suspects.length === 0) return;
      const waited = Math.round((now - Math.min(...suspects.map((s) => s.w.since))) / 1000);
      const verdict = await this.check(suspects.map((s) => pidOf(s.client)));
      if (!verdict.reachable) {
        this.unreachable = true;
        this.warn(`PostgreSQL cannot be reached (a query has waited ${waited} s): its connections are closed, and requests answer 503 until it answers again`);
        for (const client of this.watched.keys()) destroy(client, new DatabaseUnreachableError('PostgreSQL cannot be reached'));
        return;
      }
      const closed: number[] = [];
      const terminate: number[] = [];
      for (const s of suspects) {
        // Answered meanwhile, or on to another query: this verdict is not about it.
        if (s.w.inFlight === 0 || s.w.generation !== s.generation) continue;
        const pid = pidOf(s.client);
        const backend = verdict.backends?.get(pid);
        const lost = verdict.backends !== null && (backend === undefined || (backend.state !== null && IDLE_STATES.has(backend.state) && backend.settled));
        if (lost) {
          destroy(s.client, new DatabaseUnreachableError('The PostgreSQL connection went silent: its query was lost'));
          closed.push(pid);
          if (backend !== undefined) terminate.push(pid);
        } else {
          s.w.notBefore = Date.now() + RECHECK_MS;
        }
      }
      if (closed.length > 0) this.warn(`PostgreSQL connection${closed.length > 1 ? 's' : ''} to backend${closed.length > 1 ? 's' : ''} ${closed.join(', ')} went silent: closed`);
      if (terminate.length > 0) await this.terminate(terminate);
    } catch (err) {
      this.warn(`PostgreSQL liveness check failed: ${(err as Error).message}`);
    } finally {
      this.busy = false;
    }
  }

  /**
   * Runs `fn` on a fresh connection within the check's deadline: its answer, 'refused' when the
   * server itself refused the connection (too many connections, starting up: it is there), or
   * 'unreachable' when it could not be reached or answered in time.
   */
  private async onFreshConnection<T>(fn: (client: pg.Client) => Promise<T>): Promise<T | 'refused' | 'unreachable'> {
    const client = new pg.Client({ ...this.connection, connectionTimeoutMillis: this.opts.checkTimeoutMs, statement_timeout: this.opts.checkTimeoutMs });
    client.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'unreachable'>((resolve) => (timer = setTimeout(() => resolve('unreachable'), this.opts.checkTimeoutMs)));
    const work = (async () => {
      try {
        await client.connect();
      } catch (err) {
        return err instanceof pg.DatabaseError ? ('refused' as const) : ('unreachable' as const);
      }
      return fn(client);
    })();
    try {
      const answer = await Promise.race([work.catch((err) => (err instanceof pg.DatabaseError ? ('refused' as const) : ('unreachable' as const))), deadline]);
      if (answer === 'unreachable') destroy(client, new DatabaseUnreachableError('deadline'));
      else void client.end().catch(() => {});
      return answer;
    } finally {
      clearTimeout(timer);
    }
  }

  /** What the database says about these backends, or that it cannot be reached. */
  private async check(pids: number[]): Promise<Verdict> {
    const answer = await this.onFreshConnection(async (client) => {
      const r = await client.query<{ me: number; backends: { pid: number; state: string | null; settled: boolean }[] }>(
        `SELECT pg_backend_pid() AS me, coalesce((SELECT json_agg(json_build_object('pid', pid, 'state', state,
           'settled', clock_timestamp() - state_change > $2 * interval '1 millisecond')) FROM pg_stat_activity WHERE pid = ANY($1::int[])), '[]') AS backends`,
        [pids, SETTLED_MS],
      );
      return { processID: (client as unknown as { processID: number }).processID, row: r.rows[0]! };
    });
    if (answer === 'unreachable') return { reachable: false };
    // Refused by the server: it is there, but nothing can be said about the backends now.
    if (answer === 'refused') return { reachable: true, backends: null };
    if (Number(answer.row.me) !== answer.processID) {
      if (!this.poolerNoted) this.warn('PostgreSQL is reached through a connection pooler: silent connections are noticed only when the database cannot be reached at all');
      this.poolerNoted = true;
      return { reachable: true, backends: null };
    }
    return { reachable: true, backends: new Map(answer.row.backends.map((b) => [Number(b.pid), { state: b.state, settled: b.settled }])) };
  }

  /** Ends backends whose connections were given up on: their transactions roll back, their locks go. */
  private async terminate(pids: number[]): Promise<void> {
    // Best effort: otherwise the server ends them itself (idle_in_transaction_session_timeout).
    await this.onFreshConnection((client) => client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS t(pid)', [pids])).catch(() => {});
  }
}

function pidOf(client: pg.ClientBase): number {
  return (client as unknown as { processID: number }).processID;
}

/** Fails the client's queries at once with `err`; the pool discards it when it is released. */
function destroy(client: pg.ClientBase, err: Error): void {
  const stream = (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
  if (stream && !stream.destroyed) stream.destroy(err);
}
