// Solids: nutrients today and over 7 days against the age band's targets, and the allergen
// grid (which allergens have been offered, and when). The inner shapes are not fixed by the
// spec, so numbers are matched by key and anything else is shown as labelled values.
import { useEffect, useState } from 'preact/hooks';
import { Generic, humanKey, humanValue } from '../components/Generic';
import { ApiError, get, type Schemas } from '../lib/api';
import { selectedChild } from '../lib/session';
import { innerOr, objectOf } from '../lib/open-object';
import { date, t } from '../i18n/core';

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
      {keys.length === 0 && <p class="muted">{t('solids.nothing')}</p>}
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
              <span><strong>{humanValue(amount)}</strong>{target != null ? ` ${t('solids.of', { target: range ?? humanValue(target) })}` : ''} {unit}{pct != null ? ` (${pct}%)` : ''}</span>
            </div>
            {(c.drops ?? 0) > 0 && (
              <p class="muted small" style={{ margin: 0 }}>
                {t('solids.food_drops', { food: humanValue(c.from_food ?? 0), drops: humanValue(c.from_drops ?? 0), unit })}
                {unknown > 0 ? ` · ${t('solids.drops_unknown', { n: unknown })}` : ''}
              </p>
            )}
            {target && pct != null ? (
              <div class="meter" role="img" aria-label={t('solids.pct_label', { label, pct })}>
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
        <caption class="sr-only">{t('solids.grid_caption', { n: days.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('solids.allergen')}</th>
            <th scope="col">{t('solids.last_offered')}</th>
            <th scope="col"><span class="sr-only">{t('solids.days')} </span>{days[0] ? date(days[0], { day: 'numeric', month: 'short' }) : ''} → {days.length ? date(days[days.length - 1]!, { day: 'numeric', month: 'short' }) : ''}</th>
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
                <td>{last ? (since === 0 ? t('live.today') : since != null ? t('solids.days_ago', { n: Number(since) }) : String(last)) : <span class="muted">{t('solids.not_yet')}</span>}</td>
                <td>
                  <span class="dots" aria-label={t('solids.n_of_days', { n: cells.filter((n) => n > 0).length, days: days.length })}>
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
  return ` ${other > 0 ? t('solids.drops_other', { counted, other }) : t('solids.drops', { counted })}`;
}

export function Solids() {
  const [data, setData] = useState<Schemas['Patterns'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get('/api/vega/patterns', { params: { query: selectedChild() } }).then(setData, (e) => setError(e instanceof ApiError ? e.message : t('solids.load_failed')));
  }, []);
  if (error) return (<><h1>{t('nav.solids')}</h1><p class="error" role="alert">{error}</p></>);
  if (!data) return (<><h1>{t('nav.solids')}</h1><p class="muted" aria-busy="true">{t('common.loading')}</p></>);
  const started = data.flags.solids_started;
  const targets = data.nutrient_targets;
  const labels = innerOr(targets, 'nutrients') as Record<string, Cell>;
  const today = data.nutrients_today;
  const week = data.nutrients_7d;
  const todayValues = innerOr(today, 'nutrients');
  const weekValues = week.daily_average && typeof week.daily_average === 'object' ? objectOf(week.daily_average) : week.totals ? objectOf(week.totals) : week;
  return (
    <>
      <h1>{t('nav.solids')}</h1>
      {!started && <p class="muted">{t('solids.none', { button: t('home.solids') })}</p>}
      <Nutrients title={t('solids.today')} values={todayValues} labels={labels}
        note={typeof today.portions === 'number' ? `${t('solids.portions', { n: today.portions })}${dropsNote(today.drops)}` : undefined} />
      <Nutrients title={t('solids.week')} values={weekValues} labels={labels}
        note={typeof week.days_with_solids === 'number' ? t('solids.days_with', { n: week.days_with_solids, days: typeof week.days === 'number' ? week.days : 7 }) : undefined} />
      {(targets.basis || targets.note) && (
        <p class="hint">{targets.note ? String(targets.note) : ''} {targets.basis ? t('solids.reference', { basis: String(targets.basis) }) : ''}</p>
      )}
      <section class="card" aria-labelledby="allergen-h">
        <h2 id="allergen-h" style={{ marginTop: 0 }}>{t('solids.allergens')}</h2>
        <AllergenGrid grid={data.allergen_grid} />
        {Object.keys(data.allergens_today).length > 0 && (
          <>
            <h3>{t('time.today')}</h3>
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
