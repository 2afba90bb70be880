// Completes the generated OpenAPI document in one place, so a new route is described fully
// without repeating anything in its own file:
// - operationId (table in openapi-operations.ts, camelCase fallback), tags defined globally;
// - a description that says which credential and scope the route needs;
// - every error status the route can really answer, derived from how it is guarded
//   (auth mode, scope, request parts, validation style) plus the few only it can answer, which
//   it declares (`errors` in route.ts), each a shared response component with the one
//   Error-family schema that matches the body sent;
// - recorded examples (openapi-examples.json, written and checked by test/api/contract.test.ts);
// - components named once (zod emits X and XInput; identical pairs are merged) and none unused.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { AuthMode } from './auth.ts';
import { TAGS, fallbackTag, operationIdFor } from './openapi-operations.ts';

/**
 * A status a route can answer beyond those its guard implies (which errorStatuses derives):
 * 404, 409, 410, … as the route declares them. FeedConflict and UsageLimitReached are the 409
 * and 429 whose bodies carry more (the running feed, the plan's counts).
 */
export type ExtraError = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 503 | 'FeedConflict' | 'UsageLimitReached';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's own error statuses, for the document (route.ts declares them) */
    errors?: readonly ExtraError[];
  }
}

const EXTRA_STATUS: Record<string, string> = { FeedConflict: '409', UsageLimitReached: '429' };

/** What the per-route transform learns about a route, carried to the document pass. */
export interface RouteFacts {
  method: string;
  path: string;
  auth: AuthMode;
  scope: string | undefined;
  validationStatus: 400 | 422;
  sameOriginOnly: boolean;
  /** takes ?child= (every other authenticated route refuses it with a 400) */
  childInQuery: boolean;
  hasInput: boolean;
  produces: string[] | undefined;
  /** Idempotency-Key: honoured by the HTTP layer (config.idempotent), by the service, or not */
  idempotent: 'http' | 'service' | false;
  errors: readonly ExtraError[];
}
export const FACTS_KEY = 'x-tracker-route';

export interface RecordedExamples {
  operations: Record<string, { request?: unknown; status: number; response: unknown; truncated?: boolean }>;
  errors: Record<string, Record<string, unknown>>;
}

export const EXAMPLES_FILE = new URL('./openapi-examples.json', import.meta.url);

