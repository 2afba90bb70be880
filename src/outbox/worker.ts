// Sends what the outbox holds, after the commits that wrote it (architecture.md, property 9).
// Every process runs this loop; a row is leased (a conditional UPDATE that one process wins)
// before it is sent, so two processes never send the same row at the same time. The lease
// outlives the send's timeout; a process that dies while sending leaves a lease that expires,
// and the row is sent again: delivery is at least once, with a stable message id for the
// receiver to drop a repeat. A target (one webhook, one push subscription) gets its messages one
// at a time in the order they were written: only the oldest row of a target is ever due, so a
// receiver that is down holds its later messages back instead of receiving them out of order.
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../services/context.ts';
import type { OutboxTable } from '../db/schema.ts';
import { setOutboxWorker, wakeOutboxWorker } from '../db/outbox.ts';
import { OUTBOUND_TIMEOUT_MS } from './outbound.ts';

export type OutboxRow = Selectable<OutboxTable>;

/** What a handler made of one attempt. */
export type Outcome =
  /** delivered: the row is removed */
  | { result: 'sent' }
  /** try again later (backoff), unless the handler gave up on the target */
  | { result: 'retry'; error: string }
  /** drop this row (and, with dropTarget, every row of its target): the destination is gone or disabled */
  | { result: 'drop'; error: string; dropTarget?: boolean }
  /**
   * not now, and not a failure (a rate limit, a connection being made): try again at `at` (epoch
   * ms), or as soon as `sooner` settles (the connection is there), whichever comes first
   */
  | { result: 'later'; at: number; sooner?: Promise<unknown> };

export type Handler = (ctx: Ctx, row: OutboxRow) => Promise<Outcome>;

const handlers = new Map<string, Handler>();

