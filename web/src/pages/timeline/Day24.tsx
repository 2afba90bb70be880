// The last 7 days at a glance, one bar per local day from midnight to midnight: sleep blocks,
// feed ticks (bottle and breast) and nappy marks. Reads GET /api/vega/events for each day
// (and the day before, for a sleep that began the evening before).
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get } from '../../lib/api';
import { dayBars, type DayBar } from '../../lib/day24';
import { addDays, localNow } from '../../lib/time';
import { selectedChild } from '../../lib/session';
import { date, t } from '../../i18n/core';

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
      .catch((e) => setError(e instanceof ApiError ? e.message : t('d24.load_failed')));
  }, [zone]);
  if (error) return <p class="error" role="alert">{error}</p>;
  if (!bars) return <p class="muted" aria-busy="true">{t('common.loading')}</p>;
  return (
    <section aria-label={t('d24.label')} data-testid="day24">
      <p class="legend24"><span class="l-sleep">{t('d24.sleep')}</span><span class="l-bottle">{t('home.bottle')}</span><span class="l-breast">{t('home.breastfeed')}</span><span class="l-nappy">{t('d24.nappy')}</span></p>
      <div class="day24">
        {bars.map((b) => (
          <>
            <span class="day24-label" key={`l-${b.date}`}>{date(b.date, { weekday: 'short' })} {b.date.slice(8)}</span>
            <div class="day24-bar" key={b.date} role="img" data-testid="day24-bar"
              aria-label={t('d24.bar', { date: b.date, sleeps: b.sleeps.length, feeds: b.feeds.length, nappies: b.nappies.length })}>
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
