// Counters kept in the database, so throttles, rate limits and quotas hold across any number
// of server processes: fixed windows, named counters, and a sliding window (per-second slots).
import { sql } from 'kysely';
import type { Ctx } from '../context.ts';
import { liveSlots, retryAfterMs, slotStart } from '../../domain/sliding-window.ts';

export interface CounterState {
  count: number;
  windowStart: number;
  /** milliseconds until the window resets */
  resetInMs: number;
}

function windowOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** Reads a counter without changing it. */
export async function peekCounter(ctx: Ctx, bucket: string, windowMs: number): Promise<CounterState> {
  const now = ctx.clock();
  const windowStart = windowOf(now, windowMs);
  const row = await ctx.db.kysely
    .selectFrom('counters')
    .select('count')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return { count: row?.count ?? 0, windowStart, resetInMs: windowStart + windowMs - now };
}

/** Adds `by` (default one) to a counter atomically and returns the new state. */
export async function bumpCounter(ctx: Ctx, bucket: string, windowMs: number, by = 1): Promise<CounterState> {
  const now = ctx.clock();
  const windowStart = windowOf(now, windowMs);
  const row = await ctx.db.kysely
    .insertInto('counters')
    .values({ bucket, window_start: windowStart, count: by })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql`counters.count + ${by}` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  // Old windows are dead weight; drop this bucket's past windows now and then.
  if (Number(row.count) === by) {
    await ctx.db.kysely.deleteFrom('counters').where('bucket', '=', bucket).where('window_start', '<', windowStart).execute();
  }
  return { count: Number(row.count), windowStart, resetInMs: windowStart + windowMs - now };
}

async function refundAt(ctx: Ctx, bucket: string, windowStart: number, by: number): Promise<void> {
  await ctx.db.kysely
    .updateTable('counters')
    .set({ count: sql`case when counters.count > ${by} then counters.count - ${by} else 0 end` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .execute();
}

/** Takes back units counted by bumpCounter in the current window (e.g. an attempt that succeeded). */
export async function refundCounter(ctx: Ctx, bucket: string, windowMs: number, by = 1): Promise<void> {
  await refundAt(ctx, bucket, windowOf(ctx.clock(), windowMs), by);
}

/** A named counter that never resets by itself (the bucket name carries the period). */
export async function readNamedCounter(ctx: Ctx, bucket: string): Promise<number> {
  const row = await ctx.db.kysely.selectFrom('counters').select('count').where('bucket', '=', bucket).where('window_start', '=', 0).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function bumpNamedCounter(ctx: Ctx, bucket: string, by = 1): Promise<number> {
  const row = await ctx.db.kysely
    .insertInto('counters')
    .values({ bucket, window_start: 0, count: by })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql`counters.count + ${by}` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function refundNamedCounter(ctx: Ctx, bucket: string, by = 1): Promise<void> {
  await refundAt(ctx, bucket, 0, by);
}

export interface SlidingDecision {
  allowed: boolean;
  /** calls counted in the window, this one included when allowed */
  count: number;
  /** when refused: milliseconds until the calls fit */
  retryAfterMs: number;
}

/**
 * Counts `by` calls against at most `limit` in any `windowMs`, in one-second slots stored as
 * counter rows (bucket, slot start). The calls are added first and the window summed after,
 * so parallel callers in any process see each other; a refused call is taken back.
 */
export async function takeSlidingWindow(ctx: Ctx, bucket: string, windowMs: number, limit: number, by = 1, slotMs = 1000): Promise<SlidingDecision> {
  const now = ctx.clock();
  const start = slotStart(now, slotMs);
  await ctx.db.kysely
    .insertInto('counters')
    .values({ bucket, window_start: start, count: by })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql`counters.count + ${by}` }))
    .execute();
  const rows = await ctx.db.kysely
    .selectFrom('counters')
    .select(['window_start', 'count'])
    .where('bucket', '=', bucket)
    .where('window_start', '>', now - windowMs)
    .execute();
  const slots = liveSlots(rows.map((r) => ({ start: Number(r.window_start), count: Number(r.count) })), now, windowMs);
  const count = slots.reduce((n, s) => n + s.count, 0);
  // Slots that left the window are dead weight.
  await ctx.db.kysely.deleteFrom('counters').where('bucket', '=', bucket).where('window_start', '<=', now - windowMs).execute();
  if (count <= limit) return { allowed: true, count, retryAfterMs: 0 };
  await refundAt(ctx, bucket, start, by);
  const without = slots.map((s) => (s.start === start ? { ...s, count: Math.max(0, s.count - by) } : s));
  return { allowed: false, count: count - by, retryAfterMs: retryAfterMs(without, now, windowMs, limit, by) };
}
