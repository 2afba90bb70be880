// An imported row is held to exactly the limits POST /api/vega/log applies, from the same two
// sources, so that import and the API cannot disagree: each field's own schema (schemas/log.ts
// valueFields: numbers, whole numbers, widest ranges, text lengths, allowed values), then the
// event type's rules (domain/event-rules.ts: which fields it takes, its own ranges, a °F
// reading as °C, an amount with its unit). A row outside them is skipped with the reason and
// the value the file had; nothing is clamped.
import type { z } from 'zod';
import { valueFields } from '../../schemas/log.ts';
import { EventRuleError, TYPE_RULES, checkEventValues, type EventInput, type EventValues } from '../../domain/event-rules.ts';
import type { EventType } from '../../domain/types.ts';

type Field = keyof typeof valueFields;
type Issue = z.core.$ZodIssue;

/** "591", "'toe'", "301 characters": the file's value, short enough for a report line. */
function shown(v: unknown): string {
  if (typeof v === 'string') return v.length > 40 ? `${v.length} characters` : `'${v}'`;
  if (Array.isArray(v)) return `${v.length} item${v.length === 1 ? '' : 's'}`;
  return String(v);
}

/**
 * A numeric field's range for this type ("0 to 500" for a bottle's ml): the type's own where it
 * has one (the schema's range is the widest over every type that takes the field), else the schema's.
 */
function rangeOf(type: EventType, field: Field): string {
  const own = (TYPE_RULES[type].ranges as Partial<Record<string, { min: number; max: number }>> | undefined)?.[field];
  const s = valueFields[field] as unknown as { minValue: number | null; maxValue: number | null };
  return own ? `${own.min} to ${own.max}` : `${s.minValue} to ${s.maxValue}`;
}

function describe(type: EventType, field: Field, issue: Issue): string {
  const a = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
  const what = `${field} of ${a(type)} event`;
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      if (issue.origin === 'string') {
        return issue.code === 'too_big' ? `${what} must be at most ${issue.maximum} characters` : `${what} must not be empty`;
      }
      if (issue.origin === 'array') return issue.code === 'too_big' ? `${what} may list at most ${issue.maximum}` : `${what} must list at least ${issue.minimum}`;
      if (issue.code === 'too_small' && !issue.inclusive) return `${what} must be more than ${issue.minimum}`;
      return `${what} must be ${rangeOf(type, field)}`;
    case 'invalid_type':
      return issue.expected === 'int' ? `${what} must be a whole number` : `${what} must be ${a(issue.expected)}`;
    case 'invalid_value':
      return `${what} must be one of ${issue.values.join(', ')}`;
    default:
      return `${what}: ${issue.message}`;
  }
}

/** Why the values are refused, or the values as the API would store them. */
export function checkImported(type: EventType, values: EventInput): { values: EventValues } | { problem: string } {
  const parsed: Record<string, unknown> = {};
  for (const [f, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    const field = f as Field;
    const schema = valueFields[field] as z.ZodType | undefined;
    if (!schema) return { problem: `${f} is not a field of an event` };
    const r = schema.safeParse(v);
    if (!r.success) return { problem: `${describe(type, field, r.error.issues[0]!)} (this row: ${shown(v)})` };
    parsed[f] = r.data;
  }
  try {
    return { values: checkEventValues(type, parsed as EventInput) };
  } catch (err) {
    if (!(err instanceof EventRuleError)) throw err;
    const v = parsed[err.field];
    const message = err.message.replace(/\.$/, '');
    return { problem: v === undefined ? message : `${message} (this row: ${shown(v)})` };
  }
}
