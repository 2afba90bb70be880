// One "now" for a browser suite: this test process, its server (server-clock.ts) and its
// browser contexts (Playwright's clock) run on real time plus one offset. advance() moves all
// three at once, so a minute-long feed takes no minute; the offset starts past a local midnight
// that is too close, so a suite that logs and then reads "today" never waits one out.
import type { ChildProcess } from 'node:child_process';
import type { BrowserContext } from 'playwright-core';
import { shiftDate, type ShiftedDate } from './shifted-date.ts';

/** ms from `at` to the next local midnight in `zone` */
function untilMidnight(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at));
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return ((24 - n('hour')) * 3600 - n('minute') * 60 - n('second')) * 1000;
}

const RESYNC_MS = 250;

export class FakeTime {
  private readonly date: ShiftedDate;
  private readonly contexts: BrowserContext[] = [];
  private server: ChildProcess | null = null;

  private constructor(offsetMs: number) {
    this.date = shiftDate(offsetMs);
  }

  /**
   * Starts at real time, or, when a local midnight in one of `zones` is `minutes` away or less,
   * just after it (as the suites used to wait for): the suite's "today" then lasts long enough.
   */
  static clearOfMidnight(zones: string[], minutes: number): FakeTime {
    // More would chase one zone's midnight after another's and never settle.
    if (minutes > 60) throw new Error(`clearOfMidnight: ${minutes} minutes is more than the hour this is meant for`);
    shiftDate(0);
    const real = Date.now();
    let offset = 0;
    for (let moved = true; moved; ) {
      moved = false;
      for (const zone of zones) {
        const left = untilMidnight(zone, real + offset);
        if (left <= minutes * 60_000) {
          offset += left + 5_000;
          moved = true;
        }
      }
    }
    return new FakeTime(offset);
  }

  get offsetMs(): number {
    return this.date.offsetMs;
  }

  /** The server process to move with the rest (started with server-clock.ts and an IPC channel). */
  attachServer(server: ChildProcess): void {
    this.server = server;
  }

  /** Puts a browser context on this timeline; before its pages load. */
  async attach(ctx: BrowserContext): Promise<void> {
    await ctx.clock.install({ time: Date.now() });
    this.contexts.push(ctx);
    ctx.once('close', () => this.contexts.splice(this.contexts.indexOf(ctx), 1));
    this.heartbeat ??= setInterval(() => void this.resync(), RESYNC_MS).unref();
  }

  private heartbeat: NodeJS.Timeout | null = null;
  private resyncing = false;

  /**
   * A page loaded after the clock's last call starts from that call's time, not from now (its
   * history is replayed without the real time since; playwright-core 1.65): telling every
   * context the time a few times a second keeps a newly loaded page within a fraction of a
   * second of this timeline.
   */
  private async resync(): Promise<void> {
    if (this.resyncing) return;
    this.resyncing = true;
    try {
      for (const ctx of [...this.contexts]) await ctx.clock.setSystemTime(Date.now()).catch(() => {});
    } finally {
      this.resyncing = false;
    }
  }

  /** Moves this process, the server and every attached browser context `ms` ahead at once. */
  async advance(ms: number): Promise<void> {
    const offset = this.date.offsetMs + ms;
    this.date.setOffset(offset);
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (m: { clockOffsetMs?: number }) => {
          if (m?.clockOffsetMs !== offset) return;
          server.off('message', onMessage);
          resolve();
        };
        server.on('message', onMessage);
        if (!server.send({ clockOffsetMs: offset })) reject(new Error('the server process has no IPC channel'));
      });
    }
    for (const ctx of this.contexts) {
      // fastForward fires the timers that fell due, once, like a phone woken after a while.
      await ctx.clock.fastForward(ms);
      // Pages loaded later replay the clock's history, and count a fast-forward on top of the
      // real time that passed (a minute ahead after a minute's jump, in playwright-core 1.65):
      // an absolute time recorded after it keeps them on this timeline.
      await ctx.clock.setSystemTime(Date.now());
    }
  }
}
