// The Home Assistant bridge (issue 29): the one MQTT client of this process, started with the
// notifier when MQTT_URL is set; a door of the service, like http/ and mcp/. It
// - announces the service on <base>/status: "online" (retained) once connected, "offline" as its
//   last will, so Home Assistant shows every device unavailable while the service is away;
// - publishes the discovery configs of every current child of every family that turned it on,
//   and clears (empty retained message) the configs and states no longer wanted (a family
//   turned off or removed, a child archived or deleted), for the outbox's 'ha_config' rows
//   (config-sender.ts): a change queues one in its own transaction, and each (re)connect queues
//   one per enabled family (the broker may have lost its retained messages), so a family's
//   configs go out once for whatever was queued;
// - clears anything of this service's left behind on the broker (reconcile, from the retained
//   configs the broker replays on subscription);
// - takes button presses through a shared subscription (one process of many handles each) and
//   hands them to commands.ts;
// - queues a refresh of every current child's state every minute (awake for, next feed due move
//   with the clock) and after each (re)connect. States themselves are published by the outbox
//   worker (state-sender.ts), after the commit of the change, never from a request.
// The broker being down blocks nothing: the outbox's Home Assistant rows wait (not counted as
// failures) until the connection is back, and the client reconnects with a growing delay.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../services/context.ts';
import { FamilyScope, type ChildRow } from '../db/family-scope.ts';
import { enqueue, wakeOutboxWorker } from '../db/outbox.ts';
import { HA_CONFIG_CHANGED, HA_STATE } from '../db/domain-events.ts';
import type { Units } from '../domain/types.ts';
import { API_VERSION } from '../version.ts';
import { reportBridgeState, type BridgeState } from '../services/home-assistant/bridge-state.ts';
import { discoveryConfigs, discoveryTopicsOf, ownConfig } from '../domain/home-assistant/discovery.ts';
import {
  availabilityTopic, childSegment, commandSubscription, discoverySubscription, familySegment, OFFLINE, ONLINE, stateTopic,
} from '../domain/home-assistant/topics.ts';
import { handleCommand } from './commands.ts';

const FIRST_RECONNECT_MS = 1000;
const MAX_RECONNECT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;
/** How long a publish may wait for the broker's acknowledgement. */
export const PUBLISH_TIMEOUT_MS = 10_000;
/** After subscribing, the broker replays its retained configs: reconcile once they are in. */
const RECONCILE_AFTER_MS = 2000;
const REFRESH_EVERY_MS = 60_000;

// The MQTT client library (a quarter of a second to load, and ~20 MB) is loaded only by a server
// with MQTT_URL set, when its bridge starts. Synchronously, so that the bridge exists (state
// 'connecting') from the moment startBridge returns, as before.
const require = createRequire(import.meta.url);
const mqttConnect = (url: string, options: IClientOptions): MqttClient => (require('mqtt') as typeof import('mqtt')).connect(url, options);

/** A family whose bridge is on (or was): its key and its devices' inputs. */
export interface FamilyDevices {
  familyId: string;
  enabled: boolean;
  topicKey: string;
  units: Units;
  children: readonly ChildRow[];
}

