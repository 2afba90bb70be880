// Insights: 14-day charts from GET /api/vega/patterns daily_totals and the family's typical
// rhythm from `patterns`. Lazy-loaded with uPlot.
import { useEffect, useState } from 'preact/hooks';
import { Chart } from '../components/Chart';
import { Generic, humanKey } from '../components/Generic';
import { ApiError, get, type Schemas } from '../lib/api';
import { selectedChild } from '../lib/session';
import { duration } from '../lib/time';
import { chartSeries, type DayTotals } from '../lib/chart-totals';
import { objectOf } from '../lib/open-object';

// The document gives daily_totals and patterns as open objects: each value is read for what it is.
type Day = Schemas['Patterns']['daily_totals'][number];
const daySec = (d: string) => Date.parse(`${d}T12:00:00Z`) / 1000;
const num = (d: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) {
    const v = d[k];
    if (typeof v === 'number') return v;
  }
  return null;
};
const dateOf = (d: Day) => String(d.date ?? d.day ?? '');
/** A day's numbers, as the charts take them. */
const totalsOf = (d: Day): DayTotals => ({ ...Object.fromEntries(Object.entries(d).filter(([, v]) => typeof v === 'number')), date: dateOf(d) });

export function Insights() {
  const [data, setData] = useState<Schemas['Patterns'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get('/api/vega/patterns', { params: { query: selectedChild() } }).then(setData, (e) => setError(e instanceof ApiError ? e.message : 'Could not load insights.'));
  }, []);
  if (error) return (<><h1>Insights</h1><p class="error" role="alert">{error}</p></>);
  if (!data) return (<><h1>Insights</h1><p class="muted" aria-busy="true">Loading…</p></>);

  const days = data.daily_totals;
  const x = days.map((d) => daySec(dateOf(d)));
  const c = chartSeries(days.map(totalsOf));
  const p = data.patterns;
  return (
    <>
      <h1>Insights</h1>
      <p class="muted small">The last 14 days{data.age_display ? ` · ${data.baby_name ?? ''} is ${data.age_display}` : ''}.</p>
      <Typical p={p} />
      {days.length > 0 ? (
        <>
          {c.bottleMl.some((v) => v != null) && (
            <Chart title="Bottle milk per day" x={x} yLabel="ml" data={[c.bottleMl]}
              series={[{ label: 'Bottles', color: '--chart-1', bars: true, unit: 'ml' }]} />
          )}
          {c.breastfeeds.some((v) => v != null) && (
            <Chart title="Breastfeeds per day" x={x} yLabel="feeds" data={[c.breastfeeds]}
              series={[{ label: 'Breastfeeds', color: '--chart-3', bars: true }]} />
          )}
          {/* Stacked: the night series is the whole bar (day + night), the day part is drawn over its foot. */}
          <Chart title="Sleep per day" x={x} yLabel="hours" data={[c.sleepTotalH, c.sleepDayH]}
            series={[{ label: 'Night', color: '--chart-2', bars: true, unit: 'h' }, { label: 'Day', color: '--chart-3', bars: true, unit: 'h' }]} />
          <Chart title="Nappies per day" x={x} data={[c.wet, c.dirty]} grouped
            series={[{ label: 'Wet', color: '--chart-1', bars: true }, { label: 'Dirty', color: '--chart-2', bars: true }]} />
          <details class="card">
            <summary>Daily totals as a table</summary>
            <div class="table-wrap">
              <table>
                <thead><tr><th scope="col">Date</th><th scope="col">Bottles</th><th scope="col">Breastfeeds</th><th scope="col">Sleep</th><th scope="col">Nappies</th></tr></thead>
                <tbody>
                  {[...days].reverse().map((d) => (
                    <tr key={dateOf(d)}>
                      <th scope="row">{String(d.date).slice(5)}</th>
                      <td>{num(d, 'bottle_feeds') ? `${num(d, 'bottle_feeds')} · ${num(d, 'bottle_ml', 'milk_ml')} ml` : '—'}</td>
                      <td>{num(d, 'breastfeeds') ? `${num(d, 'breastfeeds')}${num(d, 'breastfeed_minutes') ? ` · ${duration(num(d, 'breastfeed_minutes'))}` : ''}` : '—'}</td>
                      <td>{duration(num(d, 'sleep_minutes')) || '—'}</td>
                      <td>{num(d, 'nappies') ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : (
        <p class="muted">Nothing logged in the last 14 days yet.</p>
      )}
    </>
  );
}

function Typical({ p }: { p: Record<string, unknown> }) {
  const n = (k: string) => num(p, k);
  const longest = objectOf(p.longest_sleep);
  const rows: [string, string][] = [];
  const add = (label: string, v: unknown) => {
    if (v != null && v !== '') rows.push([label, String(v)]);
  };
  const interval = n('typical_feed_interval_minutes');
  const longestMin = num(longest, 'minutes');
  const milk = n('average_daily_milk_ml');
  const feeds = n('average_daily_feeds');
  const sleep = n('average_daily_sleep_minutes');
  const naps = n('average_daily_naps');
  add('Typical time between feeds', interval != null ? duration(interval) : null);
  add('Typical bedtime', p.typical_bedtime);
  add('Typical wake-up', p.typical_wake_time);
  if (longestMin) add('Longest sleep', `${duration(longestMin)}${longest.ongoing ? ' (ongoing)' : ''}`);
  add('Average milk a day', milk != null ? `${Math.round(milk)} ml` : null);
  add('Average feeds a day', feeds != null ? Math.round(feeds * 10) / 10 : null);
  add('Average sleep a day', sleep != null ? duration(sleep) : null);
  add('Average naps a day', naps != null ? Math.round(naps * 10) / 10 : null);
  const known = new Set(['typical_feed_interval_minutes', 'typical_bedtime', 'typical_wake_time', 'longest_sleep', 'average_daily_milk_ml',
    'average_daily_feeds', 'average_daily_sleep_minutes', 'average_daily_naps', 'age_band', 'days_logged', 'trend']);
  const rest = Object.fromEntries(Object.entries(p).filter(([k, v]) => !known.has(k) && v != null && typeof v !== 'object'));
  const trend = p.trend && typeof p.trend === 'object' ? Object.entries(p.trend).filter(([, v]) => v != null) : [];
  return (
    <section class="card" aria-labelledby="typical-h">
      <h2 id="typical-h" style={{ marginTop: 0 }}>Typical day</h2>
      {rows.length ? (
        <dl class="generic">
          {rows.map(([k, v]) => (<div class="kv" key={k}><dt>{k}</dt><dd>{v}</dd></div>))}
        </dl>
      ) : (
        <p class="muted">A few days of logs are needed to see the usual rhythm.</p>
      )}
      {Object.keys(rest).length > 0 && <Generic value={rest} />}
      {trend.length > 0 && (
        <>
          <h3>Trend (last week against the week before)</h3>
          <dl class="generic">
            {trend.map(([k, v]) => (<div class="kv" key={k}><dt>{humanKey(k)}</dt><dd><Generic value={v} /></dd></div>))}
          </dl>
        </>
      )}
    </section>
  );
}
