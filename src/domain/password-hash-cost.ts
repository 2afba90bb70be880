// How costly a password hash is: scrypt's N = 2^cost with r=8, p=1 (OWASP's Password Storage
// Cheat Sheet asks for N=2^17 at those settings: 128 MiB and ~0.3 s a hash). PASSWORD_HASH_COST
// sets it; a hash records its own N, so hashes made at any cost keep verifying when it changes.
export const PRODUCTION_HASH_COST = 17;
/** 1 MiB a hash: far below production's strength, for test suites and trials only. */
export const MIN_HASH_COST = 10;
/** 1 GiB a hash: beyond this a single sign-in could exhaust a small server's memory. */
export const MAX_HASH_COST = 20;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;

/** The memory one scrypt holds: 128 · N · r bytes (128 MiB at N=2^17, r=8). */
export function scryptBytes(n: number, r: number): number {
  return 128 * n * r;
}
