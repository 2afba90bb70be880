// Growth: weight, length and head circumference (GET /api/vega/measurements) plotted on the WHO
// centile curves for the child's sex, by age. Imperial families see lb and inches; the data
// stay metric.
import { useEffect, useState } from 'preact/hooks';
import { Chart } from '../components/Chart';
import { ApiError, get } from '../lib/api';
import type { Schemas } from '../lib/api';
import { selectedChild, useSession } from '../lib/session';
import { showLength, showWeight, KG_PER_LB, CM_PER_IN } from '../lib/units';
import { CENTILES, sexOf, valueAt, type Kind } from '../lib/who';
import { date, t } from '../i18n/core';

/** A weight, length or head circumference with its centile (GET /api/vega/measurements). */
type Measurement = Schemas['Measurement'];

const DAY = 86400000;
const name = (kind: Kind) => (kind === 'weight' ? t('home.weight') : kind === 'length' ? t('growth.length') : t('growth.head'));
const ageDays = (dob: string, ts: string) => Math.round((Date.parse(`${ts.slice(0, 10)}T00:00:00Z`) - Date.parse(`${dob}T00:00:00Z`)) / DAY);

export function Growth() {
  const s = useSession();
  const [items, setItems] = useState<Measurement[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get('/api/vega/measurements', { params: { query: selectedChild() } }).then(
      (r) => setItems(r.measurements),
      (e) => setError(e instanceof ApiError ? e.message : t('growth.load_failed')),
    );
  }, []);
  const units = s.profile?.units ?? 'metric';
  const dob = s.profile?.dob ?? '';
  const sex = sexOf(s.profile?.gender);

  if (error) return (<><h1>{t('nav.growth')}</h1><p class="error" role="alert">{error}</p></>);
  if (!items) return (<><h1>{t('nav.growth')}</h1><p class="muted" aria-busy="true">{t('common.loading')}</p></>);
  const weights = items.filter((e) => e.type === 'weight' && e.kg != null);
  const lengths = items.filter((e) => e.type === 'length' && e.cm != null);
  const heads = items.filter((e) => e.type === 'head_circumference' && e.cm != null);
  return (
    <>
      <h1>{t('nav.growth')}</h1>
      {!sex && <p class="muted small">{t('growth.set_sex')}</p>}
      {items.length === 0 && <p class="muted">{t('growth.none', { weight: t('home.weight'), more: t('home.more') })}</p>}
      <GrowthChart kind="weight" events={weights} dob={dob} sex={sex} units={units} />
      <GrowthChart kind="length" events={lengths} dob={dob} sex={sex} units={units} />
      <GrowthChart kind="head" events={heads} dob={dob} sex={sex} units={units} />
      {items.length > 0 && (
        <section class="card" aria-labelledby="meas-h">
          <h2 id="meas-h" style={{ marginTop: 0 }}>{t('growth.measurements')}</h2>
          <ul class="events">
            {[...items].reverse().map((e) => {
              const p = percentileOf(e);
              return (
                <li key={e.id} class="event-head" style={{ padding: '0.3rem 0' }}>
                  <span class="event-time">{date(e.ts, { day: 'numeric', month: 'short', year: 'numeric' })}</span>
                  <span class="event-what">{e.type === 'weight' ? showWeight(e.kg, units) : e.type === 'head_circumference' ? t('growth.head_value', { v: showLength(e.cm, units).replace(' ', '\u00a0') }) : showLength(e.cm, units).replace(' ', '\u00a0')}</span>
                  <span class="event-author">{p ?? ''}</span>
                </li>
              );
            })}
          </ul>
          <p class="hint">{t('growth.hint')}</p>
        </section>
      )}
    </>
  );
}

/** A measurement's WHO centile, said as a number (1st to 99th). */
function percentileOf(e: Measurement): string | null {
  return e.percentile ? t('growth.centile', { n: Math.round(Math.min(99, Math.max(1, e.percentile.percentile))) }) : null;
}

function GrowthChart({ kind, events, dob, sex, units }: { kind: Kind; events: Measurement[]; dob: string; sex: 'boy' | 'girl' | null; units: string }) {
  if (!events.length && !sex) return null;
  // A head chart without a head measurement is only WHO's lines: shown once there is one.
  if (kind === 'head' && !events.length) return null;
  const imperial = units === 'imperial';
  const conv = (v: number) => (kind === 'weight' ? (imperial ? v / KG_PER_LB : v) : imperial ? v / CM_PER_IN : v);
  const unit = kind === 'weight' ? (imperial ? 'lb' : 'kg') : imperial ? 'in' : 'cm';
  const ages = events.map((e) => ageDays(dob, e.ts));
  const today = dob ? ageDays(dob, new Date().toISOString()) : 0;
  const maxAge = Math.min(1856, Math.max(182, today + 30, ...ages.map((a) => a + 14)));
  // Sample the curves every week (every month past a year) plus at each measurement's age.
  const xs = new Set<number>(ages.filter((a) => a >= 0));
  for (let a = 0; a <= maxAge; a += maxAge > 400 ? 30 : 7) xs.add(a);
  xs.add(maxAge);
  const x = [...xs].sort((a, b) => a - b);
  const data: (number | null)[][] = [];
  const series = [];
  if (sex) {
    for (const [n, z] of CENTILES) {
      const label = t('growth.centile_short', { n });
      data.push(x.map((a) => Math.round(conv(valueAt(kind, sex, a, z)) * 100) / 100));
      series.push({ label, color: z === 0 ? '--chart-3' : '--border', reference: true, unit });
    }
  }
  const byAge = new Map(events.map((e) => [ageDays(dob, e.ts), conv((kind === 'weight' ? e.kg : e.cm) as number)]));
  data.push(x.map((a) => (byAge.has(a) ? Math.round(byAge.get(a)! * 100) / 100 : null)));
  series.push({ label: name(kind), color: '--chart-1', pointsOnly: true, unit });
  // x in months reads better than days on a phone.
  const xm = x.map((a) => Math.round((a / 30.4375) * 100) / 100);
  return (
    <Chart title={t('growth.chart_title', { name: name(kind), unit })} x={xm} data={data} series={series} time={false} height={240} />
  );
}
