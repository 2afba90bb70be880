// What a process derived from a family's log, kept under the family's version number
// (families.version, bumped by database triggers in the same transaction as any change; see
// migration 008). Every request reads the family row anyway (loadFamily), so it knows the
// current version at no extra cost: an entry made under another version is never served,
// whichever process, CLI command or import made the change. Entries are also keyed by what
// else they depend on (the window's first instant, which moves at local midnight, or the
// second a result was computed for), so day changes and DST need no special handling.
//
// A miss loads the rows and reads the version in one consistent view (FamilyScope.snapshot),
// and the entry is kept under the version it was loaded at: never a label it may not match,
// however many writes land meanwhile. A write that knows it was the only change between two
// versions carries the entry over (carryOver); carries that arrive out of order wait, a few
// per family, until the entry reaches the version they start from.

import type { FamilyScope } from '../../db/family-scope.ts';
import { loadFamily, type FamilyRow } from '../family/family-row.ts';
import { cacheBudget, type CacheBudget, type Evictable } from './cache-budget.ts';
import { estimateBytes } from './estimate-bytes.ts';

/** Carries waiting for their turn, per family. */
const MAX_PENDING = 64;
/** Families with carries waiting and no entry yet, at most (the oldest forgotten first). */
const MAX_PENDING_FAMILIES = 2000;
/** A carried entry is re-measured every this many carries; between, each adds CARRY_BYTES. */
const REMEASURE_EVERY = 16;
/** What one carry adds at most in the common case (an event and the window's link to it). */
const CARRY_BYTES = 1024;
/** Event-loop turns a read behind the cached entry gives carries on their way to reach it. */
const SETTLE_TURNS = 2;

/** What an entry holds, as the budget counts it: the value with its key and family row. */
function measure(familyId: string, key: string, value: unknown, family: FamilyRow | undefined): number {
  return estimateBytes({ familyId, key, value, family });
}

interface Entry<T> {
  familyId: string;
  version: number;
  key: string;
  value: T;
  /** the family's row at `version`, when known (read with the window, or carried with it) */
  family?: FamilyRow;
  /** what it holds, as the memory budget counts it */
  bytes: number;
  /** carries since it was last measured */
  carries: number;
}

/** What a read through the cache gets: the value, the version it is at, and the family's row then. */
export interface AtVersion<T> {
  value: T;
  version: number;
  family?: FamilyRow;
}

/**
 * A map of per-family entries (one per family and purpose), within the process's memory budget
 * (cache-budget.ts: the least recently used entry of any cache goes first). What the methods
 * call `familyId` is the entry's owner: a family's id, or for one child's derivations the
 * child scope's cacheId (family and child), so each child of a family has entries of its own.
 */
export class FamilyCache<T> implements Evictable {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Map<number, { to: number; update: (value: T, key: string) => T | undefined }>>();
  constructor(private readonly budget: CacheBudget = cacheBudget) {}

  get(familyId: string, version: number, key: string): T | undefined {
    const e = this.entries.get(familyId);
    if (!e || e.version !== version || e.key !== key) return undefined;
    this.touch(e);
    return e.value;
  }

  /** Entries held now (evicted ones are gone). */
  get size(): number {
    return this.entries.size;
  }

  private touch(e: Entry<T>): void {
    this.budget.touch(e);
  }

  /** Holds `e` in place of the family's entry, counted in the budget (which may evict it at once). */
  private put(e: Entry<T>): void {
    this.drop(e.familyId);
    this.entries.set(e.familyId, e);
    this.budget.add(e, this, e.bytes);
  }

  private drop(familyId: string): void {
    const e = this.entries.get(familyId);
    if (!e) return;
    this.entries.delete(familyId);
    this.budget.release(e);
  }

  /** Called by the budget: forget `token`'s entry if it is still the family's. */
  evict(token: object): void {
    const e = token as Entry<T>;
    if (this.entries.get(e.familyId) === e) this.entries.delete(e.familyId);
  }

  /**
   * The entry for (family, key) made at `version` or at a later one: state no older than a
   * read at `version` would give, for a caller content with that (versions only grow).
   */
  getAtLeast(familyId: string, version: number, key: string): T | undefined {
    const e = this.entries.get(familyId);
    return e && e.version >= version && e.key === key ? e.value : undefined;
  }

