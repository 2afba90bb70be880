// JSON bodies: an empty body counts as no body (so body-less POSTs work with any client), and
// a body nested deeper than MAX_DEPTH is refused before anything can echo it back.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

export const BODY_LIMIT = 64 * 1024;
const MAX_DEPTH = 20;

function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= limit) return true;
    for (const child of Object.values(v as object)) stack.push([child, d + 1]);
  }
  return false;
}

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(/^application\/([\w.+-]*\+)?json$/, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new AppError(400, 'invalid_json', 'The request body is not valid JSON.'), undefined);
    }
    if (depthExceeds(parsed, MAX_DEPTH)) {
      return done(new AppError(400, 'invalid_json', `The request body is nested more than ${MAX_DEPTH} levels deep.`), undefined);
    }
    done(null, parsed);
  });
}
