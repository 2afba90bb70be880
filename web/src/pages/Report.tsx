// The printable report for a health visitor or doctor (/report?from&to): what was logged, day
// by day, temperatures, medicines given and milestones, growth on the WHO centile lines (weight,
// length, head circumference), new solids and allergens, and the notes. No
// navigation chrome; the print stylesheet fits A4 and US Letter, and the baby's name and the
// date range repeat at the top of every printed page (a repeating table header). Facts only.
import { useEffect, useState } from 'preact/hooks';
import { get, ApiError, type Schemas } from '../lib/api';
import { selectedChild } from '../lib/session';
import { navigate } from '../lib/router';
import { doseText, methodName } from '../lib/describe';
import { date, duration, num, t, time } from '../i18n/core';

/** The printable report (GET /api/vega/report). */
type ReportData = Schemas['Report'];
type Measurement = ReportData['growth']['measurements'][number];
type Line = ReportData['growth']['centile_lines']['weight'][number];

/** "20 Oct 2026", "Tue 20 Oct 2026" ("Di. 20. Okt. 2026"): the weekday apart, so no comma comes between. */
export function dateLabel(d: string, weekday = false): string {
  const day = date(d, { day: 'numeric', month: 'short', year: 'numeric' });
  return weekday ? `${date(d, { weekday: 'short' })} ${day}` : day;
}
/** "12 h 30 min", "0 min" in the caregiver's words. */
export const hm = (min: number): string => duration(Math.max(0, min));
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const measure = (type: string) => (type === 'weight' ? t('home.weight') : type === 'length' ? t('growth.length') : type === 'head_circumference' ? t('growth.head') : type);

function GrowthChart({ kind, lines, points }: { kind: Measurement['type']; lines: Line[]; points: Measurement[] }) {
  if (!lines.length) return null;
  const all = lines.flatMap((l) => l.points);
  const x0 = Math.min(...all.map((p) => p.age_days));
  const x1 = Math.max(...all.map((p) => p.age_days));
  const vals = [...all.map((p) => p.value), ...points.map((p) => p.value)];
  const y0 = Math.floor(Math.min(...vals));
  const y1 = Math.ceil(Math.max(...vals));
  const W = 320;
  const H = 180;
  const X = (a: number) => 30 + ((a - x0) / Math.max(1, x1 - x0)) * (W - 40);
  const Y = (v: number) => H - 20 - ((v - y0) / Math.max(1, y1 - y0)) * (H - 30);
  const unit = kind === 'weight' ? 'kg' : 'cm';
  return (
    <figure class="report-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('report.chart_label', { name: measure(kind) })}>
        <text x="2" y="10" font-size="8">{unit}</text>
        <text x="2" y={Y(y0)} font-size="8">{num(y0)}</text>
        <text x="2" y={Y(y1) + 6} font-size="8">{num(y1)}</text>
        {lines.map((l) => (
          <g key={l.centile}>
            <polyline fill="none" stroke={l.centile === 50 ? '#444' : '#999'} stroke-width={l.centile === 50 ? 1.2 : 0.7}
              points={l.points.map((p) => `${X(p.age_days).toFixed(1)},${Y(p.value).toFixed(1)}`).join(' ')} />
            <text x={W - 8} y={Y(l.points[l.points.length - 1].value) + 3} font-size="7">{l.centile}</text>
          </g>
        ))}
        {points.map((p) => <circle key={p.ts} cx={X(p.age_days)} cy={Y(p.value)} r="3" fill="#000" />)}
        <text x={W / 2} y={H - 4} font-size="8" text-anchor="middle">{t('report.chart_axis')}</text>
      </svg>
    </figure>
  );
}

