// Does the database answer? For /api/health: a trivial query within a short deadline.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

const PING_TIMEOUT_MS = 2_000;

export async function databaseAnswers(db: Db, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db.kysely).then(() => true as const), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