/** Registers the sender of one kind of outbox row ('webhook', 'push', 'ha_state', 'ha_config'). */
export function registerHandler(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

/** A lease long enough for the send's own timeout and the bookkeeping after it. */
const LEASE_MS = OUTBOUND_TIMEOUT_MS * 3;
const BATCH = 32;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;

/** The wait before attempt n + 1 after n failed ones: 30 s, 1 min, 2, 4, 8 … at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** The oldest due row of each target, not leased by anyone: what may be sent now. */
async function dueHeads(ctx: Ctx, now: number): Promise<OutboxRow[]> {
  const k = ctx.db.kysely;
  // Each target's oldest row, found in one walk of the (target_id, seq) index: a backlog held
  // behind a slow receiver costs a step per row here, not an index probe per row.
  const heads = k
    .selectFrom('outbox')
    .select((eb) => ['target_id', eb.fn.min('seq').as('head')])
    .groupBy('target_id')
    .as('h');
  return k
    .selectFrom('outbox as o')
    .innerJoin(heads, (j) => j.onRef('o.seq', '=', 'h.head'))
    .selectAll('o')
    .where('o.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('o.lease_until', 'is', null), eb('o.lease_until', '<', now)]))
    .orderBy('o.seq')
    .limit(BATCH)
    .execute() as Promise<OutboxRow[]>;
}

/** Takes the row for this process until the lease ends; false when another process took it first. */
async function lease(ctx: Ctx, row: OutboxRow, owner: string, now: number): Promise<boolean> {
  const r = await ctx.db.kysely
    .updateTable('outbox')
    .set({ lease_until: now + LEASE_MS, lease_owner: owner })
    .where('seq', '=', row.seq)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

async function settle(ctx: Ctx, row: OutboxRow, outcome: Outcome, owner: string): Promise<void> {
  const k = ctx.db.kysely;
  // Only the lease holder settles the row: a row whose lease ran out meanwhile belongs to whoever took it next.
  const mine = (q: any) => q.where('seq', '=', row.seq).where('lease_owner', '=', owner);
  if (outcome.result === 'sent') {
    await mine(k.deleteFrom('outbox')).execute();
  } else if (outcome.result === 'drop') {
    if (outcome.dropTarget) await k.deleteFrom('outbox').where('target_id', '=', row.target_id).execute();
    else await mine(k.deleteFrom('outbox')).execute();
  } else if (outcome.result === 'later') {
    // Rescheduled without counting a failure: the backoff of later failures is unchanged.
    await mine(k.updateTable('outbox').set({ next_attempt_at: outcome.at, lease_until: null, lease_owner: null })).execute();
  } else {
    const failures = Number(row.attempts) + 1;
    await mine(
      k.updateTable('outbox').set({ attempts: failures, next_attempt_at: ctx.clock() + retryDelayMs(failures), lease_until: null, lease_owner: null, last_error: outcome.error.slice(0, 500) }),
    ).execute();
  }
}

/** The rows due now (one head per target) that this process leased. Rows of a kind nobody handles are left alone. */
async function leaseDue(ctx: Ctx, owner: string, max = BATCH): Promise<OutboxRow[]> {
  const now = ctx.clock();
  const heads = (await dueHeads(ctx, now)).filter((r) => handlers.has(r.kind)).slice(0, max);
  const won = await Promise.all(heads.map((row) => lease(ctx, row, owner, now)));
  return heads.filter((_, i) => won[i]);
}

/** Rows put back 'later' that wait for their `sooner` in this process (one wait per row). */
const waitingSooner = new Set<number>();

/**
 * A row put back for later is due again once `sooner` settles. Only after it was settled: what
 * made it due (a connection completed) may have happened while it was out, and the settle would
 * have put it back again.
 */
function dueWhen(ctx: Ctx, seq: number, sooner: Promise<unknown>): void {
  if (waitingSooner.has(seq)) return;
  waitingSooner.add(seq);
  void sooner
    .then(() => ctx.db.kysely.updateTable('outbox').set({ next_attempt_at: ctx.clock() }).where('seq', '=', seq).where('lease_owner', 'is', null).execute())
    .then(() => wakeOutboxWorker())
    .catch(() => undefined)
    .finally(() => waitingSooner.delete(seq));
}

/** Sends one leased row through its kind's handler and settles it. */
async function sendOne(ctx: Ctx, row: OutboxRow, owner: string): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await handlers.get(row.kind)!(ctx, row);
  } catch (err) {
    outcome = { result: 'retry', error: `internal: ${(err as Error).message}` };
  }
  await settle(ctx, row, outcome, owner);
  if (outcome.result === 'later' && outcome.sooner) dueWhen(ctx, Number(row.seq), outcome.sooner);
}

/**
 * One pass, waited for: leases every row due now (one per target), sends them in parallel and
 * settles each. Returns how many rows were attempted. (The running loop below does not wait for
 * a send before looking for the next: a receiver taking 10 s holds up only its own messages.)
 */
export async function deliverDue(ctx: Ctx, owner: string = processOwner): Promise<number> {
  const rows = await leaseDue(ctx, owner);
  await Promise.all(rows.map((row) => sendOne(ctx, row, owner)));
  return rows.length;
}

/** This process's name on its leases. */
const processOwner = `${process.pid}-${randomBytes(4).toString('hex')}`;


const POLL_MS = 1000;
const NUDGE_GAP_MS = 100;
/** Sends under way at once per process (each a socket to a receiver or push service). */
const MAX_IN_FLIGHT = 64;

/**
 * The delivery loop of this process: a pass every second (messages other processes wrote,
 * retries that came due) and at once when a commit wrote to it (db/outbox.ts, wakeOutboxWorker). Returns a stop function that waits for the
 * pass in flight.
 */
export function startDelivery(ctx: Ctx, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let active = false;
  /** sends under way: each frees its target for the next message when it settles */
  const inflight = new Set<Promise<void>>();
  const launch = (row: OutboxRow) => {
    const p: Promise<void> = sendOne(ctx, row, processOwner)
      .catch((err) => log.warn({ err }, 'outbox send failed to settle; its lease will expire and it is sent again'))
      .finally(() => {
        inflight.delete(p);
        pass();
      });
    inflight.add(p);
  };
  const pass = () => {
    if (stopped) return;
    again = true;
    if (active) return;
    active = true;
    running = (async () => {
      try {
        while (again && !stopped) {
          again = false;
          const started = Date.now();
          try {
            // Keep going while a pass finds work (a backlog drains without waiting a second per batch).
            for (;;) {
              const room = MAX_IN_FLIGHT - inflight.size;
              if (stopped || room <= 0) break;
              const rows = await leaseDue(ctx, processOwner, room);
              rows.forEach(launch);
              if (rows.length === 0) break;
            }
          } catch (err) {
            log.warn({ err }, 'outbox delivery pass failed; will retry');
          }
          // A stream of writes nudges faster than passes are useful: at most one pass per
          // NUDGE_GAP_MS, so a backlog waiting behind a slow receiver is not scanned without pause.
          const wait = NUDGE_GAP_MS - (Date.now() - started);
          if (again && wait > 0 && !stopped) await new Promise((r) => setTimeout(r, wait));
        }
      } finally {
        active = false;
      }
    })();
  };
  // A commit that wrote outbox rows wakes this loop (FamilyScope.transaction).
  setOutboxWorker(pass);
  const timer = setInterval(pass, POLL_MS);
  timer.unref();
  pass();
  return async () => {
    stopped = true;
    clearInterval(timer);
    setOutboxWorker(null);
    await running;
    await Promise.all([...inflight]);
  };
}
