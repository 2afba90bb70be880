// An activity: which one (big buttons with their icons) and, if they want, how long — one tap
// for the usual lengths. Tummy time counts towards the day's 30 minutes on the live card.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { ACTIVITY_ICONS } from '../../components/Icon';
import { activities } from '../../lib/describe';
import { t } from '../../i18n/core';
import { Choices, parseNumber, type MoreFormProps } from './common';

const QUICK_MIN = [5, 10, 15, 20, 30, 45];

export function ActivityForm({ busy, errors, onLog }: MoreFormProps) {
  const [kind, setKind] = useState<string | null>(null);
  const [mins, setMins] = useState('');
  const m = parseNumber(mins);
  const minsOk = mins.trim() === '' || (Number.isInteger(m) && m >= 1 && m <= 720);
  const list = activities();
  const label = list.find(([k]) => k === kind)?.[1];
  return (
    <>
      <Choices label={t('ev.activity')} options={list.map(([k, l]) => [k, l, ACTIVITY_ICONS[k]])} value={kind} onChange={setKind} testid="activity" />
      {errors.kind && <p class="error" role="alert">{errors.kind}</p>}
      <Choices label={t('common.minutes')} options={QUICK_MIN.map((q) => [String(q), String(q)])} value={QUICK_MIN.includes(m) ? String(m) : null}
        onChange={(v) => setMins(v ?? '')} optional columns={6} testid="activity-min" />
      <div class={`field${errors.duration_min || !minsOk ? ' has-error' : ''}`}>
        <label for="more-act-min">{t('act.or_minutes')}</label>
        <input id="more-act-min" type="text" inputMode="numeric" autocomplete="off" value={mins} onInput={(e) => setMins((e.currentTarget as HTMLInputElement).value)}
          aria-invalid={!minsOk || errors.duration_min ? 'true' : undefined} aria-describedby={!minsOk || errors.duration_min ? 'more-act-min-err' : undefined} />
        {(errors.duration_min || !minsOk) && <p class="error" id="more-act-min-err" role="alert">{errors.duration_min ?? t('common.minutes_range', { max: 720 })}</p>}
      </div>
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !kind || !minsOk} data-testid="log-activity"
        onClick={() => onLog({ type: 'activity', kind, ...(mins.trim() ? { duration_min: m } : {}) })}>
        {!kind ? t('act.log') : mins.trim() && minsOk ? t('act.log_kind_min', { kind, m }) : t('act.log_kind', { kind })}
      </button>
    </>
  );
}
