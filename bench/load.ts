// One measured case: autocannon against a loopback URL, load generated in a worker thread so
// that the client's own parsing does not compete with the server for the main event loop.
import autocannon from 'autocannon';

export interface LoadCase {
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
  /** absolute path of a CommonJS setupRequest module (varies each request's body) */
  setupRequest?: string;
  connections: number;
  duration: number;
}

export interface LoadResult {
  rps: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** non-2xx answers, errors and timeouts: any of these makes the figures suspect */
  failures: number;
}

export function assertLoopback(base: string): void {
  const host = new URL(base).hostname;
  if (host !== '127.0.0.1' && host !== '[::1]' && host !== 'localhost') throw new Error(`refusing to load a non-loopback address: ${host}`);
}

export async function measure(base: string, c: LoadCase): Promise<LoadResult> {
  assertLoopback(base);
  const headers: Record<string, string> = {};
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  if (c.body !== undefined || c.setupRequest) headers['content-type'] = 'application/json';
  const r = await autocannon({
    url: base,
    connections: c.connections,
    duration: c.duration,
    workers: 1,
    timeout: 30,
    requests: [
      {
        method: c.method ?? 'GET',
        path: c.path,
        headers,
        ...(c.body !== undefined ? { body: c.body } : {}),
        ...(c.setupRequest ? { setupRequest: c.setupRequest } : {}),
      },
    ],
  });
  return {
    rps: r.requests.average,
    meanMs: r.latency.mean,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

/** A few requests before measuring, so JIT warm-up and cold caches are not in the figures. */
export async function warmUp(base: string, c: LoadCase): Promise<void> {
  await measure(base, { ...c, duration: 1, connections: Math.min(c.connections, 4) });
}
