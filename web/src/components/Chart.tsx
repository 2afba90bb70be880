// A uPlot chart that sizes itself to its container and takes its colours from the theme's
// CSS variables, so night mode charts stay dim. Only the chart pages import this (lazy).
import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { date, num, t } from '../i18n/core';

// Axis labels in the caregiver's words: numbers with their decimal mark, days by their date.
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const xValues = (time: boolean) => (_u: uPlot, splits: number[]) => splits.map((v) => (time ? date(dayOf(v), { day: 'numeric', month: 'short' }) : num(v, 2)));
const yValues = (_u: uPlot, splits: number[]) => splits.map((v) => num(v, 2));

/** Bumps when night mode flips (toggle or system), so charts re-read their colours. */
function useThemeVersion(): number {
  const [v, setV] = useState(0);
  useEffect(() => {
    const bump = () => setV((n) => n + 1);
    const mo = new MutationObserver(bump);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const m = matchMedia('(prefers-color-scheme: dark)');
    m.addEventListener?.('change', bump);
    return () => {
      mo.disconnect();
      m.removeEventListener?.('change', bump);
    };
  }, []);
  return v;
}

export interface SeriesSpec {
  label: string;
  color: string; // a CSS variable name like --chart-1
  bars?: boolean;
  unit?: string;
  /** Dots only (measurements), no connecting line. */
  pointsOnly?: boolean;
  /** Thin dashed reference line (percentile curves). */
  reference?: boolean;
}

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

export function Chart({ title, x, series, data, height = 200, time = true, yLabel, grouped = false }: {
  title: string;
  x: number[];
  series: SeriesSpec[];
  data: (number | null)[][];
  height?: number;
  time?: boolean;
  yLabel?: string;
  /** Bar series side by side (counts that must not hide each other); otherwise drawn over one another (stacking). */
  grouped?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const themeVersion = useThemeVersion();
  const yZero = series.some((s) => s.bars);
  const xPad = series.some((s) => s.bars) ? (time ? 43200 : 0.5) : 0;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const text = cssVar('--muted');
    const grid = cssVar('--border');
    const nBars = series.filter((s) => s.bars).length;
    // Grouped: two series side by side, one just left of the day and one just right of it.
    const barsFor = (i: number) =>
      grouped && nBars === 2
        ? uPlot.paths?.bars?.({ size: [0.35, 20], align: i === 0 ? -1 : 1 })
        : uPlot.paths?.bars?.({ size: [0.7, 40] });
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height,
      // Pad the x range so the first and last bars aren't cut in half.
      scales: {
        x: { time, range: (_u: uPlot, min: number, max: number) => [min - xPad, max + xPad] },
        // Counts and amounts start at zero; an empty fortnight shows 0–1 rather than a made-up scale.
        y: { range: (_u: uPlot, min: number, max: number) => (yZero ? [0, max > 0 ? max * 1.1 : 1] : [min, max]) },
      },
      axes: [
        { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, values: xValues(time) },
        { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, label: yLabel, size: 44, values: yValues },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: cssVar(s.color),
          // Opaque, so a bar is exactly its legend colour (no blending where bars meet).
          fill: s.bars ? cssVar(s.color) : undefined,
          width: s.bars ? 0 : s.reference ? 1 : 2,
          dash: s.reference ? [4, 4] : undefined,
          paths: s.bars ? barsFor(series.filter((t) => t.bars).indexOf(s)) : s.pointsOnly ? () => null : undefined,
          points: { show: !s.bars && !s.reference, size: s.pointsOnly ? 9 : 6, fill: cssVar(s.color) },
          spanGaps: !s.pointsOnly,
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${num(Math.round(v * 10) / 10, 1)}${s.unit ? ` ${s.unit}` : ''}`),
        })),
      ],
      legend: { show: true, live: false },
    };
    const plot = new uPlot(opts, [x, ...data] as uPlot.AlignedData, el);
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [JSON.stringify(x), JSON.stringify(data), themeVersion]);
  return (
    <figure class="card" style={{ margin: '0 0 0.75rem' }}>
      <figcaption><h3 style={{ margin: '0 0 0.3rem' }}>{title}</h3></figcaption>
      <div class="chart" ref={ref} role="img" aria-label={`${title}: ${describeData(series, data)}`} />
    </figure>
  );
}

function describeData(series: SeriesSpec[], data: (number | null)[][]): string {
  return series
    .map((s, i) => {
      const vals = (data[i] ?? []).filter((v): v is number => v != null);
      if (!vals.length) return t('chart.no_data', { label: s.label });
      const last = vals[vals.length - 1];
      const avg = vals.reduce((a, b) => a + b, 0) / vals.length;
      return t('chart.latest_average', { label: s.label, last: num(Math.round(last * 10) / 10, 1), avg: `${num(Math.round(avg * 10) / 10, 1)}${s.unit ? ` ${s.unit}` : ''}` });
    })
    .join('; ');
}
