// How many events of each type a day holds: the per-type counts of patterns' daily totals and
// of GET /api/vega/today (1.3.0). Sparse (a type with none is absent, read it as 0) and in the
// order of EVENT_TYPES, so the same log always gives the same JSON. Pure.
import { EVENT_TYPES, type EventType } from './types.ts';

export type TypeCounts = Partial<Record<EventType, number>>;

export function countByType(events: Iterable<{ type: EventType }>): TypeCounts {
  const n = new Map<EventType, number>();
  for (const e of events) n.set(e.type, (n.get(e.type) ?? 0) + 1);
  const out: TypeCounts = {};
  for (const t of EVENT_TYPES) {
    const c = n.get(t);
    if (c) out[t] = c;
  }
  return out;
}
