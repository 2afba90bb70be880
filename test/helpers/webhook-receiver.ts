// A local webhook receiver for tests: a node:http listener on 127.0.0.1 that records every
// request and verifies its signature with the `standardwebhooks` library, as a real receiver
// would. It answers `status` (200 by default; 503 plays a receiver that is down).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  json: any;
  /** what the receiver answered */
  answered: number;
}

/**
 * Webhook.verify checks the signature and that webhook-timestamp is within 5 minutes of the
 * receiver's own clock. A test app runs on a fake clock, so `nowMs` is the receiver's clock.
 */
export function verifyAt(secret: string, r: Pick<Received, 'id' | 'timestamp' | 'signature' | 'body'>, nowMs: number = Date.now()): unknown {
  const real = Date.now;
  Date.now = () => nowMs;
  try {
    return new Webhook(secret).verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });
  } finally {
    Date.now = real;
  }
}

export class Receiver {
  private server: http.Server | null = null;
  port = 0;
  status = 200;
  got: Received[] = [];

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown = undefined;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        const answered = this.status;
        this.got.push({
          id: String(req.headers['webhook-id'] ?? ''),
          timestamp: String(req.headers['webhook-timestamp'] ?? ''),
          signature: String(req.headers['webhook-signature'] ?? ''),
          body,
          json,
          answered,
        });
        res.writeHead(answered, { 'content-type': 'text/plain' });
        res.end(answered < 300 ? 'ok' : 'down');
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The messages it accepted (answered 2xx), in arrival order. */
  accepted(): Received[] {
    return this.got.filter((r) => r.answered >= 200 && r.answered < 300);
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** A port nothing listens on (taken and released at once), for a receiver that is not up yet. */
export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
