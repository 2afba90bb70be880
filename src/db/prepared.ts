// Hot queries compiled once. Kysely builds and compiles a query on every call, which on the
// read paths cost more than running the indexed read itself (a profile of GET /today put a
// quarter of the time in the query builder). A PreparedQuery builds its query once per
// database with placeholder arguments, keeps the SQL text, and afterwards only substitutes
// the arguments: the SQL and the tenancy clauses are exactly those the builder wrote (the
// statement is built through a FamilyScope where it reads family rows).
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './schema.ts';

type Slot = { arg: number } | { value: unknown };

/** A placeholder no real argument can equal: it marks where argument i went in the compiled query. */
export const placeholder = (i: number) => `\u0000prepared-arg-${i}\u0000`;

// The embedded store's own handle, by the Kysely that connect() made for it. Going through
// Kysely costs a cached read as much again as the SQLite statement itself (its connection
// mutex, a promise per step, a frozen result), so a prepared query on that Kysely runs its
// statement on the handle directly, when that is the same thing: no transaction is open on
// the connection (one open is another caller's, between its statements: its uncommitted rows
// must not be read, so the query waits its turn through Kysely as before).
const handles = new WeakMap<Kysely<Database>, SQLite.Database>();

/** Called by connect() for the embedded store. A transaction's Kysely is never registered. */
export function registerSqliteHandle(k: Kysely<Database>, handle: SQLite.Database): void {
  handles.set(k, handle);
}

interface Template { sql: string; slots: Slot[]; stmt?: SQLite.Statement }

export class PreparedQuery<A extends unknown[], R> {
  // By the database's adapter, which a transaction's or a connection's Kysely shares with the
  // Kysely it came from: the group commit's transactions are a new Kysely each, and building
  // the template again for each cost about what it saves.
  private readonly templates = new WeakMap<object, Template>();

  /**
   * `build` receives the database and one placeholder per argument and returns the query;
   * it is called once per database (per connect(): its transactions share the template).
   */
  constructor(
    private readonly arity: number,
    private readonly build: (k: Kysely<Database>, ...args: string[]) => Compilable<R>,
  ) {}

  private template(k: Kysely<Database>): Template {
    const adapter = k.getExecutor().adapter;
    let t = this.templates.get(adapter);
    if (!t) {
      const holders = Array.from({ length: this.arity }, (_, i) => placeholder(i));
      const compiled = this.build(k, ...holders).compile();
      const slots = compiled.parameters.map((p): Slot => {
        const i = holders.indexOf(p as string);
        return i === -1 ? { value: p } : { arg: i };
      });
      const used = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
      if (used.size !== this.arity) throw new Error('a prepared query must use each of its arguments as a parameter');
      t = { sql: compiled.sql, slots };
      this.templates.set(adapter, t);
    }
    return t;
  }

  async all(k: Kysely<Database>, ...args: A): Promise<R[]> {
    const t = this.template(k);
    const params = t.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const handle = handles.get(k);
    if (handle && !handle.inTransaction) {
      const stmt = (t.stmt ??= handle.prepare(t.sql));
      // Exactly what Kysely's SQLite driver runs for a statement that returns rows.
      if (stmt.reader && !stmt.busy) return stmt.all(params) as R[];
    }
    return (await k.executeQuery<R>(CompiledQuery.raw(t.sql, params))).rows;
  }

  async first(k: Kysely<Database>, ...args: A): Promise<R | undefined> {
    return (await this.all(k, ...args))[0];
  }
}
