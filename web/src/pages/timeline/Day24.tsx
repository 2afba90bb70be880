// The last 7 days at a glance, one bar per local day from midnight to midnight: sleep blocks,
// feed ticks (bottle and breast) and nappy marks. Reads GET /api/vega/events for each day
// (and the day before, for a sleep that began the evening before).
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get } from '../../lib/api';
import { dayBars, type DayBar } from '../../lib/day24';
import { addDays, localNow } from '../../lib/time';
import { selectedChild } from '../../lib/session';

const DAYS = 7;
const pct = (f: number) => `${(f * 100).toFixed(2)}%`;

export function Day24({ zone }: { zone: string }) {
  const [bars, setBars] = useState<DayBar[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const now = localNow(zone);
    const today = now.slice(0, 10);
    const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, i - (DAYS - 1)));
    Promise.all([addDays(dates[0]!, -1), ...dates].map((d) => get('/api/vega/events', { params: { query: { date: d, ...selectedChild() } } })))
      .then((days) => setBars(dayBars(dates, days.flatMap((d) => d.events), now).reverse()))
      .catch((e) => setError(e instanceof ApiError ? e.message : 'Could not load the last 7 days.'));
  }, [zone]);
  if (error) return <p class="error" role="alert">{error}</p>;
  if (!bars) return <p class="muted" aria-busy="true">Loading…</p>;
  return (
    <section aria-label="The last 7 days, 24 hours each" data-testid="day24">
      <p class="legend24"><span class="l-sleep">Sleep</span><span class="l-bottle">Bottle</span><span class="l-breast">Breastfeed</span><span class="l-nappy">Nappy</span></p>
      <div class="day24">
        {bars.map((b) => (
          <>
            <span class="day24-label" key={`l-${b.date}`}>{new Date(`${b.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })} {b.date.slice(8)}</span>
            <div class="day24-bar" key={b.date} role="img" data-testid="day24-bar"
              aria-label={`${b.date}: ${b.sleeps.length} sleep${b.sleeps.length === 1 ? '' : 's'}, ${b.feeds.length} feed${b.feeds.length === 1 ? '' : 's'}, ${b.nappies.length} napp${b.nappies.length === 1 ? 'y' : 'ies'}`}>
              {b.sleeps.map(([s, e], i) => <span key={`s${i}`} class="day24-sleep" style={{ left: pct(s), width: pct(Math.max(e - s, 0.003)) }} />)}
              {b.feeds.map((f, i) => <span key={`f${i}`} class={`day24-feed${f.breast ? ' breast' : ''}`} style={{ left: pct(f.at) }} />)}
              {b.nappies.map((n, i) => <span key={`n${i}`} class="day24-nappy" style={{ left: pct(n) }} />)}
            </div>
          </>
        ))}
        <span />
        <div class="day24-hours" aria-hidden="true"><span>0</span><span>6</span><span>12</span><span>18</span><span>24</span></div>
      </div>
    </section>
  );
}
