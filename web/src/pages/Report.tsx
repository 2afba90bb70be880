// The printable report for a health visitor or doctor (/report?from&to): what was logged, day
// by day, temperatures, medicines given and milestones, growth on the WHO centile lines (weight,
// length, head circumference), new solids and allergens, and the notes. No
// navigation chrome; the print stylesheet fits A4 and US Letter, and the baby's name and the
// date range repeat at the top of every printed page (a repeating table header). Facts only.
import { useEffect, useState } from 'preact/hooks';
import { get, ApiError, type Schemas } from '../lib/api';
import { selectedChild } from '../lib/session';
import { navigate } from '../lib/router';
import { doseText } from '../lib/describe';

/** The printable report (GET /api/vega/report). */
type ReportData = Schemas['Report'];
type Measurement = ReportData['growth']['measurements'][number];
type Line = ReportData['growth']['centile_lines']['weight'][number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export function dateLabel(d: string, weekday = false): string {
  const [y, m, day] = d.split('-').map(Number);
  const wd = WEEKDAYS[new Date(Date.UTC(y, m - 1, day)).getUTCDay()];
  return `${weekday ? `${wd} ` : ''}${day} ${MONTHS[m - 1]} ${y}`;
}
export function hm(min: number): string {
  if (min <= 0) return '0 min';
  const h = Math.floor(min / 60);
  const m = min % 60;
  return h ? (m ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
}
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const MEASURE: Record<Measurement['type'], string> = { weight: 'Weight', length: 'Length', head_circumference: 'Head circumference' };

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
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${MEASURE[kind]} on the WHO centile lines`}>
        <text x="2" y="10" font-size="8">{unit}</text>
        <text x="2" y={Y(y0)} font-size="8">{y0}</text>
        <text x="2" y={Y(y1) + 6} font-size="8">{y1}</text>
        {lines.map((l) => (
          <g key={l.centile}>
            <polyline fill="none" stroke={l.centile === 50 ? '#444' : '#999'} stroke-width={l.centile === 50 ? 1.2 : 0.7}
              points={l.points.map((p) => `${X(p.age_days).toFixed(1)},${Y(p.value).toFixed(1)}`).join(' ')} />
            <text x={W - 8} y={Y(l.points[l.points.length - 1].value) + 3} font-size="7">{l.centile}</text>
          </g>
        ))}
        {points.map((p) => <circle key={p.ts} cx={X(p.age_days)} cy={Y(p.value)} r="3" fill="#000" />)}
        <text x={W / 2} y={H - 4} font-size="8" text-anchor="middle">age in days (WHO centiles 2nd to 98th)</text>
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
  const [t, setT] = useState(to);
  useEffect(() => {
    setData(null);
    setError(null);
    get('/api/vega/report', { params: { query: { from, to, ...selectedChild() } } })
      .then((r) => {
        setData(r);
        document.title = `${r.baby_name} · ${dateLabel(r.from)} to ${dateLabel(r.to)} · Report`;
      })
      .catch((e) => setError(e instanceof ApiError ? e.message : 'Could not load the report.'));
  }, [from, to]);

  const controls = (
    <form class="report-controls no-print" onSubmit={(e) => { e.preventDefault(); navigate(`/report?from=${f}&to=${t}`); }}>
      <a href="/settings">← Back to the app</a>
      <label>From <input type="date" value={f} onInput={(e) => setF((e.currentTarget as HTMLInputElement).value)} /></label>
      <label>To <input type="date" value={t} onInput={(e) => setT((e.currentTarget as HTMLInputElement).value)} /></label>
      <button class="btn small" type="submit">Show</button>
      <button class="btn small primary" type="button" onClick={() => print()} disabled={!data}>Print or save as PDF</button>
      <span class="muted small">Up to 31 days.</span>
    </form>
  );
  if (error) return <main class="report">{controls}<h1>Report</h1><p class="error" role="alert">{error}</p></main>;
  if (!data) return <main class="report">{controls}<p class="muted" aria-busy="true">Loading…</p></main>;
  const range = `${dateLabel(data.from)} to ${dateLabel(data.to)}`;
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
              <span class="report-name">{data.baby_name}</span> · born {dateLabel(data.dob)} · <span>{range}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <h1>{data.baby_name}: {range}</h1>
              <p class="small">What the family logged in Baby Tracker. Times are local ({data.from === data.to ? 'one day' : `${data.days.length} days`}). Produced {data.generated_at.replace('T', ' ').slice(0, 16)}.</p>

              <h2>Day by day</h2>
              <table class="report-days">
                <thead>
                  <tr>
                    <th scope="col">Day</th><th scope="col">Feeds</th><th scope="col">Bottles (ml)</th><th scope="col">Breastfeeds (minutes)</th>
                    <th scope="col">Sleep</th><th scope="col">Longest sleep</th><th scope="col">Wet</th><th scope="col">Dirty</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.date} data-date={d.date}>
                      <th scope="row">{dateLabel(d.date, true)}</th>
                      <td>{d.feeds.count}</td>
                      <td>{d.feeds.bottle_count} · {d.feeds.bottle_ml} ml</td>
                      <td>{d.feeds.breastfeed_count} · {d.feeds.breastfeed_minutes} min</td>
                      <td>{hm(d.sleep.total_minutes)}</td>
                      <td>{hm(d.sleep.longest_minutes)}</td>
                      <td>{d.nappies.wet}</td>
                      <td>{d.nappies.dirty}</td>
                    </tr>
                  ))}
                  <tr class="report-total">
                    <th scope="row">Total</th>
                    <td>{data.totals.feeds}</td>
                    <td>{data.totals.bottle_ml} ml</td>
                    <td>{data.totals.breastfeed_count} · {data.totals.breastfeed_minutes} min</td>
                    <td>{hm(data.totals.sleep_minutes)}</td>
                    <td></td>
                    <td>{data.totals.wet}</td>
                    <td>{data.totals.dirty}</td>
                  </tr>
                </tbody>
              </table>

              {newFields && (
                <>
                  <h2>Temperatures, medicines given and milestones</h2>
                  {healthDays.length === 0 ? <p class="small">None logged in this period.</p> : (
                    <table class="report-days report-health" data-testid="report-health">
                      <thead>
                        <tr><th scope="col">Day</th><th scope="col">Temperatures</th><th scope="col">Medicines given</th><th scope="col">Milestones</th></tr>
                      </thead>
                      <tbody>
                        {healthDays.map((d) => (
                          <tr key={d.date} data-date={d.date}>
                            <th scope="row">{dateLabel(d.date, true)}</th>
                            <td>{(d.temperatures ?? []).map((x) => (
                              <div key={x.ts}>{x.ts.slice(11, 16)} {x.celsius.toFixed(1)} °C / {x.fahrenheit.toFixed(1)} °F{x.method ? ` (${x.method})` : ''}</div>
                            ))}</td>
                            <td>{(d.medicines ?? []).map((x) => (
                              <div key={x.ts + x.medicine}>{x.ts.slice(11, 16)} {x.medicine}{x.amount != null && x.unit ? ` ${doseText(x.amount, x.unit)}` : ''} ({x.author})</div>
                            ))}</td>
                            <td>{(d.milestones ?? []).map((x) => <div key={x.ts + x.title}>{x.title}</div>)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </>
              )}

              <h2>Growth</h2>
              {data.growth.measurements.length === 0 ? <p class="small">No weight, length or head circumference logged up to {dateLabel(data.to)}.</p> : (
                <>
                  <table class="report-growth">
                    <thead><tr><th scope="col">Date</th><th scope="col">Measure</th><th scope="col">Value</th><th scope="col">WHO centile</th></tr></thead>
                    <tbody>
                      {data.growth.measurements.map((m) => (
                        <tr key={m.ts + m.type}>
                          <td>{dateLabel(m.ts.slice(0, 10))}</td>
                          <td>{MEASURE[m.type] ?? m.type}</td>
                          <td>{m.value} {m.unit}</td>
                          <td>{m.percentile === null ? '—' : m.percentile}</td>
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

              <h2>Solids</h2>
              {data.solids.new_foods.length === 0 ? <p class="small">No new foods in this period.</p> : (
                <ul class="small">
                  {data.solids.new_foods.map((x) => (
                    <li key={x.food}>{dateLabel(x.first_ts.slice(0, 10))}: first {x.food}{x.allergens.length ? ` (contains ${x.allergens.join(', ')})` : ''}</li>
                  ))}
                </ul>
              )}
              {data.solids.new_allergens.length > 0 && (
                <p class="small">Allergens first eaten in this period: {data.solids.new_allergens.map((a) => `${a.name} (${dateLabel(a.first_ts.slice(0, 10))}, ${a.food})`).join('; ')}.</p>
              )}

              <h2>Notes</h2>
              {data.notes.length === 0 ? <p class="small">No notes in this period.</p> : (
                <ul class="small">{data.notes.map((n) => <li key={n.ts}>{n.ts.replace('T', ' ').slice(0, 16)}: {n.note}</li>)}</ul>
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </main>
  );
}
