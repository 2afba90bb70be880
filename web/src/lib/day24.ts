// The 24-hour view: one bar per local day, midnight to midnight, with sleep blocks, feed ticks
// and nappy marks at their family-local clock times. Pure (test/unit/web-day24.test.ts).

export interface Ev { ts: string; type: string; ml?: number | null; side?: unknown; kind?: string | null }

export interface DayBar {
  date: string;
  /** sleep blocks as fractions of the day [start, end), split at local midnight */
  sleeps: [number, number][];
  feeds: { at: number; breast: boolean }[];
  nappies: number[];
}

const frac = (ts: string) => {
  const [h, m, s] = ts.slice(11, 19).split(':').map(Number);
  return (h * 3600 + m * 60 + (s || 0)) / 86400;
};

/** Bars for `dates` (oldest first) from `events` (any order, may start the day before). */
export function dayBars(dates: string[], events: Ev[], nowTs: string): DayBar[] {
  const sorted = [...events].sort((a, b) => a.ts.localeCompare(b.ts));
  const bars = new Map(dates.map((d) => [d, { date: d, sleeps: [], feeds: [], nappies: [] } as DayBar]));
  const addSleep = (from: string, to: string) => {
    // Split at each local midnight between from and to.
    let start = from;
    while (start.slice(0, 10) < to.slice(0, 10)) {
      bars.get(start.slice(0, 10))?.sleeps.push([frac(start), 1]);
      start = `${nextDate(start.slice(0, 10))}T00:00:00`;
    }
    if (to > start) bars.get(start.slice(0, 10))?.sleeps.push([frac(start), frac(to)]);
  };
  let asleepAt: string | null = null;
  for (const e of sorted) {
    const bar = bars.get(e.ts.slice(0, 10));
    if (e.type === 'sleep') asleepAt ??= e.ts;
    else if (e.type === 'wake' && asleepAt) {
      addSleep(asleepAt, e.ts);
      asleepAt = null;
    }
    if (!bar) continue;
    if (e.type === 'milk') bar.feeds.push({ at: frac(e.ts), breast: e.ml === 0 || typeof e.side === 'string' });
    if (e.type === 'nappy' || e.type === 'poop') bar.nappies.push(frac(e.ts));
  }
  if (asleepAt) addSleep(asleepAt, nowTs);
  return dates.map((d) => bars.get(d)!);
}

export function nextDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
