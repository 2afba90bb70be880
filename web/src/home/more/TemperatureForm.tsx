// A temperature as the thermometer shows it: °C, or °F for an imperial family (sent as
// `fahrenheit`, which the API stores as °C), one decimal, and how it was taken if known.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { Choices, decimals, parseNumber, Stepper, type MoreFormProps } from './common';
import type { LogEntry } from '../../lib/log-queue';
import { num, t } from '../../i18n/core';

type Method = NonNullable<LogEntry['method']>;
const METHODS = (): [Method, string][] => [['armpit', t('more.m_armpit')], ['ear', t('more.m_ear')], ['forehead', t('more.m_forehead')], ['rectal', t('more.m_rectal')], ['oral', t('more.m_oral')]];

export function TemperatureForm({ units, busy, errors, onLog }: MoreFormProps) {
  const f = units === 'imperial';
  const [value, setValue] = useState('');
  const [method, setMethod] = useState<Method | null>(null);
  const n = parseNumber(value);
  const [min, max, unit] = f ? [93.2, 109.4, '°F'] : [34, 43, '°C'];
  const ok = Number.isFinite(n) && n >= min && n <= max && decimals(n, 1);
  const bad = value.trim() !== '' && !ok;
  const shown = ok ? `${num(n, 1, 1)} ${unit}` : '';
  return (
    <>
      <Stepper id="more-temp" label={t('more.temp_label', { unit })} value={value} onValue={setValue} step={0.1} from={f ? 98.6 : 37} places={1}
        error={errors.celsius ?? errors.fahrenheit ?? (bad ? t('more.temp_range', { min: num(min, 1, 1), max: num(max, 1, 1), unit, example: num(f ? 100.4 : 38.2, 1, 1) }) : null)} />
      <Choices label={t('more.how_taken')} options={METHODS()} value={method} onChange={setMethod} optional testid="temp-method" />
      {errors.method && <p class="error" role="alert">{errors.method}</p>}
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !ok} data-testid="log-temperature"
        onClick={() => onLog({ type: 'temperature', ...(f ? { fahrenheit: Math.round(n * 10) / 10 } : { celsius: Math.round(n * 10) / 10 }), ...(method ? { method } : {}) })}>
        {shown ? t('more.log_temp_v', { v: shown }) : t('more.log_temp')}
      </button>
    </>
  );
}
