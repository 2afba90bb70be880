// Which fields each event type takes, which it requires, and the soft warnings a new event
// can raise. Pure: no clock, no I/O.
import type { EventType, LogEvent, TimedEvent } from './types.ts';
import { ACTIVITY_KINDS, FEED_SIDES, MEAL_TYPES, MEDICINE_UNITS, NAPPY_KINDS, SUPPLEMENT_KINDS, TEMPERATURE_METHODS } from './types.ts';
import { instantToLocalFast as instantToLocal } from './zone-clock.ts';
import { celsiusFromFahrenheit } from './temperature.ts';
import { at, t, type Text } from '../i18n/text.ts';

/** The value fields an event stores (besides id, ts, type, author, reactions). */
export const VALUE_FIELDS = [
  'ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min',
  'celsius', 'method', 'medicine', 'amount', 'unit', 'title',
] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];
export type EventValues = Pick<LogEvent, ValueField>;
/** What a caller may send: the stored fields, or a temperature in °F instead of °C. */
export type EventInput = Partial<EventValues> & { fahrenheit?: number | null };

interface Range {
  min: number;
  max: number;
  /** at most this many decimals (a thermometer shows one) */
  decimals?: number;
}

interface TypeRule {
  required: ValueField[];
  allowed: ValueField[];
  /** the values `kind` may take */
  kinds?: readonly string[];
  /** this type's own range of a numeric field, where the field means something else elsewhere */
  ranges?: Partial<Record<ValueField, Range>>;
}

const FEED_MINUTES: Range = { min: 1, max: 180 };

// `note` may annotate any event; everything else belongs to the types named in the spec, or
// (since 1.3.0) to the type whose own thing it measures: pumping takes ml, a head
// circumference cm, an activity a kind and minutes.
export const TYPE_RULES: Record<EventType, TypeRule> = {
  // side and duration_min: a breastfeed's detail (a bottle may carry its duration too).
  milk: { required: ['ml'], allowed: ['ml', 'side', 'duration_min', 'note'], ranges: { ml: { min: 0, max: 500 }, duration_min: FEED_MINUTES } },
  sleep: { required: [], allowed: ['note'] },
  wake: { required: [], allowed: ['note'] },
  nappy: { required: ['kind'], allowed: ['kind', 'note'], kinds: NAPPY_KINDS },
  poop: { required: [], allowed: ['note'] },
  solid: { required: ['foods'], allowed: ['foods', 'meal_type', 'note'] },
  note: { required: ['note'], allowed: ['note'] },
  supplement: { required: ['kind'], allowed: ['kind', 'ug', 'note'], kinds: SUPPLEMENT_KINDS },
  weight: { required: ['kg'], allowed: ['kg', 'note'] },
  length: { required: ['cm'], allowed: ['cm', 'note'], ranges: { cm: { min: 40, max: 120 } } },
  temperature: { required: ['celsius'], allowed: ['celsius', 'method', 'note'], ranges: { celsius: { min: 34, max: 43 } } },
  medicine: { required: ['medicine'], allowed: ['medicine', 'amount', 'unit', 'note'] },
  pumping: { required: ['ml'], allowed: ['ml', 'side', 'duration_min', 'note'], ranges: { ml: { min: 0, max: 1000 }, duration_min: FEED_MINUTES } },
  head_circumference: { required: ['cm'], allowed: ['cm', 'note'], ranges: { cm: { min: 25, max: 60 } } },
  activity: { required: ['kind'], allowed: ['kind', 'duration_min', 'note'], kinds: ACTIVITY_KINDS, ranges: { duration_min: { min: 1, max: 720 } } },
  milestone: { required: ['title'], allowed: ['title', 'note'] },
};

/** A thermometer's range in °F (34.0–43.0 °C). */
export const FAHRENHEIT_RANGE: Range = { min: 93.2, max: 109.4, decimals: 1 };
const CELSIUS_DECIMALS = 1;

/** Every value field absent: what an event without values (a sleep, a wake) carries. */
export const EMPTY_VALUES: Readonly<EventValues> = Object.freeze({
  ml: null, kind: null, foods: null, meal_type: null, kg: null, cm: null, ug: null, note: null, side: null, duration_min: null,
  celsius: null, method: null, medicine: null, amount: null, unit: null, title: null,
});

export class EventRuleError extends Error {
  constructor(
    /** what is wrong, to put into the reader's words (`message` is its English) */
    readonly text: Text,
    readonly field: string,
    /** 'range': a value outside the type's range (the same kind of refusal as a schema range); 'rule': anything else */
    readonly kind: 'range' | 'rule' = 'rule',
    /** the limit broken, as numbers: the API sends them as the ctx */
    readonly limits: { origin?: string; minimum?: number; maximum?: number; decimals?: number } = {},
  ) {
    super(String(text));
  }
}

const MAX_FOODS = 30;

