// A throwaway database per run: a SQLite file in a temp directory (a file, not :memory:, so
// reads go through the page cache and writes through WAL + fsync as in production), or a
// scratch PostgreSQL database created on the given server and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DbChoice } from './options.ts';

export interface ScratchDb {
  url: string;
  drop(): Promise<void>;
}

export async function scratchDb(kind: DbChoice, pgUrl: string | null): Promise<ScratchDb> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-'));
    return { url: `sqlite:${join(dir, 'bench.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!pgUrl) throw new Error('no PostgreSQL URL');
  const name = `tracker_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
