// Server-side prepared statements on PostgreSQL for the statements this service sends over and
// over (the credential lookup, the family row, a log's insert). Kysely hands node-postgres the
// SQL text with its parameters, which sends it as an unnamed statement: PostgreSQL parses and
// plans it again on every call. With a name, each connection parses and plans it once. On the
// logging benchmark that was about a quarter of the service's requests per second, the backend
// sharing the machine's cores with the service.
//
// Only statements seen several times are named, and at most MAX_NAMED of them, so statements
// whose text varies (bulk inserts of different sizes, IN lists) do not fill the server's memory
// with plans used once. A statement without parameters (DDL, BEGIN, COMMIT) is never named:
// PostgreSQL refuses to prepare several commands at once.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Uses of one SQL text before it is prepared by name. */
const NAME_AFTER = 3;
/** Distinct statements named per process (each connection prepares those it runs). */
const MAX_NAMED = 100;
/** Distinct texts counted before the count starts again: bounds the bookkeeping. */
const MAX_COUNTED = 2000;

export class StatementNames {
  private readonly named = new Map<string, string>();
  private counts = new Map<string, number>();

  /** The name to prepare `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined || this.named.size >= MAX_NAMED) return name;
    const n = (this.counts.get(text) ?? 0) + 1;
    if (n < NAME_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts = new Map();
      this.counts.set(text, n);
      return undefined;
    }
    this.counts.delete(text);
    const fresh = `tracker_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    this.named.set(text, fresh);
    return fresh;
  }
}

/** Makes every connection of `pool` send repeated statements as named prepared statements. */
export function prepareRepeatedStatements(pool: pg.Pool): StatementNames {
  const names = new StatementNames();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely calls query(text, values); anything else (a config object, a callback) passes as is.
    (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 && rest.length === 0 ? names.nameFor(text) : undefined;
      return name === undefined ? query(text, values, ...rest) : query({ name, text, values });
    };
  });
  return names;
}
