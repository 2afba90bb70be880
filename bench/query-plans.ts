// Shows how the database answers the reads behind /today, /events, /live, /patterns and
// /measurements, by asking it for the plan of the exact SQL Kysely generates for them.
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../src/db/connect.ts';
import { FamilyScope } from '../src/db/family-scope.ts';
import { dayBounds, localDateOf } from '../src/domain/time.ts';
import { liveWindowStart } from '../src/domain/live.ts';
import { ZONE } from './families.ts';

export interface PlanCheck {
  name: string;
  sql: string;
  plan: string[];
  /** the index the plan must use, or null when the plan is shown for information only */
  wanted: string[] | null;
  /** the window reads every day view depends on: a run fails when these scan the table */
  enforced: boolean;
  ok: boolean;
}

async function explain(db: Db, q: Compilable<unknown>): Promise<{ sql: string; plan: string[] }> {
  const c = q.compile();
  const prefix = db.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const r = await db.kysely.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + c.sql, [...c.parameters]));
  const plan = r.rows.map((row) => (db.dialect === 'sqlite' ? String(row.detail) : String(row['QUERY PLAN'])));
  return { sql: c.sql, plan };
}

/** A plan is index-driven when it names a wanted index and never scans the whole table. */
function usesIndex(dialect: Db['dialect'], plan: string[], wanted: string[]): boolean {
  const text = plan.join('\n');
  const fullScan = dialect === 'sqlite' ? /\bSCAN events\b(?! USING)/.test(text) : /Seq Scan on events/.test(text);
  return !fullScan && wanted.some((w) => text.includes(w));
}

export async function queryPlans(db: Db, familyId: string, now: number): Promise<PlanCheck[]> {
  const scope = new FamilyScope(db.kysely, familyId, db.dialect);
  const [from, to] = dayBounds(localDateOf(now, ZONE), ZONE);
  const window = (a: number, b: number) =>
    scope.selectFrom('events').selectAll().where('at', '>=', a).where('at', '<', b).orderBy('at').orderBy('seq');
  const pk = db.dialect === 'sqlite' ? 'events_family_id' : 'events_pk';
  const cases: Array<{ name: string; q: Compilable<unknown>; wanted: string[] | null; enforced?: boolean }> = [
    { name: 'today / events?date (one day window)', q: window(from, to), wanted: ['events_family_at', pk], enforced: true },
    { name: 'live (15-day window; patterns reads the same shape)', q: window(liveWindowStart(now, ZONE), now + 1), wanted: ['events_family_at', pk], enforced: true },
    {
      name: 'live: latest weight before the window',
      q: scope.selectFrom('events').selectAll().where('type', '=', 'weight').where('at', '<', from).orderBy('at', 'desc').limit(1),
      wanted: ['events_family_type_at'],
    },
    {
      name: 'patterns: any solid logged',
      q: scope.selectFrom('events').select('id').where('type', '=', 'solid').limit(1),
      wanted: ['events_family_type_at'],
    },
    {
      name: 'measurements (whole history of weights and lengths, by design)',
      q: scope.selectFrom('events').selectAll().where('type', 'in', ['weight', 'length']).orderBy('at').orderBy('seq'),
      wanted: ['events_family_type_at'],
    },
  ];
  const out: PlanCheck[] = [];
  for (const c of cases) {
    const { sql, plan } = await explain(db, c.q);
    out.push({ name: c.name, sql, plan, wanted: c.wanted, enforced: c.enforced ?? false, ok: c.wanted ? usesIndex(db.dialect, plan, c.wanted) : true });
  }
  return out;
}
