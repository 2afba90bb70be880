// GET and POST /api/vega/home-assistant (issue 29): whether the family's children appear in
// Home Assistant, and the topics they use. Turning it on makes the family's topic key (once:
// it is kept when the bridge is turned off, so the entities keep their ids when it comes back)
// and sets families.ha_on in the same transaction, so every later write queues its state; the
// switch is emitted on that transaction, so the discovery configs are published or cleared
// through the outbox after the commit (src/mqtt/config-sender.ts).
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireAdmin, type Actor } from '../actor.ts';
import type { ChildRow } from '../../db/family-scope.ts';
import { loadFamily } from '../family/family-row.ts';
import { childrenOf } from '../family/children.ts';
import { availabilityTopic, commandTopics, stateTopic } from '../../domain/home-assistant/topics.ts';
import { bridgeState } from './bridge-state.ts';

function answer(ctx: Ctx, enabled: boolean, topicKey: string | null, children: readonly ChildRow[]) {
  const m = ctx.config.mqtt;
  const on = enabled && topicKey !== null;
  return {
    enabled: on,
    bridge: bridgeState(ctx.config),
    discovery_prefix: m.discoveryPrefix,
    base_topic: m.baseTopic,
    availability_topic: availabilityTopic(m.baseTopic),
    devices: on
      ? children
          .filter((c) => !c.archived)
          .map((c) => ({ child_id: c.id, name: c.name, state_topic: stateTopic(m.baseTopic, topicKey, c.id), command_topics: commandTopics(m.baseTopic, topicKey, c.id) }))
      : [],
  };
}

export async function getHomeAssistant(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const row = await scope.selectFrom('home_assistant').select(['enabled', 'topic_key']).executeTakeFirst();
  return answer(ctx, Number(row?.enabled ?? 0) === 1, row?.topic_key ?? null, await childrenOf(scope, family));
}

export async function setHomeAssistant(ctx: Ctx, actor: Actor, enabled: boolean) {
  requireAdmin(actor);
  const scope = scopeOf(ctx, actor);
  const now = ctx.clock();
  const topicKey = await scope.transaction(async (tx) => {
    await tx.forUpdate(tx.family().select('id')).executeTakeFirst();
    const row = await tx.forUpdate(tx.selectFrom('home_assistant').select(['enabled', 'topic_key'])).executeTakeFirst();
    if (!row && !enabled) return null;
    if (!row) {
      const key = randomBytes(16).toString('hex');
      await tx.insertInto('home_assistant', { enabled: 1, topic_key: key, updated_at: now }).execute();
    } else if ((Number(row.enabled) === 1) !== enabled) {
      await tx.updateTable('home_assistant').set({ enabled: enabled ? 1 : 0, updated_at: now }).execute();
    } else {
      return row.topic_key;
    }
    await tx
      .updateFamily()
      .set((eb) => ({ ha_on: enabled ? 1 : 0, version: eb('version', '+', 1) }))
      .execute();
    // The devices are published (or cleared) after the commit, through the outbox: the write does not wait for the broker.
    await tx.emit({ kind: 'home_assistant.switched', at: now, enabled });
    const after = await tx.selectFrom('home_assistant').select('topic_key').executeTakeFirstOrThrow();
    return after.topic_key;
  });
  const family = await loadFamily(scope);
  return answer(ctx, enabled, topicKey, await childrenOf(scope, family));
}
