// Request validation with zod. Failures keep zod's own issues (paths with their number
// indexes) so the error handler can render the spec's 422 detail or a readable 400.
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import type { IssueLimits } from '../errors.ts';

export interface RequestValidationError extends Error {
  zodIssues: { path: PropertyKey[]; message: string; code: string; ctx?: IssueLimits }[];
}

/** A size or range issue's limit (too_big, too_small), as the issue's `ctx`. */
function limitsOf(issue: { code: string; origin?: unknown; minimum?: unknown; maximum?: unknown }): IssueLimits | undefined {
  const bound = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined;
  if (typeof bound !== 'number') return undefined;
  const origin = typeof issue.origin === 'string' ? { origin: issue.origin } : {};
  return issue.code === 'too_big' ? { ...origin, maximum: bound } : { ...origin, minimum: bound };
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => (data) => {
  const r = schema.safeParse(data);
  if (r.success) return { value: r.data };
  const err = new Error('request validation failed') as RequestValidationError;
  err.zodIssues = r.error.issues.map((i) => {
    const ctx = limitsOf(i as typeof i & { origin?: unknown; minimum?: unknown; maximum?: unknown });
    return { path: i.path, message: i.message, code: i.code, ...(ctx ? { ctx } : {}) };
  });
  return { error: err };
};

const PART: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function issuesToDetail(part: string | undefined, issues: RequestValidationError['zodIssues']) {
  const where = PART[part ?? 'body'] ?? 'body';
  return issues.map((i) => ({
    loc: [where, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: i.message,
    type: i.code,
    ...(i.ctx ? { ctx: i.ctx } : {}),
  }));
}

export function detailToMessage(detail: { loc: (string | number)[]; msg: string; type?: string }[]): string {
  return detail
    .map((d) => {
      if (d.loc.length === 1 && d.loc[0] === 'body' && d.type === 'invalid_type') {
        return 'The request body must be a JSON object (send Content-Type: application/json).';
      }
      const field = d.loc.slice(1).join('.');
      return field ? `${field}: ${d.msg}` : d.msg;
    })
    .join('; ');
}
