// Housekeeping across all families: rows that can no longer be used are deleted rather than
// kept (a session that has ended is still a record of where someone signed in). Run hourly by
// the server and on demand by `tracker prune`; safe to run from several processes at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SESSION_IDLE_MS } from '../access/sessions.ts';
import { IDEMPOTENCY_TTL_MS } from '../log/idempotency.ts';
import { REMINDERS_SENT_KEEP_MS } from '../../domain/reminders.ts';

export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Windowed counters (sign-in, sign-up, sliding limits) span an hour at most; a day is ample. */
const COUNTER_KEEP_MS = 24 * 60 * 60 * 1000;
const INVITE_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export type PruneCounts = Record<'sessions' | 'tokens' | 'invites' | 'password_resets' | 'idempotency_keys' | 'counters' | 'export_leases' | 'reminders_sent', number>;

export async function prune(db: Kysely<Database>, now: number): Promise<PruneCounts> {
  const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - SESSION_IDLE_MS)]))
    .executeTakeFirst();
  const tokens = await db.deleteFrom('tokens').where('expires_at', 'is not', null).where('expires_at', '<=', now).executeTakeFirst();
  // Kept a month past expiry so a late joiner still hears "expired" (410), not "unknown" (404).
  const invites = await db.deleteFrom('invites').where('expires_at', '<=', now - INVITE_KEEP_MS).executeTakeFirst();
  // A used or expired reset link answers 410 like an unknown one, so nothing is lost by deleting it.
  const resets = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  const idempotency = await db.deleteFrom('idempotency_keys').where('created_at', '<=', now - IDEMPOTENCY_TTL_MS).executeTakeFirst();
  // window_start 0 marks a named counter (the question quota), whose name carries its period.
  const counters = await db.deleteFrom('counters').where('window_start', '>', 0).where('window_start', '<', now - COUNTER_KEEP_MS).executeTakeFirst();
  const leases = await db.deleteFrom('export_leases').where('expires_at', '<=', now).executeTakeFirst();
  // A fired reminder's key: none older than a week can come due again (domain/reminders.ts).
  const remindersSent = await db.deleteFrom('reminders_sent').where('at', '<', now - REMINDERS_SENT_KEEP_MS).executeTakeFirst();
  return {
    sessions: n(sessions),
    tokens: n(tokens),
    invites: n(invites),
    password_resets: n(resets),
    idempotency_keys: n(idempotency),
    counters: n(counters),
    export_leases: n(leases),
    reminders_sent: n(remindersSent),
  };
}
