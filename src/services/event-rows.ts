// Database rows of the events table ↔ the Event shape of the API and the rules.
import type { Selectable } from 'kysely';
import type { EventsTable } from '../db/schema.ts';
import type { EventType, LogEvent, Reaction, TimedEvent } from '../domain/types.ts';

export type EventRow = Selectable<EventsTable>;

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function toLogEvent(r: EventRow): LogEvent {
  return {
    id: r.id,
    ts: r.ts,
    type: r.type as EventType,
    author: r.author,
    ml: r.ml === null ? null : Number(r.ml),
    kind: r.kind,
    foods: parseJson<string[]>(r.foods),
    meal_type: r.meal_type as LogEvent['meal_type'],
    kg: r.kg === null ? null : Number(r.kg),
    cm: r.cm === null ? null : Number(r.cm),
    ug: r.ug === null ? null : Number(r.ug),
    note: r.note,
    reactions: parseJson<Reaction[]>(r.reactions),
    side: r.side as LogEvent['side'],
    duration_min: r.duration_min === null ? null : Number(r.duration_min),
  };
}

export function toTimedEvent(r: EventRow): TimedEvent {
  return { ...toLogEvent(r), at: Number(r.at), last_side: r.last_side as TimedEvent['last_side'] };
}
