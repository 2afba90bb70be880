// The outbox's sender of 'ha_state' rows (issue 29): publishes one child's state, retained, to
// its state topic. A write queues a row in its transaction (a domain event the data layer routes:
// db/domain-events.ts); the state
// published is computed when the row is sent, with the same code and at the same moment as
// GET /api/vega/live, so it is the latest whatever number of rows led here: the child's other
// rows queued before this publication are covered by it and removed. At most one publication per
// second per child (a burst of logs makes one or two); while the broker is away, rows wait
// without counting as failures, and the connection's return makes them due at once. Its texts
// (the alert message) are in the language of the family's admins (services/home-assistant/words.ts).
import { sql } from 'kysely';
import type { Ctx } from '../services/context.ts';
import { FamilyScope } from '../db/family-scope.ts';
import type { OutboxRow, Outcome } from '../outbox/worker.ts';
import { childrenOf } from '../services/family/children.ts';
import { computeLive, latestOfType } from '../services/insights/live.ts';
import { dayBounds, localDateOf } from '../domain/time.ts';
import type { Units } from '../domain/types.ts';
import { haState } from '../domain/home-assistant/state.ts';
import { stateTopic } from '../domain/home-assistant/topics.ts';
import { runningBridge } from './bridge.ts';
import { homeAssistantWords } from '../services/home-assistant/words.ts';
import { localise } from '../i18n/localise.ts';

const MIN_INTERVAL_MS = 1000;
/** While the broker is away: look again this much later (the reconnect makes them due anyway). */
const WAIT_FOR_BROKER_MS = 5000;

export async function deliverHaState(ctx: Ctx, row: OutboxRow): Promise<Outcome> {
  const now = ctx.clock();
  if (ctx.config.mqtt.url === null) return { result: 'drop', error: 'MQTT_URL is not set: no Home Assistant bridge', dropTarget: true };
  const bridge = runningBridge();
  if (!bridge) return { result: 'later', at: now + WAIT_FOR_BROKER_MS };
  if (!bridge.ready) return { result: 'later', at: now + WAIT_FOR_BROKER_MS, sooner: bridge.nextReady() };
  const childId = row.target_id;
  const last = bridge.lastPublished.get(childId);
  if (last !== undefined && now - last < MIN_INTERVAL_MS && now >= last) return { result: 'later', at: last + MIN_INTERVAL_MS };

  const k = ctx.db.kysely;
  // The child's rows queued so far: this publication covers them all.
  const high = await k.selectFrom('outbox').select((eb) => eb.fn.max('seq').as('seq')).where('kind', '=', 'ha_state').where('target_id', '=', childId).executeTakeFirst();

  const scope = new FamilyScope(k, row.family_id, ctx.db.dialect);
  const ha = await scope.selectFrom('home_assistant').select(['enabled', 'topic_key']).executeTakeFirst();
  if (!ha || Number(ha.enabled) !== 1) return { result: 'drop', error: 'the family turned Home Assistant off', dropTarget: true };
  const family = await scope.family().selectAll().executeTakeFirst();
  if (!family) return { result: 'drop', error: 'the family is gone', dropTarget: true };
  const children = await childrenOf(scope, family);
  const child = children.find((c) => c.id === childId);
  if (!child || child.archived) return { result: 'drop', error: 'the child is archived or gone', dropTarget: true };
  const own = scope.forChild(child, children);

  const live = localise(await computeLive(own, family, now), await homeAssistantWords(scope, family.region));
  const zone = live.timezone;
  const lastFeed = await latestOfType(own, 'milk', now + 1, zone);
  const lastNappy = await own
    .selectFrom('events')
    .select('at')
    .where('type', 'in', ['nappy', 'poop'])
    .where('at', '<=', now)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const [from, to] = dayBounds(localDateOf(now, zone), zone);
  const nappies = await own
    .selectFrom('events')
    .select(sql<number>`count(*)`.as('n'))
    .where('type', 'in', ['nappy', 'poop'])
    .where('at', '>=', from)
    .where('at', '<', Math.min(to, now + 1))
    .executeTakeFirst();
  const weight = await latestOfType(own, 'weight', now + 1, zone);
  const state = haState({
    live,
    lastFeedAt: lastFeed ? lastFeed.at : null,
    lastNappyAt: lastNappy ? Number(lastNappy.at) : null,
    nappiesToday: Number(nappies?.n ?? 0),
    weightKg: weight?.kg ?? null,
    units: family.units as Units,
    now,
  });
  try {
    await bridge.retained(stateTopic(ctx.config.mqtt.baseTopic, ha.topic_key, childId), JSON.stringify(state));
  } catch (err) {
    return { result: 'retry', error: `mqtt: ${(err as Error).message}` };
  }
  if (bridge.lastPublished.size > 10_000) bridge.lastPublished.clear();
  bridge.lastPublished.set(childId, now);
  if (high?.seq !== null && high?.seq !== undefined) {
    await k.deleteFrom('outbox').where('kind', '=', 'ha_state').where('target_id', '=', childId).where('seq', '<=', Number(high.seq)).where('seq', '<>', row.seq).execute();
  }
  return { result: 'sent' };
}
