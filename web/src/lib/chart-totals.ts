// What the Insights charts draw, from GET /api/vega/patterns daily_totals. Pure, so the
// totals are checked against hand-worked ones (test/unit/chart-totals.test.ts).
// - Milk volume counts bottles only: a breastfeed is a count and minutes, never "0 ml".
// - Sleep is already split at local midnight by the server (and into day and night time);
//   the chart stacks day under night, so the total series is day + night.

export interface DayTotals {
  date: string;
  milk_ml?: number;
  bottle_ml?: number;
  bottle_feeds?: number;
  breastfeeds?: number;
  breastfeed_minutes?: number;
  sleep_minutes_day?: number;
  sleep_minutes_night?: number;
  nappies_wet?: number;
  nappies_dirty?: number;
}

export interface ChartSeries {
  /** null on a day without bottles: no bar at all rather than a bar of 0 ml */
  bottleMl: (number | null)[];
  breastfeeds: (number | null)[];
  breastfeedMinutes: (number | null)[];
  /** hours of day-time sleep (the lower part of the stacked bar) */
  sleepDayH: (number | null)[];
  /** hours of sleep in all (day + night: the whole stacked bar) */
  sleepTotalH: (number | null)[];
  wet: (number | null)[];
  dirty: (number | null)[];
}

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
const orNull = (n: number | undefined) => (n ? n : null);

export function chartSeries(days: DayTotals[]): ChartSeries {
  return {
    // Older servers sent only milk_ml; bottle_ml is the bottles-only figure.
    bottleMl: days.map((d) => orNull(d.bottle_ml ?? (d.bottle_feeds ? d.milk_ml : 0))),
    breastfeeds: days.map((d) => orNull(d.breastfeeds)),
    breastfeedMinutes: days.map((d) => orNull(d.breastfeed_minutes)),
    sleepDayH: days.map((d) => hours(d.sleep_minutes_day ?? 0)),
    sleepTotalH: days.map((d) => hours((d.sleep_minutes_day ?? 0) + (d.sleep_minutes_night ?? 0))),
    wet: days.map((d) => d.nappies_wet ?? 0),
    dirty: days.map((d) => d.nappies_dirty ?? 0),
  };
}
