import { z } from 'zod';
import { ErrorBody } from './common.ts';

export const NoteSchema = z.object({ ts: z.string(), text: z.string(), tags: z.array(z.string()) }).meta({ id: 'Note' });

export const UsageLimitSchema = z
  .object({
    daily_limit: z.number().int(),
    daily_used: z.number().int(),
    daily_remaining: z.number().int(),
    monthly_limit: z.number().int(),
    monthly_used: z.number().int(),
    monthly_remaining: z.number().int(),
  })
  .meta({ id: 'UsageLimit' });
export type UsageLimit = z.infer<typeof UsageLimitSchema>;

/** The 429 of POST /api/ask: the plan's question limit, with the counts. */
export const UsageLimitErrorBody = ErrorBody.extend({ usage_limit: UsageLimitSchema }).meta({ id: 'UsageLimitError' });

export const AskBody = z.strictObject({ question: z.string().trim().min(1).max(1000) }).meta({ id: 'AskRequest' });

export const AskResponse = z
  .object({
    answer: z.string(),
    reply: z.string().nullable().describe('legacy duplicate of answer'),
    model: z.string().nullable().describe('the answerer used; null when a guardrail answered without one'),
    context_used: z.boolean().nullable(),
    guardrail: z.string().nullable().describe('emergency, medication, symptom or diagnosis when a guardrail answered'),
    usage_limit: UsageLimitSchema.nullable(),
    saved_notes: z.array(NoteSchema).nullable(),
  })
  .meta({ id: 'AskResponse' });

export const NoteList = z.object({ notes: z.array(NoteSchema) });
export const NoteDeleteBody = z.strictObject({ ts: z.string().min(1).max(40) }).meta({ id: 'NoteDeleteRequest' });