  set(familyId: string, version: number, key: string, value: T, family?: FamilyRow): void {
    this.put({ familyId, version, key, value, family, bytes: measure(familyId, key, value, family), carries: 0 });
  }

  /**
   * The entry for (family, key) at `version` or a later one, else `load()`, run in one
   * consistent view with the family's version read in it and kept under that version. Either
   * way the caller gets state no older than it asked for, and the version it is at: under a
   * stream of writes the entry moves on between a request's reading the family row and its
   * reaching the cache, and what a read made a moment later would show is as good an answer.
   */
  async through<S extends FamilyScope>(scope: S, familyId: string, version: number, key: string, load: (scope: S) => Promise<T>): Promise<AtVersion<T>> {
    let e = this.entries.get(familyId);
    // Behind: the writes between are most often this process's own, whose carries are a turn
    // of the event loop away (the answers of logs committed together, or racing, are handled
    // one after another). Waiting for them beats a reload; a write by another process costs
    // the wait, then the load.
    for (let turn = 0; turn < SETTLE_TURNS && e && e.key === key && e.version < version; turn++) {
      await new Promise(setImmediate);
      e = this.entries.get(familyId);
    }
    if (e && e.version >= version && e.key === key) {
      this.touch(e);
      return { value: e.value, version: e.version, family: e.family };
    }
    const loaded = await scope.snapshot(async (s) => {
      const family = await loadFamily(s);
      return { version: Number(family.version), family, value: await load(s) };
    });
    const now = this.entries.get(familyId);
    // Another request may have loaded or carried it further meanwhile: keep the newer.
    if (!now || now.key !== key || now.version < loaded.version) this.set(familyId, loaded.version, key, loaded.value, loaded.family);
    this.applyPending(familyId);
    return loaded;
  }

  /**
   * A write moved the family from version `from` to `to` and the caller knows it was the only
   * change in between (it held the family row locked): carry the entry over, updated by
   * `update`, instead of loading it again. `update` returning undefined drops it. A carry from
   * a version the entry has not reached yet (an earlier write's carry is still on its way)
   * waits for it.
   */
  carryOver(familyId: string, from: number, to: number, update: (value: T, key: string) => T | undefined): void {
    const e = this.entries.get(familyId);
    // No entry yet: one may be loading, from a view this write is not in; the carry waits.
    if (e && e.version > from) return;
    let waiting = this.pending.get(familyId);
    if (!waiting) {
      this.pending.set(familyId, (waiting = new Map()));
      if (this.pending.size > MAX_PENDING_FAMILIES) this.pending.delete(this.pending.keys().next().value!);
    }
    waiting.set(from, { to, update });
    // Bounded: a carry whose predecessor never comes (made by another process) is forgotten.
    if (waiting.size > MAX_PENDING) waiting.delete(Math.min(...waiting.keys()));
    this.applyPending(familyId);
  }

  private applyPending(familyId: string): void {
    const waiting = this.pending.get(familyId);
    if (!waiting) return;
    for (;;) {
      const e = this.entries.get(familyId);
      const carry = e && waiting.get(e.version);
      if (!e || !carry) break;
      waiting.delete(e.version);
      const next = carry.update(e.value, e.key);
      if (next === undefined) {
        this.drop(familyId);
        continue;
      }
      // An event changes the log, not the family's own row: the row carries over as it is.
      const family = e.family && { ...e.family, version: carry.to };
      // Measuring a window costs about what deriving from it does, so a carry is counted at
      // CARRY_BYTES and the entry measured again now and then.
      const remeasure = e.carries + 1 >= REMEASURE_EVERY;
      const bytes = remeasure ? measure(familyId, e.key, next, family) : e.bytes + CARRY_BYTES;
      this.put({ familyId, version: carry.to, key: e.key, value: next, family, bytes, carries: remeasure ? 0 : e.carries + 1 });
    }
    const e = this.entries.get(familyId);
    if (e) for (const from of waiting.keys()) if (from < e.version) waiting.delete(from);
    if (waiting.size === 0) this.pending.delete(familyId);
  }

  clear(): void {
    for (const e of this.entries.values()) this.budget.release(e);
    this.entries.clear();
    this.pending.clear();
  }
}