export function loadExamples(): RecordedExamples {
  try {
    return JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as RecordedExamples;
  } catch {
    return { operations: {}, errors: {} };
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const json = (schema: string) => ({ schema: { $ref: `#/components/schemas/${schema}` } });

interface ErrorResponse {
  status: string;
  description: string;
  schema: string;
  headers?: Record<string, unknown>;
  /** which recorded error codes illustrate it */
  codes?: (code: string) => boolean;
}

const RESPONSES: Record<string, ErrorResponse> = {
  BadRequest: {
    status: '400',
    schema: 'ErrorWithDetail',
    description:
      'Bad request: the body is not valid JSON, does not match the schema (detail lists each problem), or breaks a rule of the endpoint. Nothing was changed.',
  },
  Unauthorized: {
    status: '401',
    schema: 'Error',
    description: 'No credential, or one that is not valid (revoked, expired or mistyped).',
    headers: { 'WWW-Authenticate': { description: 'Bearer realm="tracker"', schema: { type: 'string' } } },
  },
  PaymentRequired: { status: '402', schema: 'Error', description: 'The family is not on the plan this needs.' },
  Forbidden: {
    status: '403',
    schema: 'Error',
    description:
      'Refused: forbidden (only a family admin may do this), insufficient_scope (the token lacks the scope), or cross_origin_refused (a cookie request from another website).',
  },
  NotFound: { status: '404', schema: 'Error', description: 'Nothing with that id or code in this family.' },
  Conflict: {
    status: '409',
    schema: 'Error',
    description: 'Conflicts with what is stored (for example an email already registered).',
    codes: (c) => c !== 'idempotency_key_in_use' && !c.startsWith('feed_') && c !== 'no_feed_in_progress',
  },
  KeyInUse: {
    status: '409',
    schema: 'Error',
    description: 'idempotency_key_in_use: a call with this Idempotency-Key is still running; retry in a moment.',
    codes: (c) => c === 'idempotency_key_in_use',
  },
  FeedConflict: {
    status: '409',
    schema: 'FeedConflictError',
    description:
      'feed_in_progress (a feed is already running; the body carries it), no_feed_in_progress (none is running), feed_stale ' +
      '(the feed has run for more than 3 hours: stop needs ts, the real end time) or idempotency_key_in_use.',
    codes: (c) => c.startsWith('feed_') || c === 'no_feed_in_progress' || c === 'idempotency_key_in_use',
  },
  Gone: { status: '410', schema: 'Error', description: 'The invite was used, withdrawn or has expired.' },
  PayloadTooLarge: { status: '413', schema: 'Error', description: 'The body is larger than 64 KiB.' },
  UnsupportedMediaType: { status: '415', schema: 'Error', description: 'The body is not JSON (or a form post where one is accepted).' },
  ValidationFailed: {
    status: '422',
    schema: 'ValidationError',
    description: 'The request does not match its schema; detail lists each problem.',
    codes: (c) => c === 'validation',
  },
  IdempotencyKeyReused: {
    status: '422',
    schema: 'Error',
    description: 'idempotency_key_reused: this Idempotency-Key was used in the last 24 hours for a different request. Nothing was changed.',
    codes: (c) => c === 'idempotency_key_reused',
  },
  ValidationFailedOrKeyReused: {
    status: '422',
    schema: 'ValidationErrorOrError',
    codes: (c) => c === 'validation' || c === 'idempotency_key_reused',
    description: 'The request does not match its schema (ValidationError), or its Idempotency-Key was used for a different request (Error, idempotency_key_reused).',
  },
  TooManyRequests: {
    status: '429',
    schema: 'RateLimitError',
    description:
      'too_many_requests (too many sign-in or sign-up attempts) or rate_limited (more requests with this credential than the per-minute limit); wait the number of seconds in Retry-After.',
    headers: { 'Retry-After': { description: 'seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
    codes: (c) => c !== 'usage_limit_reached',
  },
  ServiceUnavailable: {
    status: '503',
    schema: 'UnavailableError',
    description:
      'database_unavailable (the database did not answer) or busy (too many password checks queued); nothing was changed. Retry after the seconds in Retry-After.',
    headers: { 'Retry-After': { description: 'seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
  },
  UsageLimitReached: {
    status: '429',
    schema: 'UsageLimitError',
    description: "The plan's daily or monthly question limit is reached; usage_limit has the counts.",
    codes: (c) => c === 'usage_limit_reached',
  },
};
const BY_STATUS: Record<string, string> = Object.fromEntries(
  Object.entries(RESPONSES)
    .filter(([name]) => !['UsageLimitReached', 'IdempotencyKeyReused', 'ValidationFailedOrKeyReused', 'KeyInUse'].includes(name))
    .map(([name, r]) => [r.status, name]),
);

/** The 422 a route can answer: schema problems, a reused Idempotency-Key, or either. */
function unprocessableFor(f: RouteFacts): string {
  const shape = f.hasInput && f.validationStatus === 422;
  if (!f.idempotent) return 'ValidationFailed';
  return shape ? 'ValidationFailedOrKeyReused' : 'IdempotencyKeyReused';
}

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'any unique string per intended write, e.g. a UUID (1 to 200 visible ASCII characters)',
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
};

function credentialSentence(f: RouteFacts): string {
  if (f.auth === 'none') return 'No credential needed.';
  const who = f.auth === 'admin' ? ' The caller must be a family admin.' : '';
  const scope =
    f.scope === 'handler'
      ? 'a bearer token (read scope to ask, write scope to save a note) or the session cookie'
      : UNSAFE.has(f.method) || f.scope === 'write'
        ? 'a bearer token with the write scope or the session cookie (a cookie request from another website is refused)'
        : 'a bearer token (read scope) or the session cookie';
  return `Needs ${scope}.${who}`;
}

const IDEMPOTENCY_SENTENCE =
  'Idempotency-Key: send one (e.g. a fresh UUID per intended write) to make retries safe. The same key with the same request ' +
  'within 24 hours replays the first response exactly and changes nothing; the same key with a different request is ' +
  '422 idempotency_key_reused and changes nothing. Keys are per family and per endpoint.';

/** The error statuses a route can answer, from how it is guarded plus what it declares. */
export function errorStatuses(f: RouteFacts, declared: string[]): Set<string> {
  const out = new Set(declared.filter((s) => /^[45]\d\d$/.test(s)));
  const unsafe = UNSAFE.has(f.method);
  if (unsafe) ['400', '413', '415'].forEach((s) => out.add(s));
  if (f.hasInput) out.add(f.validationStatus === 422 ? '422' : '400');
  // Every other authenticated route refuses ?child= (http/child-param.ts).
  if (f.auth !== 'none' && !f.childInQuery) out.add('400');
  if (f.auth !== 'none') out.add('401');
  // The per-credential rate limit, and a database that does not answer.
  if (f.auth !== 'none') out.add('429');
  if (f.auth !== 'none' || f.sameOriginOnly) out.add('503');
  if (f.auth === 'admin' || f.sameOriginOnly || (f.auth !== 'none' && unsafe)) out.add('403');
  if (f.idempotent) out.add('422');
  // A retry racing the first call while it still runs (the key is claimed before the handler).
  if (f.idempotent) out.add('409');
  return out;
}

function examplesFor(rec: RecordedExamples, status: string, accept: (code: string) => boolean) {
  const byCode = rec.errors[status] ?? {};
  const chosen = Object.entries(byCode).filter(([code]) => accept(code));
  if (chosen.length === 0) return undefined;
  return Object.fromEntries(chosen.map(([code, value]) => [code, { summary: `error: ${code}`, value }]));
}

function walkRefs(node: unknown, visit: (ref: string) => void): void {
  if (Array.isArray(node)) return node.forEach((n) => walkRefs(n, visit));
  if (node === null || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') visit(v);
    else walkRefs(v, visit);
  }
}

function rewriteRefs(node: unknown, map: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, map));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && map.has(v) ? map.get(v) : rewriteRefs(v, map)]),
  );
}

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/**
 * zod's input and output JSON Schemas of one shape become X and XInput; where they are the same
 * (refs to other merged pairs counted as equal) only X is kept. An XInput whose X is unused
 * afterwards takes the plain name.
 */