class Bridge {
  readonly client: MqttClient;
  state: BridgeState = 'connecting';
  /**
   * Connected, and what a connect queues is queued: the outbox's Home Assistant rows wait until
   * then, so a family's configs queued before the connect and the connect's own go out as one.
   */
  ready = false;
  private readySignal: { promise: Promise<void>; resolve: () => void } | null = null;
  /** this service's retained configs and states on the broker, as the subscriptions saw them: topic → segments */
  private readonly seen = new Map<string, { familySeg: string; childSeg: string }>();
  /** per child: when its state was last published (ctx.clock), for one publish per second */
  readonly lastPublished = new Map<string, number>();
  private work: Promise<void> = Promise.resolve();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private readonly refreshTimer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    readonly ctx: Ctx,
    readonly log: FastifyBaseLogger,
  ) {
    const m = ctx.config.mqtt;
    const options: IClientOptions = {
      clientId: `baby-tracker-${randomBytes(6).toString('hex')}`,
      clean: true,
      reconnectPeriod: FIRST_RECONNECT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Nothing is queued while disconnected: the next connect publishes everything afresh.
      queueQoSZero: false,
      will: { topic: availabilityTopic(m.baseTopic), payload: Buffer.from(OFFLINE), qos: 1, retain: true },
      ...(m.username !== null ? { username: m.username } : {}),
      ...(m.password !== null ? { password: m.password } : {}),
      ...(m.caFile !== null ? { ca: readFileSync(m.caFile) } : {}),
    };
    this.client = mqttConnect(m.url!, options);
    this.client.on('connect', () => {
      this.state = 'connected';
      this.client.options.reconnectPeriod = FIRST_RECONNECT_MS;
      this.log.info({ broker: m.url }, 'home assistant: connected to the MQTT broker');
      this.enqueue(() => this.onConnect());
    });
    this.client.on('reconnect', () => {
      // Each attempt waits twice as long as the one before, up to MAX_RECONNECT_MS.
      this.client.options.reconnectPeriod = Math.min(MAX_RECONNECT_MS, (this.client.options.reconnectPeriod ?? FIRST_RECONNECT_MS) * 2);
    });
    this.client.on('close', () => {
      if (this.state === 'connected') this.log.warn({ broker: m.url }, 'home assistant: lost the MQTT broker; reconnecting');
      this.state = 'down';
      this.ready = false;
      if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    });
    this.client.on('error', (err) => {
      this.state = 'down';
      this.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'home assistant: MQTT error');
    });
    this.client.on('message', (topic, payload, packet) => this.onMessage(topic, payload, packet.retain));
    this.refreshTimer = setInterval(() => this.enqueue(() => this.refreshAll()), REFRESH_EVERY_MS);
    this.refreshTimer.unref();
  }

  get connected(): boolean {
    return this.client.connected && !this.stopped;
  }

  /**
   * Settles once the bridge is ready (at once when it is): a row the outbox put back while it was
   * not is made due then (worker.ts), whichever of the two came first.
   */
  nextReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    if (!this.readySignal) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.readySignal = { promise, resolve };
    }
    return this.readySignal.promise;
  }

  /** What /api/health and GET /api/vega/home-assistant report. */
  report(): BridgeState {
    if (this.connected) return 'connected';
    return this.state === 'connecting' ? 'connecting' : 'down';
  }

  private get roots() {
    const m = this.ctx.config.mqtt;
    return { base: m.baseTopic, prefix: m.discoveryPrefix };
  }

  /** Runs jobs one at a time (a family's change never interleaves with a reconcile). */
  enqueue(job: () => Promise<void>): Promise<void> {
    this.work = this.work.then(job).catch((err) => {
      this.log.warn({ err }, 'home assistant: a bridge job failed');
    });
    return this.work;
  }

  private async publish(topic: string, payload: string, opts: { retain: boolean; qos: 0 | 1 }): Promise<void> {
    if (!this.connected) throw new Error('not connected to the MQTT broker');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the broker did not acknowledge within ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.client.publishAsync(topic, payload, opts), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Publishes retained (QoS 1); an empty payload removes the retained message. */
  retained(topic: string, payload: string): Promise<void> {
    return this.publish(topic, payload, { retain: true, qos: 1 });
  }

  private onMessage(topic: string, payload: Buffer, retain: boolean): void {
    const { base, prefix } = this.roots;
    if (topic.startsWith(`${base}/`) && topic.endsWith('/press')) {
      void handleCommand(this.ctx, this.log, topic, payload, { retain }).catch((err) => this.log.error({ err }, 'home assistant: a command failed'));
      return;
    }
    // The configs and states this service left on the broker (its own publishes come back too).
    if (topic.startsWith(`${prefix}/`) && topic.endsWith('/config')) {
      if (payload.length === 0) this.seen.delete(topic);
      else {
        const own = ownConfig(base, payload);
        if (own) this.seen.set(topic, own);
      }
      return;
    }
    if (topic.startsWith(`${base}/`) && topic.endsWith('/state')) {
      const [familySeg, childSeg, rest] = topic.slice(base.length + 1).split('/');
      if (rest !== 'state' || !familySeg || !childSeg) return;
      if (payload.length === 0) this.seen.delete(topic);
      else this.seen.set(topic, { familySeg, childSeg });
    }
  }

  private async onConnect(): Promise<void> {
    const { base, prefix } = this.roots;
    await this.retained(availabilityTopic(base), ONLINE);
    await this.client.subscribeAsync({
      [discoverySubscription(prefix)]: { qos: 1 },
      [`${base}/+/+/state`]: { qos: 1 },
      [commandSubscription(base)]: { qos: 1 },
    });
    try {
      // Everything again, through the outbox: the broker may have lost its retained messages while
      // it was away. A family's configs queued before (a change this process or another committed)
      // and this one go out as one publication (config-sender.ts).
      const families = await enabledFamilies(this.ctx);
      const tag = `connect:${randomBytes(4).toString('hex')}`;
      for (const f of families) {
        await enqueue(this.ctx.db.kysely, f.familyId, this.ctx.clock(), [{ kind: 'ha_config', target_id: f.familyId, event_type: HA_CONFIG_CHANGED, payload: { deleted_child_ids: [] }, message_id: tag }], { onceOnly: true });
      }
      // What waited for the connection is due now.
      await this.ctx.db.kysely
        .updateTable('outbox')
        .set({ next_attempt_at: this.ctx.clock() })
        .where('kind', 'in', ['ha_state', 'ha_config'])
        .where('next_attempt_at', '>', this.ctx.clock())
        .execute();
      await this.queueStates(families, tag);
    } finally {
      // Even when queueing failed: what is queued goes out rather than waiting for another connect.
      this.ready = this.connected;
      if (this.ready && this.readySignal) {
        this.readySignal.resolve();
        this.readySignal = null;
      }
      wakeOutboxWorker();
    }
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    this.reconcileTimer = setTimeout(() => void this.enqueue(() => this.reconcile()), RECONCILE_AFTER_MS);
    this.reconcileTimer.unref();
  }

  /** Queues a state publication for each current child of the families (one id per child and `tag`). */
  private async queueStates(families: readonly FamilyDevices[], tag: string): Promise<void> {
    for (const f of families) {
      if (!f.enabled) continue;
      const ids = f.children.filter((c) => !c.archived).map((c) => c.id);
      await enqueue(
        this.ctx.db.kysely,
        f.familyId,
        this.ctx.clock(),
        ids.map((id) => ({ kind: 'ha_state' as const, target_id: id, event_type: HA_STATE, payload: {}, message_id: `${tag}:${id}` })),
        { onceOnly: true },
      );
    }
    wakeOutboxWorker();
  }

  /** Every minute: the states move with the clock (awake for, next feed due). */
  private async refreshAll(): Promise<void> {
    if (!this.connected) return;
    const minute = Math.floor(this.ctx.clock() / 60_000);
    await this.queueStates(await enabledFamilies(this.ctx), `refresh:${minute}`);
  }

  /**
   * Publishes the family's wanted configs (its current children, when the bridge is on) and
   * clears the rest: its archived children, `goneChildIds`, and anything under its segment the
   * broker holds for a child it no longer has.
   */
  async publishFamily(f: FamilyDevices, goneChildIds: readonly string[]): Promise<void> {
    const { base, prefix } = this.roots;
    const wanted = f.enabled ? f.children.filter((c) => !c.archived) : [];
    const unwanted = [...f.children.filter((c) => !wanted.includes(c)).map((c) => c.id), ...goneChildIds];
    const publishes: Promise<void>[] = [];
    for (const child of wanted) {
      for (const m of discoveryConfigs({ base, prefix, topicKey: f.topicKey, child, units: f.units, version: API_VERSION, publicUrl: this.ctx.config.publicUrl })) {
        publishes.push(this.retained(m.topic, JSON.stringify(m.payload)));
      }
    }
    const keep = new Set(wanted.map((c) => childSegment(f.topicKey, c.id)));
    const clear = new Set<string>();
    for (const id of unwanted) {
      for (const t of discoveryTopicsOf(prefix, f.topicKey, id)) clear.add(t);
      clear.add(stateTopic(base, f.topicKey, id));
    }
    const seg = familySegment(f.topicKey);
    for (const [topic, s] of this.seen) if (s.familySeg === seg && !keep.has(s.childSeg)) clear.add(topic);
    for (const t of clear) publishes.push(this.retained(t, ''));
    await Promise.all(publishes);
  }

  /** A removed family: clears everything under its segment. */
  async clearFamily(topicKey: string, childIds: readonly string[]): Promise<void> {
    await this.publishFamily({ familyId: '', enabled: false, topicKey, units: 'metric', children: [] }, childIds);
  }

  /** Clears whatever of this service's the broker holds that no enabled family's current child wants. */
  private async reconcile(): Promise<void> {
    if (!this.connected) return;
    const { base, prefix } = this.roots;
    const wanted = new Set<string>();
    for (const f of await enabledFamilies(this.ctx)) {
      for (const c of f.children) {
        if (c.archived) continue;
        for (const t of discoveryTopicsOf(prefix, f.topicKey, c.id)) wanted.add(t);
        wanted.add(stateTopic(base, f.topicKey, c.id));
      }
    }
    const stale = [...this.seen.keys()].filter((t) => !wanted.has(t));
    if (stale.length > 0) this.log.info({ cleared: stale.length }, 'home assistant: cleared configs and states no longer wanted');
    await Promise.all(stale.map((t) => this.retained(t, '')));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.refreshTimer);
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    await this.work;
    if (this.client.connected) {
      try {
        await Promise.race([
          this.client.publishAsync(availabilityTopic(this.roots.base), OFFLINE, { retain: true, qos: 1 }),
          new Promise((resolve) => setTimeout(resolve, 2000).unref()),
        ]);
      } catch {
        // going away regardless
      }
    }
    await this.client.endAsync(true).catch(() => undefined);
  }
}

