// The machine's MQTT broker for the Home Assistant tests (issue 29): Mosquitto on 127.0.0.1:1883,
// anonymous, started by the machine (and on CI). Without it the tests are skipped with the reason,
// except under CI=true, where they fail saying so (.ci/run checks it first). A Recorder is an
// outside client that keeps every message it sees (as Home Assistant would see them), and a
// PrivateBroker is a Mosquitto process of a test's own, to stop and start again.
import { connect as tcpConnect, createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';

export const BROKER_HOST = '127.0.0.1';
export const BROKER_PORT = 1883;
export const BROKER_URL = `mqtt://${BROKER_HOST}:${BROKER_PORT}`;
export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto', '/opt/homebrew/sbin/mosquitto'].find((p) => existsSync(p)) ?? null;

/** Whether something accepts connections on host:port (within a second). */
export function portOpen(port: number, host = BROKER_HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

const brokerUp = await portOpen(BROKER_PORT);

/**
 * `skip` for a describe that needs the machine's broker: false when it answers, and under
 * CI=true (then the test's before() fails with requireBroker's message), else the reason.
 */
export function brokerSkip(): string | false {
  if (brokerUp || process.env.CI === 'true') return false;
  return `no MQTT broker on ${BROKER_HOST}:${BROKER_PORT} (start Mosquitto to run the Home Assistant tests)`;
}

/** Fails clearly when the broker is absent (under CI, where the tests are not skipped). */
export function requireBroker(): void {
  if (!brokerUp) throw new Error(`The MQTT broker on ${BROKER_HOST}:${BROKER_PORT} is not reachable; CI requires it (Mosquitto, anonymous).`);
}

export interface Message {
  topic: string;
  payload: string;
  retain: boolean;
  /** JSON payloads parsed; null for an empty or non-JSON payload */
  json: any;
}

/** An outside client recording every message on its subscriptions. */
export class Recorder {
  readonly messages: Message[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      const text = payload.toString('utf8');
      let json: any = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      this.messages.push({ topic, payload: text, retain: packet.retain, json });
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async start(url: string, topics: string[]): Promise<Recorder> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 300, connectTimeout: 5000, clientId: `rec-${Math.random().toString(16).slice(2)}` });
    const r = new Recorder(client);
    await client.subscribeAsync(Object.fromEntries(topics.map((topic) => [topic, { qos: 1 as const }])));
    return r;
  }

  /** Waits (generously) for the first message after `from` (an index into messages) that matches. */
  async waitFor(pred: (m: Message) => boolean, what: string, from = 0, timeoutMs = 30_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.messages.slice(from).find(pred);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; saw ${this.messages.length - from} messages: ${this.messages.slice(from).map((m) => `${m.topic}=${m.payload.slice(0, 80)}`).join(' | ').slice(0, 3000)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits until every topic has had a message after `from` matching pred. */
  async waitForAll(topics: readonly string[], pred: (m: Message) => boolean, what: string, from = 0, timeoutMs = 30_000): Promise<Map<string, Message>> {
    const out = new Map<string, Message>();
    for (const t of topics) out.set(t, await this.waitFor((m) => m.topic === t && pred(m), `${what} on ${t}`, from, timeoutMs));
    return out;
  }

  async stop(): Promise<void> {
    await this.client.endAsync(true).catch(() => undefined);
  }
}

/**
 * What the broker holds retained under `filter` right now: a fresh client subscribes, then
 * publishes a marker to a topic inside the filter; the broker sends the retained messages on
 * subscription before the marker, so everything before the marker is the retained set.
 */
export async function retainedUnder(url: string, filter: string, markerTopic: string): Promise<Message[]> {
  const r = await Recorder.start(url, [filter]);
  try {
    const marker = `marker-${Math.random().toString(16).slice(2)}`;
    await r.client.publishAsync(markerTopic, marker, { qos: 1, retain: false });
    await r.waitFor((m) => m.topic === markerTopic && m.payload === marker, 'the marker');
    const i = r.messages.findIndex((m) => m.payload === marker);
    return r.messages.slice(0, i).filter((m) => m.retain && m.payload !== '');
  } finally {
    await r.stop();
  }
}

/** A free TCP port on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, BROKER_HOST, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A Mosquitto of the test's own (anonymous, loopback, nothing persisted). */
export class PrivateBroker {
  private proc: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `mqtt://${BROKER_HOST}:${this.port}`;
  }

  async start(): Promise<void> {
    if (!MOSQUITTO) throw new Error('no mosquitto binary');
    const proc = spawn(MOSQUITTO, ['-p', String(this.port)], { stdio: 'ignore' });
    this.proc = proc;
    for (let i = 0; i < 100; i++) {
      if (await portOpen(this.port)) return;
      if (proc.exitCode !== null) throw new Error(`mosquitto exited with ${proc.exitCode}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`mosquitto did not listen on ${this.port}`);
  }

  /** Kills it at once (no clean shutdown: clients see the connection drop). */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    this.proc = null;
  }
}
