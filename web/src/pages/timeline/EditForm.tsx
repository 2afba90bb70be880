// The timeline's inline editor: the fields the API lets us change (ts, ml, foods, note,
// meal_type, kind, a weight's kg and a length's or head circumference's cm — lb/oz and inches for
// imperial families — and the values of the newer types), each refusal beside its field.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import type { Schemas } from '../../lib/api';
import type { LogEvent } from '../../lib/describe';
import { CM_PER_IN, cmToIn, cToF, inToCm, kgToLbOz, lbOzToKg } from '../../lib/units';
import { parseNumber } from '../../home/more/common';
import { num as inWords, parseNum, t, type MessageKey } from '../../i18n/core';

/** What an edit sends (POST /api/vega/event/edit `changes`). */
export type EditChanges = Schemas['EditRequest']['changes'];

const KINDS: Record<string, string[]> = {
  nappy: ['wet', 'dirty', 'both', 'dry'], supplement: ['vitd', 'iron', 'multivitamin'],
  activity: ['tummy_time', 'bath', 'skin_to_skin', 'outdoors', 'reading', 'play'],
};

/** A value field of the new types (issue 26) the editor shows: how it reads from the event and goes back to the API. */
interface Spec {
  key: string;
  label: MessageKey;
  /** number (decimal or whole), text, or a choice (with '' for none when optional) */
  input: 'decimal' | 'numeric' | 'text' | string[];
  from: (e: LogEvent) => string;
}
// Numbers as the caregiver writes them ("38,2" in German), and read back either way.
const num = (v: unknown) => (typeof v === 'number' ? inWords(v, 3) : '');
const str = (v: unknown) => (typeof v === 'string' ? v : '');
function specsFor(e: LogEvent, units: string): Spec[] {
  switch (e.type) {
    case 'temperature':
      return [
        units === 'imperial'
          ? { key: 'fahrenheit', label: 'edit.temp_f', input: 'decimal', from: (x) => (x.celsius != null ? num(x.fahrenheit ?? cToF(x.celsius)) : '') }
          : { key: 'celsius', label: 'edit.temp_c', input: 'decimal', from: (x) => num(x.celsius) },
        { key: 'method', label: 'more.how_taken', input: ['', 'armpit', 'ear', 'forehead', 'rectal', 'oral'], from: (x) => str(x.method) },
      ];
    case 'medicine':
      return [
        { key: 'medicine', label: 'ev.medicine', input: 'text', from: (x) => str(x.medicine) },
        { key: 'amount', label: 'med.amount_given', input: 'decimal', from: (x) => num(x.amount) },
        { key: 'unit', label: 'med.unit', input: ['', 'ml', 'mg', 'drops', 'tablet', 'sachet', 'puff', 'dose'], from: (x) => str(x.unit) },
      ];
    case 'pumping':
      return [
        { key: 'ml', label: 'edit.pumped_ml', input: 'numeric', from: (x) => num(x.ml) },
        { key: 'side', label: 'feed.side', input: ['', 'left', 'right', 'both'], from: (x) => str(x.side) },
        { key: 'duration_min', label: 'common.minutes', input: 'numeric', from: (x) => num(x.duration_min) },
      ];
    case 'activity':
      return [{ key: 'duration_min', label: 'common.minutes', input: 'numeric', from: (x) => num(x.duration_min) }];
    case 'milestone':
      return [{ key: 'title', label: 'more.milestone', input: 'text', from: (x) => str(x.title) }];
    default:
      return [];
  }
}

/** A choice's words: how a temperature was taken, a dose's unit, a side. */
function optionLabel(key: string, o: string): string {
  if (key === 'method') return t('ev.method', { method: o });
  if (key === 'unit') return t('more.unit', { unit: o });
  if (key === 'side') return t('ev.side', { side: o });
  return o.replace(/_/g, ' ');
}

/** The fields the editor shows for this event, so an error about one of them sits beside it. */
export function editableFields(e: LogEvent, units: string): string[] {
  return ['ts', 'note', ...(e.type === 'milk' ? ['ml'] : []), ...(KINDS[e.type] ? ['kind'] : []), ...(e.type === 'solid' ? ['foods'] : []),
    ...(e.type === 'weight' ? ['kg'] : []), ...(e.type === 'length' || e.type === 'head_circumference' ? ['cm'] : []),
    ...specsFor(e, units).map((sp) => sp.key)];
}

/** A length's or head circumference's cm range (the API's, per type), in the family's units. */
function cmRange(type: string, imperial: boolean): { min: number; max: number; problem: string } {
  const [min, max] = type === 'head_circumference' ? [25, 60] : [40, 120];
  const inches = (cm: number, up: boolean) => (up ? Math.ceil : Math.floor)((cm / CM_PER_IN) * 10) / 10;
  const [lo, hi, unit] = imperial ? [inches(min, true), inches(max, false), 'in'] : [min, max, 'cm'];
  return { min, max, problem: t('edit.range', { what: type === 'head_circumference' ? 'head' : 'length', min: inWords(lo, 1), max: inWords(hi, 1), unit }) };
}

