// Database rows of the events table ↔ the Event shape of the API and the rules.
import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/schema.ts';
import type { EventType, LogEvent, Reaction, TimedEvent } from '../../domain/types.ts';
import { namesChildren } from '../../domain/children.ts';
import { shownCelsius, shownFahrenheit } from '../../domain/temperature.ts';

export type EventRow = Selectable<EventsTable>;

/** The columns an Event (and the rules) need: never family_id, zone, created_at or seq. */
export const EVENT_COLUMNS = [
  'id', 'ts', 'at', 'type', 'author', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'reactions', 'side', 'duration_min', 'last_side',
  'celsius', 'method', 'medicine', 'amount', 'unit', 'title',
] as const;
export type EventFields = Pick<EventRow, (typeof EVENT_COLUMNS)[number]>;

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/**
 * One copy of each short value that repeats across events (type, kind, author, side, meal):
 * the drivers make a new string for every value of every row, and a cached window holds
 * thousands of events, most of them saying "nappy", "wet" and one of two names.
 */
const interned = new Map<string, string>();
const MAX_INTERNED = 4096;

function intern<T extends string | null>(s: T): T {
  if (s === null) return s;
  const known = interned.get(s);
  if (known !== undefined) return known as T;
  // Authors are free text: a server of many families could see many, so the table is bounded.
  if (interned.size >= MAX_INTERNED) interned.clear();
  interned.set(s, s);
  return s;
}

/**
 * The Event with its instant and internal field, as one literal in a fixed order: every
 * event in a window has the same shape, which keeps the rules' loops over windows fast, and
 * all its fields sit in the object itself (fields added afterwards would need a second
 * allocation per event).
 */
export function toTimedEvent(r: EventFields): TimedEvent {
  return {
    id: r.id,
    ts: r.ts,
    type: intern(r.type) as EventType,
    author: intern(r.author),
    ml: r.ml === null ? null : Number(r.ml),
    kind: intern(r.kind),
    foods: parseJson<string[]>(r.foods),
    meal_type: intern(r.meal_type) as LogEvent['meal_type'],
    kg: r.kg === null ? null : Number(r.kg),
    cm: r.cm === null ? null : Number(r.cm),
    ug: r.ug === null ? null : Number(r.ug),
    note: r.note,
    reactions: parseJson<Reaction[]>(r.reactions),
    side: intern(r.side) as LogEvent['side'],
    duration_min: r.duration_min === null ? null : Number(r.duration_min),
    celsius: r.celsius === null ? null : shownCelsius(Number(r.celsius)),
    fahrenheit: r.celsius === null ? null : shownFahrenheit(Number(r.celsius)),
    method: intern(r.method) as LogEvent['method'],
    medicine: intern(r.medicine),
    amount: r.amount === null ? null : Number(r.amount),
    unit: intern(r.unit) as LogEvent['unit'],
    title: r.title,
    at: Number(r.at),
    last_side: r.last_side as TimedEvent['last_side'],
  };
}

/** The Event as the API shows it: the same fields, without the instant and internal field. */
export function toLogEvent(r: EventFields): LogEvent {
  const { at: _at, last_side: _lastSide, ...event } = toTimedEvent(r);
  return event;
}

/**
 * The Event as a family of several children sees it: with the child it is about. A family of
 * one child sees exactly the Event it always did (domain/children.ts namesChildren).
 */
export function withChildId<E extends object>(e: E, childId: string): E & { child_id: string } {
  return { ...e, child_id: childId };
}

/** The API's Event for a row of `childId`'s log, in a family of `children`. */
export function apiEvent(r: EventFields, childId: string, children: readonly unknown[]): LogEvent {
  const e = toLogEvent(r);
  return namesChildren(children) ? withChildId(e, childId) : e;
}
