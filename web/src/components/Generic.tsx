// Renders an object whose exact shape the API does not promise (nap windows, allergen grids,
// supplement logs): numbers and labels as a readable list, nested objects indented.
import type { ComponentChildren } from 'preact';
import { date, num, t, time } from '../i18n/core';

export const humanKey = (k: string) => {
  const s = k.replace(/_/g, ' ').replace(/\bml\b/, 'ml').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export function humanValue(v: unknown): string {
  if (v == null) return '—';
  if (typeof v === 'boolean') return v ? t('generic.yes') : t('generic.no');
  if (typeof v === 'number') return num(Math.round(v * 100) / 100, 2);
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) ? `${time(v)} (${date(v, { day: 'numeric', month: 'short' })})` : v;
  if (Array.isArray(v)) return v.map(humanValue).join(', ');
  return '';
}

export function Generic({ value, depth = 0 }: { value: unknown; depth?: number }): ComponentChildren {
  if (value == null || typeof value !== 'object' || Array.isArray(value)) {
    if (Array.isArray(value) && value.some((x) => x && typeof x === 'object')) {
      return (
        <ul class="generic">
          {value.map((x, i) => (
            <li key={i}><Generic value={x} depth={depth + 1} /></li>
          ))}
        </ul>
      );
    }
    return <span>{humanValue(value)}</span>;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return <span class="muted">{t('generic.nothing')}</span>;
  return (
    <dl class={`generic depth-${Math.min(depth, 2)}`}>
      {entries.map(([k, v]) => (
        <div class="kv" key={k}>
          <dt>{humanKey(k)}</dt>
          <dd>{v && typeof v === 'object' && !Array.isArray(v) ? <Generic value={v} depth={depth + 1} /> : <Generic value={v} depth={depth + 1} />}</dd>
        </div>
      ))}
    </dl>
  );
}