function mergeInputDuplicates(doc: any): any {
  const schemas: Record<string, unknown> = doc.components?.schemas ?? {};
  const pairs = Object.keys(schemas).filter((n) => n.endsWith('Input') && schemas[n.slice(0, -5)] !== undefined);
  const map = new Map<string, string>();
  // Merge to a fixed point: one pair's equality may depend on another pair being merged.
  for (let changed = true; changed; ) {
    changed = false;
    for (const input of pairs) {
      const ref = schemaRef(input);
      if (map.has(ref)) continue;
      const out = input.slice(0, -5);
      if (isDeepStrictEqual(rewriteRefs(schemas[input], map), rewriteRefs(schemas[out], map))) {
        map.set(ref, schemaRef(out));
        changed = true;
      }
    }
  }
  for (const ref of map.keys()) delete schemas[ref.split('/').pop()!];
  return rewriteRefs(doc, map);
}

/** Drops components nothing reaches from the paths; then renames a lone XInput to X. */
function pruneAndRename(doc: any): any {
  const comps = doc.components ?? {};
  const reached = new Set<string>();
  const queue: string[] = [];
  walkRefs(doc.paths, (r) => queue.push(r));
  while (queue.length) {
    const ref = queue.pop()!;
    if (reached.has(ref)) continue;
    reached.add(ref);
    const [, , kind, name] = ref.split('/');
    walkRefs(comps[kind]?.[name], (r) => queue.push(r));
  }
  for (const kind of ['schemas', 'responses']) {
    for (const name of Object.keys(comps[kind] ?? {})) if (!reached.has(`#/components/${kind}/${name}`)) delete comps[kind][name];
  }
  const rename = new Map<string, string>();
  for (const name of Object.keys(comps.schemas ?? {})) {
    const plain = name.slice(0, -5);
    if (name.endsWith('Input') && comps.schemas[plain] === undefined) {
      comps.schemas[plain] = comps.schemas[name];
      delete comps.schemas[name];
      rename.set(schemaRef(name), schemaRef(plain));
    }
  }
  return rename.size ? rewriteRefs(doc, rename) : doc;
}

