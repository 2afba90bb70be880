// The printable report for a health visitor or doctor: per-day feeds, sleep and nappies for a
// range of up to 31 days, temperatures, medicines given and milestones per day, growth with WHO
// centile lines (weight, length, head circumference), solids and allergens first seen in the
// range, and the notes. Facts only: no judgement of whether anything is normal. With them, the
// same report in the words of the caregiver who asked (`text`: report-text.ts).
import type { Ctx } from '../context.ts';
import { childScopeOf } from '../family/children.ts';
import type { Actor } from '../actor.ts';
import { childProfile, loadFamily } from '../family/family-row.ts';
import { listRecipes } from '../log/recipes.ts';
import { badRequest } from '../../errors.ts';
import { addDays, ageAt, dayBounds, instantToLocal, parseDate } from '../../domain/time.ts';
import { buildSleepSpans, splitByDayAndNight } from '../../domain/sleep-spans.ts';
import { measuredBy, percentileFor, sexFromGender, valueAtZ, MAX_AGE_DAYS, MEASUREMENT_TYPES } from '../../domain/growth.ts';
import { lmsAt, type GrowthKind } from '../../domain/growth-tables.ts';
import { allergenName, allergensOf } from '../../domain/answerer/allergens.ts';
import { EVENT_COLUMNS, toTimedEvent } from '../log/event-rows.ts';
import type { TimedEvent } from '../../domain/types.ts';
import { ENGLISH, t, type Words } from '../../i18n/text.ts';
import { reportText } from './report-text.ts';
import type { ReportDay } from './report-day.ts';

export type { ReportDay };

export const REPORT_MAX_DAYS = 31;
/** The centile lines drawn on the growth charts (WHO's usual set). */
export const CENTILES = [2, 9, 25, 50, 75, 91, 98] as const;
const Z_OF: Record<number, number> = { 2: -2.054, 9: -1.341, 25: -0.674, 50: 0, 75: 0.674, 91: 1.341, 98: 2.054 };
const LOOKBACK_MS = 16 * 3600 * 1000;


