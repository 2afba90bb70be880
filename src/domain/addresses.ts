// Client addresses: which ones are the server's own machine.
import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}
