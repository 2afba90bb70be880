// A bounded pool for password hashing. Each scrypt holds 128·N·r bytes (128 MiB at the production
// cost, PASSWORD_HASH_COST=17) and a CPU core for ~0.3 s, so a burst of sign-ups must neither
// exhaust memory nor starve a parent signing in: at most `slots` hashes run at once and together
// they hold at most `memoryBytes` (one runs alone whatever it needs), sign-ins (verifications)
// wait ahead of sign-ups, and when the queue is full the caller is told to come back (503 with
// Retry-After) instead of waiting behind minutes of work.
import { availableParallelism } from 'node:os';
import { AppError } from '../../errors.ts';
import { t } from '../../i18n/text.ts';

export type HashPriority = 'signin' | 'signup';

interface Waiting {
  priority: HashPriority;
  bytes: number;
  start: () => void;
}

export class HashPool {
  private running = 0;
  private holding = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
    readonly memoryBytes = Infinity,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  private fits(bytes: number): boolean {
    return this.running < this.slots && (this.running === 0 || this.holding + bytes <= this.memoryBytes);
  }

  /** Runs fn when a slot and `bytes` of the memory budget are free, in priority order. */
  async run<T>(priority: HashPriority, fn: () => Promise<T>, bytes = 0): Promise<T> {
    if (this.waiting.length > 0 || !this.fits(bytes)) {
      if (this.waiting.length >= this.maxWaiting) throw busy();
      await new Promise<void>((start) => {
        // Sign-ins go after the sign-ins already waiting but before every sign-up.
        const at = priority === 'signin' ? this.waiting.findIndex((w) => w.priority === 'signup') : -1;
        this.waiting.splice(at === -1 ? this.waiting.length : at, 0, { priority, bytes, start });
      });
    } else {
      this.take(bytes);
    }
    try {
      return await fn();
    } finally {
      this.running -= 1;
      this.holding -= bytes;
      this.startWaiting();
    }
  }

  private take(bytes: number): void {
    this.running += 1;
    this.holding += bytes;
  }

  /** Starts waiting hashes in order while the first of them fits (no overtaking). */
  private startWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0].bytes)) {
      const next = this.waiting.shift()!;
      this.take(next.bytes);
      next.start();
    }
  }
}

export function busy(): AppError {
  return new AppError(503, 'busy', t('error.busy'), { retry_after: 5 });
}

/**
 * libuv runs crypto on 4 threads, and more slots than cores only makes every hash slower; 512 MiB
 * is four hashes at the production cost (a higher PASSWORD_HASH_COST runs fewer at once).
 */
export const passwordHashes = new HashPool(Math.max(1, Math.min(4, availableParallelism())), 32, 512 * 1024 * 1024);
