// Request validation with zod. Failures keep zod's own issues (paths with their number
// indexes) so the error handler can render the spec's 422 detail or a readable 400. The detail
// keeps zod's English (machine-readable, as the spec has it); the 400's message is worded in
// the reader's language from each issue's code and figures (issue 39), or from the catalogue's
// wording of a schema's own message.
import type { FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';
import type { IssueLimits } from '../errors.ts';
import { CATALOGUES, type MessageKey } from '../i18n/catalogues/index.ts';
import { ENGLISH, t, type Text, type Words } from '../i18n/text.ts';

interface Issue {
  path: PropertyKey[];
  message: string;
  code: string;
  ctx?: IssueLimits;
  /** The message to put into the reader's words; null: zod's English is the only wording. */
  text: Text | null;
}

export interface RequestValidationError extends Error {
  zodIssues: Issue[];
}

/** A size or range issue's limit (too_big, too_small), as the issue's `ctx`. */
function limitsOf(issue: { code: string; origin?: unknown; minimum?: unknown; maximum?: unknown }): IssueLimits | undefined {
  const bound = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined;
  if (typeof bound !== 'number') return undefined;
  const origin = typeof issue.origin === 'string' ? { origin: issue.origin } : {};
  return issue.code === 'too_big' ? { ...origin, maximum: bound } : { ...origin, minimum: bound };
}

type RawIssue = z.core.$ZodIssue & { input?: unknown };
const { parsedType, stringifyPrimitive, joinValues } = z.core.util;

/** zod's name of a value's type, as its English messages give it ("number", "NaN", "undefined"). */
function typeName(type: string, input?: unknown): string {
  if (type === 'number' && typeof input === 'number' && !Number.isFinite(input)) return String(input);
  return type === 'nan' ? 'NaN' : type;
}

/** Origins whose size zod counts (characters, items, entries, bytes) rather than compares. */
const SIZED = new Set(['string', 'file', 'array', 'set', 'map']);

/** The issue's message by its code and figures, as zod's English locale words it. */
function issueText(i: RawIssue): Text {
  switch (i.code) {
    case 'invalid_type':
      return t('invalid.type', { expected: typeName(i.expected), received: typeName(parsedType(i.input), i.input) });
    case 'invalid_value':
      return i.values.length === 1
        ? t('invalid.value_one', { value: stringifyPrimitive(i.values[0]) })
        : t('invalid.value_options', { options: joinValues(i.values as never[], '|') });
    case 'too_big':
    case 'too_small': {
      const big = i.code === 'too_big';
      const bound = i.exact ? 'exactly' : i.inclusive ? 'inclusive' : 'exclusive';
      const origin = i.origin ?? (big ? 'value' : 'undefined');
      const limit = Number(big ? i.maximum : i.minimum);
      if (SIZED.has(origin)) return t(big ? 'invalid.too_big_size' : 'invalid.too_small_size', { origin, bound, limit });
      return t(big ? 'invalid.too_big_value' : 'invalid.too_small_value', { origin, bound, limit });
    }
    case 'invalid_format':
      if (i.format === 'starts_with') return t('invalid.format_starts_with', { text: (i as { prefix?: string }).prefix ?? '' });
      if (i.format === 'ends_with') return t('invalid.format_ends_with', { text: (i as { suffix?: string }).suffix ?? '' });
      if (i.format === 'includes') return t('invalid.format_includes', { text: (i as { includes?: string }).includes ?? '' });
      if (i.format === 'regex') return t('invalid.format_regex', { pattern: String((i as { pattern?: unknown }).pattern) });
      return t('invalid.format', { format: i.format });
    case 'not_multiple_of':
      return t('invalid.multiple_of', { divisor: String(i.divisor) });
    case 'unrecognized_keys':
      return t('invalid.unrecognized_keys', { count: i.keys.length, keys: joinValues(i.keys, ', ') });
    case 'invalid_union': {
      const options = (i as { options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0) return t('invalid.discriminator', { options: options.map((o) => `'${o}'`).join(' | ') });
      return t(i.inclusive === false ? 'invalid.union_many' : 'invalid.input');
    }
    case 'invalid_key':
      return t('invalid.key', { origin: i.origin });
    case 'invalid_element':
      return t('invalid.element', { origin: i.origin });
    default:
      return t('invalid.input');
  }
}

/** A schema's own messages ("must be a real date in YYYY-MM-DD form"), found by their English. */
let schemaMessages: Map<string, MessageKey> | null = null;
function schemaMessage(english: string): Text | null {
  if (!schemaMessages) {
    schemaMessages = new Map();
    for (const [key, message] of Object.entries(CATALOGUES['en-GB'])) {
      if (key.startsWith('schema.')) schemaMessages.set(message!, key as MessageKey);
    }
  }
  const key = schemaMessages.get(english);
  return key ? t(key) : null;
}

/**
 * The issue's message to word in the reader's language: by its code when zod worded it (its
 * English is then exactly what the British catalogue says), else the schema's own message
 * from the catalogue; null for a schema message the catalogue lacks (it stays English).
 */
function textOf(i: RawIssue): Text | null {
  const byCode = issueText(i);
  return ENGLISH.render(byCode) === i.message ? byCode : schemaMessage(i.message);
}

// The input is reported only to name a mismatched value's type (a reference, let go with the
// issues); it changes nothing for a request that passes.
const PARSE = { reportInput: true } as const;

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => (data) => {
  const r = schema.safeParse(data, PARSE);
  if (r.success) return { value: r.data };
  const err = new Error('request validation failed') as RequestValidationError;
  err.zodIssues = r.error.issues.map((i) => {
    const ctx = limitsOf(i as typeof i & { origin?: unknown; minimum?: unknown; maximum?: unknown });
    return { path: i.path, message: i.message, code: i.code, ...(ctx ? { ctx } : {}), text: textOf(i) };
  });
  return { error: err };
};

const PART: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function issuesToDetail(part: string | undefined, issues: RequestValidationError['zodIssues']) {
  const where = PART[part ?? 'body'] ?? 'body';
  return issues.map((i) => ({
    loc: [where, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: i.message,
    type: i.code,
    ...(i.ctx ? { ctx: i.ctx } : {}),
  }));
}

/**
 * The 400's message: each issue after the field it is about ("dob: …"), in the reader's words;
 * `detail` is `issuesToDetail` of the same issues.
 */
export function issuesToMessage(detail: ReturnType<typeof issuesToDetail>, issues: Issue[], words: Words): string {
  return detail
    .map((d, n) => {
      if (d.loc.length === 1 && d.loc[0] === 'body' && d.type === 'invalid_type') return words.render(t('invalid.body_not_object'));
      const problem = issues[n]!.text ?? d.msg;
      const field = d.loc.slice(1).join('.');
      return field ? words.render(t('invalid.at_field', { field, problem })) : typeof problem === 'string' ? problem : words.render(problem);
    })
    .join('; ');
}
