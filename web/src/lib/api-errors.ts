// The API's refusals in words for a parent, chosen by the error's code and its structured
// `detail` (the field in `loc`, the kind of problem in `type`, the limit in `ctx`), never by
// reading the server's English: "Too big: expected number to be <=500" is developer wording.
import type { components } from '../generated/openapi.d.ts';
import { num, t, type MessageKey } from '../i18n/core.ts';

type Issue = components['schemas']['ValidationIssue'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name → plain-words problem, from the body's detail or a code about one field. */
    readonly fields: Record<string, string> = {},
    readonly offline = false,
  ) {
    super(message);
  }
}

/** The log form's own wording, shared so an API refusal reads the same as the form's check. */
export const fieldMessage = (field: string): string | undefined => {
  switch (field) {
    case 'ml': return t('field.ml');
    case 'kg': return t('field.kg');
    case 'cm': return t('field.cm');
    case 'ug': return t('field.ug');
    case 'email': return t('field.email');
    case 'ts': return t('err.ts');
    case 'dob': return t('err.dob');
    case 'timezone': return t('err.timezone');
    case 'foods': return t('err.foods');
    default: return undefined;
  }
};
/** The ranges those messages speak of: another type's range of the same field (a pumping's ml) is said with its own numbers. */
const FIELD_RANGES: Record<string, [number, number]> = { ml: [0, 500], kg: [0.5, 30], cm: [40, 120] };
// Field names said the way a parent would ("the amount", not "ml"); the catalogue's err.label
// has each, and a field it does not know is said by its name.
const KNOWN_LABELS = new Set(['ml', 'kg', 'cm', 'ug', 'ts', 'dob', 'email', 'password', 'baby_name', 'family_name', 'username', 'timezone', 'region',
  'units', 'foods', 'note', 'kind', 'meal_type', 'label', 'question', 'name', 'ingredients', 'gender', 'confirm', 'code', 'emoji', 'text', 'author',
  'scopes', 'date', 'celsius', 'fahrenheit', 'method', 'medicine', 'amount', 'unit', 'title', 'side', 'duration_min', 'min_hours', 'max_per_24h']);
