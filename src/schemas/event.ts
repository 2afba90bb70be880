import { z } from 'zod';
import { EVENT_TYPES, MEAL_TYPES } from '../domain/types.ts';

export const Reaction = z
  .object({ emoji: z.string(), username: z.string().describe('the caregiver who reacted') })
  .meta({ id: 'Reaction' });

export const Event = z
  .object({
    id: z.string().describe('8 lowercase hexadecimal characters, unique within the family'),
    ts: z.string().describe('family-local YYYY-MM-DDTHH:MM:SS'),
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
  })
  .meta({ id: 'Event' });
