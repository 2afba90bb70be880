// JSON bodies: an empty body counts as no body (so body-less POSTs work with any client), and
// a body nested deeper than MAX_DEPTH is refused before anything can echo it back.
//
// The body is read here rather than by fastify (parseAs), for the memory of the import's 20 MB
// bodies (issue 30): its bytes go straight into one buffer as they arrive, instead of a list of
// chunks copied into a second buffer and decoded beside both; the text is kept at one byte a
// character (json-text.ts); and each form is let go once the next exists, the text before the
// parsed body is checked and handed on. The limits and their errors are fastify's own.
import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { t, type Text } from '../i18n/text.ts';
import { escapeRoom, jsonText } from './json-text.ts';

export const BODY_LIMIT = 64 * 1024;
const MAX_DEPTH = 20;
/** Bodies from this size on are read with room to be written as ASCII (json-text.ts). */
const COMPACT_FROM = 1024 * 1024;

/** Why a parsed body is refused: nested too deep, or a NUL character (PostgreSQL text cannot hold one). */
function problemOf(value: unknown, limit: number): Text | null {
  // Depth first, as two stacks of plain values: no object is made per value visited (a 20 MB
  // body has over a million). Children are pushed in key order and taken from the end, so the
  // first problem found is the same whatever the body's size.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length) {
    const v = values.pop();
    const d = depths.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return t('error.json_nul_in_text');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (d >= limit) return t('error.json_too_deep', { limit });
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        values.push(v[i]);
        depths.push(d + 1);
      }
      continue;
    }
    // for…in, unlike Object.entries, makes no array per object; its own keys are listed in
    // the same order.
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (k.includes('\u0000')) return t('error.json_nul_in_key');
      values.push((v as Record<string, unknown>)[k]);
      depths.push(d + 1);
    }
  }
  return null;
}

type BodyError = Error & { statusCode?: number };

/**
 * The body's text, read as fastify reads a body for parseAs 'string' (the route's bodyLimit,
 * 413 past it, the declared Content-Length checked), into one buffer when the length is
 * declared. `then` runs on a later tick, once nothing here holds the buffer.
 */
function readText(req: FastifyRequest, payload: IncomingMessage, then: (err: BodyError | null, text?: string) => void): void {
  const limit = req.routeOptions.bodyLimit;
  const contentLength = Number(req.headers['content-length']);
  if (contentLength > limit) return then(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  const declared = Number.isSafeInteger(contentLength) && contentLength >= 0;
  let into: Buffer | null = declared ? Buffer.allocUnsafe(contentLength + (contentLength >= COMPACT_FROM ? escapeRoom(contentLength) : 0)) : null;
  let chunks: Buffer[] = [];
  let received = 0;

  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(chunk: Buffer | string) {
    // A custom preParsing stream may still emit strings.
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const at = received;
    received += bytes.length;
    const encoded = (payload as { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
    if (received > limit || encoded > limit) {
      stop();
      into = null;
      chunks = [];
      then(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    // More than was declared is refused at the end (the length check below) and not kept.
    if (into) {
      if (received <= contentLength) bytes.copy(into, at);
    } else {
      chunks.push(bytes);
    }
  }
  function onEnd(err?: BodyError) {
    stop();
    if (err != null) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      then(err);
      return;
    }
    const encoded = (payload as { receivedEncodedLength?: number }).receivedEncodedLength;
    if (!Number.isNaN(contentLength) && (encoded || received) !== contentLength) {
      then(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    const text = into ? jsonText(into, received) : jsonText(Buffer.concat(chunks, received), received);
    into = null;
    chunks = [];
    process.nextTick(then, null, text);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  // application/json, with or without parameters (charset=utf-8), and any +json type.
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\s*(;.*)?$/i, (req, payload, done) => {
    readText(req, payload, (err, text) => {
      if (err) return done(err, undefined);
      if (text!.trim() === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text!);
      } catch {
        return done(new AppError(400, 'invalid_json', t('error.invalid_json')), undefined);
      }
      // Up to 20 MB of text, not needed past here: let go before the checks and the handler.
      text = undefined;
      const problem = problemOf(parsed, MAX_DEPTH);
      if (problem) return done(new AppError(400, 'invalid_json', problem), undefined);
      done(null, parsed);
    });
  });
}
