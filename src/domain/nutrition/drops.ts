// The drops block of the nutrients: supplement logs tallied per family-local day.
// A supplement log (`type: supplement`, `kind`, `ug` in micrograms) counts toward a nutrient
// when its kind names one: vitamin D drops toward vitamin_d_ug, iron drops toward iron_mg
// (1 mg = 1000 µg). A multivitamin counts toward nothing: its `ug` does not say of what.
// Pure: events in, per-day tallies out.
import type { TimedEvent } from '../types.ts';
import type { ZoneClock } from '../zone-clock.ts';
import type { NutrientKey } from '../foods.ts';

/** The nutrients drops can add to. */
export type DropKey = 'iron_mg' | 'vitamin_d_ug';
export const DROP_KEYS: readonly DropKey[] = ['iron_mg', 'vitamin_d_ug'];
/** The supplement kinds the nutrient blocks report. */
export type DropKind = 'vitd' | 'iron' | 'multivitamin';
export const DROP_KINDS: readonly DropKind[] = ['vitd', 'iron', 'multivitamin'];

/** One supplement log of the day, as counted (or not) in the nutrients. */
export interface DropLog {
  /** Family-local time. */
  ts: string;
  kind: string;
  ug: number | null;
  /** The nutrient it counts toward, or null (a multivitamin: its make-up is not known). */
  counts_toward: DropKey | null;
  /** What it adds, in the nutrient's unit (iron: ug ÷ 1000 mg); null when not counted. */
  amount: number | null;
}

const COUNTED: Record<string, { key: DropKey; perUg: number }> = {
  vitd: { key: 'vitamin_d_ug', perUg: 1 },
  iron: { key: 'iron_mg', perUg: 0.001 },
};

/**
 * What one supplement log adds: the nutrient and the amount in its unit, amount null when no
 * `ug` was logged; null for a kind that counts toward no nutrient.
 */
export function dropContribution(kind: string | null, ug: number | null): { key: DropKey; amount: number | null } | null {
  const c = kind ? COUNTED[kind] : undefined;
  if (!c) return null;
  return { key: c.key, amount: ug === null ? null : ug * c.perUg };
}

export function isDropKey(k: NutrientKey): k is DropKey {
  return k === 'iron_mg' || k === 'vitamin_d_ug';
}

/** Drops of one day (or summed over days). */
export interface DropAcc {
  amount: Record<DropKey, number>;
  doses: Record<DropKey, number>;
  /** Doses logged without an amount (not counted in `amount`). */
  unknown: Record<DropKey, number>;
  kinds: Record<DropKind, number>;
  /** The day's logs; filled for today only. */
  logs: DropLog[];
}

export function dropZeros(): Record<DropKey, number> {
  return { iron_mg: 0, vitamin_d_ug: 0 };
}

function newDropAcc(): DropAcc {
  return { amount: dropZeros(), doses: dropZeros(), unknown: dropZeros(), kinds: { vitd: 0, iron: 0, multivitamin: 0 }, logs: [] };
}

/** A day without drops; shared, never written to. */
export const NO_DROPS: DropAcc = newDropAcc();

/**
 * The supplement logs at or before `now` whose family-local date is `from`..`today`, per date
 * (vitamin D and iron count; a multivitamin is counted as a kind only). Only today's logs are kept.
 */
export function dropsByDay(events: TimedEvent[], now: number, clock: ZoneClock, from: string, today: string): Map<string, DropAcc> {
  const byDay = new Map<string, DropAcc>();
  for (const ev of events) {
    if (ev.type !== 'supplement' || ev.at > now) continue;
    const date = clock.localDate(ev.at);
    if (date < from || date > today) continue;
    let d = byDay.get(date);
    if (!d) byDay.set(date, (d = newDropAcc()));
    const kind = ev.kind ?? '';
    if (kind in d.kinds) d.kinds[kind as DropKind] += 1;
    const c = dropContribution(ev.kind, ev.ug);
    if (c) {
      d.doses[c.key] += 1;
      if (c.amount === null) d.unknown[c.key] += 1;
      else d.amount[c.key] += c.amount;
    }
    if (date === today) {
      d.logs.push({ ts: ev.ts, kind, ug: ev.ug, counts_toward: c?.key ?? null, amount: c?.amount ?? null });
    }
  }
  return byDay;
}

/** The drops of `days` summed, with how many of those days had each kind. */
export function sumDrops(byDay: Map<string, DropAcc>, days: readonly string[]): { total: DropAcc; daysWith: Record<DropKind, number> } {
  const total = newDropAcc();
  const daysWith: Record<DropKind, number> = { vitd: 0, iron: 0, multivitamin: 0 };
  for (const date of days) {
    const drops = byDay.get(date) ?? NO_DROPS;
    for (const k of DROP_KEYS) {
      total.amount[k] += drops.amount[k];
      total.doses[k] += drops.doses[k];
      total.unknown[k] += drops.unknown[k];
    }
    for (const kind of DROP_KINDS) {
      total.kinds[kind] += drops.kinds[kind];
      if (drops.kinds[kind] > 0) daysWith[kind] += 1;
    }
  }
  return { total, daysWith };
}
