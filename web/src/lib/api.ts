// One fetch wrapper for every API call: same-origin cookie, JSON in and out, and errors turned
// into an ApiError that knows which form field each problem belongs to.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name → plain-words problem, from a 422 {detail: [{loc, msg}]} body. */
    readonly fields: Record<string, string> = {},
    readonly offline = false,
  ) {
    super(message);
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
};

function plainFor(status: number, code: string, message: string | null | undefined): string {
  if (message && message !== code) return message.charAt(0).toUpperCase() + message.slice(1);
  if (PLAIN[code]) return PLAIN[code];
  if (status === 409) return 'An account with that email already exists. Try signing in instead.';
  if (status === 403) return 'Only a family admin can do that.';
  if (status === 404) return 'Not found — it may have been removed.';
  if (status === 410) return 'This invite has expired, was revoked or was already used. Ask for a new one.';
  if (status === 429) return 'Too many requests. Please wait a moment.';
  if (status >= 500) return 'Something went wrong on the server. Please try again.';
  return code ? code.replace(/_/g, ' ') : `Request failed (${status})`;
}

function fieldOf(loc: unknown[]): string {
  // loc looks like ["body", "email"] or ["query", "limit"]; the last string part names the field.
  const parts = loc.filter((p): p is string => typeof p === 'string' && !['body', 'query', 'params'].includes(p));
  return parts.length ? parts[parts.length - 1] : '';
}

export async function parseError(res: Response): Promise<ApiError> {
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON: fall through to the status text */
  }
  if (body && Array.isArray(body.detail)) {
    const fields: Record<string, string> = {};
    const msgs: string[] = [];
    for (const d of body.detail) {
      const f = fieldOf(Array.isArray(d?.loc) ? d.loc : []);
      const msg = String(d?.msg ?? 'is not valid');
      if (f && !fields[f]) fields[f] = msg;
      msgs.push(f ? `${f.replace(/_/g, ' ')}: ${msg}` : msg);
    }
    return new ApiError(res.status, 'validation_error', msgs.join('; ') || 'Please check the form.', fields);
  }
  const code = typeof body?.error === 'string' ? body.error : '';
  const fields: Record<string, string> = {};
  // Some 400s name the field they are about; keep that so the message sits next to it.
  if (body && typeof body.field === 'string') fields[body.field] = plainFor(res.status, code, body.message);
  return new ApiError(res.status, code || String(res.status), plainFor(res.status, code, body?.message), fields);
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
function onUnauthorized(path: string): void {
  // A wrong password at /login is a 401 too, but that is a form error, not a lost session.
  if (path === '/login' || path.startsWith('/api/vega/join') || path.startsWith('/api/vega/onboard')) return;
  unauthorizedHandler?.(path);
}

export const get = <T = any>(path: string, opts?: RequestOptions) => api<T>('GET', path, undefined, opts);
export const post = <T = any>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('POST', path, body ?? {}, opts);
