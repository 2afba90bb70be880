// Databases as an earlier release left them, for upgrade tests: the schema is built by this
// release's migrations up to the last one that release had (migrations never change once
// released), and rows are written with plain SQL in that release's shapes, as it wrote them.
import { sql } from 'kysely';
import { connect, type Db } from '../../src/db/connect.ts';
import { migratorFor } from '../../src/db/migrate.ts';
import { provisionDatabase, type TestDatabase } from './databases.ts';

export interface LegacyDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A scratch database (SQLite in memory, or PostgreSQL) at the schema of `lastMigration`. */
export async function databaseAt(engine: TestDatabase['name'], lastMigration: string): Promise<LegacyDb> {
  const provisioned = await provisionDatabase(engine, 'empty');
  const db = connect(provisioned.url);
  const { error } = await migratorFor(db).migrateTo(lastMigration);
  if (error) throw error;
  return {
    db,
    url: provisioned.url,
    drop: async () => {
      await db.close();
      await provisioned.drop();
    },
  };
}

/** Inserts rows given as column → value objects with plain SQL (no schema types involved). */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (const row of rows) {
    const cols = Object.keys(row);
    await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(cols.map((c) => row[c]))})`.execute(db.kysely);
  }
}

/** Row counts of the given tables. */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(db.kysely);
    out[t] = Number(r.rows[0]!.n);
  }
  return out;
}
