// Fixed-window counters kept in the database, so throttles, rate limits and quotas hold
// across any number of server processes.
import { sql } from 'kysely';
import type { Ctx } from './context.ts';

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
