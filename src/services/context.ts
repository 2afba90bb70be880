// What every service call needs besides the actor: the database, the configuration and a
// clock. The clock is injected (not read from Date.now() inside services) so that rules see
// one "now" per request and tests can move time forward without waiting.
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { FamilyScope } from '../db/family-scope.ts';
import type { Actor } from './actor.ts';

export type Clock = () => number;

export interface Ctx {
  db: Db;
  config: Config;
  clock: Clock;
}

/** The family-scoped data accessor for an actor: the only way to family-owned rows. */
export function scopeOf(ctx: Ctx, actor: Actor): FamilyScope {
  return new FamilyScope(ctx.db.kysely, actor.familyId, ctx.db.dialect, actor.family ?? null);
}

/** True when a database error is a unique-key violation, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when a write named a child its family does not have (any more): a log racing the
 * deletion of its child. PostgreSQL's foreign keys and SQLite's triggers (migration 013).
 */
export function isMissingChild(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23503') return e.constraint === 'events_child_fk' || e.constraint === 'feed_timers_child_fk';
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && e.message === 'child_not_found';
}

/**
 * Runs `attempt` again when it loses a race on a unique key (two requests writing the same
 * label or timestamp at once): the retry sees the winner's committed row and acts on it.
 */
export async function retryOnUniqueViolation<T>(attempt: () => Promise<T>, tries = 10): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isUniqueViolation(err) || i >= tries) throw err;
    }
  }
}
