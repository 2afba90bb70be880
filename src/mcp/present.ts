// How every MCP answer looks: a plain-language line, then who it is about and when it was read
// ("Ada · read at 2026-11-22 14:05"), then the same data as JSON for clients that ignore
// structuredContent. Errors look the same minus the data, so an assistant always knows whose
// log it touched and when.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../errors.ts';
import { describeEvent, describeWhen } from '../domain/describe.ts';
import { instantToLocal } from '../domain/time.ts';
import type { LogEvent } from '../domain/types.ts';
import type { Env } from './registry-types.ts';

export interface Stamp {
  child: string;
  read_at: string;
}

export function stampOf(env: Pick<Env, 'family' | 'child' | 'now'>): Stamp {
  return { child: env.child.name, read_at: instantToLocal(env.now, env.family.timezone) };
}

export const STAMP_MARK = ' · read at ';

export function stampLine(s: Stamp): string {
  return `${s.child}${STAMP_MARK}${s.read_at.slice(0, 10)} ${s.read_at.slice(11, 16)}`;
}

export function toolResult(stamp: Stamp, summary: string, structured: Record<string, unknown>): CallToolResult {
  return {
    content: [
      { type: 'text', text: `${summary}\n${stampLine(stamp)}` },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
  };
}

/** An expected failure (bad input, unknown id, missing scope) as a tool result, never a crash. */
export function toolError(stamp: Stamp, err: unknown): CallToolResult {
  // Anything but an AppError is a bug: say so without its text (which could hold SQL).
  const text = err instanceof AppError ? `${err.message} (${err.code})` : 'Something went wrong on our side. Please try again. (internal_error)';
  return { content: [{ type: 'text', text: `${text}\n${stampLine(stamp)}` }], isError: true };
}

/** "at 03:10" today, or "on 21 Nov 03:10" for another day. */
export function whenPhrase(ts: string, today: string): string {
  const when = describeWhen(ts, today);
  return `${ts.slice(0, 10) === today ? 'at' : 'on'} ${when}`;
}

/** "120 ml bottle at 03:10" */
export function eventPhrase(e: LogEvent, today: string): string {
  return `${describeEvent(e)} ${whenPhrase(e.ts, today)}`;
}

export function countPhrase(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A day after the family's today has nothing logged yet: say so rather than answer "0 events". */
export function futureDateMessage(date: string, today: string): string | null {
  return date > today ? `${date} is in the future: today is ${today} in the family's time zone, so nothing can be logged for that day yet.` : null;
}