export function Report({ query }: { query: URLSearchParams }) {
  const today = new Date();
  const from = query.get('from') ?? isoDay(new Date(today.getTime() - 13 * 86400000));
  const to = query.get('to') ?? isoDay(today);
  const [data, setData] = useState<ReportData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [f, setF] = useState(from);
  const [until, setUntil] = useState(to);
  useEffect(() => {
    setData(null);
    setError(null);
    get('/api/vega/report', { params: { query: { from, to, ...selectedChild() } } })
      .then((r) => {
        setData(r);
        document.title = t('report.doc_title', { name: r.baby_name, range: t('report.range', { from: dateLabel(r.from), to: dateLabel(r.to) }) });
      })
      .catch((e) => setError(e instanceof ApiError ? e.message : t('report.load_failed')));
  }, [from, to]);

  const controls = (
    <form class="report-controls no-print" onSubmit={(e) => { e.preventDefault(); navigate(`/report?from=${f}&to=${until}`); }}>
      <a href="/settings">{t('report.back')}</a>
      <label>{t('rem.from')} <input type="date" value={f} onInput={(e) => setF((e.currentTarget as HTMLInputElement).value)} /></label>
      <label>{t('xfer.to')} <input type="date" value={until} onInput={(e) => setUntil((e.currentTarget as HTMLInputElement).value)} /></label>
      <button class="btn small" type="submit">{t('report.show')}</button>
      <button class="btn small primary" type="button" onClick={() => print()} disabled={!data}>{t('report.print')}</button>
      <span class="muted small">{t('report.up_to')}</span>
    </form>
  );
  if (error) return <main class="report">{controls}<h1>{t('nav.report')}</h1><p class="error" role="alert">{error}</p></main>;
  if (!data) return <main class="report">{controls}<p class="muted" aria-busy="true">{t('common.loading')}</p></main>;
  const range = t('report.range', { from: dateLabel(data.from), to: dateLabel(data.to) });
  const weights = data.growth.measurements.filter((m) => m.type === 'weight');
  const lengths = data.growth.measurements.filter((m) => m.type === 'length');
  const heads = data.growth.measurements.filter((m) => m.type === 'head_circumference');
  // Temperatures, medicines given and milestones (issue 26): the days that have any.
  const healthDays = data.days.filter((d) => d.temperatures?.length || d.medicines?.length || d.milestones?.length);
  const newFields = data.days.some((d) => Array.isArray(d.temperatures));
  return (
    <main class="report" data-testid="report">
      {controls}
      <table class="report-page">
        <thead>
          <tr>
            <th class="report-running">
              <span class="report-name">{data.baby_name}</span> · {t('report.born', { date: dateLabel(data.dob) })} · <span>{range}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <h1>{t('report.title', { name: data.baby_name, range })}</h1>
              <p class="small">{t('report.intro', { days: data.from === data.to ? 1 : data.days.length, when: `${dateLabel(data.generated_at.slice(0, 10))} ${time(data.generated_at)}` })}</p>

              <h2>{t('report.day_by_day')}</h2>
              <table class="report-days">
                <thead>
                  <tr>
                    <th scope="col">{t('report.day')}</th><th scope="col">{t('report.feeds')}</th><th scope="col">{t('report.bottles')}</th><th scope="col">{t('report.breastfeeds')}</th>
                    <th scope="col">{t('d24.sleep')}</th><th scope="col">{t('report.longest')}</th><th scope="col">{t('home.wet')}</th><th scope="col">{t('home.dirty')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.date} data-date={d.date}>
                      <th scope="row">{dateLabel(d.date, true)}</th>
                      <td>{d.feeds.count}</td>
                      <td>{d.feeds.bottle_count} · {num(d.feeds.bottle_ml)} ml</td>
                      <td>{d.feeds.breastfeed_count} · {t('time.duration_min', { m: d.feeds.breastfeed_minutes })}</td>
                      <td>{hm(d.sleep.total_minutes)}</td>
                      <td>{hm(d.sleep.longest_minutes)}</td>
                      <td>{d.nappies.wet}</td>
                      <td>{d.nappies.dirty}</td>
                    </tr>
                  ))}
                  <tr class="report-total">
                    <th scope="row">{t('report.total')}</th>
                    <td>{data.totals.feeds}</td>
                    <td>{num(data.totals.bottle_ml)} ml</td>
                    <td>{data.totals.breastfeed_count} · {t('time.duration_min', { m: data.totals.breastfeed_minutes })}</td>
                    <td>{hm(data.totals.sleep_minutes)}</td>
                    <td></td>
                    <td>{data.totals.wet}</td>
                    <td>{data.totals.dirty}</td>
                  </tr>
                </tbody>
              </table>

              {newFields && (
                <>
                  <h2>{t('report.health_h')}</h2>
                  {healthDays.length === 0 ? <p class="small">{t('report.none_logged')}</p> : (
                    <table class="report-days report-health" data-testid="report-health">
                      <thead>
                        <tr><th scope="col">{t('report.day')}</th><th scope="col">{t('report.temperatures')}</th><th scope="col">{t('report.medicines')}</th><th scope="col">{t('report.milestones')}</th></tr>
                      </thead>
                      <tbody>
                        {healthDays.map((d) => (
                          <tr key={d.date} data-date={d.date}>
                            <th scope="row">{dateLabel(d.date, true)}</th>
                            <td>{(d.temperatures ?? []).map((x) => (
                              <div key={x.ts}>{time(x.ts)} {num(x.celsius, 1, 1)} °C / {num(x.fahrenheit, 1, 1)} °F{x.method ? ` (${methodName(x.method)})` : ''}</div>
                            ))}</td>
                            <td>{(d.medicines ?? []).map((x) => (
                              <div key={x.ts + x.medicine}>{time(x.ts)} {x.medicine}{x.amount != null && x.unit ? ` ${doseText(x.amount, x.unit)}` : ''} ({x.author})</div>
                            ))}</td>
                            <td>{(d.milestones ?? []).map((x) => <div key={x.ts + x.title}>{x.title}</div>)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </>
              )}

              <h2>{t('nav.growth')}</h2>
              {data.growth.measurements.length === 0 ? <p class="small">{t('report.no_growth', { date: dateLabel(data.to) })}</p> : (
                <>
                  <table class="report-growth">
                    <thead><tr><th scope="col">{t('report.date')}</th><th scope="col">{t('report.measure')}</th><th scope="col">{t('report.value')}</th><th scope="col">{t('report.who_centile')}</th></tr></thead>
                    <tbody>
                      {data.growth.measurements.map((m) => (
                        <tr key={m.ts + m.type}>
                          <td>{dateLabel(m.ts.slice(0, 10))}</td>
                          <td>{measure(m.type)}</td>
                          <td>{num(m.value)} {m.unit}</td>
                          <td>{m.percentile === null ? '—' : num(m.percentile, 1)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <div class="report-charts">
                    <GrowthChart kind="weight" lines={data.growth.centile_lines.weight} points={weights} />
                    <GrowthChart kind="length" lines={data.growth.centile_lines.length} points={lengths} />
                    {heads.length > 0 && <GrowthChart kind="head_circumference" lines={data.growth.centile_lines.head_circumference ?? []} points={heads} />}
                  </div>
                </>
              )}

              <h2>{t('nav.solids')}</h2>
              {data.solids.new_foods.length === 0 ? <p class="small">{t('report.no_new_foods')}</p> : (
                <ul class="small">
                  {data.solids.new_foods.map((x) => (
                    <li key={x.food}>{x.allergens.length
                      ? t('report.first_food_allergens', { date: dateLabel(x.first_ts.slice(0, 10)), food: x.food, allergens: x.allergens.join(', ') })
                      : t('report.first_food', { date: dateLabel(x.first_ts.slice(0, 10)), food: x.food })}</li>
                  ))}
                </ul>
              )}
              {data.solids.new_allergens.length > 0 && (
                <p class="small">{t('report.allergens', { list: data.solids.new_allergens.map((a) => `${a.name} (${dateLabel(a.first_ts.slice(0, 10))}, ${a.food})`).join('; ') })}</p>
              )}

              <h2>{t('report.notes')}</h2>
              {data.notes.length === 0 ? <p class="small">{t('report.no_notes')}</p> : (
                <ul class="small">{data.notes.map((n) => <li key={n.ts}>{dateLabel(n.ts.slice(0, 10))} {time(n.ts)}: {n.note}</li>)}</ul>
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </main>
  );
}
