// Which fields each event type takes, which it requires, and the soft warnings a new event
// can raise. Pure: no clock, no I/O.
import type { EventType, LogEvent, TimedEvent } from './types.ts';
import { MEAL_TYPES, NAPPY_KINDS, SUPPLEMENT_KINDS } from './types.ts';
import { instantToLocalFast as instantToLocal } from './zone-clock.ts';

/** The value fields an event can carry (besides id, ts, type, author, reactions). */
export const VALUE_FIELDS = ['ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min'] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];
export type EventValues = Pick<LogEvent, ValueField>;

interface TypeRule {
  required: ValueField[];
  allowed: ValueField[];
  kinds?: readonly string[];
}

// `note` may annotate any event; everything else belongs to the types named in the spec.
export const TYPE_RULES: Record<EventType, TypeRule> = {
  // side and duration_min: a breastfeed's detail (a bottle may carry its duration too).
  milk: { required: ['ml'], allowed: ['ml', 'side', 'duration_min', 'note'] },
  sleep: { required: [], allowed: ['note'] },
  wake: { required: [], allowed: ['note'] },
  nappy: { required: ['kind'], allowed: ['kind', 'note'], kinds: NAPPY_KINDS },
  poop: { required: [], allowed: ['note'] },
  solid: { required: ['foods'], allowed: ['foods', 'meal_type', 'note'] },
  note: { required: ['note'], allowed: ['note'] },
  supplement: { required: ['kind'], allowed: ['kind', 'ug', 'note'], kinds: SUPPLEMENT_KINDS },
  weight: { required: ['kg'], allowed: ['kg', 'note'] },
  length: { required: ['cm'], allowed: ['cm', 'note'] },
};

export class EventRuleError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const MAX_FOODS = 30;

/**
 * Checks a complete set of values against the type's rules and returns them normalised
 * (absent fields as null, foods trimmed and de-duplicated). Throws EventRuleError.
 */
export function checkEventValues(type: EventType, input: Partial<EventValues>): EventValues {
  const rule = TYPE_RULES[type];
  const out: EventValues = {
    ml: null, kind: null, foods: null, meal_type: null, kg: null, cm: null, ug: null, note: null, side: null, duration_min: null,
  };
  for (const f of VALUE_FIELDS) {
    const v = input[f];
    if (v === undefined || v === null) continue;
    if (!rule.allowed.includes(f)) {
      throw new EventRuleError(`${f} does not belong to a ${type} event (it takes ${rule.allowed.join(', ')}).`, f);
    }
    (out as Record<string, unknown>)[f] = v;
  }
  if (out.note !== null) {
    out.note = out.note.trim();
    if (out.note === '') out.note = null;
  }
  if (out.foods !== null) {
    const seen = new Set<string>();
    const foods: string[] = [];
    for (const raw of out.foods) {
      const name = raw.trim().replace(/\s+/g, ' ');
      if (!name) continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      foods.push(name);
    }
    if (foods.length > MAX_FOODS) throw new EventRuleError(`foods may list at most ${MAX_FOODS} foods.`, 'foods');
    out.foods = foods.length ? foods : null;
  }
  for (const f of rule.required) {
    if (out[f] === null) {
      const what = f === 'foods' ? 'at least one food' : f;
      throw new EventRuleError(`A ${type} event needs ${what}.`, f);
    }
  }
  if (rule.kinds && out.kind !== null && !rule.kinds.includes(out.kind)) {
    throw new EventRuleError(`kind of a ${type} event must be one of ${rule.kinds.join(', ')}.`, 'kind');
  }
  if (out.meal_type !== null && !(MEAL_TYPES as readonly string[]).includes(out.meal_type)) {
    throw new EventRuleError(`meal_type must be one of ${MEAL_TYPES.join(', ')}.`, 'meal_type');
  }
  return out;
}

export interface EventWarning {
  type: string;
  message: string;
  sleep_span: { start: string; end: string | null; minutes: number } | null;
}

const DUPLICATE_WINDOW_MS = 5 * 60 * 1000;

/** The sleep still open at `at` (the last sleep before it with no wake between), if any. */
export function openSleepAt(events: TimedEvent[], at: number): TimedEvent | null {
  let open: TimedEvent | null = null;
  for (const e of events) {
    if (e.at > at) break;
    if (e.type === 'sleep') open = e;
    else if (e.type === 'wake') open = null;
  }
  return open;
}

/**
 * Soft warnings for a new event, judged against the events around it (sorted by instant,
 * not including the new one). The event is saved either way.
 */
export function warningFor(
  newEvent: Pick<TimedEvent, 'type' | 'at' | 'ml' | 'kind'>,
  before: TimedEvent[],
  zone: string,
): EventWarning | null {
  const local = (ms: number) => instantToLocal(ms, zone);
  // Only a sleep or a wake is judged against the sleep running at the time.
  const open = newEvent.type === 'sleep' || newEvent.type === 'wake' ? openSleepAt(before, newEvent.at) : null;
  if (newEvent.type === 'sleep' && open) {
    const minutes = Math.round((newEvent.at - open.at) / 60000);
    return {
      type: 'already_asleep',
      message: `A sleep was already running since ${open.ts.slice(11, 16)} (${minutes} min). Log a wake to end it.`,
      sleep_span: { start: open.ts, end: null, minutes },
    };
  }
  if (newEvent.type === 'wake' && !open) {
    return {
      type: 'no_open_sleep',
      message: 'There was no sleep running to end. Log the sleep too if you want it counted.',
      sleep_span: null,
    };
  }
  const dup = before.find(
    (e) =>
      e.type === newEvent.type &&
      Math.abs(e.at - newEvent.at) <= DUPLICATE_WINDOW_MS &&
      (e.ml ?? null) === (newEvent.ml ?? null) &&
      (e.kind ?? null) === (newEvent.kind ?? null),
  );
  if (dup && newEvent.type !== 'note') {
    return {
      type: 'possible_duplicate',
      message: `A similar ${newEvent.type} was logged at ${local(dup.at).slice(11, 16)}. Undo this one if it was logged twice.`,
      sleep_span: null,
    };
  }
  return null;
}