export async function buildReport(ctx: Ctx, actor: Actor, q: { from: string; to: string }, words: Words = ENGLISH) {
  const scope = await childScopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const profile = childProfile(family, scope.child);
  const zone = family.timezone;
  parseDate(q.from);
  parseDate(q.to);
  if (q.from > q.to) throw badRequest(t('error.range_reversed', { from: q.from, to: q.to }), 'invalid_range');
  const days: string[] = [];
  for (let d = q.from; d <= q.to; d = addDays(d, 1)) {
    days.push(d);
    if (days.length > REPORT_MAX_DAYS) throw badRequest(t('error.report_too_long', { max: REPORT_MAX_DAYS }), 'range_too_long');
  }
  const lo = dayBounds(q.from, zone)[0];
  const hi = dayBounds(q.to, zone)[1];
  const now = ctx.clock();
  // A sleep that began in the range may end after it: read a little past the end for the wake.
  const rows = await scope.selectFrom('events').select(EVENT_COLUMNS).where('at', '<', hi + LOOKBACK_MS).orderBy('at').orderBy('seq').execute();
  const withWakes: TimedEvent[] = rows.map((r) => toTimedEvent(r, zone));
  const all = withWakes.filter((e) => e.at < hi);
  const inRange = all.filter((e) => e.at >= lo && e.at < hi);

  const byDay = new Map<string, ReportDay>(
    days.map((date) => [
      date,
      {
        date,
        feeds: { count: 0, bottle_count: 0, bottle_ml: 0, breastfeed_count: 0, breastfeed_minutes: 0 },
        sleep: { total_minutes: 0, longest_minutes: 0, count: 0 },
        nappies: { wet: 0, dirty: 0, total: 0 },
        solids: 0,
        temperatures: [],
        medicines: [],
        milestones: [],
      },
    ]),
  );
  for (const e of inRange) {
    const day = byDay.get(e.ts.slice(0, 10));
    if (!day) continue;
    if (e.type === 'milk') {
      day.feeds.count += 1;
      if ((e.ml ?? 0) > 0) {
        day.feeds.bottle_count += 1;
        day.feeds.bottle_ml += e.ml ?? 0;
      } else {
        day.feeds.breastfeed_count += 1;
        day.feeds.breastfeed_minutes += e.duration_min ?? 0;
      }
    } else if (e.type === 'nappy') {
      day.nappies.total += 1;
      if (e.kind === 'wet' || e.kind === 'both') day.nappies.wet += 1;
      if (e.kind === 'dirty' || e.kind === 'both') day.nappies.dirty += 1;
    } else if (e.type === 'solid') {
      day.solids += 1;
    } else if (e.type === 'temperature' && e.celsius !== null) {
      day.temperatures.push({ ts: e.ts, celsius: e.celsius, fahrenheit: e.fahrenheit!, method: e.method });
    } else if (e.type === 'medicine' && e.medicine !== null) {
      day.medicines.push({ ts: e.ts, medicine: e.medicine, amount: e.amount, unit: e.unit, author: e.author });
    } else if (e.type === 'milestone' && e.title !== null) {
      day.milestones.push({ ts: e.ts, title: e.title });
    }
  }
  // Sleep: minutes asleep within each local day (a night is split at midnight); the longest
  // stretch is the longest single sleep that began that day.
  const spans = buildSleepSpans(withWakes.filter((e) => e.at >= lo - LOOKBACK_MS), now).filter((s) => s.end > lo && s.start < hi);
  for (const s of spans) {
    for (const part of splitByDayAndNight(Math.max(s.start, lo), Math.min(s.end, hi), zone)) {
      const day = byDay.get(part.date);
      if (day) day.sleep.total_minutes += Math.round((part.dayMs + part.nightMs) / 60000);
    }
    const startDay = byDay.get(s.startTs.slice(0, 10));
    if (startDay && s.start >= lo) {
      startDay.sleep.count += 1;
      startDay.sleep.longest_minutes = Math.max(startDay.sleep.longest_minutes, Math.round((s.end - s.start) / 60000));
    }
  }

  // Growth: every measurement up to the end of the range, with its WHO centile, and the centile
  // lines over the ages the chart spans.
  const sex = sexFromGender(profile.gender);
  const measurements = all.flatMap((e) => {
    const measured = measuredBy(e);
    if (!measured) return [];
    const p = percentileFor(e, profile);
    return [{
      ts: e.ts,
      type: e.type as (typeof MEASUREMENT_TYPES)[number],
      value: measured.value,
      unit: measured.kind === 'weight' ? 'kg' : 'cm',
      age_days: ageAt(profile.dob, e.ts.slice(0, 10)).days,
      percentile: p ? p.percentile : null,
      in_range: e.at >= lo,
    }];
  });
  const lines = (type: (typeof MEASUREMENT_TYPES)[number], kind: GrowthKind) => {
    if (!sex) return [];
    const ages = measurements.filter((m) => m.type === type).map((m) => m.age_days);
    const endAge = ageAt(profile.dob, q.to).days;
    const a0 = Math.max(0, Math.min(endAge, ...ages) - 14);
    const a1 = Math.min(MAX_AGE_DAYS, Math.max(endAge, ...ages) + 14);
    if (a1 < 0) return [];
    const step = Math.max(1, Math.round((a1 - a0) / 24));
    const points: number[] = [];
    for (let a = a0; a < a1; a += step) points.push(a);
    points.push(a1);
    return CENTILES.map((c) => ({
      centile: c,
      points: points.map((age) => {
        const { L, M, S } = lmsAt(kind, sex, age);
        return { age_days: age, value: Math.round(valueAtZ(L, M, S, Z_OF[c]) * 100) / 100 };
      }),
    }));
  };

  // Solids: foods eaten for the first time in the range, and the allergens first met in it.
  const recipes = await listRecipes(scope);
  const seenFood = new Set<string>();
  const seenAllergen = new Set<string>();
  const newFoods: { food: string; first_ts: string; allergens: string[] }[] = [];
  const newAllergens: { allergen: string; name: string; first_ts: string; food: string }[] = [];
  for (const e of all) {
    if (e.type !== 'solid' || !e.foods) continue;
    for (const food of e.foods) {
      const key = food.toLowerCase();
      const allergens = allergensOf(food, profile.region, recipes);
      if (!seenFood.has(key)) {
        seenFood.add(key);
        if (e.at >= lo) newFoods.push({ food, first_ts: e.ts, allergens: allergens.map((a) => allergenName(a, profile.region)) });
      }
      for (const a of allergens) {
        if (seenAllergen.has(a)) continue;
        seenAllergen.add(a);
        if (e.at >= lo) newAllergens.push({ allergen: a, name: allergenName(a, profile.region), first_ts: e.ts, food });
      }
    }
  }

  const list = [...byDay.values()];
  const sum = (f: (d: ReportDay) => number) => list.reduce((n, d) => n + f(d), 0);
  const report = {
    baby_name: scope.child.name,
    dob: scope.child.dob,
    timezone: zone,
    from: q.from,
    to: q.to,
    generated_at: instantToLocal(now, zone),
    days: list,
    totals: {
      feeds: sum((d) => d.feeds.count),
      bottle_ml: sum((d) => d.feeds.bottle_ml),
      breastfeed_count: sum((d) => d.feeds.breastfeed_count),
      breastfeed_minutes: sum((d) => d.feeds.breastfeed_minutes),
      sleep_minutes: sum((d) => d.sleep.total_minutes),
      wet: sum((d) => d.nappies.wet),
      dirty: sum((d) => d.nappies.dirty),
    },
    growth: {
      sex,
      measurements,
      centile_lines: { weight: lines('weight', 'weight'), length: lines('length', 'length'), head_circumference: lines('head_circumference', 'head') },
    },
    solids: { new_foods: newFoods, new_allergens: newAllergens },
    notes: inRange.filter((e) => e.type === 'note' && e.note).map((e) => ({ ts: e.ts, author: e.author, note: e.note! })),
  };
  return { ...report, text: reportText(report, words) };
}