function decimalsOk(v: number, decimals: number): boolean {
  const scaled = v * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

function checkRange(type: EventType, field: string, v: number, r: Range): void {
  if (v < r.min || v > r.max) {
    throw new EventRuleError(t('error.event_range', { field, type, min: r.min, max: r.max }), field, 'range', { origin: 'number', minimum: r.min, maximum: r.max });
  }
  if (r.decimals !== undefined && !decimalsOk(v, r.decimals)) {
    throw new EventRuleError(t('error.event_decimals', { field, decimals: r.decimals }), field, 'range', { decimals: r.decimals });
  }
}

/** `of`: what the field belongs to ("a milk event", "a dose"), a message of its own. */
function oneOf(field: string, v: string | null, allowed: readonly string[], of: (options: string) => Text): void {
  if (v !== null && !allowed.includes(v)) throw new EventRuleError(of(allowed.join(', ')), field);
}

/** Text fields trimmed, spaces collapsed; an empty one is absent. */
function tidyText(v: string | null): string | null {
  if (v === null) return null;
  const t = v.trim().replace(/\s+/g, ' ');
  return t === '' ? null : t;
}

/**
 * Checks a complete set of values against the type's rules and returns them normalised
 * (absent fields as null, text trimmed, foods de-duplicated, a temperature in °F as °C).
 * Throws EventRuleError naming the field.
 */
export function checkEventValues(type: EventType, input: EventInput): EventValues {
  const rule = TYPE_RULES[type];
  const out: EventValues = { ...EMPTY_VALUES };
  const fahrenheit = input.fahrenheit ?? null;
  if (fahrenheit !== null) {
    if (type !== 'temperature') throw new EventRuleError(t('error.event_field_not_taken', { field: 'fahrenheit', type, fields: rule.allowed.join(', ') }), 'fahrenheit');
    if (input.celsius !== undefined && input.celsius !== null) {
      throw new EventRuleError(t('error.event_celsius_and_fahrenheit'), 'fahrenheit');
    }
    checkRange(type, 'fahrenheit', fahrenheit, FAHRENHEIT_RANGE);
  }
  for (const f of VALUE_FIELDS) {
    const v = input[f];
    if (v === undefined || v === null) continue;
    if (!rule.allowed.includes(f)) {
      throw new EventRuleError(t('error.event_field_not_taken', { field: f, type, fields: rule.allowed.join(', ') }), f);
    }
    (out as Record<string, unknown>)[f] = v;
  }
  if (out.note !== null) {
    out.note = out.note.trim();
    if (out.note === '') out.note = null;
  }
  out.medicine = tidyText(out.medicine);
  out.title = tidyText(out.title);
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
    if (foods.length > MAX_FOODS) throw new EventRuleError(t('error.event_too_many_foods', { max: MAX_FOODS }), 'foods', 'rule', { origin: 'array', maximum: MAX_FOODS });
    out.foods = foods.length ? foods : null;
  }
  if (out.celsius !== null) checkRange(type, 'celsius', out.celsius, { ...rule.ranges!.celsius!, decimals: CELSIUS_DECIMALS });
  // Kept unrounded, so a reading sent in °F reads back as exactly what was sent.
  if (fahrenheit !== null) out.celsius = celsiusFromFahrenheit(fahrenheit);
  for (const f of rule.required) {
    if (out[f] === null) {
      const needs = f === 'foods' ? t('error.event_needs_food', { type }) : f === 'celsius' ? t('error.event_needs_celsius', { type }) : t('error.event_needs_field', { type, field: f });
      throw new EventRuleError(needs, f);
    }
  }
  for (const [f, r] of Object.entries(rule.ranges ?? {}) as [ValueField, Range][]) {
    const v = out[f];
    if (typeof v === 'number' && f !== 'celsius') checkRange(type, f, v, r);
  }
  const ofEvent = (field: string, of: EventType) => (options: string) => t('error.event_one_of', { field, type: of, options });
  if (rule.kinds) oneOf('kind', out.kind, rule.kinds, ofEvent('kind', type));
  oneOf('meal_type', out.meal_type, MEAL_TYPES, ofEvent('meal_type', 'solid'));
  oneOf('side', out.side, FEED_SIDES, ofEvent('side', type));
  oneOf('method', out.method, TEMPERATURE_METHODS, (options) => t('error.temperature_method_one_of', { options }));
  oneOf('unit', out.unit, MEDICINE_UNITS, (options) => t('error.dose_unit_one_of', { options }));
  // An amount means nothing without its unit (2.5 of what?), and a unit nothing without an amount.
  if (out.amount !== null && out.unit === null) throw new EventRuleError(t('error.dose_amount_needs_unit'), 'unit');
  if (out.unit !== null && out.amount === null) throw new EventRuleError(t('error.dose_unit_needs_amount'), 'amount');
  return out;
}

export interface EventWarning {
  type: string;
  /** in the reader's words (catalogues/warning) */
  message: Text;
  sleep_span: { start: string; end: string | null; minutes: number } | null;
}

const DUPLICATE_WINDOW_MS = 5 * 60 * 1000;

function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

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
  newEvent: Pick<TimedEvent, 'type' | 'at' | 'ml' | 'kind'> & Partial<Pick<TimedEvent, 'medicine' | 'celsius' | 'title'>>,
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
      message: t('warning.already_asleep', { since: at(open.ts), minutes }),
      sleep_span: { start: open.ts, end: null, minutes },
    };
  }
  if (newEvent.type === 'wake' && !open) {
    return {
      type: 'no_open_sleep',
      message: t('warning.no_open_sleep'),
      sleep_span: null,
    };
  }
  const dup = before.find(
    (e) =>
      e.type === newEvent.type &&
      Math.abs(e.at - newEvent.at) <= DUPLICATE_WINDOW_MS &&
      (e.ml ?? null) === (newEvent.ml ?? null) &&
      (e.kind ?? null) === (newEvent.kind ?? null) &&
      // Two different medicines, readings or milestones within minutes are two entries.
      sameText(e.medicine, newEvent.medicine) &&
      (e.celsius ?? null) === (newEvent.celsius ?? null) &&
      sameText(e.title, newEvent.title),
  );
  if (dup && newEvent.type !== 'note') {
    return {
      type: 'possible_duplicate',
      message: t('warning.possible_duplicate', { type: newEvent.type, time: at(local(dup.at)) }),
      sleep_span: null,
    };
  }
  return null;
}