function mediaExample(content: Record<string, any> | undefined, value: unknown, summary: string) {
  if (!content) return;
  for (const media of Object.values(content)) media.examples = { recorded: { summary, value } };
}

export function enrichDocument(input: any, publicUrl: string, rec: RecordedExamples): any {
  let doc = input;
  doc.info.license = { name: 'MIT', identifier: 'MIT' };
  doc.info.contact = { name: 'Baby Tracker developer portal', url: `${publicUrl}/developers` };
  doc.components.responses = {};
  doc.components.schemas.ValidationErrorOrError = {
    oneOf: [{ $ref: schemaRef('ValidationError') }, { $ref: schemaRef('Error') }],
  };
  const usedTags = new Set<string>();

  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const f: RouteFacts | undefined = op[FACTS_KEY];
      delete op[FACTS_KEY];
      if (!f) continue;
      op.operationId = operationIdFor(f.method, path);
      if (!op.tags?.length) op.tags = [fallbackTag(path)];
      op.tags.forEach((t: string) => usedTags.add(t));
      op.summary ??= op.operationId;
      op.description = [op.description, credentialSentence(f), f.idempotent ? IDEMPOTENCY_SENTENCE : ''].filter(Boolean).join('\n\n');
      if (f.idempotent) {
        const params: any[] = (op.parameters ??= []);
        const i = params.findIndex((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
        if (i >= 0) params.splice(i, 1);
        params.push(IDEMPOTENCY_HEADER);
      }

      for (const p of op.parameters ?? []) {
        if (p.schema && 'x-default' in p.schema) {
          p.schema.default = p.schema['x-default'];
          delete p.schema['x-default'];
        }
      }

      const responses: Record<string, any> = op.responses ?? {};
      for (const [status, r] of Object.entries<any>(responses)) {
        if (/^2/.test(status) && r.description === 'Default Response') r.description = 'Success';
        // A discovery document declares only its media type: describe the body it is.
        // A download declared as a string (CSV) is served as its own media type, not JSON.
        const declared = r.content?.['application/json']?.schema;
        if (/^2/.test(status) && declared?.type === 'string' && f.produces?.length && !f.produces.some((t) => t.includes('json'))) {
          r.content = Object.fromEntries(f.produces.map((t) => [t, { schema: { ...declared } }]));
        }
        if (/^2/.test(status) && !r.content && f.produces?.length) {
          r.content = Object.fromEntries(
            f.produces.map((t) => [t, { schema: t.includes('json') ? { type: 'object', additionalProperties: true } : { type: 'string' } }]),
          );
        }
      }
      const declared = new Set([...Object.keys(responses), ...f.errors.map((e) => EXTRA_STATUS[e] ?? String(e))]);
      for (const status of errorStatuses(f, [...declared])) {
        const name =
          status === '429' && f.errors.includes('UsageLimitReached')
            ? 'UsageLimitReached'
            : status === '422'
              ? unprocessableFor(f)
              : status === '409' && f.errors.includes('FeedConflict')
                ? 'FeedConflict'
                : status === '409' && f.idempotent && !declared.has('409')
                  ? 'KeyInUse'
                  : BY_STATUS[status];
        if (!name) continue;
        const def = RESPONSES[name];
        const examples = examplesFor(rec, def.status, def.codes ?? (() => true));
        doc.components.responses[name] ??= {
          description: def.description,
          ...(def.headers ? { headers: def.headers } : {}),
          content: { 'application/json': { ...json(def.schema), ...(examples ? { examples } : {}) } },
        };
        responses[status] = { $ref: `#/components/responses/${name}` };
      }
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

      const seen = rec.operations[op.operationId];
      if (seen) {
        const ok = op.responses[String(seen.status)];
        mediaExample(ok?.content, seen.response, seen.truncated ? 'The beginning of a real response' : 'A real response');
        if (seen.request !== undefined) mediaExample(op.requestBody?.content, seen.request, 'A request that succeeded');
      }
    }
  }

  const known = new Map(TAGS.map((t) => [t.name, t]));
  doc.tags = [...TAGS.filter((t) => usedTags.has(t.name)), ...[...usedTags].filter((t) => !known.has(t)).map((name) => ({ name, description: `${name} operations.` }))];
  doc = mergeInputDuplicates(doc);
  doc = pruneAndRename(doc);
  return doc;
}
