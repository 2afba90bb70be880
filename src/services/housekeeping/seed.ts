// Bulk-loading a generated history into a family's log (demo command and benchmarks).
import { randomBytes } from 'node:crypto';
import type { ChildScope } from '../../db/family-scope.ts';
import type { DemoEvent } from '../../domain/demo-history.ts';
import { instantToLocal } from '../../domain/time.ts';
import { newEventRow } from '../log/event-rows.ts';

// Rows per INSERT statement. One statement per row costs a round trip each on PostgreSQL
// (3 years ≈ 27,000 events took tens of seconds); 27 columns × 500 rows = 13,500 bound
// parameters, below SQLite's limit of 32,766 and PostgreSQL's of 65,535.
const ROWS_PER_INSERT = 500;

/** A generated history into one child's log. */
export async function insertHistory(scope: ChildScope, zone: string, events: DemoEvent[], now: number): Promise<number> {
  const used = new Set<string>();
  const fresh = () => {
    for (;;) {
      const id = randomBytes(4).toString('hex');
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const rows = events.map((e) => ({ id: fresh(), ...newEventRow({ type: e.type, ts: instantToLocal(e.at, zone), at: e.at, zone, author: e.author, created_at: now }, e) }));
  // One transaction for the whole history: the log appears complete or not at all.
  await scope.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      await tx.insertManyIntoLog('events', chunk).execute();
    }
  });
  return events.length;
}
