// Database rows of the events table ↔ the Event shape of the API and the rules.
import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/schema.ts';
import type { BreastSide, EventType, LogEvent, Reaction, TimedEvent } from '../../domain/types.ts';
import type { EventValues } from '../../domain/event-rules.ts';
import { namesChildren } from '../../domain/children.ts';
import { shownCelsius, shownFahrenheit } from '../../domain/temperature.ts';
import { instantToLocalFast } from '../../domain/zone-clock.ts';

export type EventRow = Selectable<EventsTable>;

/** The columns an Event (and the rules) need: never family_id, zone, created_at or seq. */
export const EVENT_COLUMNS = [
  'id', 'ts', 'at', 'zone', 'type', 'author', 'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'reactions', 'side', 'duration_min', 'last_side',
  'celsius', 'method', 'medicine', 'amount', 'unit', 'title',
] as const;
export type EventFields = Pick<EventRow, (typeof EVENT_COLUMNS)[number]>;

/** A new event's row before it has an id and a child (the family's scope adds family_id). */
export type NewEvent = Omit<EventRow, 'id' | 'family_id' | 'child_id' | 'seq'>;

/** What a new row holds besides the event's values: when and where it happened, who logged it. */
export interface NewEventFacts {
  type: EventType;
  /** wall-clock time in `zone` */
  ts: string;
  at: number;
  /** the zone it is kept in (the family's, or the phone's when travelling) */
  zone: string;
  author: string;
  created_at: number;
  /** an import's reactions; a new log has none */
  reactions?: readonly Reaction[] | null;
  /** the feed timer's: the side a `both` breastfeed ended on */
  last_side?: BreastSide | null;
}

/**
 * The row of a new event whose values passed the event rules (domain/event-rules.ts): the one
 * mapping of an event to its columns, for a log, the feed timer's stop, an import and a
 * generated history. Values left out are null.
 */
export function newEventRow(f: NewEventFacts, v: Partial<EventValues>): NewEvent {
  return {
    ts: f.ts,
    at: f.at,
    zone: f.zone,
    type: f.type,
    author: f.author,
    ml: v.ml ?? null,
    kind: v.kind ?? null,
    foods: v.foods ? JSON.stringify(v.foods) : null,
    meal_type: v.meal_type ?? null,
    kg: v.kg ?? null,
    cm: v.cm ?? null,
    ug: v.ug ?? null,
    note: v.note ?? null,
    reactions: f.reactions && f.reactions.length ? JSON.stringify(f.reactions) : null,
    side: v.side ?? null,
    duration_min: v.duration_min ?? null,
    last_side: f.last_side ?? null,
    created_at: f.created_at,
    celsius: v.celsius ?? null,
    method: v.method ?? null,
    medicine: v.medicine ?? null,
    amount: v.amount ?? null,
    unit: v.unit ?? null,
    title: v.title ?? null,
  };
}

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
 * The Event as the family sees it now, in `zone` (the family's zone today), with its instant and
 * internal fields, as one literal in a fixed order. A row keeps `ts` in the zone it was logged
 * in (`r.zone`: the family's zone then, or the phone's when the log said `timezone`): shown in
 * that zone unchanged, otherwise re-read from its instant in today's zone, so a family that
 * moved or travelled sees every event at its true time on its true date (issue 27).
 * Every
 * event in a window has the same shape, which keeps the rules' loops over windows fast, and
 * all its fields sit in the object itself (fields added afterwards would need a second
 * allocation per event).
 */
export function toTimedEvent(r: EventFields, zone: string): TimedEvent {
  const at = Number(r.at);
  return {
    id: r.id,
    ts: r.zone === zone ? r.ts : instantToLocalFast(at, zone),
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
    at,
    last_side: r.last_side as TimedEvent['last_side'],
    zone: intern(r.zone),
    own_ts: r.ts,
  };
}

/** The Event as the API shows it: the same fields, without the instant and internal field. */
export function toLogEvent(r: EventFields, zone: string): LogEvent {
  const { at: _at, last_side: _lastSide, zone: _zone, own_ts: _ownTs, ...event } = toTimedEvent(r, zone);
  return event;
}

/**
 * The Event as a family of several children sees it: with the child it is about. A family of
 * one child sees exactly the Event it always did (domain/children.ts namesChildren).
 */
export function withChildId<E extends object>(e: E, childId: string): E & { child_id: string } {
  return { ...e, child_id: childId };
}

/** The API's Event for a row of `childId`'s log, in a family of `children` whose zone is `zone`. */
export function apiEvent(r: EventFields, childId: string, children: readonly unknown[], zone: string): LogEvent {
  const e = toLogEvent(r, zone);
  return namesChildren(children) ? withChildId(e, childId) : e;
}
