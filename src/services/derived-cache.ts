// What a process derived from a family's log, kept under the family's version number
// (families.version, bumped by database triggers in the same transaction as any change; see
// migration 008). Every request reads the family row anyway (loadFamily), so it knows the
// current version at no extra cost: an entry made under another version is never served,
// whichever process, CLI command or import made the change. Entries are also keyed by what
// else they depend on (the window's first instant, which moves at local midnight, or the
// second a result was computed for), so day changes and DST need no special handling.
//
// Loads are checked: the version is read again after the rows are loaded, and the entry is
// kept only if no write committed in between (otherwise it is used for this request only).

interface Entry<T> {
  familyId: string;
  version: number;
  key: string;
  value: T;
}

/** A small LRU map of per-family entries (one per family and purpose). */
export class FamilyCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  constructor(private readonly capacity = 2000) {}

  get(familyId: string, version: number, key: string): T | undefined {
    const e = this.entries.get(familyId);
    if (!e || e.version !== version || e.key !== key) return undefined;
    // Re-insert: Map keeps insertion order, so the first key is the least recently used.
    this.entries.delete(familyId);
    this.entries.set(familyId, e);
    return e.value;
  }

  set(familyId: string, version: number, key: string, value: T): void {
    this.entries.delete(familyId);
    this.entries.set(familyId, { familyId, version, key, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The entry for (family, version, key), else `load()` — kept only when `currentVersion()`,
   * read after the load, still equals `version` (no write slipped in between).
   */
  async through(familyId: string, version: number, key: string, load: () => Promise<T>, currentVersion: () => Promise<number>): Promise<T> {
    const hit = this.get(familyId, version, key);
    if (hit !== undefined) return hit;
    const value = await load();
    if ((await currentVersion()) === version) this.set(familyId, version, key, value);
    return value;
  }

  /**
   * A write moved the family from version `from` to `to` and the caller knows it was the only
   * change in between (it held the family row locked): carry the entry over, updated by
   * `update`, instead of loading it again. `update` returning undefined drops it.
   */
  carryOver(familyId: string, from: number, to: number, update: (value: T, key: string) => T | undefined): void {
    const e = this.entries.get(familyId);
    if (!e || e.version !== from) return;
    const next = update(e.value, e.key);
    if (next === undefined) this.entries.delete(familyId);
    else this.entries.set(familyId, { familyId, version: to, key: e.key, value: next });
  }

  clear(): void {
    this.entries.clear();
  }
}
