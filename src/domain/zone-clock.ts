// A fast family-local clock. The rules read the local date, hour and minute of hundreds of
// instants per request; asking Temporal each time costs tens of microseconds per instant. A
// ZoneClock asks Temporal once for the zone's UTC offset at the start of a 32-day block and for
// the (rare) offset transitions inside it, then answers every instant of the block with plain
// arithmetic: local wall clock = instant + offset. Results are identical to the Temporal
// helpers in time.ts (the unit tests compare them minute by minute on clock-change days);
// anything outside the fast path (odd instants, odd zones) is handed to those helpers.
//
// Memoised per zone for the life of the process: a zone's rules do not change while it runs,
// so the cache is invisible to callers and the rules stay pure functions of their input.
import { Temporal } from 'temporal-polyfill';
import {
  addDays, ageAt, dayBounds, DATE_RE, instantToLocal, localDateOf, localHour, parseDate,
} from './time.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Offsets are looked up per block of this length (32 days). */
const BLOCK_MS = 32 * DAY_MS;
/** The fast path covers 1900-01-01 to 2200-01-01 UTC; anything else goes to Temporal. */
const MIN_FAST = Date.UTC(1900, 0, 1);
const MAX_FAST = Date.UTC(2200, 0, 1);
/** More transitions than this in one block means an unusual zone history: use Temporal there. */
const MAX_TRANSITIONS_PER_BLOCK = 8;
/** Memo sizes: past these the memo is dropped and rebuilt (a bound, not a tuning knob). */
const MAX_BLOCKS = 2048;
const MAX_BOUNDS = 8192;
const MAX_ZONES = 64;

interface Block {
  /** Offset (ms) in force at the block's start. */
  offset0: number;
  /** Instants (ms) inside the block at which the offset changes, ascending … */
  at: number[];
  /** … and the offset from each of them on. */
  offsets: number[];
}

export interface LocalParts {
  /** Family-local date, YYYY-MM-DD. */
  date: string;
  /** Whole minutes after local midnight by the wall clock (0–1439). */
  minutes: number;
}

export class ZoneClock {
  readonly zone: string;
  /** null marks a block the fast path does not handle. */
  private readonly blocks = new Map<number, Block | null>();
  private readonly bounds = new Map<string, readonly [number, number]>();
  private lastKey = Number.NaN;
  private lastBlock: Block | null = null;

  constructor(zone: string) {
    this.zone = zone;
  }

  /**
   * UTC offset in ms at instant `at` (local wall clock = at + offset), or null when the fast
   * path does not cover it (non-integer or far-off instant, unusual zone history).
   */
  offsetAt(at: number): number | null {
    if (!Number.isInteger(at) || at < MIN_FAST || at >= MAX_FAST) return null;
    const key = Math.floor(at / BLOCK_MS);
    let block: Block | null | undefined;
    if (key === this.lastKey) block = this.lastBlock;
    else {
      block = this.blocks.get(key);
      if (block === undefined) {
        block = this.buildBlock(key);
        if (this.blocks.size >= MAX_BLOCKS) this.blocks.clear();
        this.blocks.set(key, block);
      }
      this.lastKey = key;
      this.lastBlock = block;
    }
    if (block === null) return null;
    let offset = block.offset0;
    for (let i = 0; i < block.at.length && block.at[i]! <= at; i++) offset = block.offsets[i]!;
    return offset;
  }

  private buildBlock(key: number): Block | null {
    const start = key * BLOCK_MS;
    const end = start + BLOCK_MS;
    let zdt = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(this.zone);
    const block: Block = { offset0: zdt.offsetNanoseconds / 1e6, at: [], offsets: [] };
    if (!Number.isInteger(block.offset0)) return null;
    for (;;) {
      const next = zdt.getTimeZoneTransition('next');
      if (next === null || next.epochMilliseconds >= end) break;
      const offset = next.offsetNanoseconds / 1e6;
      if (block.at.length >= MAX_TRANSITIONS_PER_BLOCK || !Number.isInteger(offset) || next.epochMilliseconds <= zdt.epochMilliseconds) {
        return null;
      }
      block.at.push(next.epochMilliseconds);
      block.offsets.push(offset);
      zdt = next;
    }
    return block;
  }

  /** Same as time.ts localDateOf(at, zone). */
  localDate(at: number): string {
    const offset = this.offsetAt(at);
    if (offset === null) return localDateOf(at, this.zone);
    return dateOfLocalMs(at + offset);
  }

  /** Same as time.ts localHour(at, zone): hour + minute / 60 + second / 3600. */
  localHour(at: number): number {
    const offset = this.offsetAt(at);
    if (offset === null) return localHour(at, this.zone);
    const wall = msOfDay(at + offset);
    const h = Math.floor(wall / HOUR_MS);
    const m = Math.floor((wall % HOUR_MS) / MINUTE_MS);
    const s = Math.floor((wall % MINUTE_MS) / 1000);
    return h + m / 60 + s / 3600;
  }

  /** Whole minutes after local midnight by the wall clock (hour * 60 + minute). */
  minuteOfDay(at: number): number {
    const offset = this.offsetAt(at);
    if (offset === null) return slowParts(at, this.zone).minutes;
    return Math.floor(msOfDay(at + offset) / MINUTE_MS);
  }

  /** Local date and wall-clock minutes after midnight. */
  localParts(at: number): LocalParts {
    const offset = this.offsetAt(at);
    if (offset === null) return slowParts(at, this.zone);
    const local = at + offset;
    return { date: dateOfLocalMs(local), minutes: Math.floor(msOfDay(local) / MINUTE_MS) };
  }

