// Random identifiers, token and session secrets, and password hashing. Secrets are stored
// only as hashes: SHA-256 for high-entropy random secrets (tokens, sessions, invite codes),
// scrypt for passwords, which are low-entropy and need a memory-hard hash.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** URL-safe random secret with `bytes` bytes of entropy (32 bytes = 256 bits). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// OWASP Password Storage Cheat Sheet: scrypt N=2^17 (128 MiB), r=8, p=1.
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 256 * 1024 * 1024;

// Each hash holds 128 MiB while it runs: a burst of sign-ups or sign-ins must queue rather
// than exhaust memory, so at most HASHES_AT_ONCE run at a time (libuv has 4 threads anyway).
const HASHES_AT_ONCE = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** Returns a self-describing hash: scrypt$N$r$p$salt$key (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
