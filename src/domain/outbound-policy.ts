// Which URLs the service may call when a client chose them (webhook receivers, push services):
// by default only https to public addresses; a self-hoster whose receiver is on the LAN (Home
// Assistant, n8n) sets OUTBOUND_ALLOW_PRIVATE=1, which allows private, loopback and link-local
// addresses, and plain http to those only (never to a public address). This is the check on the
// URL as given; the sender (src/outbox/outbound.ts) holds every connection to the same policy on
// the addresses DNS returns then.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export const MAX_URL_LENGTH = 2000;

/** True for an address on the public internet (not private, loopback, link-local, CGNAT, multicast, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let a = ipaddr.parse(address);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  return a.range() === 'unicast';
}

/** A URL's hostname without the brackets of an IPv6 literal. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** The refusal of plain http, with or without private addresses allowed. */
const PLAIN_HTTP = 'must be an https:// URL (plain http is allowed only to private addresses, with OUTBOUND_ALLOW_PRIVATE=1)';

/**
 * Why this URL may not be called, or null when it may (as far as can be told without DNS):
 * https (or http to a private address when private addresses are allowed), no user or password
 * in it, and a host literal that is public unless private addresses are allowed. Names are
 * checked at connect time (a LAN name such as homeassistant.local is a private receiver).
 */
export function checkOutboundUrl(raw: string, allowPrivate: boolean): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL such as https://example.com/hook';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password (the signature authenticates the service)';
  const host = bareHost(url.hostname);
  if (!host) return 'must name a host';
  if (url.protocol === 'http:' && !allowPrivate) return PLAIN_HTTP;
  // Allowed private addresses do not open plain http to the internet.
  if (url.protocol === 'http:' && isIP(host) && isPublicAddress(host)) return `${PLAIN_HTTP}; ${host} is a public address`;
  if (isIP(host) && !isPublicAddress(host) && !allowPrivate) return `points at a private, loopback or link-local address (${host}); set OUTBOUND_ALLOW_PRIVATE=1 to allow receivers on your own network`;
  if (!isIP(host) && (host === 'localhost' || host.endsWith('.localhost')) && !allowPrivate) return 'points at this machine (localhost); set OUTBOUND_ALLOW_PRIVATE=1 to allow receivers on your own network';
  return null;
}

/** The URL's host, for showing where a subscription points without its secret path. */
export function hostOf(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return '';
  }
}
