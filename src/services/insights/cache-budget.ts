// One memory budget for all the caches of derived state (the day's events, live's and
// patterns' windows and results), in bytes of heap as estimate-bytes.ts counts them. A count
// of entries said nothing about memory: a window of a family with a busy day holds ten times
// one of a quiet day, and the caches' fixed sizes (300 windows, 2,000 results) meant ~120 KB
// per active family until they filled, and patterns recomputed on every read past 300 active
// families. The budget is shared, least recently used first across all the caches: whichever
// families are being read keep their entries, of whatever kind. CACHE_MEMORY_MB sets it
// (config.ts; default 64); 0 keeps nothing, so every read loads from the database.
import { DEFAULT_CACHE_MEMORY_MB } from '../../config.ts';

/** What the budget can ask to forget an entry. */
export interface Evictable {
  evict(token: object): void;
}

export class CacheBudget {
  private used = 0;
  /** Every entry held, least recently used first (a Map keeps insertion order). */
  private readonly order = new Map<object, { owner: Evictable; bytes: number }>();
  /** entries forgotten to stay in budget, since the start */
  evictions = 0;

  constructor(private limit: number) {}

  get bytes(): number {
    return this.used;
  }

  get entries(): number {
    return this.order.size;
  }

  get limitBytes(): number {
    return this.limit;
  }

  setLimit(bytes: number): void {
    this.limit = bytes;
    this.trim();
  }

  /** `token` is held by `owner` and takes `bytes`; it becomes the most recently used. */
  add(token: object, owner: Evictable, bytes: number): void {
    this.release(token);
    this.order.set(token, { owner, bytes });
    this.used += bytes;
    this.trim();
  }

  /** `token` was used: it goes to the back of the queue. */
  touch(token: object): void {
    const held = this.order.get(token);
    if (!held) return;
    this.order.delete(token);
    this.order.set(token, held);
  }

  /** `token` is no longer held (replaced, dropped or evicted). */
  release(token: object): void {
    const held = this.order.get(token);
    if (!held) return;
    this.order.delete(token);
    this.used -= held.bytes;
  }

  private trim(): void {
    while (this.used > this.limit && this.order.size > 0) {
      const [token, { owner }] = this.order.entries().next().value!;
      this.release(token);
      this.evictions += 1;
      owner.evict(token);
    }
  }
}

/** The process's budget, shared by every FamilyCache; main.ts sets it from the configuration. */
export const cacheBudget = new CacheBudget(DEFAULT_CACHE_MEMORY_MB * 1024 * 1024);