/**
 * A weight's kg, a length's or head circumference's cm, as typed in the family's units (lb and oz,
 * inches), with the first value the field showed, so an untouched field sends nothing.
 */
function useMeasure(e: LogEvent, units: string) {
  const imperial = units === 'imperial';
  const lbOz = e.kg != null ? kgToLbOz(e.kg) : null;
  const first = {
    kg: num(e.kg), lb: lbOz ? num(lbOz.lb) : '', oz: lbOz ? num(lbOz.oz) : '',
    len: e.cm != null ? num(imperial ? cmToIn(e.cm) : e.cm) : '',
  };
  const [v, setV] = useState(first);
  /** The change to send, a problem by its field, or nothing (untouched). */
  const change = (): { kg?: number; cm?: number; problem?: [string, string] } => {
    if (e.type === 'weight') {
      if (imperial ? v.lb === first.lb && v.oz === first.oz : v.kg === first.kg) return {};
      const kg = imperial ? (v.lb.trim() || v.oz.trim() ? lbOzToKg(parseNumber(v.lb || '0'), parseNumber(v.oz || '0')) : NaN) : parseNumber(v.kg);
      if (!(kg >= 0.5 && kg <= 30)) return { problem: ['kg', imperial ? t('field.kg_imperial') : t('field.kg')] };
      return { kg };
    }
    if (e.type === 'length' || e.type === 'head_circumference') {
      if (v.len === first.len) return {};
      const n = parseNumber(v.len);
      const cm = imperial ? inToCm(n) : n;
      const range = cmRange(e.type, imperial);
      if (!(cm >= range.min && cm <= range.max)) return { problem: ['cm', range.problem] };
      return { cm };
    }
    return {};
  };
  return { imperial, v, set: (k: keyof typeof first, x: string) => setV({ ...v, [k]: x }), change };
}

