// A head circumference, as the health visitor measured it: cm, or inches for an imperial family
// (sent as cm). The growth page puts it on the WHO head-circumference-for-age lines.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { CM_PER_IN, inToCm } from '../../lib/units';
import { decimals, parseNumber, Stepper, type MoreFormProps } from './common';
import { num, t } from '../../i18n/core';

export function HeadForm({ units, busy, errors, onLog }: MoreFormProps) {
  const inches = units === 'imperial';
  const [value, setValue] = useState('');
  const n = parseNumber(value);
  const cm = inches ? inToCm(n) : Math.round(n * 10) / 10;
  const ok = Number.isFinite(n) && decimals(n, inches ? 2 : 1) && cm >= 25 && cm <= 60;
  const [lo, hi, unit] = inches ? [Math.ceil((25 / CM_PER_IN) * 10) / 10, Math.floor((60 / CM_PER_IN) * 10) / 10, 'in'] : [25, 60, 'cm'];
  return (
    <>
      <Stepper id="more-head" label={t('head.label', { unit })} value={value} onValue={setValue} step={0.1} from={inches ? 15 : 38} places={1}
        hint={inches && ok ? `= ${num(cm, 1)} cm` : t('head.hint')}
        error={errors.cm ?? (value.trim() !== '' && !ok ? t('head.range', { min: num(lo, 1), max: num(hi, 1), unit, example: num(inches ? 15.2 : 38.5, 1) }) : null)} />
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !ok} data-testid="log-head"
        onClick={() => onLog({ type: 'head_circumference', cm })}>
        {ok ? t('head.log_v', { v: `${num(n, 2)} ${unit}` }) : t('head.log')}
      </button>
    </>
  );
}
