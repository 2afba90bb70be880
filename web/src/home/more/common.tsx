// Pieces the More sheet's forms share: a row of big toggle buttons for a choice, a number field
// with − and + either side, and the shape every form takes. Sized for one thumb (≥ 48 px).
import type { ComponentChildren } from 'preact';
import { Icon } from '../../components/Icon';
import type { LogEntry } from '../../lib/log-queue';
import { num, parseNum, t } from '../../i18n/core';

export interface MoreFormProps {
  units: string;
  busy: boolean;
  /** field → problem, and '_' for one that belongs to no field */
  errors: Record<string, string>;
  onLog: (body: LogEntry) => void;
}

/** A decimal typed with a comma (38,2) reads as 38.2; anything else not a number is NaN. */
export const parseNumber = (v: string): number => parseNum(v);

export const decimals = (n: number, places: number) => Math.abs(n * 10 ** places - Math.round(n * 10 ** places)) < 1e-6;

/**
 * One of several (or none, when `optional`: a second tap unpicks it). Buttons with
 * aria-pressed, so a screen reader says which is on.
 */
export function Choices<T extends string>({ label, options, value, onChange, optional = false, columns = 3, testid }: {
  label: string;
  options: [T, string, string?][];
  value: T | null;
  onChange: (v: T | null) => void;
  optional?: boolean;
  columns?: number;
  testid?: string;
}) {
  return (
    <div class="field">
      <p class="choice-label" id={`${testid ?? label}-label`}>{label}{optional ? <span class="muted small"> {t('common.optional')}</span> : null}</p>
      <div class="choices" role="group" aria-labelledby={`${testid ?? label}-label`} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {options.map(([v, text, icon]) => (
          <button type="button" key={v} class="btn choice" aria-pressed={value === v} data-testid={testid ? `${testid}-${v}` : undefined}
            onClick={() => onChange(value === v && optional ? null : v)}>
            {icon && <Icon name={icon} size={22} />}<span>{text}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** A number with − and + either side (one thumb, no keyboard needed for a small change). */
export function Stepper({ id, label, value, onValue, step, from, places, error, hint, inputMode = 'decimal', children }: {
  id: string;
  label: ComponentChildren;
  value: string;
  onValue: (v: string) => void;
  step: number;
  /** where − and + start from when the field is empty */
  from: number;
  places: number;
  error?: string | null;
  hint?: ComponentChildren;
  inputMode?: 'decimal' | 'numeric';
  children?: ComponentChildren;
}) {
  const n = parseNumber(value);
  const bump = (d: number) => {
    const base = Number.isFinite(n) ? n : from - d;
    // Written the caregiver's way ("37,1" in German), as they would type it.
    onValue(num(Math.max(0, Math.round((base + d) * 10 ** places) / 10 ** places), places, places));
  };
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      <div class="stepper">
        <button type="button" class="btn" onClick={() => bump(-step)} aria-label={t('more.less', { step: num(step, 2) })}>−</button>
        <input id={id} type="text" inputMode={inputMode} autocomplete="off" value={value} aria-invalid={error ? 'true' : undefined} aria-describedby={described}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)} />
        <button type="button" class="btn" onClick={() => bump(step)} aria-label={t('more.more', { step: num(step, 2) })}>+</button>
      </div>
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="error" id={`${id}-err`} role="alert">{error}</p>}
      {children}
    </div>
  );
}
