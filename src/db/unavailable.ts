// Telling "the database is not answering" apart from a bug: the former is the operator's
// outage and the client should retry (503 with Retry-After), the latter a 500.

/**
 * A PostgreSQL connection given up on (src/db/pg-liveness.ts): its query went unanswered and
 * the database either could not be reached or had no such query running; or the database is
 * known to be unreachable, so no connection is tried until it answers again.
 */
export class DatabaseUnreachableError extends Error {
  readonly code = 'DATABASE_UNREACHABLE';
}

// PostgreSQL SQLSTATEs: the database is gone (3D000), connection exceptions (08…), the server shutting down or not yet
// accepting (57P01–57P03), a statement timeout or cancel (57014), too many connections (53300).
const PG_CODES = new Set(['3D000', '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '57014', '53300']);
// Socket errors: refused, reset, timed out, unroutable, or written to after it closed.
const NET_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH',
  'ENETDOWN', 'ENETRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END', 'ERR_SOCKET_CLOSED',
]);
// SQLite: another process held the write lock past busy_timeout, or the disk failed or filled.
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN)/;
// node-postgres reports pool and socket failures as plain Errors with these messages: the pool's
// and the client's connect timeouts, a connection that ended ("Connection terminated
// unexpectedly"), a client whose connection failed or was closed, and a query_timeout.
const PG_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|timeout expired|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof DatabaseUnreachableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_CODES.has(code) || NET_CODES.has(code) || SQLITE_CODES.test(code))) return true;
    if (PG_MESSAGES.test(e.message)) return true;
  }
  return false;
}
