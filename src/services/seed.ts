// Bulk-loading a generated history into a family's log (demo command and benchmarks).
import { randomBytes } from 'node:crypto';
import type { FamilyScope } from '../db/family-scope.ts';
import type { DemoEvent } from '../domain/demo-history.ts';
import { instantToLocal } from '../domain/time.ts';

export async function insertHistory(scope: FamilyScope, zone: string, events: DemoEvent[], now: number): Promise<number> {
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
  const CHUNK = 400;
  for (let i = 0; i < events.length; i += CHUNK) {
    const rows = events.slice(i, i + CHUNK).map((e) => ({
      id: fresh(),
      ts: instantToLocal(e.at, zone),
      at: e.at,
      zone,
      type: e.type,
      author: e.author,
      ml: e.ml ?? null,
      kind: e.kind ?? null,
      foods: e.foods ? JSON.stringify(e.foods) : null,
      meal_type: e.meal_type ?? null,
      kg: e.kg ?? null,
      cm: e.cm ?? null,
      ug: e.ug ?? null,
      note: e.note ?? null,
      reactions: null,
      created_at: now,
    }));
    await scope.transaction(async (tx) => {
      for (const r of rows) await tx.insertInto('events', r).execute();
    });
  }
  return events.length;
}
