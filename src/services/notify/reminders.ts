// The reminder scheduler (issue 28). Every process runs it every 15 seconds: for each family
// where a caregiver has a reminder on, each child's live status is computed once and every such
// caregiver's settings are held against it (domain/reminders.ts). A reminder due fires in one
// transaction: its row in reminders_sent (keyed by caregiver and occurrence: the first process
// to insert it wins, every other insert does nothing and goes no further) and reminder.fired,
// emitted on that transaction, which the data layer queues as one push per device of the
// caregiver and a message to each of the family's webhooks that take it (db/domain-events.ts).
// The outbox's worker sends them after the commit.
//
// It works for no one in particular, so it builds each family's scope from the family's id
// (never from a request), one family at a time: nothing read for one family is used for another.
//
// With no request behind it, each caregiver's push is written in their saved language and
// clock (issue 39; none saved: English, British or American by the family's region); the
// webhooks' reminder.fired carries the English line, as every webhook message does.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../context.ts';
import { FamilyScope, type ChildScope } from '../../db/family-scope.ts';
import { childrenOf } from '../family/children.ts';
import type { FamilyRow } from '../family/family-row.ts';
import { computeLive } from '../insights/live.ts';
import { anyReminderEnabled, dueReminders, type DueReminder, type ReminderKind, type ReminderSettings } from '../../domain/reminders.ts';
import { parseStoredSettings } from './reminder-settings.ts';
import { savedWords } from '../../i18n/saved-words.ts';
import type { Words } from '../../i18n/text.ts';

export const REMINDER_TICK_MS = 15_000;

export interface FiredReminder {
  family_id: string;
  child_id: string;
  user_id: string;
  caregiver: string;
  kind: ReminderKind;
  occurrence: string;
  line: string;
  due_at: number;
  /** outbox rows written: push devices, webhooks */
  push: number;
  webhooks: number;
}

interface Caregiver {
  userId: string;
  username: string;
  settings: ReminderSettings;
  /** the words their notifications are written in */
  words: Words;
}

/** A child's first name, the push notification's title (nothing more of the child goes out). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The newest event of the child's log at or before now (a log may be a moment ahead of the clock). */
async function lastEventAt(scope: ChildScope, now: number): Promise<number | null> {
  const row = await scope
    .selectFrom('events')
    .select('at')
    .where('at', '<=', now)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.at) : null;
}

/**
 * Fires one reminder for one caregiver: what was fired when this call did (its reminders_sent
 * row went in), null when it had fired already (here or in another process).
 */
async function fire(scope: FamilyScope, child: { id: string; name: string }, who: Caregiver, r: DueReminder, now: number): Promise<FiredReminder | null> {
  return scope.transaction(async (tx) => {
    const won = await tx
      .insertInto('reminders_sent', { user_id: who.userId, occurrence: r.occurrence, at: now })
      .onConflict((oc) => oc.columns(['user_id', 'occurrence']).doNothing())
      .executeTakeFirst();
    if (Number(won.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    const routed = await tx.emit({
      kind: 'reminder.fired',
      at: now,
      childId: child.id,
      userId: who.userId,
      push: { title: firstName(child.name), body: who.words.render(r.text), tag: r.occurrence },
      data: () => ({ reminder: { kind: r.kind, line: r.line, due_at: new Date(r.due_at).toISOString() }, caregiver: who.username }),
    });
    return {
      family_id: tx.familyId, child_id: child.id, user_id: who.userId, caregiver: who.username,
      kind: r.kind, occurrence: r.occurrence, line: r.line, due_at: r.due_at, push: routed.push, webhooks: routed.webhooks,
    };
  });
}

/** One family's pass: each of its children (not archived) against each caregiver with a reminder on. */
async function runFamily(ctx: Ctx, familyId: string, rows: { user_id: string; settings: ReminderSettings }[], now: number): Promise<FiredReminder[]> {
  const scope = new FamilyScope(ctx.db.kysely, familyId, ctx.db.dialect);
  const family = (await scope.family().selectAll().executeTakeFirst()) as FamilyRow | undefined;
  if (!family) return [];
  const users = await scope.selectFrom('users').select(['id', 'username', 'language', 'hour_cycle']).where('id', 'in', rows.map((r) => r.user_id)).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const caregivers: Caregiver[] = rows.flatMap((r) => {
    const u = byId.get(r.user_id);
    return u ? [{ userId: r.user_id, username: u.username, settings: r.settings, words: savedWords(u, family.region) }] : [];
  });
  if (caregivers.length === 0) return [];
  const fired: FiredReminder[] = [];
  const children = await childrenOf(scope, family);
  for (const child of children) {
    if (Number(child.archived) === 1) continue;
    const cs = scope.forChild(child, children);
    const live = await computeLive(cs, family, now);
    const last = await lastEventAt(cs, now);
    for (const who of caregivers) {
      const due = dueReminders({ settings: who.settings, childId: child.id, live, lastEventAt: last, familyZone: family.timezone, now });
      for (const r of due) {
        const done = await fire(scope, child, who, r, now);
        if (done) fired.push(done);
      }
    }
  }
  return fired;
}

/**
 * One pass over every family with a reminder on, at `now`: returns what this call fired (a
 * reminder another process fired first is not among them). A family whose pass fails is
 * reported to `onError` and the others go on.
 */
export async function runReminders(ctx: Ctx, now: number, onError?: (err: unknown, familyId: string) => void): Promise<FiredReminder[]> {
  const rows = await ctx.db.kysely.selectFrom('reminder_settings').select(['user_id', 'family_id', 'settings']).execute();
  const byFamily = new Map<string, { user_id: string; settings: ReminderSettings }[]>();
  for (const row of rows) {
    const settings = parseStoredSettings(row.settings);
    if (!anyReminderEnabled(settings)) continue;
    const list = byFamily.get(row.family_id) ?? [];
    list.push({ user_id: row.user_id, settings });
    byFamily.set(row.family_id, list);
  }
  const fired: FiredReminder[] = [];
  for (const [familyId, list] of byFamily) {
    try {
      fired.push(...(await runFamily(ctx, familyId, list, now)));
    } catch (err) {
      if (!onError) throw err;
      onError(err, familyId);
    }
  }
  return fired;
}

/** This process's scheduler: a pass every 15 seconds (never two at once). Returns a stop function. */
export function startReminders(ctx: Ctx, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = runReminders(ctx, ctx.clock(), (err, familyId) => log.warn({ err, family_id: familyId }, 'reminders failed for a family; will retry'))
      .then(
        (fired) => {
          if (fired.length > 0) log.info({ fired: fired.length }, 'reminders');
        },
        (err) => log.warn({ err }, 'reminder pass failed; will retry'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, REMINDER_TICK_MS);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
