// A pumping session: how much (ml, or fl oz for an imperial family, sent as whole ml), and the
// side and minutes if they want them.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { flozToMl, ML_PER_FLOZ } from '../../lib/units';
import { Choices, decimals, parseNumber, Stepper, type MoreFormProps } from './common';
import type { LogEntry } from '../../lib/log-queue';
import { num, t } from '../../i18n/core';

const SIDES = (): [NonNullable<LogEntry['side']>, string][] => [['left', t('feed.left')], ['right', t('feed.right')], ['both', t('feed.both')]];

export function PumpingForm({ units, busy, errors, onLog }: MoreFormProps) {
  const oz = units === 'imperial';
  const [amount, setAmount] = useState('');
  const [side, setSide] = useState<NonNullable<LogEntry['side']> | null>(null);
  const [mins, setMins] = useState('');
  const n = parseNumber(amount);
  const ml = oz ? flozToMl(n) : n;
  const amountOk = Number.isFinite(n) && (oz ? decimals(n, 1) : Number.isInteger(n)) && ml >= 0 && ml <= 1000;
  const m = parseNumber(mins);
  const minsOk = mins.trim() === '' || (Number.isInteger(m) && m >= 1 && m <= 180);
  const ok = amountOk && minsOk;
  const unit = oz ? 'fl oz' : 'ml';
  return (
    <>
      <Stepper id="more-pump" label={t('pump.amount', { unit })} value={amount} onValue={setAmount} step={oz ? 0.5 : 10} from={oz ? 3 : 90} places={oz ? 1 : 0}
        inputMode={oz ? 'decimal' : 'numeric'}
        hint={oz && amountOk ? `= ${num(ml)} ml` : undefined}
        error={errors.ml ?? (amount.trim() !== '' && !amountOk ? (oz ? t('pump.floz_range', { max: num(Math.floor((1000 / ML_PER_FLOZ) * 10) / 10, 1) }) : t('pump.ml_range')) : null)} />
      <Choices label={t('feed.side')} options={SIDES()} value={side} onChange={setSide} optional testid="pump-side" />
      <div class={`field${errors.duration_min || !minsOk ? ' has-error' : ''}`}>
        <label for="more-pump-min">{t('common.minutes')} <span class="muted small">{t('common.optional')}</span></label>
        <input id="more-pump-min" type="text" inputMode="numeric" autocomplete="off" value={mins} onInput={(e) => setMins((e.currentTarget as HTMLInputElement).value)}
          aria-invalid={!minsOk || errors.duration_min ? 'true' : undefined} aria-describedby={!minsOk || errors.duration_min ? 'more-pump-min-err' : undefined} />
        {(errors.duration_min || !minsOk) && <p class="error" id="more-pump-min-err" role="alert">{errors.duration_min ?? t('common.minutes_range', { max: 180 })}</p>}
      </div>
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !ok} data-testid="log-pumping"
        onClick={() => onLog({ type: 'pumping', ml, ...(side ? { side } : {}), ...(mins.trim() ? { duration_min: m } : {}) })}>
        {amountOk ? t('pump.log_v', { v: oz ? `${num(n, 1)} fl oz` : `${num(ml)} ml` }) : t('pump.log')}
      </button>
    </>
  );
}
