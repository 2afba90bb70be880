// Solids: nutrients today and over 7 days against the age band's targets, and the allergen
// grid (which allergens have been offered, and when). The inner shapes are not fixed by the
// spec, so numbers are matched by key and anything else is shown as labelled values.
import { useEffect, useState } from 'preact/hooks';
import { Generic, humanKey, humanValue } from '../components/Generic';
import { ApiError, get, type Schemas } from '../lib/api';
import { selectedChild } from '../lib/session';
import { innerOr, objectOf } from '../lib/open-object';

const UNIT = /_(kcal|g|mg|ug)$/;
const UNIT_LABEL: Record<string, string> = { kcal: 'kcal', g: 'g', mg: 'mg', ug: 'µg' };
export function nutrientLabel(k: string): string {
  const m = k.match(UNIT);
  const base = humanKey(k.replace(UNIT, '')).replace(/^Energy$/, 'Energy').replace(/Vitamin (\w)/i, (_, l) => `Vitamin ${l.toUpperCase()}`);
  return m ? `${base} (${UNIT_LABEL[m[1]]})` : base;
}

type Cell = {
  amount?: number; target?: number | null; pct?: number | null; unit?: string; label?: string;
  // 1.3.x: iron and vitamin D count drops beside the food; amount = from_food + from_drops.
  from_food?: number; from_drops?: number; drops?: number; drops_without_amount?: number;
  target_range?: { min: number; max: number } | null;
};

