// A bounded pool for password hashing. Each scrypt holds 128 MiB and a CPU core for ~0.3 s, so
// a burst of sign-ups must neither exhaust memory nor starve a parent signing in: at most
// `slots` hashes run at once, sign-ins (verifications) wait ahead of sign-ups, and when the
// queue is full the caller is told to come back (503 with Retry-After) instead of waiting
// behind minutes of work.
import { availableParallelism } from 'node:os';
import { AppError } from '../../errors.ts';

export type HashPriority = 'signin' | 'signup';

export class HashPool {
  private running = 0;
  private readonly waiting: { priority: HashPriority; start: () => void }[] = [];

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(priority: HashPriority, fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting) throw busy();
      await new Promise<void>((start) => {
        // Sign-ins go after the sign-ins already waiting but before every sign-up.
        const at = priority === 'signin' ? this.waiting.findIndex((w) => w.priority === 'signup') : -1;
        this.waiting.splice(at === -1 ? this.waiting.length : at, 0, { priority, start });
      });
    }
    this.running += 1;
    try {
      return await fn();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.start();
    }
  }
}

export function busy(): AppError {
  return new AppError(503, 'busy', 'The server is busy checking passwords. Try again in a few seconds.', { retry_after: 5 });
}

/** libuv runs crypto on 4 threads; more slots than cores only makes every hash slower. */
export const passwordHashes = new HashPool(Math.max(1, Math.min(4, availableParallelism())), 32);
