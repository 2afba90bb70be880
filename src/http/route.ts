// Routes as declarations: each endpoint says once what it is (method, path, who may call, the
// request and answer shapes, the statuses only it can answer) and the one service call that
// answers it. What endpoints of a kind share is not repeated in their files: the credential
// and scope check (auth.ts), the child a request is about (child-param.ts), Idempotency-Key
// (idempotency.ts), and the error statuses that follow from how a route is guarded, with
// their bodies, which the OpenAPI pass derives in one place (openapi-enrich.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Actor, Scope } from '../services/actor.ts';
import { actorOf } from './auth.ts';
import type { ExtraError } from './openapi-enrich.ts';
import { localise, type Textual } from '../i18n/localise.ts';
import { wordsOf } from './request-words.ts';

type Shape = z.ZodType;
/** The request part as validated (zod's output: defaults filled, strings trimmed). */
type Parsed<S> = S extends Shape ? z.output<S> : undefined;
/** What the call may answer: the declared shape, or the reply it has sent itself (a stream). */
type Answer<S> = (S extends Shape ? Textual<z.input<S>> : unknown) | FastifyReply;

/** The request as the service call needs it. */
export interface Call<B, Q> {
  body: Parsed<B>;
  query: Parsed<Q>;
  req: FastifyRequest;
  reply: FastifyReply;
}

interface Declaration<B, Q, R> {
  summary: string;
  description?: string;
  /** the resource's tags unless given */
  tags?: string[];
  body?: B;
  query?: Q;
  /** the 200 answer; left out for a document described by `produces` alone */
  response?: R;
  /** statuses the route answers beyond those its guard implies (openapi-enrich.ts) */
  errors?: readonly ExtraError[];
  /** where the route takes the child it is about (child-param.ts) */
  child?: 'query' | 'body';
  /** honours Idempotency-Key: here (true) or in the service's own write (idempotency.ts) */
  idempotent?: true | 'service';
  /** 422 (the spec's typed-parameter style) instead of 400 for a request of the wrong shape */
  validationStatus?: 422;
  deprecated?: boolean;
  /** media types of a 200 that is not JSON */
  produces?: string[];
  /** a body limit other than the app's (json-parser.ts) */
  bodyLimit?: number;
  /** the answer holds Texts (i18n/text.ts): they are put into the reader's words (issue 39) */
  texts?: true;
}

/** A route for a signed-in caregiver or a token: the call gets the caller. */
export interface CallerRoute<B, Q, R> extends Declaration<B, Q, R> {
  /** 'user' (any caregiver of the family) unless 'admin' */
  auth?: 'user' | 'admin';
  /** read for GET, write otherwise, unless given; 'handler': the service checks it */
  scope?: Scope | 'handler';
  run: (actor: Actor, call: Call<B, Q>) => Answer<R> | Promise<Answer<R>>;
}

/** A route anyone may call (sign-in, sign-up, health, discovery). */
export interface OpenRoute<B, Q, R> extends Declaration<B, Q, R> {
  auth: 'none';
  /** refuse a cross-origin write here too, though no credential is needed */
  sameOriginOnly?: boolean;
  /** reads a credential itself (sign-out): the document keeps the bearer and cookie schemes */
  usesCredential?: boolean;
  run: (call: Call<B, Q>) => Answer<R> | Promise<Answer<R>>;
}

type Declare = {
  <B extends Shape | undefined = undefined, Q extends Shape | undefined = undefined, R extends Shape | undefined = undefined>(
    path: string,
    route: OpenRoute<B, Q, R>,
  ): void;
  <B extends Shape | undefined = undefined, Q extends Shape | undefined = undefined, R extends Shape | undefined = undefined>(
    path: string,
    route: CallerRoute<B, Q, R>,
  ): void;
};

export interface Resource {
  get: Declare;
  post: Declare;
  delete: Declare;
}

/** Keeps the keys that are set: fastify and the OpenAPI plugin tell "absent" from "undefined" in places. */
function given<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

type AnyRoute = (OpenRoute<Shape, Shape, Shape> | CallerRoute<Shape, Shape, Shape>) & { sameOriginOnly?: boolean; usesCredential?: boolean };

/** The routes of one resource (one tag of the document), declared with `get`, `post`, `delete`. */
export function resource(app: FastifyInstance, tags: string[]): Resource {
  const declare = (method: HTTPMethods) => (path: string, route: AnyRoute) => {
    const open = route.auth === 'none';
    const options: RouteOptions = {
      method,
      url: path,
      ...given({ bodyLimit: route.bodyLimit }),
      config: given({
        auth: route.auth ?? 'user',
        scope: open ? undefined : route.scope,
        sameOriginOnly: route.sameOriginOnly,
        validationStatus: route.validationStatus,
        child: route.child,
        idempotent: route.idempotent,
        errors: route.errors,
      }),
      schema: given({
        tags: route.tags ?? tags,
        summary: route.summary,
        description: route.description,
        deprecated: route.deprecated,
        // An open route needs no credential: the document says so, unless it reads one itself.
        security: open && !route.usesCredential ? [] : undefined,
        body: route.body,
        querystring: route.query,
        produces: route.produces,
        response: route.response ? { 200: route.response } : undefined,
      }),
      handler: async (req, reply) => {
        // Validated against the declared shapes before this runs (validation.ts).
        const call: Call<Shape, Shape> = { body: req.body, query: req.query, req, reply };
        const answer = route.auth === 'none' ? route.run(call) : route.run(actorOf(req), call);
        return route.texts ? localise(await answer, wordsOf(req)) : answer;
      },
    };
    app.route(options);
  };
  return { get: declare('GET') as Declare, post: declare('POST') as Declare, delete: declare('DELETE') as Declare };
}