  /** Same as time.ts instantToLocal(at, zone): YYYY-MM-DDTHH:MM:SS. */
  localTs(at: number): string {
    const offset = this.offsetAt(at);
    if (offset === null) return instantToLocal(at, this.zone);
    return new Date(at + offset).toISOString().slice(0, 19);
  }

  /** Same as time.ts dayBounds(date, zone), memoised per date. */
  dayBounds(date: string): [number, number] {
    let b = this.bounds.get(date);
    if (b === undefined) {
      b = dayBounds(date, this.zone);
      if (this.bounds.size >= MAX_BOUNDS) this.bounds.clear();
      this.bounds.set(date, b);
    }
    return [b[0], b[1]];
  }

  /**
   * Epoch ms of local `date` + `minutes` after its midnight by the wall clock (minutes may pass
   * 1440 and roll into later days). A wall time skipped by a spring-forward change moves later
   * by the change; one that occurs twice takes the first (Temporal's 'compatible').
   */
  localAt(date: string, minutes: number): number {
    const day = Number.isInteger(minutes) ? epochDayOf(date) : null;
    if (day !== null) {
      const days = Math.floor(minutes / 1440);
      const wall = (day + days) * DAY_MS + (minutes - days * 1440) * MINUTE_MS;
      const before = this.offsetAt(wall - DAY_MS);
      const middle = this.offsetAt(wall);
      const after = this.offsetAt(wall + DAY_MS);
      if (before !== null && middle !== null && after !== null) {
        // The instant is wall - offset for whichever offset is in force then; an offset is
        // never a day, so it is one of the offsets within a day either side.
        let best: number | null = null;
        for (const o of [before, middle, after]) {
          const t = wall - o;
          const ot = this.offsetAt(t);
          if (ot === null) return slowLocalAt(date, minutes, this.zone);
          if (ot === o && (best === null || t < best)) best = t;
        }
        // None: a skipped wall time, read with the offset from before the change.
        return best ?? wall - before;
      }
    }
    return slowLocalAt(date, minutes, this.zone);
  }

  /** Start (epoch ms) of a local day: dayBounds(date)[0]. */
  dayStart(date: string): number {
    return this.dayBounds(date)[0];
  }
}

const clocks = new Map<string, ZoneClock>();

/** The (memoised) fast clock of an IANA zone. */
export function zoneClock(zone: string): ZoneClock {
  let c = clocks.get(zone);
  if (c === undefined) {
    c = new ZoneClock(zone);
    if (clocks.size >= MAX_ZONES) clocks.clear();
    clocks.set(zone, c);
  }
  return c;
}

function msOfDay(local: number): number {
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

// Date strings by local epoch day: formatting is cheap, but the rules ask for the same few
// dates over and over.
const dateCache = new Map<number, string>();

function dateOfLocalMs(local: number): string {
  const day = Math.floor(local / DAY_MS);
  let s = dateCache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dateCache.size >= 65_536) dateCache.clear();
    dateCache.set(day, s);
  }
  return s;
}

function slowParts(at: number, zone: string): LocalParts {
  const z = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  return { date: z.toPlainDate().toString(), minutes: z.hour * 60 + z.minute };
}

function slowLocalAt(date: string, minutes: number, zone: string): number {
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const pdt = parseDate(date).add({ days }).toPlainDateTime({ hour: Math.floor(rest / 60), minute: rest % 60 });
  return pdt.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

const epochDays = new Map<string, number | null>();

/** Epoch day (days since 1970-01-01) of a YYYY-MM-DD date in years 1000–9999, or null. */
function epochDayOf(date: string): number | null {
  let d = epochDays.get(date);
  if (d === undefined) {
    d = parseEpochDay(date);
    if (epochDays.size >= 65_536) epochDays.clear();
    epochDays.set(date, d);
  }
  return d;
}

function parseEpochDay(date: string): number | null {
  if (!DATE_RE.test(date)) return null;
  const y = Number(date.slice(0, 4));
  if (y < 1000) return null;
  const ms = Date.UTC(y, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  // A date that does not exist (2025-02-30) rolls over and fails the round trip.
  if (new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return ms / DAY_MS;
}

/** Same as time.ts addDays(date, days), without Temporal for ordinary dates. */
export function addDaysFast(date: string, days: number): string {
  if (Number.isInteger(days)) {
    const d = epochDayOf(date);
    if (d !== null) {
      const r = d + days;
      if (r >= -354_285 && r <= 2_932_896) return dateOfLocalMs(r * DAY_MS); // 1000-01-01 … 9999-12-31
    }
  }
  return addDays(date, days);
}

/** Same as time.ts ageAt(dob, onDate), without Temporal for ordinary dates. */
export function ageAtFast(dob: string, onDate: string): { days: number; months: number } {
  const a = epochDayOf(dob);
  const b = epochDayOf(onDate);
  if (a === null || b === null) return ageAt(dob, onDate);
  const days = b - a;
  return { days, months: days / 30.4375 };
}

// Drop-in replacements for the time.ts helpers of the same name (same arguments, same results).

/** Same as time.ts instantToLocal(at, zone). */
export function instantToLocalFast(at: number, zone: string): string {
  return zoneClock(zone).localTs(at);
}

/** Same as time.ts localDateOf(at, zone). */
export function localDateOfFast(at: number, zone: string): string {
  return zoneClock(zone).localDate(at);
}

/** Same as time.ts localHour(at, zone). */
export function localHourFast(at: number, zone: string): number {
  return zoneClock(zone).localHour(at);
}

/** Same as time.ts dayBounds(date, zone), memoised per zone and date. */
export function dayBoundsFast(date: string, zone: string): [number, number] {
  return zoneClock(zone).dayBounds(date);
}
