// What every import format parses its file into: candidate events (handed one by one to import.ts,
// which checks and deduplicates them), the rows it could not read with why, and the shared
// readers of source values.
import { Temporal } from 'temporal-polyfill';
import { badRequest } from '../../errors.ts';
import type { EventInput } from '../../domain/event-rules.ts';
import type { EventType, Reaction } from '../../domain/types.ts';
import type { SourceChild } from '../../domain/import-children.ts';
import { LOCAL_TS_RE, TimeError, localToInstant } from '../../domain/time.ts';
import type { Text } from '../../i18n/text.ts';


export interface SkippedRow {
  /** 1-based: the CSV line (the header is line 1), or the row's position in its JSON array */
  line: number;
  /** where the row came from: the CSV, or the JSON section (feedings, sleep, events…) */
  source: string;
  reason: string;
}

export interface Candidate {
  line: number;
  source: string;
  type: EventType;
  at: number;
  /** as the API takes them: a temperature in °C (celsius) or °F (fahrenheit) */
  values: EventInput;
  author?: string;
  reactions?: Reaction[] | null;
  /** the file's child it belongs to (SourceChild.key), in a file of several children */
  child?: string;
}

export interface NoteRow {
  ts: string;
  text: string;
  tags: string[];
}
export interface RecipeRow {
  name: string;
  ingredients: string[];
}

/**
 * What a parser hands each candidate to as it reads it: import.ts checks it there and then, so
 * the candidates of a large file are never all held at once.
 */
export type OnCandidate = (c: Candidate) => void;

export interface Parsed {
  skipped: SkippedRow[];
  notes: NoteRow[];
  recipes: RecipeRow[];
  /** the file's children, when it says whose each entry is (import-children.ts maps them) */
  children?: SourceChild[];
}

export class RowError extends Error {}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A source timestamp → epoch ms. With a UTC offset (or Z) the offset decides the instant; without
 * one it is wall-clock time in the family's zone (a time the clocks skipped is an error).
 */
export function sourceInstant(raw: unknown, zone: string): number {
  if (typeof raw !== 'string' || raw.trim() === '') throw new RowError('has no time');
  const s = raw.trim().replace(' ', 'T');
  if (/([+-]\d{2}:?\d{2}|Z)$/i.test(s) && /T/.test(s)) {
    try {
      return Temporal.Instant.from(s).epochMilliseconds;
    } catch {
      throw new RowError(`time '${raw}' is not a valid timestamp`);
    }
  }
  let local = s;
  if (/^\d{4}-\d{2}-\d{2}$/.test(local)) local = `${local}T12:00:00`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) local = `${local}:00`;
  else local = local.replace(/\.\d+$/, '');
  if (!LOCAL_TS_RE.test(local)) throw new RowError(`time '${raw}' is not a timestamp (YYYY-MM-DD HH:MM[:SS], optionally with a UTC offset)`);
  try {
    return localToInstant(local, zone);
  } catch (err) {
    if (err instanceof TimeError) throw new RowError(err.message);
    throw err;
  }
}

/** Baby Buddy's duration "HH:MM:SS" (or Huckleberry's "HH:MM") → minutes. */
export function durationMinutes(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  const m = /^(?:(\d+) )?(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(raw.trim());
  if (!m) return null;
  const days = Number(m[1] ?? 0);
  return days * 1440 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) / 60;
}

/** A number as a file writes it: 37.4, "37.4", or "37,4" (a decimal comma); null when it is none. */
export function numberOf(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^\s*-?\d+(?:[.,]\d+)?\s*$/.test(raw)) return null;
  return Number(raw.trim().replace(',', '.'));
}

export function joinNote(...parts: (string | null | undefined | false)[]): string | null {
  const s = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim()).join('; ');
  return s === '' ? null : s;
}

/** A date of birth as a file gives it: YYYY-MM-DD and a real day. */
export function isDate(raw: unknown): raw is string {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  try {
    return Temporal.PlainDate.from(raw, { overflow: 'reject' }).toString() === raw;
  } catch {
    return false;
  }
}

/**
 * A file without its children list whose entries name more than one child: importing it into
 * one child would mix their logs, so it is refused (the message says what to add).
 */
export function checkOneChild(ids: ReadonlySet<string>, refusal: (count: number, ids: string) => Text): void {
  if (ids.size > 1) {
    throw badRequest(refusal(ids.size, [...ids].join(', ')), 'invalid_import');
  }
}
