// Request and response shapes of the Tracker endpoints.
import { z } from 'zod';
import { ACTIVITY_KINDS, EVENT_TYPES, FEED_SIDES, MEAL_TYPES, MEDICINE_UNITS, TEMPERATURE_METHODS } from '../domain/types.ts';
import { ChildId, DateString, IanaZone } from './common.ts';
import { Event } from './event.ts';
import { LiveStatusSchema } from './insights.ts';

const LocalTs = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be a local timestamp YYYY-MM-DDTHH:MM:SS')
  .describe('family-local YYYY-MM-DDTHH:MM:SS; must not be in the future');

const Food = z.string().trim().min(1).max(80);

// Each field's widest range over the types that take it; a type's own range (milk ml 0 to
// 500, length cm 40 to 120, as the spec fixes) is checked by domain/event-rules.ts, with a 400
// naming the field either way.
export const valueFields = {
  ml: z.number().int().min(0).max(1000).describe('milk: 0 to 500, 0 means a breastfeed; pumping: 0 to 1000'),
  kind: z.string().max(20).describe(`nappy: wet, dirty, both, dry; supplement: vitd, iron, multivitamin; activity: ${ACTIVITY_KINDS.join(', ')}`),
  foods: z.array(Food).min(1).max(30).describe('solid only; food names, or a saved recipe name'),
  meal_type: z.enum(MEAL_TYPES).describe('solid only'),
  kg: z.number().min(0.5).max(30).describe('weight only; 0.5 to 30'),
  cm: z.number().min(25).max(120).describe('length: 40 to 120; head_circumference: 25 to 60'),
  ug: z.number().int().min(0).max(100000).describe('supplement only; micrograms'),
  note: z.string().max(300).describe('at most 300 characters; required for a note event'),
  side: z.enum(FEED_SIDES).describe('milk: the breast used; pumping: the side pumped; left, right or both'),
  duration_min: z.number().int().min(1).max(720).describe('milk and pumping: whole minutes 1 to 180 (a bottle may carry it too); activity: 1 to 720'),
  celsius: z.number().min(34).max(43).describe('temperature only: degrees Celsius, 34.0 to 43.0, one decimal'),
  fahrenheit: z.number().min(93.2).max(109.4).describe('temperature only, instead of celsius: degrees Fahrenheit, 93.2 to 109.4, one decimal'),
  method: z.enum(TEMPERATURE_METHODS).describe('temperature only: how it was taken'),
  medicine: z.string().trim().min(1).max(80).describe('medicine only: the name, 1 to 80 characters'),
  amount: z.number().gt(0).max(1000).describe('medicine only: how much was given, in unit (send both or neither)'),
  unit: z.enum(MEDICINE_UNITS).describe('medicine only: the unit of amount'),
  title: z.string().trim().min(1).max(80).describe('milestone only: what happened, 1 to 80 characters, e.g. "first smile"'),
};

export const Author = z.string().trim().min(1).max(40);

export const LogBody = z
  .strictObject({
    type: z.enum(EVENT_TYPES),
    ts: LocalTs.nullish().describe('defaults to now; must not be in the future'),
    ml: valueFields.ml.nullish(),
    kind: valueFields.kind.nullish(),
    foods: valueFields.foods.nullish(),
    meal_type: valueFields.meal_type.nullish(),
    kg: valueFields.kg.nullish(),
    cm: valueFields.cm.nullish(),
    ug: valueFields.ug.nullish(),
    note: valueFields.note.nullish(),
    side: valueFields.side.nullish(),
    duration_min: valueFields.duration_min.nullish(),
    celsius: valueFields.celsius.nullish(),
    fahrenheit: valueFields.fahrenheit.nullish(),
    method: valueFields.method.nullish(),
    medicine: valueFields.medicine.nullish(),
    amount: valueFields.amount.nullish(),
    unit: valueFields.unit.nullish(),
    title: valueFields.title.nullish(),
    author: Author.nullish().describe("defaults to the caller's username"),
    timezone: IanaZone.nullish().describe("the zone ts is written in, when not the family's"),
    child: ChildId.nullish(),
  })
  .meta({ id: 'LogRequest' });
export type LogInput = z.infer<typeof LogBody>;

export const Warning = z
  .object({
    type: z.string().describe('already_asleep, no_open_sleep, possible_duplicate, medicine_too_soon or medicine_max_doses'),
    message: z.string(),
    sleep_span: z.object({ start: z.string(), end: z.string().nullable(), minutes: z.number().int() }).nullable(),
  })
  .meta({ id: 'LogWarning' });


