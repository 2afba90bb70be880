// Bodies over a route's limit, sent over real sockets the way careless and careful clients send
// them: every one is answered 413 with the error body, and no client ever sees a reset or a
// broken pipe instead. Raw TCP (node:net) so that a reset shows as one, and node:http as an
// ordinary client would use it. The client writes its whole body whatever arrives meanwhile,
// which is what most clients do.
import { describe, test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { connect as tcpConnect, type AddressInfo, type Socket } from 'node:net';
import { Agent, request as httpRequest } from 'node:http';
import { signUp, startApp, type TestApp } from '../helpers/app.ts';

const KIB = 1024;
const MB = 1024 * 1024;

interface Body {
  prefix: string;
  /** how many filler characters go between prefix and suffix */
  fill: number;
  suffix: string;
}

const length = (b: Body) => Buffer.byteLength(b.prefix) + b.fill + Buffer.byteLength(b.suffix);

/** A tools/call whose note argument is `chars` long: a JSON-RPC message an assistant could send. */
const mcpCall = (chars: number): Body => ({
  prefix: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"log_note","arguments":{"note":"',
  fill: chars,
  suffix: '"}}}',
});
const logNote = (chars: number): Body => ({ prefix: '{"type":"note","note":"', fill: chars, suffix: '"}' });
const importOf = (chars: number): Body => ({ prefix: '{"format":"huckleberry","data":"', fill: chars, suffix: '"}' });

const FILL = Buffer.alloc(64 * KIB, 'x');
/** How long the server reads a refused body before answering (DRAIN_MAX_MS in error-handler.ts). */
const DRAIN_MS = 5000;

interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
}

interface Outcome {
  reply: Reply | null;
  /** a socket error (ECONNRESET, EPIPE) or a client-side timeout, if any */
  error: string | null;
  /** the reply had arrived before the client finished sending its body */
  early?: boolean;
}

/**
 * One HTTP/1.1 connection over raw TCP: writes requests, reads replies (Content-Length bodies),
 * and notes any error the socket reports.
 */
class RawConnection {
  private buf = Buffer.alloc(0);
  private waiter: ((r: Reply | null) => void) | null = null;
  error: string | null = null;
  ended = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      this.deliver();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      this.error ??= err.code ?? err.message;
      this.waiter?.(null);
    });
    socket.on('end', () => {
      this.ended = true;
      this.waiter?.(null);
    });
    socket.on('close', () => this.waiter?.(null));
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      // Half-open allowed: a FIN from the server does not stop us sending the rest of the body,
      // so a server that stopped reading shows as a reset, as it would to a client that does
      // not watch for an early answer.
      const s = tcpConnect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => resolve(new RawConnection(s)));
      s.once('error', reject);
    });
  }

  private deliver() {
    if (!this.waiter) return;
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0]!)?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const n = Number(headers['content-length'] ?? NaN);
    if (!Number.isFinite(n)) throw new Error(`a reply without Content-Length: ${head.join(' | ')}`);
    if (this.buf.length < end + 4 + n) return;
    const text = this.buf.subarray(end + 4, end + 4 + n).toString('utf8');
    this.buf = this.buf.subarray(end + 4 + n);
    const w = this.waiter;
    this.waiter = null;
    w({ status, headers, text });
  }

  private nextReply(timeoutMs: number): Promise<Reply | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        this.error ??= 'no reply in time';
        resolve(null);
      }, timeoutMs);
      this.waiter = (r) => {
        clearTimeout(timer);
        this.waiter = null;
        resolve(r);
      };
      this.deliver();
      if (this.waiter && (this.error !== null || this.socket.destroyed)) this.waiter(null);
    });
  }

  private async write(data: Buffer | string): Promise<void> {
    if (this.error !== null) return;
    if (this.socket.destroyed) {
      this.error = 'the connection closed while the body was being sent';
      return;
    }
    if (!this.socket.write(data)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.socket.off('drain', done);
          this.socket.off('close', done);
          resolve();
        };
        this.socket.on('drain', done);
        this.socket.on('close', done);
      });
    }
  }

  /** Sends one request, all of its body, and reads its reply. */
  async exchange(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Body | null,
    opts: { chunked?: boolean; piece?: number; pauseMs?: number } = {},
  ): Promise<Outcome> {
    const { chunked = false, piece: size = FILL.length, pauseMs = 0 } = opts;
    let got: Reply | null | undefined;
    const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${this.socket.remotePort}`];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (body) lines.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${length(body)}`);
    const replied = this.nextReply(60_000).then((r) => (got = r));
    await this.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (body) {
      const piece = async (data: Buffer | string) => {
        const size = Buffer.byteLength(data);
        if (chunked) await this.write(`${size.toString(16)}\r\n`);
        await this.write(data);
        if (chunked) await this.write('\r\n');
      };
      await piece(body.prefix);
      for (let left = body.fill; left > 0; left -= size) {
        await piece(FILL.subarray(0, Math.min(left, size)));
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
      await piece(body.suffix);
      if (chunked) await this.write('0\r\n\r\n');
    }
    const early = got != null;
    const reply = await replied;
    return { reply, error: this.error, early };
  }

  /** Ends our side and waits for the server to close: an error here is a reset too. */
  async finish(): Promise<string | null> {
    if (!this.socket.destroyed) {
      const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
      this.socket.end();
      await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
      this.socket.destroy();
    }
    return this.error;
  }
}

