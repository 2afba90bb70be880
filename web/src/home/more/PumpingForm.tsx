// A pumping session: how much (ml, or fl oz for an imperial family, sent as whole ml), and the
// side and minutes if they want them.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { flozToMl, ML_PER_FLOZ } from '../../lib/units';
import { Choices, decimals, parseNumber, Stepper, type MoreFormProps } from './common';
import type { LogEntry } from '../../lib/log-queue';

const SIDES: [NonNullable<LogEntry['side']>, string][] = [['left', 'Left'], ['right', 'Right'], ['both', 'Both']];

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
      <Stepper id="more-pump" label={`Amount pumped (${unit})`} value={amount} onValue={setAmount} step={oz ? 0.5 : 10} from={oz ? 3 : 90} places={oz ? 1 : 0}
        inputMode={oz ? 'decimal' : 'numeric'}
        hint={oz && amountOk ? `= ${ml} ml` : undefined}
        error={errors.ml ?? (amount.trim() !== '' && !amountOk ? (oz ? `Enter fl oz from 0 to ${Math.floor((1000 / ML_PER_FLOZ) * 10) / 10}.` : 'Enter a whole number of ml from 0 to 1000.') : null)} />
      <Choices label="Side" options={SIDES} value={side} onChange={setSide} optional testid="pump-side" />
      <div class={`field${errors.duration_min || !minsOk ? ' has-error' : ''}`}>
        <label for="more-pump-min">Minutes <span class="muted small">(optional)</span></label>
        <input id="more-pump-min" type="text" inputMode="numeric" autocomplete="off" value={mins} onInput={(e) => setMins((e.currentTarget as HTMLInputElement).value)}
          aria-invalid={!minsOk || errors.duration_min ? 'true' : undefined} aria-describedby={!minsOk || errors.duration_min ? 'more-pump-min-err' : undefined} />
        {(errors.duration_min || !minsOk) && <p class="error" id="more-pump-min-err" role="alert">{errors.duration_min ?? 'Enter whole minutes from 1 to 180.'}</p>}
      </div>
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !ok} data-testid="log-pumping"
        onClick={() => onLog({ type: 'pumping', ml, ...(side ? { side } : {}), ...(mins.trim() ? { duration_min: m } : {}) })}>
        Log pumping {amountOk ? `${oz ? `${n} fl oz` : `${ml} ml`}` : ''}
      </button>
    </>
  );
}
