// One caregiver's reminder settings (issue 28): read with the defaults filled in, changed by a
// partial update. Each caregiver has their own (the row is keyed by the user), in their family.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import {
  applyReminderPatch, mergeReminderSettings, type ReminderSettings, type ReminderSettingsPatch,
} from '../../domain/reminders.ts';

/** The stored JSON, or garbage, as settings with every default filled in. */
export function parseStoredSettings(raw: string | null | undefined): ReminderSettings {
  if (raw === null || raw === undefined) return mergeReminderSettings(null);
  try {
    return mergeReminderSettings(JSON.parse(raw));
  } catch {
    return mergeReminderSettings(null);
  }
}

async function storedSettings(scope: FamilyScope, userId: string): Promise<ReminderSettings> {
  const row = await scope.forUpdate(scope.selectFrom('reminder_settings').select('settings').where('user_id', '=', userId)).executeTakeFirst();
  return parseStoredSettings(row?.settings);
}

async function pushDevices(scope: FamilyScope, userId: string): Promise<number> {
  const r = await scope
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number((r as { n: number | string }).n);
}

/** The caller's settings (GET /api/vega/reminders, the connector's get_reminders). */
export async function readReminderSettings(ctx: Ctx, actor: Actor) {
  const scope = scopeOf(ctx, actor);
  const settings = await storedSettings(scope, actor.userId);
  return { ...settings, push_devices: await pushDevices(scope, actor.userId) };
}

/** A partial update of the caller's settings (already validated by the route's schema); the whole settings after it. */
export async function updateReminderSettings(ctx: Ctx, actor: Actor, patch: ReminderSettingsPatch) {
  const scope = scopeOf(ctx, actor);
  const now = ctx.clock();
  const settings = await scope.transaction(async (tx) => {
    // The caregiver's own row is locked first, so two updates at once (even of a caregiver
    // with no settings row yet) apply one after the other, each to the other's result.
    await tx.forUpdate(tx.selectFrom('users').select('id').where('id', '=', actor.userId)).execute();
    const next = applyReminderPatch(await storedSettings(tx, actor.userId), patch);
    const json = JSON.stringify(next);
    await tx
      .insertInto('reminder_settings', { user_id: actor.userId, settings: json, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
      .execute();
    return next;
  });
  return { ...settings, push_devices: await pushDevices(scope, actor.userId) };
}
