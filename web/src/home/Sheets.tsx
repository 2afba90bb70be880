// The small forms behind the buttons that need a number: bottle, supplement, weight/length,
// note. Imperial families type lb/oz and inches; the API gets kg and cm.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Field, FormError, Select } from '../components/Field';
import { inToCm, lbOzToKg, ML_PER_FLOZ } from '../lib/units';
import type { LogEntry } from '../lib/log-queue';
import { num, parseNum, t } from '../i18n/core';
import { supplementName } from '../lib/describe';

type Submit = (body: LogEntry) => void;

/** One-tap amounts: ml, or whole fl oz for imperial families (sent as ml). */
const QUICK_ML = [60, 90, 120, 150, 180, 210];
const QUICK_OZ = [2, 3, 4, 5, 6, 7];

export function BottleSheet({ initial, units, onLog, busy, error }: { initial: number; units: string; onLog: Submit; busy: boolean; error?: string | null }) {
  const [ml, setMl] = useState(String(initial));
  const n = Number(ml);
  const bad = !Number.isInteger(n) || n < 1 || n > 500;
  const quick = units === 'imperial' ? QUICK_OZ.map((oz) => [Math.round(oz * ML_PER_FLOZ), `${num(oz)} oz`] as const) : QUICK_ML.map((m) => [m, `${num(m)} ml`] as const);
  // Opened near the bottom of the screen, the sheet scrolls so its button clears the tab bar.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), []);
  return (
    <div class="sheet" id="sheet-bottle" ref={ref}>
      <div class="quick" role="group" aria-label={t('sheet.amount')}>
        {quick.map(([v, text]) => (
          <button type="button" key={v} class="btn" disabled={busy} onClick={() => onLog({ type: 'milk', ml: v })} data-testid={`bottle-${v}`}>{text}</button>
        ))}
      </div>
      <p class="muted small">{t('sheet.other_amount')}</p>
      <div class="row">
        <button type="button" class="btn" onClick={() => setMl(String(Math.max(0, n - 10)))} aria-label={t('sheet.ml_less', { n: 10 })}>−10</button>
        <div class="grow">
          <Field
            label={t('sheet.bottle_amount')} name="ml" type="number" inputMode="numeric" min={1} max={500} step={5}
            value={ml} onValue={setMl} error={error ?? (ml && bad ? t('field.ml') : undefined)}
            hint={units === 'imperial' && !bad ? `≈ ${num(Math.round((n / ML_PER_FLOZ) * 10) / 10, 1)} fl oz` : undefined}
          />
        </div>
        <button type="button" class="btn" onClick={() => setMl(String(Math.min(500, n + 10)))} aria-label={t('sheet.ml_more', { n: 10 })}>+10</button>
      </div>
      <button type="button" class="btn primary wide" disabled={busy || bad} onClick={() => onLog({ type: 'milk', ml: n })}>{bad ? t('sheet.log_bottle') : t('sheet.log_bottle_ml', { ml: `${num(n)} ml` })}</button>
    </div>
  );
}

const UG_DEFAULT: Record<string, string> = { vitd: '10', iron: '', multivitamin: '' };

export function SupplementSheet({ onLog, busy, error }: { onLog: Submit; busy: boolean; error?: string | null }) {
  const [kind, setKind] = useState('vitd');
  const [ug, setUg] = useState(UG_DEFAULT.vitd);
  const n = Number(ug);
  const bad = ug !== '' && (!Number.isInteger(n) || n < 0);
  return (
    <div class="sheet" id="sheet-supplement">
      <Select label={t('ev.supplement')} name="kind" value={kind} onValue={(k) => { setKind(k); setUg(UG_DEFAULT[k] ?? ''); }}
        options={(['vitd', 'iron', 'multivitamin'] as const).map((k) => [k, supplementName(k)])} />
      <Field label={t('sheet.ug_optional')} name="ug" type="number" inputMode="numeric" min={0} value={ug} onValue={setUg}
        error={bad ? t('field.ug') : undefined} />
      <FormError error={error} />
      <button type="button" class="btn primary wide" disabled={busy || bad}
        onClick={() => onLog({ type: 'supplement', kind, ...(ug !== '' ? { ug: n } : {}) })}>{t('sheet.log_supplement')}</button>
    </div>
  );
}

export function MeasureSheet({ units, onLog, busy, errors }: { units: string; onLog: (bodies: LogEntry[]) => void; busy: boolean; errors: Record<string, string> }) {
  const imperial = units === 'imperial';
  const [kg, setKg] = useState('');
  const [lb, setLb] = useState('');
  const [oz, setOz] = useState('');
  const [len, setLen] = useState('');
  const weightKg = imperial ? (lb || oz ? lbOzToKg(parseNum(lb || '0'), parseNum(oz || '0')) : null) : kg ? parseNum(kg) : null;
  const lengthCm = len ? (imperial ? inToCm(parseNum(len)) : parseNum(len)) : null;
  const wErr = weightKg != null && !(weightKg >= 0.5 && weightKg <= 30) ? (imperial ? t('field.kg_imperial') : t('field.kg')) : undefined;
  const lErr = lengthCm != null && !(lengthCm >= 40 && lengthCm <= 120) ? (imperial ? t('field.cm_imperial') : t('field.cm')) : undefined;
  const submit = () => {
    const bodies: LogEntry[] = [];
    if (weightKg != null) bodies.push({ type: 'weight', kg: weightKg });
    if (lengthCm != null) bodies.push({ type: 'length', cm: lengthCm });
    onLog(bodies);
  };
  return (
    <div class="sheet" id="sheet-measure">
      {imperial ? (
        <div class="row">
          <div class="grow"><Field label={t('sheet.weight_lb')} name="lb" type="number" inputMode="numeric" min={0} value={lb} onValue={setLb} /></div>
          <div class="grow"><Field label={t('sheet.and_oz')} name="oz" type="text" inputMode="decimal" autocomplete="off" value={oz} onValue={setOz} /></div>
        </div>
      ) : (
        <Field label={t('sheet.weight_kg')} name="kg" type="text" inputMode="decimal" autocomplete="off" value={kg} onValue={setKg} />
      )}
      {(wErr || errors.kg) && <p class="error" role="alert">{wErr ?? errors.kg}</p>}
      <Field label={imperial ? t('sheet.length_in') : t('sheet.length_cm')} name="len" type="text" inputMode="decimal" autocomplete="off" value={len} onValue={setLen} error={lErr ?? errors.cm} />
      <FormError error={errors._} />
      <button type="button" class="btn primary wide" disabled={busy || !!wErr || !!lErr || (weightKg == null && lengthCm == null)} onClick={submit}>{t('sheet.log_measurement')}</button>
    </div>
  );
}

export function NoteSheet({ onLog, busy, error }: { onLog: Submit; busy: boolean; error?: string | null }) {
  const [note, setNote] = useState('');
  return (
    <div class="sheet" id="sheet-note">
      <div class={`field${error ? ' has-error' : ''}`}>
        <label for="note-text">{t('sheet.note')}</label>
        <textarea id="note-text" maxLength={300} value={note} onInput={(e) => setNote((e.currentTarget as HTMLTextAreaElement).value)} aria-describedby="note-count" />
        <p class="hint" id="note-count">{note.length}/300</p>
        <FormError error={error} />
      </div>
      <button type="button" class="btn primary wide" disabled={busy || !note.trim()} onClick={() => onLog({ type: 'note', note: note.trim() })}>{t('sheet.save_note')}</button>
    </div>
  );
}
