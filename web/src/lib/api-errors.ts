// The API's refusals in words for a parent, chosen by the error's code and its structured
// `detail` (the field in `loc`, the kind of problem in `type`, the limit in `ctx`), never by
// reading the server's English: "Too big: expected number to be <=500" is developer wording.
import type { components } from '../generated/openapi.d.ts';

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
export const FIELD_MESSAGES: Record<string, string> = {
  ml: 'Enter a whole number of ml from 1 to 500.',
  kg: 'Weight must be between 0.5 and 30 kg.',
  cm: 'Length must be between 40 and 120 cm.',
  ug: 'Enter a whole number of micrograms.',
  email: 'Enter the email you will sign in with.',
  ts: 'Enter a valid time.',
  dob: 'Enter a valid date of birth.',
  timezone: 'Enter a time zone such as Europe/London.',
  foods: 'Pick at least one food.',
};
/** The ranges FIELD_MESSAGES speak of: another type's range of the same field (a pumping's ml) is said with its own numbers. */
const FIELD_RANGES: Record<string, [number, number]> = { ml: [0, 500], kg: [0.5, 30], cm: [40, 120] };
// Field names said the way a parent would ("the amount", not "ml").
const LABELS: Record<string, string> = {
  ml: 'the amount', kg: 'the weight', cm: 'the length', ug: 'the amount', ts: 'the time', dob: 'the date of birth',
  email: 'your email', password: 'the password', baby_name: "your baby's name", family_name: 'the family name',
  username: 'your name', timezone: 'the time zone', region: 'the region', units: 'the units', foods: 'the foods',
  note: 'the note', kind: 'the kind', meal_type: 'the meal type', label: 'the label', question: 'your question',
  name: 'the name', ingredients: 'the ingredients', gender: 'the gender', confirm: 'the family name', code: 'the invite code',
  emoji: 'the reaction', text: 'the note', author: 'the name', scopes: 'the permissions', date: 'the date',
  celsius: 'the temperature', fahrenheit: 'the temperature', method: 'how it was taken', medicine: 'the medicine',
  amount: 'the amount', unit: 'the unit', title: 'the milestone', side: 'the side', duration_min: 'the minutes',
  min_hours: 'the hours between doses', max_per_24h: 'the doses in 24 hours',
};
// In a range, a cm is a length's or a head circumference's: "the measurement" is right for both.
const RANGE_LABELS: Record<string, string> = { cm: 'the measurement' };
const CHOICES = ['kind', 'meal_type', 'method', 'side'];
const label = (f: string) => LABELS[f] ?? (f ? `the ${f.replace(/_/g, ' ')}` : 'this');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The field an issue is about: loc looks like ["body", "email"], ["body", "changes", "ml"] or ["body", "foods", 0]. */
export function fieldOf(loc: Issue['loc']): string {
  const parts = loc.filter((p): p is string => typeof p === 'string' && !['body', 'query', 'params', 'path', 'header'].includes(p));
  return parts.length ? parts[parts.length - 1] : '';
}

/** An event rule's refusal (type out_of_range or invalid_event) in plain words. */
function eventRuleWords(field: string, issue: Issue): string {
  const { minimum, maximum, decimals } = issue.ctx ?? {};
  if (decimals !== undefined) return 'Enter the temperature with one decimal, e.g. 38.2.';
  if (issue.type === 'out_of_range' && minimum !== undefined && maximum !== undefined) {
    const usual = FIELD_RANGES[field];
    if (usual && usual[0] === minimum && usual[1] === maximum && FIELD_MESSAGES[field]) return FIELD_MESSAGES[field];
    return `${cap(RANGE_LABELS[field] ?? label(field))} must be from ${minimum} to ${maximum}.`;
  }
  if (field === 'foods') return maximum !== undefined ? `Pick at most ${maximum} foods.` : FIELD_MESSAGES.foods;
  // The event rules pair these: °C or °F (not both), an amount with its unit.
  if (field === 'fahrenheit') return 'Enter the temperature once, in °C or in °F.';
  if (field === 'unit') return 'Pick the unit of the amount.';
  if (field === 'amount') return 'Enter the amount given, or leave the unit unpicked.';
  if (CHOICES.includes(field)) return `Pick one of the choices for ${label(field)}.`;
  return FIELD_MESSAGES[field] ?? `Enter ${label(field)}.`;
}

