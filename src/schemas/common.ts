// Shapes shared by several endpoints. Each shape is declared once: it validates requests,
// types the code, and (via the zod → JSON Schema transform) writes the OpenAPI document.
import { z } from 'zod';
import { isValidZone, parseDate, TimeError } from '../domain/time.ts';

// The error family: one base body and the variants that add keys, each exactly as sent.
export const ErrorBody = z
  .object({
    error: z.string().describe('machine-readable code, e.g. unauthorized, not_found, insufficient_scope'),
    message: z.string().nullable().describe('human-readable detail'),
  })
  .meta({ id: 'Error' });

// The limit a refused value broke, as numbers, so a client can word the problem itself
// instead of reading the English of msg (FastAPI's issues carry the same as `ctx`).
export const IssueContext = z
  .object({
    origin: z.string().optional().describe('what the limit counts: string (characters), array (items), number (the value)'),
    minimum: z.number().optional().describe('the smallest allowed'),
    maximum: z.number().optional().describe('the largest allowed'),
    decimals: z.number().int().optional().describe('the most decimals allowed'),
  })
  .meta({ id: 'IssueContext' });

export const ValidationIssue = z
  .object({
    loc: z.array(z.union([z.string(), z.number().int()])).describe('where: body, query, path or header, then the field path'),
    msg: z.string(),
    type: z.string().describe('the validator issue code, e.g. invalid_type, too_big'),
    ctx: IssueContext.optional().describe('present when the problem is a limit: the limit'),
  })
  .meta({ id: 'ValidationIssue' });

export const ErrorWithDetailBody = ErrorBody.extend({
  detail: z.array(ValidationIssue).optional().describe('present when the request did not match its schema: one entry per problem'),
})
  .describe('a 400: invalid JSON, a request that does not match its schema (with detail), or a rule the request breaks')
  .meta({ id: 'ErrorWithDetail' });

export const RateLimitErrorBody = ErrorBody.extend({
  retry_after: z.number().int().min(1).describe('seconds to wait; also sent as the Retry-After header'),
}).meta({ id: 'RateLimitError' });

export const UnavailableErrorBody = ErrorBody.extend({
  retry_after: z.number().int().min(1).describe('seconds to wait; also sent as the Retry-After header'),
}).meta({ id: 'UnavailableError' });

export const ValidationErrorBody = z
  .object({ detail: z.array(ValidationIssue) })
  .meta({ id: 'ValidationError' });

export const Ok = z.object({ ok: z.literal(true) });

/**
 * A body that names one of the family's things by the id its listing gives: a token, a
 * session, a webhook. One shape for all of them (each once had its own copy).
 */
export const ItemIdBody = z
  .strictObject({
    id: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe('the id from its listing: GET /api/vega/tokens, /api/vega/sessions or /api/vega/webhooks'),
  })
  .meta({ id: 'IdRequest' });

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
  .meta({ description: 'YYYY-MM-DD', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const Region = z.enum(['uk', 'us']);
export const Units = z.enum(['metric', 'imperial']);
export const Gender = z.enum(['girl', 'boy', 'female', 'male', 'other', 'unknown', 'prefer_not_to_say', '']);
export const ScopeName = z.enum(['read', 'write']);

/** Which child a request is about: its id (GET /api/vega/children); unset, the primary child. */
export const ChildId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe("the child's id (GET /api/vega/children); defaults to the family's primary child");