/** The spec's 413 (or another refusal): status, JSON body {error: 'payload_too_large', message}. */
function problemWith(o: Outcome, status = 413, code = 'payload_too_large'): string | null {
  if (o.error !== null) return `socket error ${o.error}${o.reply ? ` after a ${o.reply.status}` : ' and no reply'}`;
  if (!o.reply) return 'no reply';
  if (o.reply.status !== status) return `status ${o.reply.status}: ${o.reply.text.slice(0, 200)}`;
  let body: any;
  try {
    body = JSON.parse(o.reply.text);
  } catch {
    return `not JSON: ${o.reply.text.slice(0, 200)}`;
  }
  if (body?.error !== code || typeof body.message !== 'string' || body.message.length < 10) return `body ${o.reply.text}`;
  return null;
}

/** Problems counted by kind, so that hundreds of the same one read as one line. */
function tally(problems: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of problems) {
    const key = p.length > 160 ? `${p.slice(0, 160)}…` : p;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** Runs `jobs` with at most `width` at a time. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  }));
  return out;
}

describe('bodies over the limit over a real socket: always a 413, never a reset', () => {
  let t: TestApp;
  let port: number;
  let auth: Record<string, string>;
  const problems: string[] = [];
  let sent = 0;
  const note = (label: string, o: Outcome, status?: number, code?: string) => {
    sent += 1;
    const p = problemWith(o, status, code);
    if (p) problems.push(`${label}: ${p}`);
  };

  before(async () => {
    t = await startApp('sqlite');
    const f = await signUp(t.app);
    auth = { Authorization: `Bearer ${f.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await t?.close();
  });
  beforeEach(() => {
    problems.length = 0;
    sent = 0;
  });

  // Over the 64 KiB limit by a little: a 100,000-character MCP argument, a long note.
  const small = [
    ['/mcp', mcpCall(100_000)],
    ['/api/vega/log', logNote(100_000)],
  ] as const;

  test('keep-alive: several oversized requests on one connection, each answered, then the connection still serves', async () => {
    const jobs = [];
    for (const [path, body] of small) {
      for (const chunked of [false, true]) {
        for (let c = 0; c < 6; c++) {
          jobs.push(async () => {
            let conn = await RawConnection.open(port);
            for (let i = 0; i < 8; i++) {
              const o = await conn.exchange('POST', path, auth, body, { chunked });
              note(`keep-alive ${chunked ? 'chunked' : 'content-length'} ${path}`, o);
              // The body was read to its end: the server keeps the connection for the next request.
              if (o.reply?.headers.connection === 'close' || conn.ended || o.error) {
                problems.push(`keep-alive ${path}: the server closed the connection after the 413 (${o.reply?.headers.connection ?? o.error ?? 'end'})`);
                const e = await conn.finish();
                if (e && !o.error) problems.push(`keep-alive ${path}: ${e} while closing`);
                conn = await RawConnection.open(port);
              }
            }
            const health = await conn.exchange('GET', '/api/health', {}, null);
            if (health.reply?.status !== 200 || health.error) problems.push(`keep-alive ${path}: the connection did not serve after the 413s: ${health.error ?? health.reply?.status}`);
            else assert.equal(JSON.parse(health.reply.text).ok, true);
            const e = await conn.finish();
            if (e) problems.push(`keep-alive ${path}: ${e} at the end`);
          });
        }
      }
    }
    await pool(jobs, 8);
    assert.deepEqual(tally(problems), {});
    assert.equal(sent, jobs.length * 8);
  });

  test('Connection: close, a new connection for every request', async () => {
    const jobs = [];
    for (const [path, body] of small) {
      for (const chunked of [false, true]) {
        for (let i = 0; i < 25; i++) {
          jobs.push(async () => {
            const conn = await RawConnection.open(port);
            const o = await conn.exchange('POST', path, { ...auth, Connection: 'close' }, body, { chunked });
            note(`close ${chunked ? 'chunked' : 'content-length'} ${path}`, o);
            const e = await conn.finish();
            if (e && !o.error) problems.push(`close ${path}: ${e} while closing`);
          });
        }
      }
    }
    await pool(jobs, 8);
    assert.deepEqual(tally(problems), {});
    assert.equal(sent, jobs.length);
  });

  test('over by a lot: 21 MB to the 20 MB import and to the 64 KiB log; 40 MB, past what the server reads', async () => {
    const big = [
      ['/api/vega/import', importOf(21 * MB)],
      ['/api/vega/log', logNote(21 * MB)],
      ['/api/vega/log', logNote(40 * MB)],
      ['/mcp', mcpCall(40 * MB)],
    ] as const;
    const jobs = [];
    for (const [path, body] of big) {
      for (const chunked of [false, true]) {
        for (const close of [false, true]) {
          jobs.push(async () => {
            const conn = await RawConnection.open(port);
            const o = await conn.exchange('POST', path, close ? { ...auth, Connection: 'close' } : auth, body, { chunked });
            const label = `${(length(body) / MB).toFixed(0)} MB ${chunked ? 'chunked' : 'content-length'}${close ? ' close' : ''} ${path}`;
            note(label, o);
            const e = await conn.finish();
            if (e && !o.error) problems.push(`${label}: ${e} while closing`);
          });
        }
      }
    }
    await pool(jobs, 4);
    assert.deepEqual(tally(problems), {});
    assert.equal(sent, jobs.length);
  });

  test('a slow upload, still going when the server stops waiting: answered at once, closed only once the client is done', async () => {
    // 100 KB in 8 KB pieces every 600 ms: about 7.5 s, past the time the server waits for a
    // refused body before answering.
    const jobs = [];
    for (const [path, body] of small) {
      for (const close of [false, true]) {
        jobs.push(async () => {
          const conn = await RawConnection.open(port);
          const o = await conn.exchange('POST', path, close ? { ...auth, Connection: 'close' } : auth, body, { piece: 8 * KIB, pauseMs: 600 });
          const label = `slow${close ? ' close' : ''} ${path}`;
          note(label, o);
          if (!o.early) problems.push(`${label}: the answer came only after the whole body`);
          if (o.reply?.headers.connection !== 'close') problems.push(`${label}: the answer did not say the connection closes`);
          // The server closes once the upload is over: our end() is answered by its FIN, no reset.
          const e = await conn.finish();
          if (e && !o.error) problems.push(`${label}: ${e} while closing`);
        });
      }
    }
    const t0 = performance.now();
    await pool(jobs, jobs.length);
    assert.ok(performance.now() - t0 > DRAIN_MS, 'the uploads outlasted the server\'s wait');
    assert.deepEqual(tally(problems), {});
    assert.equal(sent, jobs.length);
  });

  test('refused before the body is read (a token that is not valid): answered, and no reset either', async () => {
    const jobs = [];
    for (const [path, body] of [['/api/vega/log', logNote(21 * MB)], ['/mcp', mcpCall(21 * MB)]] as const) {
      for (const close of [false, true]) {
        for (let i = 0; i < 2; i++) {
          jobs.push(async () => {
            const conn = await RawConnection.open(port);
            const headers = { ...auth, Authorization: 'Bearer bt_not_a_token', ...(close ? { Connection: 'close' } : {}) };
            const o = await conn.exchange('POST', path, headers, body);
            const label = `401${close ? ' close' : ''} ${path}`;
            note(label, o, 401, 'unauthorized');
            const e = await conn.finish();
            if (e && !o.error) problems.push(`${label}: ${e} while closing`);
          });
        }
      }
    }
    await pool(jobs, 4);
    assert.deepEqual(tally(problems), {});
    assert.equal(sent, jobs.length);
  });

  test('node:http, as an ordinary client sends: a keep-alive agent, the body written in pieces', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const post = (path: string, body: Body) =>
      new Promise<Outcome>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, agent, headers: { ...auth, 'Content-Length': String(length(body)) } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ reply: { status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text }, error: null }));
          res.on('error', (err: NodeJS.ErrnoException) => resolve({ reply: null, error: err.code ?? err.message }));
        });
        req.on('error', (err: NodeJS.ErrnoException) => resolve({ reply: null, error: err.code ?? err.message }));
        req.write(body.prefix);
        for (let left = body.fill; left > 0; left -= FILL.length) req.write(left >= FILL.length ? FILL : FILL.subarray(0, left));
        req.end(body.suffix);
      });
    const jobs = [];
    for (const [path, body] of small) for (let i = 0; i < 60; i++) jobs.push(async () => note(`node:http ${path}`, await post(path, body)));
    await pool(jobs, 8);
    agent.destroy();
    assert.deepEqual(tally(problems), {});
    assert.equal(sent, jobs.length);
  });
});
