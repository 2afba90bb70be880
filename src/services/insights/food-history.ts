// The child's solids before an instant, grouped by the list of foods logged together: one
// aggregate query over the (family_id, child_id, type, at) index, a row per distinct list
// (a few dozen to a few hundred for years of meals), never the events themselves. Loaded with
// the patterns window and cached with it under the family's version (insights.ts).
import { sql } from 'kysely';
import type { ChildScope } from '../../db/family-scope.ts';
import type { TimedEvent } from '../../domain/types.ts';
import type { FoodSpan } from '../../domain/food-history.ts';
import { EVENT_COLUMNS, toTimedEvent } from '../log/event-rows.ts';

export async function loadFoodSpans(scope: ChildScope, before: number): Promise<FoodSpan[]> {
  const rows = await scope
    .selectFrom('events')
    .select(['foods', sql<number>`min(at)`.as('first_at'), sql<number>`max(at)`.as('last_at'), sql<number>`count(*)`.as('times')])
    .where('type', '=', 'solid')
    .where('at', '<', before)
    .groupBy('foods')
    .execute();
  const out: FoodSpan[] = [];
  for (const r of rows) {
    if (r.foods === null) continue;
    const foods = JSON.parse(r.foods) as string[];
    if (Array.isArray(foods) && foods.length > 0) out.push({ foods, first_at: Number(r.first_at), last_at: Number(r.last_at), times: Number(r.times) });
  }
  return out;
}

/** The child's first event of `type` (its earliest instant), or null: one index seek. */
export async function firstOfType(scope: ChildScope, type: string, zone: string): Promise<TimedEvent | null> {
  const row = await scope.selectFrom('events').select(EVENT_COLUMNS).where('type', '=', type).orderBy('at').limit(1).executeTakeFirst();
  return row ? toTimedEvent(row, zone) : null;
}

/** The instant of the child's first logged event of any type, or null: one index seek. */
export async function logStart(scope: ChildScope): Promise<number | null> {
  const row = await scope.selectFrom('events').select('at').orderBy('at').limit(1).executeTakeFirst();
  return row ? Number(row.at) : null;
}
