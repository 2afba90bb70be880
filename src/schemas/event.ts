import { z } from 'zod';
import { EVENT_TYPES, FEED_SIDES, MEAL_TYPES, MEDICINE_UNITS, TEMPERATURE_METHODS } from '../domain/types.ts';

export const Reaction = z
  .object({ emoji: z.string(), username: z.string().describe('the caregiver who reacted') })
  .meta({ id: 'Reaction' });

export const Event = z
  .object({
    id: z.string().meta({ description: '8 lowercase hexadecimal characters, unique within the family', pattern: '^[0-9a-f]{8}$' }),
    ts: z.string().meta({ description: 'family-local YYYY-MM-DDTHH:MM:SS', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$' }),
    type: z.enum(EVENT_TYPES),
    author: z.string(),
    ml: z.number().int().nullable(),
    kind: z.string().nullable(),
    foods: z.array(z.string()).nullable(),
    meal_type: z.enum(MEAL_TYPES).nullable(),
    kg: z.number().nullable(),
    cm: z.number().nullable(),
    ug: z.number().int().nullable(),
    note: z.string().nullable(),
    reactions: z.array(Reaction).nullable(),
    side: z.enum(FEED_SIDES).nullable().describe('milk: the breast used (left, right, or both when the feed switched sides); pumping: the side pumped; null otherwise'),
    duration_min: z.number().int().nullable().describe('milk and pumping: whole minutes 1 to 180; activity: 1 to 720; null otherwise'),
    celsius: z.number().nullable().describe('temperature only: degrees Celsius, one decimal; null otherwise'),
    fahrenheit: z.number().nullable().describe('temperature only: the same reading in degrees Fahrenheit, one decimal; null otherwise'),
    method: z.enum(TEMPERATURE_METHODS).nullable().describe('temperature only: how it was taken; null when not said'),
    medicine: z.string().nullable().describe('medicine only: the name of the medicine given'),
    amount: z.number().nullable().describe('medicine only: how much was given, in unit; null when not said'),
    unit: z.enum(MEDICINE_UNITS).nullable().describe('medicine only: the unit of amount'),
    title: z.string().nullable().describe('milestone only: what happened'),
    child_id: z.string().optional().describe('the child the event is about; present when the family has more than one child'),
  })
  .meta({ id: 'Event' });

export const GrowthPercentile = z
  .object({
    standard: z.literal('WHO'),
    indicator: z.enum(['weight-for-age', 'length-for-age', 'height-for-age', 'head-circumference-for-age']),
    sex: z.enum(['boy', 'girl']),
    age_days: z.number().int(),
    z: z.number(),
    percentile: z.number().describe('0 to 100'),
    implausible: z.boolean().describe('true when WHO anthro would flag the value for checking'),
    description: z.string().describe('one informational sentence; never a diagnosis'),
  })
  .describe('WHO child growth standard placement; absent when the sex is not girl/boy')
  .meta({ id: 'GrowthPercentile' });

export const Measurement = Event.extend({ percentile: GrowthPercentile.optional() }).meta({ id: 'Measurement' });
