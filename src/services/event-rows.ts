// Database rows of the events table ↔ the Event shape of the API and the rules.
import type { Selectable } from 'kysely';
import type { EventsTable } from '../db/schema.ts';
import type { EventType, LogEvent, Reaction, TimedEvent } from '../domain/types.ts';

export type EventRow = Selectable<EventsTable>;

/** The columns an Event (and the rules) need: never family_id, zone, created_at or seq. */
export const EVENT_COLUMNS = [
  'id', 'ts', 'at', 'type', 'author', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'reactions', 'side', 'duration_min', 'last_side',
] as const;
export type EventFields = Pick<EventRow, (typeof EVENT_COLUMNS)[number]>;

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function toLogEvent(r: EventFields): LogEvent {
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

/**
 * The Event with its instant and internal field. Built from toLogEvent's literal with the two
 * fields added in a fixed order, so every event in a window has the same shape (no spread
 * copies), which keeps the rules' loops over windows fast.
 */
export function toTimedEvent(r: EventFields): TimedEvent {
  const e = toLogEvent(r) as TimedEvent;
  e.at = Number(r.at);
  e.last_side = r.last_side as TimedEvent['last_side'];
  return e;
}