/** The families whose bridge is on, with their devices' inputs. */
async function enabledFamilies(ctx: Ctx): Promise<FamilyDevices[]> {
  const rows = await ctx.db.kysely
    .selectFrom('home_assistant')
    .innerJoin('families', 'families.id', 'home_assistant.family_id')
    .select(['home_assistant.family_id', 'home_assistant.topic_key', 'families.units'])
    .where('home_assistant.enabled', '=', 1)
    .orderBy('home_assistant.family_id')
    .execute();
  const out: FamilyDevices[] = [];
  for (const r of rows) {
    const scope = new FamilyScope(ctx.db.kysely, r.family_id, ctx.db.dialect);
    const children = await scope.selectFrom('children').selectAll().orderBy('created_at').orderBy('name_key').execute();
    out.push({ familyId: r.family_id, enabled: true, topicKey: r.topic_key, units: r.units as Units, children: children.map((c) => ({ ...c, archived: Number(c.archived) })) });
  }
  return out;
}

/** One family's bridge, on or off (null when it never turned it on, or is gone). */
export async function familyDevices(ctx: Ctx, familyId: string): Promise<FamilyDevices | null> {
  const scope = new FamilyScope(ctx.db.kysely, familyId, ctx.db.dialect);
  const ha = await scope.selectFrom('home_assistant').select(['enabled', 'topic_key']).executeTakeFirst();
  if (!ha) return null;
  const family = await scope.family().select('units').executeTakeFirst();
  if (!family) return null;
  const children = await scope.selectFrom('children').selectAll().orderBy('created_at').orderBy('name_key').execute();
  return {
    familyId, enabled: Number(ha.enabled) === 1, topicKey: ha.topic_key, units: family.units as Units, children: children.map((c) => ({ ...c, archived: Number(c.archived) })),
  };
}

let current: Bridge | null = null;

/** The bridge of this process, when one runs. */
export function runningBridge(): Bridge | null {
  return current;
}

/** Starts this process's bridge (config.mqtt.url must be set); returns a function that stops it. */
export function startBridge(ctx: Ctx, log: FastifyBaseLogger): () => Promise<void> {
  if (ctx.config.mqtt.url === null) return async () => {};
  if (current) throw new Error('the Home Assistant bridge is already running in this process');
  const bridge = new Bridge(ctx, log);
  current = bridge;
  reportBridgeState(() => bridge.report());
  return async () => {
    if (current === bridge) {
      current = null;
      reportBridgeState(null);
    }
    await bridge.stop();
  };
}
