// A dose a caregiver gave: the medicine's name (the family's saved medicines and the names given
// recently, one tap each), and the amount with its unit if they want it on record. It records
// what was given and nothing more: the amount is never filled in for them (issue 26: the
// service never suggests one). Before logging it says when the medicine was last given and,
// only where the family set one, "not before HH:MM by your setting"; after logging, the API's
// own warning (medicine_too_soon, medicine_max_doses) stays in the confirmation until dismissed.
import { useEffect, useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { get, type Schemas } from '../../lib/api';
import type { Live } from '../LiveStatus';
import { Choices, parseNumber, type MoreFormProps } from './common';
import type { LogEntry } from '../../lib/log-queue';
import { clock } from '../../lib/time';
import { num, t, time } from '../../i18n/core';
import { doseText } from '../../lib/describe';

/** A medicine the family set (GET /api/vega/medicines). */
export type MedicineSetting = Schemas['Medicine'];
/** A medicine given in the last 24 hours, as live status says. */
type MedicineStatus = Live['medicines'][number];

type Unit = NonNullable<LogEntry['unit']>;
const UNITS = (): [Unit, string][] => (['ml', 'mg', 'drops', 'tablet', 'sachet', 'puff', 'dose'] as const).map((u) => [u, t('more.unit', { unit: u })]);
/** Names match ignoring case and spacing, as the API's do ("Calpol", "calpol "). */
export const medicineKey = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

// The names given on this phone, newest first: the next dose (often days later, past the
// 24 hours live status covers) is one tap.
const RECENT = (fid: string) => `medicines-given:${fid}`;
export function recentMedicines(fid: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(RECENT(fid)) ?? '[]');
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
function rememberMedicine(fid: string, name: string): void {
  try {
    const next = [name, ...recentMedicines(fid).filter((n) => medicineKey(n) !== medicineKey(name))].slice(0, 8);
    localStorage.setItem(RECENT(fid), JSON.stringify(next));
  } catch {
    /* storage blocked: only the chips are lost */
  }
}

/** "at least 4 hours between doses, at most 4 in 24 hours", from the family's own settings. */
export function settingText(s: Pick<MedicineSetting, 'min_hours' | 'max_per_24h'>): string {
  if (s.min_hours != null && s.max_per_24h != null) return t('med.setting_both', { hours: s.min_hours, doses: s.max_per_24h });
  if (s.min_hours != null) return t('med.setting_hours', { hours: s.min_hours });
  if (s.max_per_24h != null) return t('med.setting_doses', { doses: s.max_per_24h });
  return '';
}

export function MedicineForm({ familyId, live, busy, errors, onLog }: MoreFormProps & { familyId: string; live: Live | null }) {
  const [saved, setSaved] = useState<MedicineSetting[]>([]);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<Unit | null>(null);
  useEffect(() => {
    get('/api/vega/medicines').then((r) => setSaved(r.medicines), () => setSaved([]));
  }, []);
  // A status cached by an older version may lack medicines.
  const given: MedicineStatus[] = live?.medicines ?? [];
  const seen = new Set(saved.map((m) => medicineKey(m.name)));
  const recent: string[] = [];
  for (const n of [...given.map((g) => g.name), ...recentMedicines(familyId)]) {
    if (!seen.has(medicineKey(n))) {
      seen.add(medicineKey(n));
      recent.push(n);
    }
  }
  const key = medicineKey(name);
  const setting = key ? saved.find((m) => medicineKey(m.name) === key) : undefined;
  const last = key ? given.find((g) => medicineKey(g.name) === key) : undefined;

  const a = parseNumber(amount);
  const amountBad = amount.trim() !== '' && !(Number.isFinite(a) && a > 0 && a <= 1000);
  const unitMissing = amount.trim() !== '' && !amountBad && !unit;
  const nameBad = name.trim().length > 80;
  const ok = name.trim() !== '' && !nameBad && !amountBad && !unitMissing && !(unit && amount.trim() === '');
  const dose = amount.trim() && unit && !amountBad ? doseText(a, unit) : '';
  const chip = (n: string) => (
    <li key={n}>
      <button type="button" class="chip big-chip" aria-pressed={medicineKey(n) === key} onClick={() => setName(n)}>{n}</button>
    </li>
  );
  const submit = () => {
    const medicine = name.trim().replace(/\s+/g, ' ');
    rememberMedicine(familyId, medicine);
    onLog({ type: 'medicine', medicine, ...(amount.trim() && unit ? { amount: a, unit } : {}) });
  };
  return (
    <>
      {saved.length > 0 && (
        <>
          <p class="muted small" id="med-saved">{t('med.yours')}</p>
          <ul class="chips" aria-labelledby="med-saved" data-testid="med-saved">{saved.map((m) => chip(m.name))}</ul>
        </>
      )}
      {recent.length > 0 && (
        <>
          <p class="muted small" id="med-recent">{t('med.recent')}</p>
          <ul class="chips" aria-labelledby="med-recent" data-testid="med-recent">{recent.map(chip)}</ul>
        </>
      )}
      <div class={`field${errors.medicine || nameBad ? ' has-error' : ''}`}>
        <label for="more-med-name">{t('ev.medicine')}</label>
        <input id="more-med-name" value={name} maxLength={80} autocomplete="off" placeholder={t('med.placeholder')}
          aria-invalid={errors.medicine || nameBad ? 'true' : undefined} aria-describedby={errors.medicine || nameBad ? 'more-med-name-err' : undefined}
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
        {(errors.medicine || nameBad) && <p class="error" id="more-med-name-err" role="alert">{errors.medicine ?? t('med.name_long')}</p>}
      </div>
      {(last || setting) && (
        <p class="med-last" data-testid="med-last" role="note">
          {last
            ? <>{last.last_amount
              ? t('med.last_given_amount', { time: clock(last.last_given_ts), who: last.last_given_by, amount: last.last_amount, n: last.doses_24h })
              : t('med.last_given', { time: clock(last.last_given_ts), who: last.last_given_by, n: last.doses_24h })}
              {last.not_before ? <strong> · {t('med.not_before', { time: time(last.not_before) })}</strong> : null}</>
            : <>{t('med.your_setting', { setting: settingText(setting!) })}</>}
        </p>
      )}
      <div class={`field${errors.amount || amountBad ? ' has-error' : ''}`}>
        <label for="more-med-amount">{t('med.amount_given')} <span class="muted small">{t('common.optional')}</span></label>
        <input id="more-med-amount" type="text" inputMode="decimal" autocomplete="off" value={amount}
          aria-invalid={errors.amount || amountBad ? 'true' : undefined} aria-describedby={errors.amount || amountBad ? 'more-med-amount-err' : undefined}
          onInput={(e) => setAmount((e.currentTarget as HTMLInputElement).value)} />
        {(errors.amount || amountBad) && <p class="error" id="more-med-amount-err" role="alert">{errors.amount ?? t('med.amount_range', { max: num(1000) })}</p>}
      </div>
      <Choices label={t('med.unit')} options={UNITS()} value={unit} onChange={setUnit} optional columns={4} testid="med-unit" />
      {(errors.unit || unitMissing) && <p class="error" role="alert">{errors.unit ?? t('field.unit')}</p>}
      <p class="hint">{t('med.record_hint')}</p>
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !ok} onClick={submit} data-testid="log-medicine">
        {name.trim() ? t('med.log_name', { name: dose ? t('ev.medicine_dose', { name: name.trim(), dose }) : name.trim() }) : t('med.log')}
      </button>
    </>
  );
}
