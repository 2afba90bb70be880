// One error type for every expected failure. The HTTP layer renders it as
// {error: code, message}, the message in the reader's language when it was given as a Text
// (i18n/text.ts); MCP tools render it as a tool error with the English message.
import { t, Text } from './i18n/text.ts';

export type Message = string | Text;

export class AppError extends Error {
  /** The message to put into the reader's words; null: `message` is the only wording. */
  readonly text: Text | null;

  constructor(
    readonly status: number,
    readonly code: string,
    message: Message,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(String(message));
    this.text = message instanceof Text ? message : null;
  }
}

export const badRequest = (message: Message, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message: Message = t('error.unauthorized')) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: Message = t('error.admin_only'), code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: Message) => new AppError(404, 'not_found', message);
export const conflict = (message: Message, code = 'conflict') => new AppError(409, code, message);

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
export function fieldProblem(code: string, message: Message, field: string, type: string, limits?: IssueLimits): AppError {
  const ctx = limits && Object.keys(limits).length ? { ctx: limits } : {};
  return new AppError(400, code, message, { detail: [{ loc: ['body', field], msg: String(message), type, ...ctx }] });
}