export const LogResponse = z
  .object({
    status: z.literal('ok'),
    event: Event,
    live: LiveStatusSchema,
    unknown_foods: z.array(z.string()),
    warning: Warning.nullable(),
  })
  .meta({ id: 'LogResponse' });

export const EditBody = z
  .strictObject({
    id: z.string().min(1).max(40),
    changes: z
      .strictObject({
        ts: LocalTs.optional(),
        ml: valueFields.ml.nullish(),
        foods: valueFields.foods.nullish(),
        note: valueFields.note.nullish(),
        meal_type: valueFields.meal_type.nullish(),
        kind: valueFields.kind.nullish(),
        side: valueFields.side.nullish(),
        duration_min: valueFields.duration_min.nullish(),
        kg: valueFields.kg.optional().describe('weight only (1.3.0)'),
        cm: valueFields.cm.optional().describe('length and head_circumference only (1.3.0)'),
        celsius: valueFields.celsius.nullish(),
        fahrenheit: valueFields.fahrenheit.nullish(),
        method: valueFields.method.nullish(),
        medicine: valueFields.medicine.nullish(),
        amount: valueFields.amount.nullish(),
        unit: valueFields.unit.nullish(),
        title: valueFields.title.nullish(),
        author: Author.optional(),
        child_id: ChildId.optional().describe('moves the event to another child of the family'),
      })
      .describe('only ts, ml, foods, note, meal_type, kind, side, duration_min, kg, cm, celsius, fahrenheit, method, medicine, amount, unit, title, author, child_id; null clears an optional field'),
  })
  .meta({ id: 'EditRequest' });
export type EditInput = z.infer<typeof EditBody>;

export const IdBody = z.strictObject({ id: z.string().min(1).max(40) });
export const ReactBody = z.strictObject({ id: z.string().min(1).max(40), emoji: z.string().min(1).max(32) });

export const MutationResponse = z
  .object({ status: z.literal('ok'), event: Event.nullable(), removed: Event.nullable(), live: LiveStatusSchema.nullable() })
  .meta({ id: 'MutationResponse' });

export const UndoResponse = z
  .object({ status: z.literal('ok'), removed: Event.nullable(), message: z.string().nullable(), live: LiveStatusSchema.nullable() })
  .meta({ id: 'UndoResponse' });

export const EventList = z
  .object({
    events: z.array(Event),
    // 1.3.0: an added key, so a client that reads only `events` is unaffected.
    counts: z
      .partialRecord(z.enum(EVENT_TYPES), z.number().int())
      .describe('1.3.0: how many of the day’s events are of each type, e.g. {"milk": 7, "nappy": 5}; a type with none is absent'),
  })
  .meta({ id: 'EventList' });

export const DateQuery = z.object({ date: DateString.optional().describe('YYYY-MM-DD; defaults to today, family-local'), child: ChildId.optional() });

/** The query of a read about one child that takes nothing else. */
export const ChildQuery = z.object({ child: ChildId.optional() });

/** How many food suggestions: 1 to 100, default 12 (JSON callers such as MCP tools). */
const SuggestionLimit = z.number().int().min(1).max(100);
export const SuggestionsArgs = z.object({ limit: SuggestionLimit.default(12).describe('1 to 100, default 12') });

// In a query string the limit arrives as text: digits only ("1e1", " 1" or "0x10" are not
// what a caller means by a limit), then the same rule as SuggestionLimit.
export const SuggestionsQuery = z.object({
  child: ChildId.optional(),
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(SuggestionLimit)
    .default(12)
    // Documented as what it is to a caller: an integer 1 to 100, default 12 (the digits-only
    // rule above is how the text of a query string is read). zod drops `default` from the
    // input side of a transform, so it travels as x-default (see openapi-enrich.ts).
    .meta({ type: 'integer', minimum: 1, maximum: 100, 'x-default': 12, pattern: undefined, description: '1 to 100, default 12' }),
});

export const RecipeBody = z
  .strictObject({ name: z.string().trim().min(1).max(80), ingredients: z.array(Food).min(1).max(30) })
  .meta({ id: 'RecipeRequest' });
export const RecipeResponse = z.object({
  status: z.literal('ok'),
  recipe: z.object({ name: z.string(), ingredients: z.array(z.string()), unknown_foods: z.array(z.string()) }),
});
