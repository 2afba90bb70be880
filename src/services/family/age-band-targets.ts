// The age band's reference figures shown in the profile. A thin mapping: every number comes
// from a rule in src/domain/ (age-bands.ts, nutrition-targets.ts, live-feeds.ts), computed at
// the family-local today, so the profile and the live status never disagree.
import type { FamilyRow } from './family-row.ts';
import type { ChildRow } from '../../db/family-scope.ts';
import type { Region } from '../../domain/types.ts';
import { ageAt, localDateOf } from '../../domain/time.ts';
import { bandForMonths } from '../../domain/age-bands.ts';
import { targetsFor } from '../../domain/nutrition-targets.ts';
import { dailyMilkTarget } from '../../domain/live-feeds.ts';

/**
 * `latestKg` is the latest logged weight when the caller has one (optional): with it the
 * daily milk guide is included, as in the live status.
 */
export function ageBandTargets(family: FamilyRow, child: ChildRow, now: number, latestKg: number | null = null): Record<string, unknown> {
  const today = localDateOf(now, family.timezone);
  const months = ageAt(child.dob, today).months;
  const band = bandForMonths(months);
  const nutrition = targetsFor(family.region as Region, months);
  const milk = dailyMilkTarget(latestKg, months);
  return {
    as_of: today,
    age_band: { id: band.id, label: band.label },
    feed_interval_hours: band.feedIntervalHours,
    wake_window_minutes: { ...band.wakeWindowMinutes },
    naps_per_day: { ...band.napsPerDay },
    total_sleep_hours: { ...band.totalSleepHours },
    typical_bedtime: band.typicalBedtime,
    stools_per_day: { ...band.stoolsPerDay },
    night_feeds_common: band.nightFeedsCommon,
    ...(milk === null ? {} : {
      daily_milk_ml: { target: milk.ml, min: milk.min, max: milk.max, ml_per_kg: milk.ml_per_kg, source: milk.source },
    }),
    nutrients: {
      region: nutrition.region,
      age_band: nutrition.age_band,
      basis: nutrition.basis,
      targets: nutrition.nutrients,
    },
    source: 'docs/insights.md: age bands and reference intakes, each with its source',
  };
}
