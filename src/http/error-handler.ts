// One place that turns every failure into the spec's error bodies: {error, message} for
// expected errors, {detail: [...]} for 422 validation failures, and a bare 500 that reveals
// nothing (no stack, no SQL) for bugs.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { isMissingChild } from '../services/context.ts';

export function databaseUnavailable(): AppError {
  return new AppError(503, 'database_unavailable', 'The database is not answering. Try again in a moment.', { retry_after: 5 });
}
import { detailToMessage, issuesToDetail, type RequestValidationError } from './validation.ts';

function send401(reply: FastifyReply) {
  reply.header('WWW-Authenticate', 'Bearer realm="tracker"');
}

export function renderAppError(err: AppError, reply: FastifyReply) {
  if (err.status === 401) send401(reply);
  if ((err.status === 429 || err.status === 503) && typeof err.extra.retry_after === 'number') reply.header('Retry-After', String(err.extra.retry_after));
  return reply.code(err.status).send({ error: err.code, message: err.message, ...err.extra });
}

const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 5000;

/**
 * Reads and discards the rest of a refused body (within bounds) before answering, so a client
 * still uploading gets the 413 instead of a reset connection.
 */
function drainBody(req: FastifyRequest): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.resume();
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError & Partial<RequestValidationError>, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return renderAppError(error, reply);
    if (error.zodIssues) {
      const detail = issuesToDetail((error as any).validationContext, error.zodIssues);
      if (req.routeOptions.config?.validationStatus === 422) return reply.code(422).send({ detail });
      return reply.code(400).send({ error: 'bad_request', message: detailToMessage(detail), detail });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      await drainBody(req);
      const limit = req.routeOptions?.bodyLimit ?? 64 * 1024;
      const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.round(limit / 1024)} KiB`;
      return reply.code(413).send({ error: 'payload_too_large', message: `The request body is too large (${size} at most).` });
    }
    if (status === 415) {
      return reply.code(415).send({ error: 'unsupported_media_type', message: 'Send the body as application/json.' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.code?.toLowerCase() ?? 'bad_request', message: error.message });
    }
    if (isMissingChild(error)) {
      return renderAppError(new AppError(404, 'child_not_found', 'That child is no longer in your family: they were removed a moment ago.'), reply);
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ code: (error as { code?: string }).code ?? null }, 'database unavailable');
      return renderAppError(databaseUnavailable(), reply);
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((req, reply) => {
    // A person who follows a stale link to an app page gets the app's own not-found page; the
    // API (and anything that does not ask for HTML) keeps its JSON 404.
    const page = appNotFoundPage?.();
    if (page && wantsAppPage(req.method, req.url, req.headers.accept)) {
      return reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
    }
    reply.code(404).send({ error: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}.` });
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
