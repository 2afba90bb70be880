// The outbox's sender of 'ha_config' rows: a family's Home Assistant discovery configs. A change
// (turned on or off, a child added, renamed, archived, back or deleted, new units) queues one in
// its own transaction (db/domain-events.ts), and each (re)connect of a bridge queues one per
// enabled family. The configs published are the family's as they are when the row is sent, so
// one publication covers every row of the family queued so far: they are removed with it, and
// a family's configs reach the broker once however many rows led there (a change committed just
// before a crash and the restarted bridge's connect included). A removed family's row carries
// its topic key and children (its rows are gone) and clears what it had. While the broker is
// away, rows wait without counting as failures; the connection's return makes them due at once.
import type { Ctx } from '../services/context.ts';
import type { OutboxRow, Outcome } from '../outbox/worker.ts';
import { HA_CONFIG_REMOVED } from '../db/domain-events.ts';
import { familyDevices, runningBridge } from './bridge.ts';

/** While the broker is away: look again this much later (the reconnect makes them due anyway). */
const WAIT_FOR_BROKER_MS = 5000;

function parsed(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export async function deliverHaConfig(ctx: Ctx, row: OutboxRow): Promise<Outcome> {
  const now = ctx.clock();
  if (ctx.config.mqtt.url === null) return { result: 'drop', error: 'MQTT_URL is not set: no Home Assistant bridge', dropTarget: true };
  const bridge = runningBridge();
  if (!bridge) return { result: 'later', at: now + WAIT_FOR_BROKER_MS };
  if (!bridge.ready) return { result: 'later', at: now + WAIT_FOR_BROKER_MS, sooner: bridge.nextReady() };

  if (row.event_type === HA_CONFIG_REMOVED) {
    const p = parsed(row.payload);
    if (typeof p.topic_key !== 'string') return { result: 'drop', error: 'a removed family without its topic key' };
    try {
      await bridge.clearFamily(p.topic_key, ids(p.child_ids));
    } catch (err) {
      return { result: 'retry', error: `mqtt: ${(err as Error).message}` };
    }
    return { result: 'sent' };
  }

  const k = ctx.db.kysely;
  // The family's rows queued so far (changes, connects): this publication covers them all, and
  // clears the children any of them deleted.
  const covered = await k
    .selectFrom('outbox')
    .select(['seq', 'payload'])
    .where('kind', '=', 'ha_config')
    .where('target_id', '=', row.target_id)
    .where('event_type', '<>', HA_CONFIG_REMOVED)
    .orderBy('seq')
    .execute();
  const deleted = new Set(ids(parsed(row.payload).deleted_child_ids));
  for (const c of covered) for (const id of ids(parsed(c.payload).deleted_child_ids)) deleted.add(id);

  const f = await familyDevices(ctx, row.family_id);
  if (!f) return { result: 'drop', error: 'the family never turned Home Assistant on, or is gone' };
  try {
    await bridge.publishFamily(f, [...deleted]);
  } catch (err) {
    return { result: 'retry', error: `mqtt: ${(err as Error).message}` };
  }
  const others = covered.map((c) => Number(c.seq)).filter((seq) => seq !== Number(row.seq));
  if (others.length > 0) await k.deleteFrom('outbox').where('kind', '=', 'ha_config').where('seq', 'in', others).execute();
  return { result: 'sent' };
}
