// Random identifiers, token and session secrets, and password hashing. Secrets are stored
// only as hashes: SHA-256 for high-entropy random secrets (tokens, sessions, invite codes),
// scrypt for passwords, which are low-entropy and need a memory-hard hash.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { passwordHashes, type HashPriority } from './hash-pool.ts';

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

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, priority: HashPriority): Promise<Buffer> {
  return passwordHashes.run(
    priority,
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
  const key = await scrypt(password, salt, N, R, P, 'signup');
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), 'signin');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