/** Accepts {key: {amount, target, pct, unit}} or {key: number}; the label comes from the targets. */
function Nutrients({ title, values, labels, note }: { title: string; values: Record<string, unknown>; labels: Record<string, Cell>; note?: string }) {
  const keys = Object.keys(values ?? {}).filter((k) => typeof values[k] === 'number' || (values[k] && typeof values[k] === 'object'));
  return (
    <section class="card" aria-label={title}>
      <h2 style={{ marginTop: 0 }}>{title}</h2>
      {note && <p class="muted small">{note}</p>}
      {keys.length === 0 && <p class="muted">Nothing yet.</p>}
      {keys.map((k) => {
        const raw = values[k];
        const c: Cell = typeof raw === 'number' ? { amount: raw } : (raw as Cell);
        const target = c.target ?? labels[k]?.target ?? null;
        const unit = c.unit ?? labels[k]?.unit ?? '';
        const amount = c.amount ?? 0;
        // A served null pct means "not known" (drops logged without an amount): never recompute it from the food.
        const pct = 'pct' in c ? c.pct ?? null : (target ? Math.round((amount / target) * 100) : null);
        const label = labels[k]?.label ?? nutrientLabel(k);
        const range = c.target_range ? `${humanValue(c.target_range.min)}–${humanValue(c.target_range.max)}` : null;
        const unknown = c.drops_without_amount ?? 0;
        return (
          <div class="bar-row" key={k}>
            <div class="row" style={{ justifyContent: 'space-between' }}>
              <span>{label}</span>
              <span><strong>{humanValue(amount)}</strong>{target != null ? ` of ${range ?? humanValue(target)}` : ''} {unit}{pct != null ? ` (${pct}%)` : ''}</span>
            </div>
            {(c.drops ?? 0) > 0 && (
              <p class="muted small" style={{ margin: 0 }}>
                food {humanValue(c.from_food ?? 0)} + drops {humanValue(c.from_drops ?? 0)} {unit}
                {unknown > 0 ? ` · ${unknown} dose${unknown === 1 ? '' : 's'} of drops without an amount, not counted` : ''}
              </p>
            )}
            {target && pct != null ? (
              <div class="meter" role="img" aria-label={`${label}: ${pct}% of the reference amount`}>
                <span style={{ width: `${Math.min(100, pct ?? 0)}%` }} />
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

/** The allergen grid: one row per regulated allergen, one dot per day it was offered. */
function AllergenGrid({ grid }: { grid: Record<string, unknown> }) {
  if (!Array.isArray(grid.allergens) || !grid.cells || !Array.isArray(grid.days)) return <Generic value={grid} />;
  const days = grid.days.map(String);
  const rows = objectOf(grid.cells);
  const sinceOf = objectOf(grid.days_since_last);
  const lastOf = objectOf(grid.last_exposure);
  return (
    <div class="table-wrap">
      <table class="allergens">
        <caption class="sr-only">Allergens offered on each of the last {days.length} days</caption>
        <thead>
          <tr>
            <th scope="col">Allergen</th>
            <th scope="col">Last offered</th>
            <th scope="col"><span class="sr-only">Days </span>{days[0]?.slice(5)} → {days[days.length - 1]?.slice(5)}</th>
          </tr>
        </thead>
        <tbody>
          {grid.allergens.map((allergen: unknown) => {
            const a = objectOf(allergen);
            const id = String(a.id);
            const row = rows[id];
            const cells = Array.isArray(row) ? row.map(Number) : [];
            const since = sinceOf[id];
            const last = lastOf[id];
            return (
              <tr key={id}>
                <th scope="row">{String(a.label)}</th>
                <td>{last ? (since === 0 ? 'today' : since != null ? `${String(since)} d ago` : String(last)) : <span class="muted">not yet</span>}</td>
                <td>
                  <span class="dots" aria-label={`${cells.filter((n) => n > 0).length} of ${days.length} days`}>
                    {cells.map((n, i) => <span key={i} class={n > 0 ? 'dot on' : 'dot'} title={`${days[i]}: ${n}`} />)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Today's drops in a few words: vitamin D and iron count toward the nutrients, a multivitamin does not. */
function dropsNote(drops: unknown): string {
  if (!Array.isArray(drops) || drops.length === 0) return '';
  const counted = drops.filter((d) => objectOf(d).counts_toward).length;
  const other = drops.length - counted;
  return ` Drops: ${counted} counted${other > 0 ? `, ${other} multivitamin or other not counted (contents not logged)` : ''}.`;
}

export function Solids() {
  const [data, setData] = useState<Schemas['Patterns'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get('/api/vega/patterns', { params: { query: selectedChild() } }).then(setData, (e) => setError(e instanceof ApiError ? e.message : 'Could not load solids.'));
  }, []);
  if (error) return (<><h1>Solids</h1><p class="error" role="alert">{error}</p></>);
  if (!data) return (<><h1>Solids</h1><p class="muted" aria-busy="true">Loading…</p></>);
  const started = data.flags.solids_started;
  const targets = data.nutrient_targets;
  const labels = innerOr(targets, 'nutrients') as Record<string, Cell>;
  const today = data.nutrients_today;
  const week = data.nutrients_7d;
  const todayValues = innerOr(today, 'nutrients');
  const weekValues = week.daily_average && typeof week.daily_average === 'object' ? objectOf(week.daily_average) : week.totals ? objectOf(week.totals) : week;
  return (
    <>
      <h1>Solids</h1>
      {!started && <p class="muted">No solids logged yet. When you start weaning, log meals from Home with “Solids” and this page fills in.</p>}
      <Nutrients title="Nutrients today" values={todayValues} labels={labels}
        note={typeof today.portions === 'number' ? `${today.portions} portion${today.portions === 1 ? '' : 's'} logged today.${dropsNote(today.drops)}` : undefined} />
      <Nutrients title="Last 7 days, daily average" values={weekValues} labels={labels}
        note={typeof week.days_with_solids === 'number' ? `Solids on ${week.days_with_solids} of ${typeof week.days === 'number' ? week.days : 7} days.` : undefined} />
      {(targets.basis || targets.note) && (
        <p class="hint">{targets.note ? String(targets.note) : ''} {targets.basis ? `Reference: ${String(targets.basis)}.` : ''}</p>
      )}
      <section class="card" aria-labelledby="allergen-h">
        <h2 id="allergen-h" style={{ marginTop: 0 }}>Allergens offered</h2>
        <AllergenGrid grid={data.allergen_grid} />
        {Object.keys(data.allergens_today).length > 0 && (
          <>
            <h3>Today</h3>
            <ul>
              {Object.entries(data.allergens_today).map(([k, v]) => {
                const { label, foods } = objectOf(v);
                return <li key={k}>{typeof label === 'string' ? label : humanKey(k)}{Array.isArray(foods) ? ` — ${foods.join(', ')}` : ''}</li>;
              })}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
