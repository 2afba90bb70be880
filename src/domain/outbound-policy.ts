// Which URLs the service may call when a client chose them (webhook receivers, push services):
// by default only https to public addresses; a self-hoster whose receiver is on the LAN (Home
// Assistant, n8n) sets OUTBOUND_ALLOW_PRIVATE=1, which allows private, loopback and link-local
// addresses, and plain http to those only (never to a public address). This is the check on the
// URL as given; the sender (src/outbox/outbound.ts) holds every connection to the same policy on
// the addresses DNS returns then.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { t, type Text } from '../i18n/text.ts';

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

/**
 * Why this URL may not be called, or null when it may (as far as can be told without DNS):
 * https (or http to a private address when private addresses are allowed), no user or password
 * in it, and a host literal that is public unless private addresses are allowed. Names are
 * checked at connect time (a LAN name such as homeassistant.local is a private receiver). The
 * reason completes "the URL …" (its English is what delivery records say).
 */
export function checkOutboundUrl(raw: string, allowPrivate: boolean): Text | null {
  if (raw.length > MAX_URL_LENGTH) return t('error.url_too_long', { max: MAX_URL_LENGTH });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return t('error.url_not_absolute');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return t('error.url_not_https');
  if (url.username || url.password) return t('error.url_has_credentials');
  const host = bareHost(url.hostname);
  if (!host) return t('error.url_no_host');
  if (url.protocol === 'http:' && !allowPrivate) return t('error.url_plain_http');
  // Allowed private addresses do not open plain http to the internet.
  if (url.protocol === 'http:' && isIP(host) && isPublicAddress(host)) return t('error.url_plain_http_public', { host });
  if (isIP(host) && !isPublicAddress(host) && !allowPrivate) return t('error.url_private_address', { host });
  if (!isIP(host) && (host === 'localhost' || host.endsWith('.localhost')) && !allowPrivate) return t('error.url_localhost');
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
