// Request validation with zod. Failures keep zod's own issues (paths with their number
// indexes) so the error handler can render the spec's 422 detail or a readable 400.
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

export interface RequestValidationError extends Error {
  zodIssues: { path: PropertyKey[]; message: string; code: string }[];
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => (data) => {
  const r = schema.safeParse(data);
  if (r.success) return { value: r.data };
  const err = new Error('request validation failed') as RequestValidationError;
  err.zodIssues = r.error.issues.map((i) => ({ path: i.path, message: i.message, code: i.code }));
  return { error: err };
};

const PART: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function issuesToDetail(part: string | undefined, issues: RequestValidationError['zodIssues']) {
  const where = PART[part ?? 'body'] ?? 'body';
  return issues.map((i) => ({
    loc: [where, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: i.message,
    type: i.code,
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
