// Every request the service makes to a URL a client chose (webhook receivers, push services):
// one policy, one sender. A client choosing the URL is a client choosing where the server
// connects, so by default only https to public addresses is allowed; a self-hoster whose
// receiver is on the LAN (Home Assistant, n8n) sets OUTBOUND_ALLOW_PRIVATE=1, which also
// allows plain http to such addresses (never to public ones). The address is checked when the
// URL is given and again at every connection, on the addresses DNS returns then (a name that
// resolved to a public address yesterday may resolve to 127.0.0.1 today: DNS rebinding).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const OUTBOUND_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer at most (the rest is dropped): its status is what counts. */
const MAX_ANSWER_BYTES = 16 * 1024;
export const MAX_URL_LENGTH = 2000;

/** True for an address on the public internet (not private, loopback, link-local, CGNAT, multicast, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let a = ipaddr.parse(address);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  return a.range() === 'unicast';
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Why this URL may not be called, or null when it may (as far as can be told without DNS):
 * https (or http when private addresses are allowed), no user or password in it, and a host
 * literal that is public unless private addresses are allowed. Names are checked at connect time.
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
  if (url.protocol === 'http:' && !allowPrivate) return 'must be an https:// URL (plain http is allowed only to private addresses, with OUTBOUND_ALLOW_PRIVATE=1)';
  if (isIP(host) && !isPublicAddress(host) && !allowPrivate) return `points at a private, loopback or link-local address (${host}); set OUTBOUND_ALLOW_PRIVATE=1 to allow receivers on your own network`;
  if (!isIP(host) && (host === 'localhost' || host.endsWith('.localhost')) && !allowPrivate) return 'points at this machine (localhost); set OUTBOUND_ALLOW_PRIVATE=1 to allow receivers on your own network';
  return null;
}

/** Raised (as the connection's error) when DNS answers with an address the policy refuses. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_REFUSED_ADDRESS';
}

/**
 * A DNS lookup that refuses non-public answers, used as the connection's own lookup: the
 * address checked is the address connected to. Plain http is only ever allowed to private
 * addresses, so an http URL whose name resolves to a public address is refused as well.
 */
function guardedLookup(allowPrivate: boolean, plainHttp: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return (callback as any)(err);
      for (const a of addresses) {
        const pub = isPublicAddress(a.address);
        if (!pub && !allowPrivate) return (callback as any)(new RefusedAddressError(`${hostname} resolves to a private, loopback or link-local address (${a.address}), which is refused; set OUTBOUND_ALLOW_PRIVATE=1 to allow it`));
        if (pub && plainHttp) return (callback as any)(new RefusedAddressError(`${hostname} is a public address: plain http is refused, use https`));
      }
      if ((options as { all?: boolean }).all) return (callback as any)(null, addresses);
      const first = addresses[0]!;
      (callback as any)(null, first.address, first.family);
    });
  };
}

export interface OutboundResult {
  /** the receiver's HTTP status; null when none came back */
  status: number | null;
  durationMs: number;
  /** why it failed (a refused address, a timeout, the network), or null when an answer came back */
  error: string | null;
}

/** POSTs `body` to `url` under the policy above, with a timeout; never throws, never follows redirects. */
export function postOutbound(
  raw: string,
  req: { headers: Record<string, string>; body: string | Buffer; timeoutMs?: number },
  allowPrivate: boolean,
): Promise<OutboundResult> {
  const t0 = performance.now();
  const done = (status: number | null, error: string | null): OutboundResult => ({ status, durationMs: Math.round(performance.now() - t0), error });
  const refusal = checkOutboundUrl(raw, allowPrivate);
  if (refusal) return Promise.resolve(done(null, `refused: the URL ${refusal}`));
  const url = new URL(raw);
  const host = bareHost(url.hostname);
  const plainHttp = url.protocol === 'http:';
  // An address literal is not looked up: check it here (the name case is checked at connect time).
  if (isIP(host) && plainHttp && isPublicAddress(host)) return Promise.resolve(done(null, 'refused: plain http to a public address; use https'));
  const body = typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
  const timeoutMs = req.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const mod = plainHttp ? http : https;
    const request = mod.request(
      url,
      {
        method: 'POST',
        headers: { ...req.headers, 'content-length': String(body.length), 'user-agent': 'baby-tracker' },
        lookup: guardedLookup(allowPrivate, plainHttp),
        // A fresh connection per call: a pooled socket would skip the lookup (and its check).
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const end = () => finish(done(res.statusCode ?? null, null));
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(done(null, `timed out after ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => {
      const why = err instanceof RefusedAddressError || err.code === 'ERR_REFUSED_ADDRESS' ? `refused: ${err.message}` : `${err.code ?? 'error'}: ${err.message}`;
      finish(done(null, why));
    });
    request.end(body);
  });
}

/** The URL's host, for showing where a subscription points without its secret path. */
export function hostOf(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return '';
  }
}