/** One problem of a body's detail ({loc, type, ctx}) in plain words. */
export function friendlyIssue(issue: Issue): string {
  const field = fieldOf(issue.loc);
  const { type } = issue;
  const { origin, minimum, maximum } = issue.ctx ?? {};
  if (field === 'password' && type === 'too_small') return `Use at least ${minimum ?? 6} characters.`;
  if (field === 'note' && type === 'too_big') return `A note can be at most ${maximum ?? 300} characters.`;
  if (type === 'out_of_range' || type === 'invalid_event') return eventRuleWords(field, issue);
  // A missing field: what to enter (the app sends every value it shows as the right kind).
  if (type === 'invalid_type' && field && !FIELD_MESSAGES[field]) return `Enter ${label(field)}.`;
  if (FIELD_MESSAGES[field] && !(field === 'foods' && type === 'too_big')) return FIELD_MESSAGES[field];
  switch (type) {
    case 'too_big':
      if (origin === 'string') return `${cap(label(field))} can be at most ${maximum} characters.`;
      if (origin === 'array') return `Pick at most ${maximum} for ${label(field)}.`;
      return maximum !== undefined ? `${cap(label(field))} must be at most ${maximum}.` : `${cap(label(field))} is too large.`;
    case 'too_small':
      if (origin === 'string') return !minimum || minimum <= 1 ? `Enter ${label(field)}.` : `${cap(label(field))} needs at least ${minimum} characters.`;
      if (origin === 'array') return `Add at least one to ${label(field)}.`;
      return minimum !== undefined ? `${cap(label(field))} must be at least ${minimum}.` : `${cap(label(field))} is too small.`;
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_union':
    case 'invalid_literal':
      return `Pick one of the choices for ${label(field)}.`;
    case 'invalid_format':
    case 'invalid_string':
    case 'invalid_date':
      return `${cap(label(field))} isn't in the right format.`;
    case 'not_integer':
    case 'not_multiple_of':
      return `${cap(label(field))} must be a whole number.`;
    case 'unrecognized_keys':
      return "Something in the form can't be changed here.";
    default:
      return field ? `${cap(label(field))} isn't valid.` : 'Please check the form.';
  }
}

/** Codes about one field, with the field and the words for it (the first issue of detail, when sent, says which case). */
function codeWords(code: string, message: string, issue: Issue | undefined): [string, string] | null {
  switch (code) {
    case 'future_timestamp':
      return ['ts', "That time hasn't come yet."];
    case 'invalid_timestamp':
      return ['ts', issue?.type === 'too_old' ? 'That date is too long ago.' : 'Enter a valid time.'];
    case 'invalid_date':
      return ['date', 'Pick a valid date.'];
    case 'invalid_dob':
      return ['dob', issue?.type === 'in_future' ? "The date of birth can't be in the future." : 'The date of birth must be within the last 5 years.'];
    case 'note_too_long': {
      const most = issue?.ctx?.maximum;
      return ['question', most !== undefined ? `A note can be at most ${most} characters.` : 'That note is too long.'];
    }
    case 'empty_note':
      return ['question', 'Write what to remember after "remember:".'];
    case 'child_archived':
      // The server's words name the API route to call; a parent needs the app's place instead
      // (a page that knows which child it was writes the child's name: archivedText).
      return ['child', archivedText(null)];
    case 'child_name_taken':
      // The server's sentence, shown as written: it names the child.
      return ['baby_name', message ? cap(message) : 'The family already has a child of that name.'];
    case 'child_not_found':
      return ['child', 'That child is no longer in this family (removed on another phone?). Pick a child at the top and try again.'];
    case 'confirm_mismatch':
      return ['confirm', "That isn't the family name exactly — type it as shown."];
    default:
      return null;
  }
}

/** A refusal for an archived child, naming them when the page knows who it was for. */
export function archivedText(name: string | null): string {
  const who = name || 'That child';
  const them = name || 'them';
  return `${who} is archived: bring ${them} back in Settings, under Children, to log for ${them} again.`;
}

// Error codes the server uses, said the way a tired parent would want to read them.
const PLAIN: Record<string, string> = {
  unauthorized: 'You are signed out. Please sign in again.',
  invalid_credentials: "That email and password don't match an account.",
  payment_required: 'Ask is on the paid plan.',
  usage_limit_reached: "You've reached today's limit for questions. Try again later.",
  insufficient_scope: "This sign-in isn't allowed to make changes.",
  forbidden: 'Only a family admin can do that.',
  not_found: "That doesn't exist any more — it may have been removed.",
  conflict: 'That already exists.',
  email_taken: 'An account with that email already exists. Try signing in instead.',
  rate_limited: 'Too many tries. Please wait a moment.',
  invalid_emoji: "That reaction can't be used.",
  nothing_to_change: 'Nothing was changed.',
  invalid_json: 'Something in the form could not be sent. Please check it and try again.',
  cross_origin_refused: 'Please reload the page and try again.',
  webhook_disabled: 'This webhook is turned off after failed deliveries: turn it on first.',
  no_feed_in_progress: 'No feed is running. Start one first.',
};
/** Codes whose server wording names API fields or routes: the app's words always. */
const OWN_WORDS = new Set(['unauthorized', 'insufficient_scope', 'invalid_json', 'cross_origin_refused', 'invalid_emoji', 'nothing_to_change', 'webhook_disabled']);

/** Words for a refusal about no one field: the app's own for the codes it knows, else the server's sentence (written for people). */
function plainFor(status: number, code: string, message: string): string {
  if (status >= 500) return 'Something went wrong on the server. Please try again.';
  if (PLAIN[code] && (!message || OWN_WORDS.has(code))) return PLAIN[code];
  if (message) return cap(message);
  if (PLAIN[code]) return PLAIN[code];
  if (status === 409) return 'An account with that email already exists. Try signing in instead.';
  if (status === 403) return 'Only a family admin can do that.';
  if (status === 404) return 'Not found — it may have been removed.';
  if (status === 410) return 'This invite has expired, was revoked or was already used. Ask for a new one.';
  if (status === 429) return 'Too many requests. Please wait a moment.';
  return code ? cap(code.replace(/_/g, ' ')) : `Request failed (${status})`;
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
    return new ApiError(status, code, msgs.join(' ') || 'Please check the form.', fields);
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
  if (!(e instanceof ApiError)) return { fields: {}, form: (e as Error)?.message || 'Something went wrong.' };
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
