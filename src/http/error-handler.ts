// One place that turns every failure into the spec's error bodies: {error, message} for
// expected errors, {detail: [...]} for 422 validation failures, and a bare 500 that reveals
// nothing (no stack, no SQL) for bugs.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { t } from '../i18n/text.ts';
import { wordsOf } from './request-words.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { isMissingChild } from '../services/context.ts';
import { BODY_LIMIT } from './json-parser.ts';

export function databaseUnavailable(): AppError {
  return new AppError(503, 'database_unavailable', t('error.database_unavailable'), { retry_after: 5 });
}
import { issuesToDetail, issuesToMessage, type RequestValidationError } from './validation.ts';

function send401(reply: FastifyReply) {
  reply.header('WWW-Authenticate', 'Bearer realm="tracker"');
}

export function renderAppError(err: AppError, reply: FastifyReply) {
  if (err.status === 401) send401(reply);
  if ((err.status === 429 || err.status === 503) && typeof err.extra.retry_after === 'number') reply.header('Retry-After', String(err.extra.retry_after));
  // The code never changes; the message is in the reader's language when it has a Text.
  const message = err.text ? wordsOf(reply.request).render(err.text) : err.message;
  return reply.code(err.status).send({ error: err.code, message, ...err.extra });
}

// A refused body is read and thrown away before the 413 is sent, up to these bounds, so that a
// client still uploading reads its answer instead of a reset (closing a socket that still has
// unread data makes the kernel send RST, and a reset client may lose the answer it was sent).
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 5000;
// An answer sent while the body is still arriving (past those bounds, or any refusal before
// the body was read: a 401, a 429) is held open while the rest is read and discarded, for at
// most this long (the server's request timeout cuts a request off after 30 s in any case).
const LINGER_MAX_MS = 30_000;

/** The request's body has arrived to its end (at once for a request without one). */
const bodyEnded = (raw: IncomingMessage) => raw.complete || raw.readableEnded;

/**
 * Reads and discards the rest of a refused body (never buffering it), within bounds. True when
 * the whole body has arrived, so the connection is ready for the client's next request.
 */
function drainBody(raw: IncomingMessage): Promise<boolean> {
  if (bodyEnded(raw)) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve(bodyEnded(raw));
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}

/**
 * An answer to a client that is still uploading: all of it goes out at once (the caller sets
 * its Content-Length), but the response ends only when the client has sent the rest of its
 * body (read and discarded meanwhile) or after LINGER_MAX_MS. Node closes a `Connection:
 * close` socket as soon as its response ends; ending it only once the upload is over means the
 * socket is closed with nothing left unread, so the client sees a clean close, not a reset.
 */
function heldUntilBodyEnds(raw: IncomingMessage, payload: string | Buffer): Readable {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    raw.off('end', done);
    raw.off('close', done);
  };
  const done = () => {
    stop();
    stream.push(null);
  };
  const stream = new Readable({
    read() {},
    destroy(err, callback) {
      stop();
      callback(err);
    },
  });
  stream.push(payload);
  raw.on('end', done);
  raw.on('close', done);
  timer = setTimeout(done, LINGER_MAX_MS);
  raw.resume();
  return stream;
}

/**
 * 413 for a body over the route's limit, with the service's error body, sent so that the
 * client always reads it: the rest of the body is drained first (within bounds; the connection
 * then stays open for the next request), or, past the bounds, the answer goes out at once and
 * the connection is closed once the client has finished sending (see the onSend hook below).
 */
export async function refuseTooLarge(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const limit = req.routeOptions?.bodyLimit ?? BODY_LIMIT;
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.round(limit / 1024)} KiB`;
  // fastify asks for the connection to be closed after any body it could not parse; one that
  // was read to its end leaves the connection ready for the client's next request.
  if (await drainBody(req.raw)) reply.removeHeader('connection');
  return reply.code(413).send({ error: 'payload_too_large', message: wordsOf(req).render(t('error.body_too_large', { size })) });
}

/**
 * A refusal sent before the request's body has all arrived (a 413 past the drain bounds, a 401
 * or 429 decided from the headers) is held open until the client has finished sending.
 */
function registerUnreadBodyGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every answer and almost always has nothing to do, and an async
  // hook would cost each a promise and a turn of the microtask queue.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || bodyEnded(req.raw) || req.raw.destroyed) return done(null, payload);
    if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const body = (payload ?? '') as string | Buffer;
    reply.header('content-length', String(Buffer.byteLength(body)));
    done(null, heldUntilBodyEnds(req.raw, body));
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  registerUnreadBodyGuard(app);
  app.setErrorHandler(async (error: FastifyError & Partial<RequestValidationError>, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return renderAppError(error, reply);
    if (error.zodIssues) {
      const detail = issuesToDetail((error as any).validationContext, error.zodIssues);
      if (req.routeOptions.config?.validationStatus === 422) return reply.code(422).send({ detail });
      return reply.code(400).send({ error: 'bad_request', message: issuesToMessage(detail, error.zodIssues, wordsOf(req)), detail });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return refuseTooLarge(req, reply);
    if (status === 415) {
      return reply.code(415).send({ error: 'unsupported_media_type', message: wordsOf(req).render(t('error.unsupported_media_type')) });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals of a malformed request (a wrong Content-Length, say): its English.
      return reply.code(status).send({ error: error.code?.toLowerCase() ?? 'bad_request', message: error.message });
    }
    if (isMissingChild(error)) {
      return renderAppError(new AppError(404, 'child_not_found', t('error.child_removed')), reply);
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ code: (error as { code?: string }).code ?? null }, 'database unavailable');
      return renderAppError(databaseUnavailable(), reply);
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', message: wordsOf(req).render(t('error.internal')) });
  });

  app.setNotFoundHandler((req, reply) => {
    // A person who follows a stale link to an app page gets the app's own not-found page; the
    // API (and anything that does not ask for HTML) keeps its JSON 404.
    const page = appNotFoundPage?.();
    if (page && wantsAppPage(req.method, req.url, req.headers.accept)) {
      return reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
    }
    reply.code(404).send({ error: 'not_found', message: wordsOf(req).render(t('error.no_route', { method: req.method, path: req.url.split('?')[0]! })) });
  });
}

/** The built app's index.html, set by registerWeb when the app is built. */
let appNotFoundPage: (() => Buffer | string) | null = null;
export function setAppNotFoundPage(page: () => Buffer | string): void {
  appNotFoundPage = page;
}

const NOT_APP = /^\/(api|mcp|docs|redoc|openapi|\.well-known|assets|llms\.txt|developers)(\/|\.|$|\?)/;

/** A browser asking for a page (GET, HTML accepted) at a path that is not the API's. */
export function wantsAppPage(method: string, url: string, accept: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && !NOT_APP.test(url) && /text\/html/.test(accept ?? '');
}
