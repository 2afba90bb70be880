// One client for every API call, typed from the served /openapi.json (npm run gen:client writes
// ../generated/openapi.d.ts): a path, its query and its body are checked against the document,
// and each call resolves to its documented success body. Same-origin cookie, JSON in and out;
// a refusal becomes an ApiError in words for a parent (api-errors.ts), a lost connection an
// offline one.
import createClient, { type ClientPathsWithMethod, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import type { components, paths } from '../generated/openapi.d.ts';
import { ApiError, errorFrom } from './api-errors.ts';

export { ApiError, archivedText, splitError } from './api-errors.ts';

/** The document's named shapes: `Schemas['Event']`, `Schemas['Live']`… */
export type Schemas = components['schemas'];

const client = createClient<paths>({
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  // Looked up at each call rather than when this module loads.
  fetch: (request) => fetch(request),
});
type Client = typeof client;
type Method = 'get' | 'post' | 'delete';
type Path<M extends Method> = ClientPathsWithMethod<Client, M>;
/** What a call to `path` takes besides the path: params (query), body, headers, signal. */
type Init<M extends Method, P extends Path<M>> = MaybeOptionalInit<paths[P], M>;
/** The init may be left out when nothing in it is required. */
type Args<I> = undefined extends I ? [init?: I] : [init: I];
/** The documented success body of `method path`. */
export type Reply<M extends Method, P extends Path<M>> = MethodResponse<Client, M, P>;

// The one untyped door inside: callers only reach it through the typed functions below.
const send = client.request as (method: Method, path: string, init: object | undefined) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

async function call<M extends Method, P extends Path<M>>(method: M, path: P, init: Init<M, P> | undefined): Promise<Reply<M, P>> {
  let r: Awaited<ReturnType<typeof send>>;
  try {
    r = await send(method, path, init);
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'offline', "Can't reach the server — check your connection.", {}, true);
  }
  if (!r.response.ok) {
    const err = errorFrom(r.response.status, r.error);
    if (r.response.status === 401) onUnauthorized(path);
    // The child this phone had picked was archived or deleted on another phone: look again.
    if (err.code === 'child_not_found' || err.code === 'child_archived') childGoneHandler?.();
    throw err;
  }
  return r.data as Reply<M, P>;
}

/** GET `path`; `init.params.query` as the document types it. Throws ApiError. */
export const get = <P extends Path<'get'>>(path: P, ...[init]: Args<Init<'get', P>>) => call('get', path, init);
/** POST `path` with `init.body` (and headers such as Idempotency-Key). Throws ApiError. */
export const post = <P extends Path<'post'>>(path: P, ...[init]: Args<Init<'post', P>>) => call('post', path, init);
/** DELETE `path`. Throws ApiError. */
export const del = <P extends Path<'delete'>>(path: P, ...[init]: Args<Init<'delete', P>>) => call('delete', path, init);

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