export function EditForm({ event: e, units, onSave, onCancel, error, fieldErrors }: {
  event: LogEvent; units: string; onSave: (changes: EditChanges) => void; onCancel: () => void; error: string | null; fieldErrors: Record<string, string>;
}) {
  // The input takes HH:MM whatever the caregiver's clock shows.
  const [time, setTime] = useState(e.ts.slice(11, 16));
  const [ml, setMl] = useState(e.ml != null ? String(e.ml) : '');
  const [kind, setKind] = useState(e.kind ?? '');
  const [foods, setFoods] = useState((e.foods ?? []).join(', '));
  const [note, setNote] = useState(e.note ?? '');
  const specs = specsFor(e, units);
  const m = useMeasure(e, units);
  const [problems, setProblems] = useState<Record<string, string>>({});
  /** A new value: its old problem goes (it is checked again on Save). */
  const setMeasure = (k: Parameters<typeof m.set>[0], x: string) => {
    m.set(k, x);
    setProblems({});
  };
  const [extra, setExtra] = useState<Record<string, string>>(() => Object.fromEntries(specs.map((sp) => [sp.key, sp.from(e)])));
  const id = `edit-${e.id}`;
  const save = (ev: Event) => {
    ev.preventDefault();
    const changes: Record<string, unknown> = {};
    // A weight or a length is checked here, in the family's units, before anything is sent.
    const measured = m.change();
    setProblems(measured.problem ? { [measured.problem[0]]: measured.problem[1] } : {});
    if (measured.problem) return;
    if (measured.kg !== undefined) changes.kg = measured.kg;
    if (measured.cm !== undefined) changes.cm = measured.cm;
    if (time && time !== e.ts.slice(11, 16)) changes.ts = `${e.ts.slice(0, 10)}T${time}:00`;
    if (e.type === 'milk' && ml !== '' && parseNum(ml) !== e.ml) changes.ml = parseNum(ml);
    if (KINDS[e.type] && kind !== (e.kind ?? '')) changes.kind = kind;
    if (e.type === 'solid' && foods !== (e.foods ?? []).join(', ')) changes.foods = foods.split(',').map((f) => f.trim()).filter(Boolean);
    if (note !== (e.note ?? '')) changes.note = note || null;
    for (const sp of specs) {
      const v = extra[sp.key].trim();
      if (v === sp.from(e)) continue;
      // '' clears an optional field; a number that doesn't parse goes as typed, for the API's refusal by the field.
      changes[sp.key] = v === '' ? null : sp.input === 'decimal' || sp.input === 'numeric' ? (Number.isFinite(parseNum(v)) ? parseNum(v) : v) : v;
    }
    // An amount and its unit go together: clearing one clears the other.
    if (e.type === 'medicine' && (changes.amount === null || changes.unit === null)) {
      changes.amount = null;
      changes.unit = null;
    }
    if (!Object.keys(changes).length) return onCancel();
    // Each key is one of the document's fields, from the inputs above; a number that doesn't
    // parse goes as typed, so the API's refusal names the field.
    onSave(changes as EditChanges);
  };
  const problem = (k: string) => problems[k] ?? fieldErrors[k];
  const err = (k: string) => problem(k) && <p class="error" role="alert" id={`${id}-${k}-err`}>{problem(k)}</p>;
  const described = (k: string) => (problem(k) ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-${k}-err` } : {});
  const fieldCls = (k: string) => `field${problem(k) ? ' has-error' : ''}`;
  const unit = m.imperial ? 'in' : 'cm';
  const lengthLabel = e.type === 'head_circumference' ? t('head.label', { unit }) : t('edit.length', { unit });
  return (
    <form onSubmit={save} noValidate class="card" style={{ marginTop: '0.5rem' }} aria-label={t('edit.label')}>
      <div class="field">
        <label for={`${id}-time`}>{t('edit.time')}</label>
        <input id={`${id}-time`} type="time" value={time} onInput={(x) => setTime((x.currentTarget as HTMLInputElement).value)} />
        {err('ts')}
      </div>
      {e.type === 'milk' && (
        <div class="field">
          <label for={`${id}-ml`}>{t('edit.ml')}</label>
          <input id={`${id}-ml`} type="number" min={0} max={500} inputMode="numeric" value={ml} onInput={(x) => setMl((x.currentTarget as HTMLInputElement).value)} />
          {err('ml')}
        </div>
      )}
      {e.type === 'weight' && (m.imperial ? (
        <div class={fieldCls('kg')}>
          <div class="row">
            <div class="grow">
              <label for={`${id}-lb`}>{t('sheet.weight_lb')}</label>
              <input id={`${id}-lb`} inputMode="numeric" value={m.v.lb} {...described('kg')} onInput={(x) => setMeasure('lb', (x.currentTarget as HTMLInputElement).value)} />
            </div>
            <div class="grow">
              <label for={`${id}-oz`}>{t('sheet.and_oz')}</label>
              <input id={`${id}-oz`} inputMode="decimal" value={m.v.oz} {...described('kg')} onInput={(x) => setMeasure('oz', (x.currentTarget as HTMLInputElement).value)} />
            </div>
          </div>
          {err('kg')}
        </div>
      ) : (
        <div class={fieldCls('kg')}>
          <label for={`${id}-kg`}>{t('sheet.weight_kg')}</label>
          <input id={`${id}-kg`} inputMode="decimal" value={m.v.kg} {...described('kg')} onInput={(x) => setMeasure('kg', (x.currentTarget as HTMLInputElement).value)} />
          {err('kg')}
        </div>
      ))}
      {(e.type === 'length' || e.type === 'head_circumference') && (
        <div class={fieldCls('cm')}>
          <label for={`${id}-cm`}>{lengthLabel}</label>
          <input id={`${id}-cm`} inputMode="decimal" value={m.v.len} {...described('cm')} onInput={(x) => setMeasure('len', (x.currentTarget as HTMLInputElement).value)} />
          {m.imperial && Number.isFinite(parseNumber(m.v.len)) && m.v.len.trim() !== '' && <p class="hint">= {inWords(inToCm(parseNumber(m.v.len)), 1)} cm</p>}
          {err('cm')}
        </div>
      )}
      {KINDS[e.type] && (
        <div class="field">
          <label for={`${id}-kind`}>{t('edit.kind')}</label>
          <select id={`${id}-kind`} value={kind} onChange={(x) => setKind((x.currentTarget as HTMLSelectElement).value)}>
            {KINDS[e.type].map((k) => <option key={k} value={k}>{t('edit.kind_value', { kind: k })}</option>)}
          </select>
          {err('kind')}
        </div>
      )}
      {e.type === 'solid' && (
        <div class="field">
          <label for={`${id}-foods`}>{t('solid.foods')}</label>
          <input id={`${id}-foods`} value={foods} onInput={(x) => setFoods((x.currentTarget as HTMLInputElement).value)} />
          {err('foods')}
        </div>
      )}
      {specs.map((sp) => (
        <div class="field" key={sp.key}>
          <label for={`${id}-${sp.key}`}>{t(sp.label)}</label>
          {Array.isArray(sp.input) ? (
            <select id={`${id}-${sp.key}`} value={extra[sp.key]} onChange={(x) => setExtra({ ...extra, [sp.key]: (x.currentTarget as HTMLSelectElement).value })}>
              {sp.input.map((o) => <option key={o} value={o}>{o === '' ? '—' : optionLabel(sp.key, o)}</option>)}
            </select>
          ) : (
            <input id={`${id}-${sp.key}`} inputMode={sp.input === 'text' ? undefined : sp.input} maxLength={sp.input === 'text' ? 80 : undefined} value={extra[sp.key]}
              onInput={(x) => setExtra({ ...extra, [sp.key]: (x.currentTarget as HTMLInputElement).value })} />
          )}
          {err(sp.key)}
        </div>
      ))}
      <div class="field">
        <label for={`${id}-note`}>{t('sheet.note')}</label>
        <input id={`${id}-note`} maxLength={300} value={note} onInput={(x) => setNote((x.currentTarget as HTMLInputElement).value)} />
        {err('note')}
      </div>
      <FormError error={error} />
      <div class="row">
        <button type="submit" class="btn primary">{t('common.save')}</button>
        <button type="button" class="btn" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
