// A TCP proxy the test controls, in front of a database: it forwards bytes both ways until told
// to misbehave the ways a network does.
//   reset()       every open connection is reset (RST), as by a restarted firewall or server;
//   blackhole()   a partition: nothing is forwarded any more, on open connections or on new
//                 ones (accepted, since this process's kernel still answers, but never
//                 connected through); heal() lets the held bytes through again, as TCP
//                 retransmission would;
//   dropSilently() the connections open now stop forwarding for good and are never closed (a
//                 NAT or load balancer that forgot them); new connections work.
// A frozen connection is simply not read: the bytes wait in the kernel, which keeps ACKing them
// and answering TCP keepalive probes, so the far end sees a live but silent peer.
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** held by a blackhole: let through on heal() */
  held: boolean;
  /** dropped silently: never let through again */
  dropped: boolean;
}

export class ChaosProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<Pair>();
  private partitioned = false;
  port = 0;
  /** connections accepted so far */
  accepted = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The URL `url` would be through this proxy. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  get open(): number {
    return this.pairs.size;
  }

  private accept(client: net.Socket): void {
    this.accepted += 1;
    const pair: Pair = { client, upstream: null, held: false, dropped: false };
    this.pairs.add(pair);
    client.pause();
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    if (this.partitioned) pair.held = true;
    else this.link(pair);
  }

  private link(pair: Pair): void {
    const up = net.connect(this.target.port, this.target.host);
    pair.upstream = up;
    up.pause();
    up.on('error', () => {});
    up.on('close', () => pair.client.destroy());
    up.on('connect', () => {
      this.forward(pair, pair.client, up);
      this.forward(pair, up, pair.client);
      if (!pair.held && !pair.dropped) {
        pair.client.resume();
        up.resume();
      }
    });
  }

  private forward(pair: Pair, from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk) => {
      if (to.write(chunk)) return;
      from.pause();
      to.once('drain', () => {
        if (!pair.held && !pair.dropped) from.resume();
      });
    });
  }

  private freeze(pair: Pair): void {
    pair.client.pause();
    pair.upstream?.pause();
  }

  /** Resets every open connection (both sides see it end at once). */
  reset(): void {
    for (const pair of this.pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
  }

  /** Forwards nothing from now on, on any connection, old or new, until heal(). */
  blackhole(): void {
    this.partitioned = true;
    for (const pair of this.pairs) {
      if (pair.dropped) continue;
      pair.held = true;
      this.freeze(pair);
    }
  }

  /** Ends a blackhole: held connections carry on where they stopped, new ones go through. */
  heal(): void {
    this.partitioned = false;
    for (const pair of this.pairs) {
      if (!pair.held) continue;
      pair.held = false;
      if (pair.upstream === null) this.link(pair);
      else if (!pair.upstream.connecting) {
        pair.client.resume();
        pair.upstream.resume();
      }
    }
  }

  /** The connections open now stop forwarding for good, without being closed; new ones work. */
  dropSilently(): number {
    let n = 0;
    for (const pair of this.pairs) {
      pair.dropped = true;
      this.freeze(pair);
      n += 1;
    }
    return n;
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
