// Solids: nutrients today and over 7 days against the age band's targets, and the allergen
// grid (which allergens have been offered, and when). The inner shapes are not fixed by the
// spec, so numbers are matched by key and anything else is shown as labelled values.
import { useEffect, useState } from 'preact/hooks';
import { Generic, humanKey, humanValue } from '../components/Generic';
import { ApiError, get } from '../lib/api';

const UNIT = /_(kcal|g|mg|ug)$/;
const UNIT_LABEL: Record<string, string> = { kcal: 'kcal', g: 'g', mg: 'mg', ug: 'µg' };
export function nutrientLabel(k: string): string {
  const m = k.match(UNIT);
  const base = humanKey(k.replace(UNIT, '')).replace(/^Energy$/, 'Energy').replace(/Vitamin (\w)/i, (_, l) => `Vitamin ${l.toUpperCase()}`);
  return m ? `${base} (${UNIT_LABEL[m[1]]})` : base;
}

/** A target may be a number or an object like {min, max} / {target} / {daily}. */
function targetOf(t: unknown): number | null {
  if (typeof t === 'number') return t;
  if (t && typeof t === 'object') {
    const o = t as Record<string, unknown>;
    for (const k of ['target', 'daily', 'value', 'rni', 'ai', 'rda', 'min', 'low']) if (typeof o[k] === 'number') return o[k] as number;
  }
  return null;
}
const numOf = (v: unknown): number | null =>
  typeof v === 'number' ? v : v && typeof v === 'object' ? targetOf(v) ?? (typeof (v as any).total === 'number' ? (v as any).total : null) : null;

function Nutrients({ title, values, targets, days }: { title: string; values: Record<string, unknown>; targets: Record<string, unknown>; days: number }) {
  const keys = [...new Set([...Object.keys(values ?? {}), ...Object.keys(targets ?? {})])].filter((k) => numOf(values?.[k]) != null || targetOf(targets?.[k]) != null);
  return (
    <section class="card" aria-label={title}>
      <h2 style={{ marginTop: 0 }}>{title}</h2>
      {keys.length === 0 && <p class="muted">Nothing yet.</p>}
      {keys.map((k) => {
        const v = numOf(values?.[k]) ?? 0;
        const t0 = targetOf(targets?.[k]);
        const t = t0 != null ? t0 * days : null;
        const pct = t ? Math.round((v / t) * 100) : null;
        return (
          <div class="bar-row" key={k}>
            <div class="row" style={{ justifyContent: 'space-between' }}>
              <span>{nutrientLabel(k)}</span>
              <span><strong>{humanValue(v)}</strong>{t != null ? ` of ${humanValue(t)}${pct != null ? ` (${pct}%)` : ''}` : ''}</span>
            </div>
            {t ? (
              <div class="meter" role="img" aria-label={`${nutrientLabel(k)}: ${pct}% of target`}>
                <span style={{ width: `${Math.min(100, pct ?? 0)}%` }} />
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

function AllergenGrid({ grid }: { grid: unknown }) {
  if (!grid || typeof grid !== 'object') return <p class="muted">Nothing yet.</p>;
  const entries = Array.isArray(grid) ? grid.map((v, i) => [String(i), v] as [string, unknown]) : Object.entries(grid as Record<string, unknown>);
  if (!entries.length) return <p class="muted">Nothing yet.</p>;
  const rowsAreObjects = entries.every(([, v]) => v && typeof v === 'object' && !Array.isArray(v));
  if (!rowsAreObjects) return <Generic value={grid} />;
  const cols = [...new Set(entries.flatMap(([, v]) => Object.keys(v as object)))].filter((c) => !['label', 'name', 'id'].includes(c)).slice(0, 5);
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr><th scope="col">Allergen</th>{cols.map((c) => <th scope="col" key={c}>{humanKey(c)}</th>)}</tr>
        </thead>
        <tbody>
          {entries.map(([k, v]) => {
            const o = v as Record<string, unknown>;
            return (
              <tr key={k}>
                <th scope="row">{String(o.label ?? o.name ?? humanKey(k))}</th>
                {cols.map((c) => <td key={c}>{typeof o[c] === 'object' && o[c] && !Array.isArray(o[c]) ? <Generic value={o[c]} /> : humanValue(o[c])}</td>)}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function Solids() {
  const [data, setData] = useState<any>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get('/api/vega/patterns').then(setData, (e) => setError(e instanceof ApiError ? e.message : 'Could not load solids.'));
  }, []);
  if (error) return (<><h1>Solids</h1><p class="error" role="alert">{error}</p></>);
  if (!data) return (<><h1>Solids</h1><p class="muted" aria-busy="true">Loading…</p></>);
  const started = data.flags?.solids_started;
  const targets = data.nutrient_targets ?? {};
  return (
    <>
      <h1>Solids</h1>
      {!started && <p class="muted">No solids logged yet. When you start weaning, log meals from Home with “Solids” and this page fills in.</p>}
      <Nutrients title="Nutrients today" values={data.nutrients_today ?? {}} targets={targets} days={1} />
      <Nutrients title="Nutrients, last 7 days" values={data.nutrients_7d ?? {}} targets={targets} days={7} />
      <section class="card" aria-labelledby="allergen-h">
        <h2 id="allergen-h" style={{ marginTop: 0 }}>Allergens offered</h2>
        <AllergenGrid grid={data.allergen_grid} />
        {data.allergens_today && Object.keys(data.allergens_today).length > 0 && (
          <>
            <h3>Today</h3>
            <Generic value={data.allergens_today} />
          </>
        )}
      </section>
    </>
  );
}