const label = (f: string) => (KNOWN_LABELS.has(f) ? t('err.label', { field: f }) : f ? f.replace(/_/g, ' ') : t('err.this'));
const CHOICES = ['kind', 'meal_type', 'method', 'side'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The words of an error about a field: `label` is the field's name in a sentence ("the amount"), `Label` the same opening one. */
const named = (f: string) => {
  const l = label(f);
  return { label: l, Label: l.charAt(0).toUpperCase() + l.slice(1) };
};

/** The field an issue is about: loc looks like ["body", "email"], ["body", "changes", "ml"] or ["body", "foods", 0]. */
export function fieldOf(loc: Issue['loc']): string {
  const parts = loc.filter((p): p is string => typeof p === 'string' && !['body', 'query', 'params', 'path', 'header'].includes(p));
  return parts.length ? parts[parts.length - 1] : '';
}

/** An event rule's refusal (type out_of_range or invalid_event) in plain words. */
function eventRuleWords(field: string, issue: Issue): string {
  const { minimum, maximum, decimals } = issue.ctx ?? {};
  if (decimals !== undefined) return t('err.one_decimal', { example: num(38.2, 1) });
  if (issue.type === 'out_of_range' && minimum !== undefined && maximum !== undefined) {
    const usual = FIELD_RANGES[field];
    if (usual && usual[0] === minimum && usual[1] === maximum && fieldMessage(field)) return fieldMessage(field)!;
    // In a range, a cm is a length's or a head circumference's: "the measurement" is right for both.
    const l = field === 'cm' ? t('err.measurement') : label(field);
    return t('err.range', { Label: l.charAt(0).toUpperCase() + l.slice(1), min: num(Number(minimum)), max: num(Number(maximum)) });
  }
  if (field === 'foods') return maximum !== undefined ? t('err.foods_most', { n: Number(maximum) }) : t('err.foods');
  // The event rules pair these: °C or °F (not both), an amount with its unit.
  if (field === 'fahrenheit') return t('err.temp_once');
  if (field === 'unit') return t('field.unit');
  if (field === 'amount') return t('err.amount_unit');
  if (CHOICES.includes(field)) return t('err.choice', named(field));
  return fieldMessage(field) ?? t('err.enter', named(field));
}

/** One problem of a body's detail ({loc, type, ctx}) in plain words. */
export function friendlyIssue(issue: Issue): string {
  const field = fieldOf(issue.loc);
  const { type } = issue;
  const { origin, minimum, maximum } = issue.ctx ?? {};
  if (field === 'password' && type === 'too_small') return t('err.password_short', { n: Number(minimum ?? 6) });
  if (field === 'note' && type === 'too_big') return t('err.note_long', { n: Number(maximum ?? 300) });
  if (type === 'out_of_range' || type === 'invalid_event') return eventRuleWords(field, issue);
  // A missing field: what to enter (the app sends every value it shows as the right kind).
  if (type === 'invalid_type' && field && !fieldMessage(field)) return t('err.enter', named(field));
  if (fieldMessage(field) && !(field === 'foods' && type === 'too_big')) return fieldMessage(field)!;
  const w = named(field);
  switch (type) {
    case 'too_big':
      if (origin === 'string') return t('err.chars_most', { ...w, n: Number(maximum) });
      if (origin === 'array') return t('err.pick_most', { ...w, n: Number(maximum) });
      return maximum !== undefined ? t('err.at_most', { ...w, n: num(Number(maximum)) }) : t('err.too_large', w);
    case 'too_small':
      if (origin === 'string') return !minimum || minimum <= 1 ? t('err.enter', w) : t('err.chars_least', { ...w, n: Number(minimum) });
      if (origin === 'array') return t('err.add_one', w);
      return minimum !== undefined ? t('err.at_least', { ...w, n: num(Number(minimum)) }) : t('err.too_small', w);
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_union':
    case 'invalid_literal':
      return t('err.choice', w);
    case 'invalid_format':
    case 'invalid_string':
    case 'invalid_date':
      return t('err.format', w);
    case 'not_integer':
    case 'not_multiple_of':
      return t('err.whole', w);
    case 'unrecognized_keys':
      return t('err.unchangeable');
    default:
      return field ? t('err.invalid', w) : t('err.check_form');
  }
}

/** Codes about one field, with the field and the words for it (the first issue of detail, when sent, says which case). */
function codeWords(code: string, message: string, issue: Issue | undefined): [string, string] | null {
  switch (code) {
    case 'future_timestamp':
      return ['ts', t('err.future')];
    case 'invalid_timestamp':
      return ['ts', issue?.type === 'too_old' ? t('err.too_old') : t('err.ts')];
    case 'invalid_date':
      return ['date', t('err.date')];
    case 'invalid_dob':
      return ['dob', issue?.type === 'in_future' ? t('err.dob_future') : t('err.dob_old')];
    case 'note_too_long': {
      const most = issue?.ctx?.maximum;
      return ['question', most !== undefined ? t('err.note_long', { n: Number(most) }) : t('err.note_too_long')];
    }
    case 'empty_note':
      return ['question', t('err.empty_note')];
    case 'child_archived':
      // The server's words name the API route to call; a parent needs the app's place instead
      // (a page that knows which child it was writes the child's name: archivedText).
      return ['child', archivedText(null)];
    case 'child_name_taken':
      // The server's sentence, shown as written: it names the child.
      return ['baby_name', message ? cap(message) : t('err.child_name_taken')];
    case 'child_not_found':
      return ['child', t('err.child_gone')];
    case 'confirm_mismatch':
      return ['confirm', t('err.confirm')];
    default:
      return null;
  }
}

/** A refusal for an archived child, naming them when the page knows who it was for. */
export function archivedText(name: string | null): string {
  return name ? t('err.archived_name', { name }) : t('err.archived');
}

// Error codes the server uses, said the way a tired parent would want to read them.
const PLAIN: Record<string, MessageKey> = {
  unauthorized: 'err.unauthorized',
  invalid_credentials: 'err.invalid_credentials',
  payment_required: 'err.payment_required',
  usage_limit_reached: 'err.usage_limit',
  insufficient_scope: 'err.insufficient_scope',
  forbidden: 'err.forbidden',
  not_found: 'err.not_found',
  conflict: 'err.conflict',
  email_taken: 'err.email_taken',
  rate_limited: 'err.rate_limited',
  invalid_emoji: 'err.invalid_emoji',
  nothing_to_change: 'err.nothing_to_change',
  invalid_json: 'err.invalid_json',
  cross_origin_refused: 'err.cross_origin',
  webhook_disabled: 'err.webhook_disabled',
  no_feed_in_progress: 'err.no_feed',
};
/** Codes whose server wording names API fields or routes: the app's words always. */
const OWN_WORDS = new Set(['unauthorized', 'insufficient_scope', 'invalid_json', 'cross_origin_refused', 'invalid_emoji', 'nothing_to_change', 'webhook_disabled']);

/** Words for a refusal about no one field: the app's own for the codes it knows, else the server's sentence (written for people). */
function plainFor(status: number, code: string, message: string): string {
  if (status >= 500) return t('err.server');
  const plain = PLAIN[code];
  if (plain && (!message || OWN_WORDS.has(code))) return t(plain);
  if (message) return cap(message);
  if (plain) return t(plain);
  if (status === 409) return t('err.email_taken');
  if (status === 403) return t('err.forbidden');
  if (status === 404) return t('err.not_found_status');
  if (status === 410) return t('err.invite_gone');
  if (status === 429) return t('err.too_many');
  return code ? cap(code.replace(/_/g, ' ')) : t('err.failed', { status });
}

/** Any of the API's error bodies: {error, message}, with detail on a 400; the 422's {detail}. */
interface ErrorBody {
  error: string;
  message: string;
  detail: Issue[];
}
function asErrorBody(v: unknown): ErrorBody {
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  const detail = Array.isArray(o.detail)
    ? o.detail.filter((d): d is Issue => typeof d === 'object' && d !== null && Array.isArray((d as Issue).loc) && typeof (d as Issue).type === 'string')
    : [];
  return { error: typeof o.error === 'string' ? o.error : '', message: typeof o.message === 'string' ? o.message : '', detail };
}

/** The ApiError for a refused call: its status and its (parsed) body, whatever the body is. */
export function errorFrom(status: number, rawBody: unknown): ApiError {
  const body = asErrorBody(rawBody);
  const code = body.error || (body.detail.length ? 'validation_error' : String(status));
  if (body.detail.length) {
    const fields: Record<string, string> = {};
    const msgs: string[] = [];
    for (const issue of body.detail) {
      const known = codeWords(body.error, body.message, issue);
      const f = known?.[0] ?? fieldOf(issue.loc);
      const msg = known?.[1] ?? friendlyIssue(issue);
      if (f && !fields[f]) fields[f] = msg;
      if (!msgs.includes(msg)) msgs.push(msg);
    }
    return new ApiError(status, code, msgs.join(' ') || t('err.check_form'), fields);
  }
  const known = codeWords(body.error, body.message, undefined);
  if (known) return new ApiError(status, code, known[1], { [known[0]]: known[1] });
  return new ApiError(status, code, plainFor(status, body.error, body.message));
}

/**
 * Where to show an error: each field-named problem next to its field when the form shows that
 * field, and everything else once beside the button. Never the same words twice.
 */
export function splitError(e: unknown, shown: string[]): { fields: Record<string, string>; form: string | null } {
  if (!(e instanceof ApiError)) return { fields: {}, form: (e as Error)?.message || t('common.wrong') };
  const names = Object.keys(e.fields);
  if (!names.length) return { fields: {}, form: e.message };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const f of names) {
    if (shown.includes(f)) fields[f] = e.fields[f];
    else if (!rest.includes(e.fields[f])) rest.push(e.fields[f]);
  }
  const placed = Object.values(fields);
  return { fields, form: rest.filter((m) => !placed.includes(m)).join(' ') || null };
}
