// JSON bodies: an empty body counts as no body (so body-less POSTs work with any client), and
// a body nested deeper than MAX_DEPTH is refused before anything can echo it back.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

export const BODY_LIMIT = 64 * 1024;
const MAX_DEPTH = 20;

/** Why a parsed body is refused: nested too deep, or a NUL character (PostgreSQL text cannot hold one). */
function problemOf(value: unknown, limit: number): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'Text in the request body may not contain NUL (\\u0000) characters.';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (d >= limit) return `The request body is nested more than ${limit} levels deep.`;
    for (const [k, child] of Object.entries(v as object)) {
      if (k.includes('\u0000')) return 'Keys in the request body may not contain NUL (\\u0000) characters.';
      stack.push([child, d + 1]);
    }
  }
  return null;
}

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  // application/json, with or without parameters (charset=utf-8), and any +json type.
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\s*(;.*)?$/i, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new AppError(400, 'invalid_json', 'The request body is not valid JSON.'), undefined);
    }
    const problem = problemOf(parsed, MAX_DEPTH);
    if (problem) return done(new AppError(400, 'invalid_json', problem), undefined);
    done(null, parsed);
  });
}
