// Every request the service makes to a URL a client chose (webhook receivers, push services):
// one sender, held to one policy (domain/outbound-policy.ts). A client choosing the URL is a
// client choosing where the server connects, so the address is checked when the URL is given
// and again at every connection, on the addresses DNS returns then (a name that resolved to a
// public address yesterday may resolve to 127.0.0.1 today: DNS rebinding), and plain http,
// allowed only to private addresses, is refused when the name resolves to a public one.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkOutboundUrl, isPublicAddress } from '../domain/outbound-policy.ts';

export const OUTBOUND_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer at most (the rest is dropped): its status is what counts. */
const MAX_ANSWER_BYTES = 16 * 1024;

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
  // An address literal (http to a public one included) was judged by checkOutboundUrl; a name
  // is judged by guardedLookup on what it resolves to now.
  const url = new URL(raw);
  const plainHttp = url.protocol === 'http:';
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
