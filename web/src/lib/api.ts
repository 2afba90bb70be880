// One fetch wrapper for every API call: same-origin cookie, JSON in and out, and errors turned
// into an ApiError that knows which form field each problem belongs to, in words for a parent
// (never the server's developer wording: "Too big: expected number to be <=500").

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name → plain-words problem, from a {detail: [{loc, msg, type}]} body or a known code. */
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
const label = (f: string) => LABELS[f] ?? (f ? `the ${f.replace(/_/g, ' ')}` : 'this');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One validation problem ({loc, msg, type}) in plain words. */
export function friendlyIssue(field: string, type: string, msg: string): string {
  const n = /(?:<=|>=|<|>)\s*(-?\d+(?:\.\d+)?)/.exec(msg)?.[1];
  const what = /\b(string|number|array|int|bigint|date)\b/.exec(msg)?.[1] ?? '';
  const missing = /received undefined|required/i.test(msg);
  if (field === 'password' && type === 'too_small') return `Use at least ${n ?? 6} characters.`;
  if (field === 'note' && type === 'too_big') return `A note can be at most ${n ?? 300} characters.`;
  if (type === 'invalid_event') {
    // The event rules' own words, with the type's own numbers: a pumping's ml or a head
    // circumference's cm is not a bottle's or a length's range.
    const range = /of an? (\w+) event must be (\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)/.exec(msg);
    if (range && !['milk', 'length'].includes(range[1])) {
      const what = range[1] === 'head_circumference' && field === 'cm' ? 'the head circumference' : label(field);
      return `${cap(what)} must be from ${range[2]} to ${range[3]}.`;
    }
    if (/decimal/.test(msg)) return 'Enter the temperature with one decimal, e.g. 38.2.';
    if (/not both/.test(msg)) return 'Enter the temperature once, in °C or in °F.';
    if (/amount needs its unit/.test(msg)) return 'Pick the unit of the amount.';
    if (/unit needs the amount/.test(msg)) return 'Enter the amount given, or leave the unit unpicked.';
  }
  if (missing && field && !FIELD_MESSAGES[field]) return `Enter ${label(field)}.`;
  if (FIELD_MESSAGES[field] && !(field === 'foods' && type === 'too_big')) return FIELD_MESSAGES[field];
  switch (type) {
    case 'too_big':
      if (what === 'string') return `${cap(label(field))} can be at most ${n} characters.`;
      if (what === 'array') return `Pick at most ${n} for ${label(field)}.`;
      return n ? `${cap(label(field))} must be at most ${n}.` : `${cap(label(field))} is too large.`;
    case 'too_small':
      if (what === 'string') return n === '1' || n === '0' || !n ? `Enter ${label(field)}.` : `${cap(label(field))} needs at least ${n} characters.`;
      if (what === 'array') return `Add at least one to ${label(field)}.`;
      return n ? `${cap(label(field))} must be at least ${n}.` : `${cap(label(field))} is too small.`;
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
};

/** Codes that are about one field, with the field and the words for it. */
function knownCode(code: string, message: string): [string, string] | null {
  switch (code) {
    case 'future_timestamp': {
      const now = /time now is \d{4}-\d{2}-\d{2}T(\d{2}:\d{2})/.exec(message)?.[1];
      return ['ts', `That time hasn't come yet${now ? ` — it's ${now} now` : ''}.`];
    }
    case 'invalid_timestamp':
      return ['ts', /years ago/.test(message) ? 'That date is too long ago.' : 'Enter a valid time.'];
    case 'invalid_date':
      return ['date', 'Pick a valid date.'];
    case 'invalid_dob':
      return ['dob', /future/.test(message) ? "The date of birth can't be in the future." : 'The date of birth must be within the last 5 years.'];
    case 'note_too_long':
      return ['question', /\d+/.test(message) ? `A note can be at most ${/\d+/.exec(message)![0]} characters.` : 'That note is too long.'];
    case 'empty_note':
      return ['question', 'Write what to remember after "remember:".'];
    case 'child_archived': {
      // The server's words name the API route to call; a parent needs the app's place instead.
      const name = /^(.+?) is archived/.exec(message)?.[1] ?? 'That child';
      const them = name === 'That child' ? 'them' : name;
      return ['child', `${name} is archived: bring ${them} back in Settings, under Children, to log for ${them} again.`];
    }
    case 'child_name_taken':
      return ['baby_name', message ? cap(message) : 'The family already has a child of that name.'];
    case 'child_not_found':
      return ['child', 'That child is no longer in this family (removed on another phone?). Pick a child at the top and try again.'];
    case 'confirm_mismatch':
      return ['confirm', "That isn't the family name exactly — type it as shown."];
    case 'invalid_event': {
      // The event rules name their field first ("foods may list at most 20 foods.").
      const m = /^(?:kind|meal_type|foods|ml|kg|cm|ug|note|celsius|fahrenheit|method|medicine|amount|unit|title|side|duration_min)\b/.exec(message)
        ?? /needs (\w+)/.exec(message);
      const f = m ? (m[1] ?? m[0]) : '';
      if (f === 'foods') return ['foods', /at most (\d+)/.test(message) ? `Pick at most ${/at most (\d+)/.exec(message)![1]} foods.` : FIELD_MESSAGES.foods];
      if (f === 'kind' || f === 'meal_type' || f === 'method' || f === 'unit' || f === 'side') return [f, `Pick one of the choices for ${label(f)}.`];
      // The new types' own ranges ("cm of a head_circumference event must be 25 to 60."): said
      // with the type's numbers, not the bottle's or the length's.
      const range = /^(\w+) of an? (\w+) event must be (\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)/.exec(message);
      if (range && !['milk', 'length'].includes(range[2])) return [f, `${cap(label(f))} must be from ${range[3]} to ${range[4]}.`];
      if (f === 'celsius' || f === 'fahrenheit') return [f, /decimal/.test(message) ? 'Enter the temperature with one decimal, e.g. 38.2.' : `Enter ${label(f)}.`];
      if (f) return [f, FIELD_MESSAGES[f] ?? `Enter ${label(f)}.`];
      return null;
    }
    default:
      return null;
  }
}

function plainFor(status: number, code: string, message: string | null | undefined): string {
  if (status >= 500) return 'Something went wrong on the server. Please try again.';
  if (PLAIN[code] && (!message || ['unauthorized', 'insufficient_scope', 'invalid_json', 'cross_origin_refused', 'invalid_emoji', 'nothing_to_change'].includes(code))) return PLAIN[code];
  // Other server messages are written as sentences for people; tidy raw field names in them.
  if (message && message !== code && !/\b\w+_\w+\b|T\d{2}:\d{2}/.test(message)) return cap(message);
  if (PLAIN[code]) return PLAIN[code];
  if (status === 409) return 'An account with that email already exists. Try signing in instead.';
  if (status === 403) return 'Only a family admin can do that.';
  if (status === 404) return 'Not found — it may have been removed.';
  if (status === 410) return 'This invite has expired, was revoked or was already used. Ask for a new one.';
  if (status === 429) return 'Too many requests. Please wait a moment.';
  if (status >= 500) return 'Something went wrong on the server. Please try again.';
  if (message) return cap(message.replace(/_/g, ' '));
  return code ? cap(code.replace(/_/g, ' ')) : `Request failed (${status})`;
}

function fieldOf(loc: unknown[]): string {
  // loc looks like ["body", "email"], ["body", "changes", "ml"] or ["body", "foods", 0]; the
  // last string part names the field.
  const parts = loc.filter((p): p is string => typeof p === 'string' && !['body', 'query', 'params', 'path', 'header'].includes(p));
  return parts.length ? parts[parts.length - 1] : '';
}

export async function parseError(res: Response): Promise<ApiError> {
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON: fall through to the status text */
  }
  if (body && Array.isArray(body.detail) && body.detail.length) {
    const fields: Record<string, string> = {};
    const msgs: string[] = [];
    for (const d of body.detail) {
      const f = fieldOf(Array.isArray(d?.loc) ? d.loc : []);
      const msg = friendlyIssue(f, String(d?.type ?? ''), String(d?.msg ?? ''));
      if (f && !fields[f]) fields[f] = msg;
      if (!msgs.includes(msg)) msgs.push(msg);
    }
    return new ApiError(res.status, 'validation_error', msgs.join(' ') || 'Please check the form.', fields);
  }
  const code = typeof body?.error === 'string' ? body.error : '';
  const rawMsg = typeof body?.message === 'string' ? body.message : '';
  const known = knownCode(code, rawMsg);
  if (known) return new ApiError(res.status, code, known[1], { [known[0]]: known[1] });
  const message = plainFor(res.status, code, rawMsg);
  const fields: Record<string, string> = {};
  // Some 400s name the field they are about; keep that so the message sits next to it.
  if (body && typeof body.field === 'string') fields[body.field] = message;
  return new ApiError(res.status, code || String(res.status), message, fields);
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

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls the API on the same origin with the session cookie. Throws ApiError. */
export async function api<T = any>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'offline', "Can't reach the server — check your connection.", {}, true);
  }
  if (!res.ok) {
    const err = await parseError(res);
    if (res.status === 401) onUnauthorized(path);
    // The child this phone had picked was archived or deleted on another phone: look again.
    if (err.code === 'child_not_found' || err.code === 'child_archived') childGoneHandler?.();
    throw err;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

let unauthorizedHandler: ((path: string) => void) | null = null;
/** The app shell decides what a 401 means (usually: go to sign in). */
export function setUnauthorizedHandler(fn: (path: string) => void): void {
  unauthorizedHandler = fn;
}
let childGoneHandler: (() => void) | null = null;
/** The session reloads the family's children when a call names one that is gone or archived. */
export function setChildGoneHandler(fn: () => void): void {
  childGoneHandler = fn;
}
function onUnauthorized(path: string): void {
  // A wrong password at /login is a 401 too, but that is a form error, not a lost session.
  if (path === '/login' || path.startsWith('/api/vega/join') || path.startsWith('/api/vega/onboard')) return;
  unauthorizedHandler?.(path);
}

export const get = <T = any>(path: string, opts?: RequestOptions) => api<T>('GET', path, undefined, opts);
export const post = <T = any>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('POST', path, body ?? {}, opts);
