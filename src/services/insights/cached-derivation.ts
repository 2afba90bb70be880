// A derivation from a window of a child's log, cached the way live and patterns are: the
// window's inputs under the family's version (keyed by the window's first instant), and the
// result under the version and the second it is for (derived-cache.ts). A result in the cache
// is returned without a read; otherwise the window comes from its cache (or one consistent
// read), and the result is derived for the version the window is at, with the family's row of
// that version, and shared when it is exactly that version's.
import type { ChildScope } from '../../db/family-scope.ts';
import type { FamilyRow } from '../family/family-row.ts';
import { FamilyCache, type AtVersion } from './derived-cache.ts';

/** What one cached derivation reads and how it derives. */
export interface DerivationSpec<I, R> {
  /** The first instant of the window it needs, for the whole second `at` in `zone`. */
  windowStart(at: number, zone: string): number;
  /** The inputs from `from` on, read through `scope` (one consistent view) in `zone`. */
  load(scope: ChildScope, from: number, zone: string): Promise<I>;
  /** The result for the second `at`, from inputs of `family`'s version. */
  derive(scope: ChildScope, family: FamilyRow, inputs: I, at: number): R;
}

/** A carry for the family's other children: the event is not theirs, their windows stay as they are. */
function unchanged<T>(value: T): T {
  return value;
}

export class CachedDerivation<I, R> {
  private readonly inputs = new FamilyCache<I>();
  private readonly results = new FamilyCache<R>();

  constructor(private readonly spec: DerivationSpec<I, R>) {}

  // A read is `cached(s, f, at) ?? fromWindow(s, f, at, await window(s, f, at))`: the steps are
  // the caller's so that a cached result waits for nothing and a miss waits once (for the
  // window), with no async frame or closure of this class's in between (live and patterns are
  // the service's hottest reads).

  /** The result for the whole second `at` at the family row's version, when it is cached. */
  cached(scope: ChildScope, family: FamilyRow, at: number): R | undefined {
    return this.results.get(scope.cacheId, Number(family.version), String(at));
  }

  /**
   * The result for the whole second `at` from `inputs`, the window as `window()` gave it: at
   * the family row's version or a later one.
   */
  fromWindow(scope: ChildScope, family: FamilyRow, at: number, inputs: AtVersion<I>): R {
    const id = scope.cacheId;
    const version = Number(family.version);
    const key = String(at);
    // The cache may hold a later version than this request's row (writes landed meanwhile): the
    // result is derived for that version, with the family's row as it was then, and shared.
    // The window was read in this request's zone: a later version of another zone does not fit,
    // and the result is then derived with the request's own row, for this request alone unless
    // the versions agree.
    const then = inputs.family;
    const fits = then !== undefined && then.timezone === family.timezone;
    if (inputs.version !== version) {
      const later = this.results.get(id, inputs.version, key);
      if (later) return later;
    }
    // Frozen: handed to every request of this second, and its JSON is kept (json-serializer.ts).
    const out = Object.freeze(this.spec.derive(scope, fits ? then : family, inputs.value, at));
    if (fits || inputs.version === version) this.results.set(id, inputs.version, key, out);
    return out;
  }

  /** The window's inputs for the second `at`, as of the family row's version or a later one. */
  window(scope: ChildScope, family: FamilyRow, at: number): Promise<AtVersion<I>> {
    const zone = family.timezone;
    const from = this.spec.windowStart(at, zone);
    return this.inputs.through(scope, scope.cacheId, Number(family.version), String(from), (s) => this.spec.load(s, from, zone));
  }

  /** The cached inputs of the window starting at `from`, at `version` or later, if held; never reads. */
  cachedWindow(scope: ChildScope, version: number, from: number): I | undefined {
    return this.inputs.getAtLeast(scope.cacheId, version, String(from));
  }

  /**
   * A new event of `scope`'s child moved the family from v0 to v1, nothing else between: the
   * child's window carries over by `update` (undefined: loaded afresh next time), its
   * siblings' windows unchanged. Results are not carried: they are per second and version.
   */
  carryOver(scope: ChildScope, v0: number, v1: number, update: (inputs: I, key: string) => I | undefined): void {
    for (const c of scope.children) {
      if (c.id !== scope.childId) this.inputs.carryOver(`${scope.familyId}/${c.id}`, v0, v1, unchanged);
    }
    this.inputs.carryOver(scope.cacheId, v0, v1, update);
  }
}
