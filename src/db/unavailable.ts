// Telling "the database is not answering" apart from a bug: the former is the operator's
// outage and the client should retry (503 with Retry-After), the latter a 500.

// PostgreSQL SQLSTATEs: the database is gone (3D000), connection exceptions (08…), the server shutting down or not yet
// accepting (57P01–57P03), a statement timeout or cancel (57014), too many connections (53300).
const PG_CODES = new Set(['3D000', '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '57014', '53300']);
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH']);
// SQLite: another process held the write lock past busy_timeout, or the disk failed or filled.
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN)/;
// node-postgres reports pool and socket failures as plain Errors with these messages.
const PG_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (PG_CODES.has(code) || NET_CODES.has(code) || SQLITE_CODES.test(code))) return true;
  return PG_MESSAGES.test(err.message);
}
