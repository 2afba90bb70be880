// One error type for every expected failure. The HTTP layer renders it as
// {error: code, message}; MCP tools render it as a tool error with the message.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in or send a valid bearer token.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Only a family admin can do this.', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** The limit a refused value broke (a validation issue's `ctx`): numbers a client words itself. */
export interface IssueLimits {
  origin?: string;
  minimum?: number;
  maximum?: number;
  decimals?: number;
}

/**
 * A 400 about one body field: `detail` names the field (as a schema mismatch's detail does) and
 * `ctx` the limit it broke, so a client needs neither to read the English of the message.
 */
export function fieldProblem(code: string, message: string, field: string, type: string, limits?: IssueLimits): AppError {
  const ctx = limits && Object.keys(limits).length ? { ctx: limits } : {};
  return new AppError(400, code, message, { detail: [{ loc: ['body', field], msg: message, type, ...ctx }] });
}
