// Random identifiers, token and session secrets, and password hashing. Secrets are stored
// only as hashes: SHA-256 for high-entropy random secrets (tokens, sessions, invite codes),
// scrypt for passwords, which are low-entropy and need a memory-hard hash.
import { hash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { passwordHashes, type HashPriority } from './hash-pool.ts';
import { MAX_HASH_COST, SCRYPT_P as P, SCRYPT_R as R, scryptBytes } from '../../domain/password-hash-cost.ts';

/** URL-safe random secret with `bytes` bytes of entropy (32 bytes = 256 bits). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256(value: string): string {
  // The one-shot hash (Node 20.12 and later): every authenticated request hashes its
  // credential, and a Hash object per call cost several times as much.
  return hash('sha256', value, 'hex');
}

const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, priority: HashPriority): Promise<Buffer> {
  const bytes = scryptBytes(n, r);
  return passwordHashes.run(
    priority,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        // maxmem leaves room above the 128·N·r that the parameters need (node refuses at the bound).
        scryptCb(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 2 * bytes }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    bytes,
  );
}

/** Returns a self-describing hash: scrypt$N$r$p$salt$key (base64url), N = 2^cost. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const n = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, n, R, P, 'signup');
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  // Parameters no configuration can make would only spend memory: not a hash of this service's.
  if (!(scryptBytes(Number(n), Number(r)) <= scryptBytes(2 ** MAX_HASH_COST, R))) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), 'signin');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to compare against when the account does not exist, so timing does not reveal it: made
 * at the configured cost, like the hashes of accounts signed up since.
 */
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword('not-a-real-password', cost)));
  return hash;
}
