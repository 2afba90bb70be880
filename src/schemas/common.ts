// Shapes shared by several endpoints. Each shape is declared once: it validates requests,
// types the code, and (via the zod → JSON Schema transform) writes the OpenAPI document.
import { z } from 'zod';
import { isValidZone, parseDate, TimeError } from '../domain/time.ts';

export const ErrorBody = z
  .object({
    error: z.string().describe('machine-readable code, e.g. unauthorized, not_found'),
    message: z.string().nullable().describe('human-readable detail'),
  })
  .meta({ id: 'Error' });

export const ValidationErrorBody = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  })
  .meta({ id: 'ValidationError' });

export const Ok = z.object({ ok: z.literal(true) });

export const IanaZone = z
  .string()
  .refine(isValidZone, { message: 'must be an IANA time zone name such as Europe/London' })
  .describe('IANA time zone name');

export const DateString = z
  .string()
  .refine(
    (s) => {
      try {
        parseDate(s);
        return true;
      } catch (e) {
        if (e instanceof TimeError) return false;
        throw e;
      }
    },
    { message: 'must be a real date in YYYY-MM-DD form' },
  )
  .describe('YYYY-MM-DD');

export const Region = z.enum(['uk', 'us']);
export const Units = z.enum(['metric', 'imperial']);
export const Gender = z.enum(['girl', 'boy', 'female', 'male', 'other', 'unknown', 'prefer_not_to_say', '']);
export const ScopeName = z.enum(['read', 'write']);
