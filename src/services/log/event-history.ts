// Reading one kind of thing back over several days (issue 26): the events of one type over the
// last N family-local days, every milestone, and the medicines given with the family's own
// settings. The connector's get_events, get_milestones and get_medicines call these; the
// rules (medicinesGiven, ageDisplay) are the domain's.
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { childScopeOf } from '../family/children.ts';
import { childProfile, loadFamily } from '../family/family-row.ts';
import { medicineSettings } from '../family/medicines.ts';
import { medicinesGiven } from '../../domain/medicines.ts';
import { addDays, ageDisplay, dayBounds } from '../../domain/time.ts';
import { zoneClock } from '../../domain/zone-clock.ts';
import type { EventType } from '../../domain/types.ts';
import { EVENT_COLUMNS, toTimedEvent } from './event-rows.ts';
import { presentEvent } from './event-reads.ts';

/** At most this many events in one answer: a year of feeds would be thousands. */
export const HISTORY_LIMIT = 300;
const DAY_MS = 24 * 3600 * 1000;

/** The first instant of the family-local day `days - 1` days before today (days = 1: today). */
function sinceDays(timezone: string, now: number, days: number): { from: number; fromDate: string; today: string } {
  const today = zoneClock(timezone).localDate(now);
  const fromDate = addDays(today, -(days - 1));
  return { from: dayBounds(fromDate, timezone)[0], fromDate, today };
}

/**
 * The events of one type over the last `days` family-local days (today included), newest
 * first, at most HISTORY_LIMIT of them (`truncated` says when older ones were left out).
 */
export async function eventsOfType(ctx: Ctx, actor: Actor, type: EventType, days: number) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const { from, fromDate, today } = sinceDays(family.timezone, now, days);
  const rows = await scope
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('type', '=', type)
    .where('at', '>=', from)
    .where('at', '<=', now)
    .orderBy('at', 'desc')
    .orderBy('seq', 'desc')
    .limit(HISTORY_LIMIT + 1)
    .execute();
  const truncated = rows.length > HISTORY_LIMIT;
  return { type, from: fromDate, to: today, events: rows.slice(0, HISTORY_LIMIT).map((r) => presentEvent(scope, r, family.timezone)), truncated };
}

/** Every milestone logged for the child, oldest first, each with the child's age on its day. */
export async function milestones(ctx: Ctx, actor: Actor) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const profile = childProfile(family, scope.child);
  const rows = await scope.selectFrom('events').select(EVENT_COLUMNS).where('type', '=', 'milestone').orderBy('at').orderBy('seq').execute();
  return {
    milestones: rows.map((r) => {
      const e = presentEvent(scope, r, family.timezone);
      return { ...e, age: ageDisplay(profile.dob, e.ts.slice(0, 10)) };
    }),
  };
}

/**
 * The medicines given: per medicine given in the last 24 hours, its status against the family's
 * own settings (medicinesGiven, as live status words it); every dose over the last `days` days,
 * newest first; and the family's settings. Never a suggested amount or interval: the numbers are
 * the family's own, or absent.
 */
export async function medicinesOverview(ctx: Ctx, actor: Actor, days: number) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  const { from, fromDate, today } = sinceDays(family.timezone, now, days);
  const rows = await scope
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('type', '=', 'medicine')
    .where('at', '>=', Math.min(from, now - DAY_MS))
    .where('at', '<=', now)
    .orderBy('at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  const settings = await medicineSettings(scope);
  const timed = rows.map((r) => toTimedEvent(r, family.timezone)).reverse();
  const doses = rows.filter((r) => Number(r.at) >= from).slice(0, HISTORY_LIMIT);
  return {
    given_24h: medicinesGiven(timed, settings, now, family.timezone),
    doses: doses.map((r) => presentEvent(scope, r, family.timezone)),
    from: fromDate,
    to: today,
    settings,
  };
}
