// Web Push as the far side sees it, for tests: a browser's subscription (its own P-256 key pair
// and 16-byte auth secret, opened with the http_ece library, web-push's own RFC 8291 code) and a
// push service on 127.0.0.1 that records each request and answers with `state.status`.
import http from 'node:http';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const ece = createRequire(import.meta.url)('http_ece') as { decrypt(body: Buffer, params: Record<string, unknown>): Buffer };

export interface PushBrowser {
  ecdh: ECDH;
  auth: Buffer;
  /** the subscription JSON the browser hands the page, for that endpoint */
  json(endpoint: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** what the browser reads of a message (aes128gcm: the sender's key travels in the body's header) */
  open(body: Buffer): unknown;
}

export function pushBrowser(): PushBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint) => ({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }),
    open: (body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
  };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type PushService = Awaited<ReturnType<typeof pushService>>;

export async function pushService() {
  const received: ReceivedPush[] = [];
  const state = { status: 201 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    state,
    origin,
    /** a subscription's endpoint on this service, /push/<name> */
    endpoint: (name: string) => `${origin}/push/${name}`,
    /** the body of the last message sent to /push/<name>, if any */
    lastTo: (name: string) => received.findLast((r) => r.path === `/push/${name}`)?.body,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
