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
import { date, num, t, time } from '../i18n/core';

// The document gives daily_totals and patterns as open objects: each value is read for what it is.
type Day = Schemas['Patterns']['daily_totals'][number];
const daySec = (d: string) => Date.parse(`${d}T12:00:00Z`) / 1000;
const numOf = (d: Record<string, unknown>, ...keys: string[]) => {
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
    get('/api/vega/patterns', { params: { query: selectedChild() } }).then(setData, (e) => setError(e instanceof ApiError ? e.message : t('ins.load_failed')));
  }, []);
  if (error) return (<><h1>{t('nav.insights')}</h1><p class="error" role="alert">{error}</p></>);
  if (!data) return (<><h1>{t('nav.insights')}</h1><p class="muted" aria-busy="true">{t('common.loading')}</p></>);

  const days = data.daily_totals;
  const x = days.map((d) => daySec(dateOf(d)));
  const c = chartSeries(days.map(totalsOf));
  const p = data.patterns;
  return (
    <>
      <h1>{t('nav.insights')}</h1>
      <p class="muted small">{data.age_display ? t('ins.last_14_age', { name: data.baby_name ?? '', age: data.age_display }) : t('ins.last_14')}</p>
      <Typical p={p} />
      {days.length > 0 ? (
        <>
          {c.bottleMl.some((v) => v != null) && (
            <Chart title={t('ins.bottle_chart')} x={x} yLabel="ml" data={[c.bottleMl]}
              series={[{ label: t('ins.bottles'), color: '--chart-1', bars: true, unit: 'ml' }]} />
          )}
          {c.breastfeeds.some((v) => v != null) && (
            <Chart title={t('ins.breast_chart')} x={x} yLabel={t('ins.feeds_axis')} data={[c.breastfeeds]}
              series={[{ label: t('ins.breastfeeds'), color: '--chart-3', bars: true }]} />
          )}
          {/* Stacked: the night series is the whole bar (day + night), the day part is drawn over its foot. */}
          <Chart title={t('ins.sleep_chart')} x={x} yLabel={t('ins.hours_axis')} data={[c.sleepTotalH, c.sleepDayH]}
            series={[{ label: t('ins.night'), color: '--chart-2', bars: true, unit: 'h' }, { label: t('ins.day'), color: '--chart-3', bars: true, unit: 'h' }]} />
          <Chart title={t('ins.nappy_chart')} x={x} data={[c.wet, c.dirty]} grouped
            series={[{ label: t('home.wet'), color: '--chart-1', bars: true }, { label: t('home.dirty'), color: '--chart-2', bars: true }]} />
          <details class="card">
            <summary>{t('ins.table')}</summary>
            <div class="table-wrap">
              <table>
                <thead><tr><th scope="col">{t('report.date')}</th><th scope="col">{t('ins.bottles')}</th><th scope="col">{t('ins.breastfeeds')}</th><th scope="col">{t('d24.sleep')}</th><th scope="col">{t('ins.nappies')}</th></tr></thead>
                <tbody>
                  {[...days].reverse().map((d) => (
                    <tr key={dateOf(d)}>
                      <th scope="row">{date(String(d.date), { day: 'numeric', month: 'short' })}</th>
                      <td>{numOf(d, 'bottle_feeds') ? `${numOf(d, 'bottle_feeds')} · ${num(numOf(d, 'bottle_ml', 'milk_ml') ?? 0)} ml` : '—'}</td>
                      <td>{numOf(d, 'breastfeeds') ? `${numOf(d, 'breastfeeds')}${numOf(d, 'breastfeed_minutes') ? ` · ${duration(numOf(d, 'breastfeed_minutes'))}` : ''}` : '—'}</td>
                      <td>{duration(numOf(d, 'sleep_minutes')) || '—'}</td>
                      <td>{numOf(d, 'nappies') ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : (
        <p class="muted">{t('ins.nothing')}</p>
      )}
    </>
  );
}

function Typical({ p }: { p: Record<string, unknown> }) {
  const n = (k: string) => numOf(p, k);
  const longest = objectOf(p.longest_sleep);
  const rows: [string, string][] = [];
  const add = (label: string, v: unknown) => {
    if (v != null && v !== '') rows.push([label, String(v)]);
  };
  const interval = n('typical_feed_interval_minutes');
  const longestMin = numOf(longest, 'minutes');
  const milk = n('average_daily_milk_ml');
  const feeds = n('average_daily_feeds');
  const sleep = n('average_daily_sleep_minutes');
  const naps = n('average_daily_naps');
  add(t('ins.between_feeds'), interval != null ? duration(interval) : null);
  add(t('ins.bedtime'), typeof p.typical_bedtime === 'string' ? time(p.typical_bedtime) || p.typical_bedtime : p.typical_bedtime);
  add(t('ins.wake'), typeof p.typical_wake_time === 'string' ? time(p.typical_wake_time) || p.typical_wake_time : p.typical_wake_time);
  if (longestMin) add(t('report.longest'), longest.ongoing ? t('ins.ongoing', { d: duration(longestMin) }) : duration(longestMin));
  add(t('ins.avg_milk'), milk != null ? `${num(Math.round(milk))} ml` : null);
  add(t('ins.avg_feeds'), feeds != null ? num(Math.round(feeds * 10) / 10, 1) : null);
  add(t('ins.avg_sleep'), sleep != null ? duration(sleep) : null);
  add(t('ins.avg_naps'), naps != null ? num(Math.round(naps * 10) / 10, 1) : null);
  const known = new Set(['typical_feed_interval_minutes', 'typical_bedtime', 'typical_wake_time', 'longest_sleep', 'average_daily_milk_ml',
    'average_daily_feeds', 'average_daily_sleep_minutes', 'average_daily_naps', 'age_band', 'days_logged', 'trend']);
  const rest = Object.fromEntries(Object.entries(p).filter(([k, v]) => !known.has(k) && v != null && typeof v !== 'object'));
  const trend = p.trend && typeof p.trend === 'object' ? Object.entries(p.trend).filter(([, v]) => v != null) : [];
  return (
    <section class="card" aria-labelledby="typical-h">
      <h2 id="typical-h" style={{ marginTop: 0 }}>{t('ins.typical')}</h2>
      {rows.length ? (
        <dl class="generic">
          {rows.map(([k, v]) => (<div class="kv" key={k}><dt>{k}</dt><dd>{v}</dd></div>))}
        </dl>
      ) : (
        <p class="muted">{t('ins.few_days')}</p>
      )}
      {Object.keys(rest).length > 0 && <Generic value={rest} />}
      {trend.length > 0 && (
        <>
          <h3>{t('ins.trend')}</h3>
          <dl class="generic">
            {trend.map(([k, v]) => (<div class="kv" key={k}><dt>{humanKey(k)}</dt><dd><Generic value={v} /></dd></div>))}
          </dl>
        </>
      )}
    </section>
  );
}
