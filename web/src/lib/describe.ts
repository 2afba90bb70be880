// One sentence per event, shared by the home confirmation and the timeline. Each keeps what
// matters in front (a breastfeed's sides and minutes, a bottle's ml, a temperature, a
// medicine's name and amount), so the timeline can show it whole on a phone.
// With its extension: test/unit/web-describe.test.ts imports this file under node. In the
// caregiver's words (i18n/core); the parts of a summary are joined with " · " in every language.
import type { components } from '../generated/openapi.d.ts';
import { num, t } from '../i18n/core.ts';
import { showLength, showMl, showTemp, showWeight } from './units.ts';

/** An event as the API returns it (a day's list, a log's or an edit's reply). */
export type LogEvent = components['schemas']['Event'];
/** What a summary reads: an event from the API, or a log still waiting on the phone (only what it was sent with). */
export type EventLike = { type: string } & { [K in Exclude<keyof LogEvent, 'type'>]?: LogEvent[K] | null };

/** A supplement's kind in the caregiver's words (the API's: vitd, iron, multivitamin). */
export function supplementName(kind: string | null | undefined): string {
  if (kind === 'vitd') return t('ev.supp_vitd');
  if (kind === 'iron') return t('ev.supp_iron');
  if (kind === 'multivitamin') return t('ev.supp_multivitamin');
  return kind ?? t('ev.supplement');
}

/** How each activity kind is said (the API's kinds: tummy_time, bath, skin_to_skin, outdoors, reading, play). */
export const activities = (): [string, string][] => [
  ['tummy_time', t('ev.act_tummy_time')], ['bath', t('ev.act_bath')], ['skin_to_skin', t('ev.act_skin_to_skin')],
  ['outdoors', t('ev.act_outdoors')], ['reading', t('ev.act_reading')], ['play', t('ev.act_play')],
];
export const activityLabel = (kind: string | null | undefined) => activities().find(([k]) => k === kind)?.[1] ?? (kind ? kind.replace(/_/g, ' ') : t('ev.activity'));

/** How a temperature was taken, in words (the API's methods). */
export function methodName(method: string | null | undefined): string | null {
  if (!method) return null;
  return t('ev.method', { method });
}

/** "2.5 ml", "1 tablet", "2 puffs" (as the API's own words say it), with the caregiver's decimal mark. */
export function doseText(amount: number | null | undefined, unit: string | null | undefined): string {
  if (amount == null || !unit) return '';
  return t('ev.dose', { n: amount, amount: num(amount), unit });
}

const sideText = (side: unknown) => (typeof side === 'string' ? t('ev.side', { side }) : null);
const minutes = (m: unknown) => (typeof m === 'number' ? t('time.duration_min', { m }) : null);

export function describe(e: EventLike, units = 'metric'): string {
  switch (e.type) {
    case 'milk': {
      // "Breastfeed · left · 15 min", "Bottle 120 ml · 20 min"
      const side = sideText(e.side);
      const breast = e.ml === 0 || side !== null;
      const head = breast ? (e.ml ? t('ev.breastfeed_ml', { ml: showMl(e.ml, units) }) : t('ev.breastfeed')) : t('ev.bottle', { ml: showMl(e.ml, units) });
      return [head, side, minutes(e.duration_min)].filter(Boolean).join(' · ');
    }
    case 'sleep':
      return t('ev.sleep');
    case 'wake':
      return t('ev.wake');
    case 'nappy':
      return t('ev.nappy', { kind: e.kind ?? 'none' });
    case 'poop':
      return t('ev.poop');
    case 'solid':
      return t('ev.solid', { meal: e.meal_type === 'snack' ? 'snack' : 'meal', foods: (e.foods ?? []).join(', ') || t('ev.food') });
    case 'supplement':
      return e.ug ? t('ev.supplement_ug', { name: supplementName(e.kind), ug: num(e.ug) }) : supplementName(e.kind);
    case 'weight':
      return t('ev.weight', { v: showWeight(e.kg, units) });
    case 'length':
      return t('ev.length', { v: showLength(e.cm, units) });
    case 'note':
      return t('ev.note', { note: e.note ?? '' });
    case 'temperature':
      // "Temperature 38.2 °C · ear"
      return [t('ev.temperature', { v: showTemp(e, units) }), methodName(e.method)].filter(Boolean).join(' · ');
    case 'medicine': {
      const dose = doseText(e.amount, e.unit);
      const name = e.medicine ?? t('ev.medicine');
      return dose ? t('ev.medicine_dose', { name, dose }) : name;
    }
    case 'pumping':
      // "Pumped 120 ml · left · 15 min"
      return [t('ev.pumped', { ml: showMl(e.ml ?? 0, units) }), sideText(e.side), minutes(e.duration_min)].filter(Boolean).join(' · ');
    case 'head_circumference':
      return t('ev.head', { v: showLength(e.cm, units) });
    case 'activity':
      return [activityLabel(e.kind), minutes(e.duration_min)].filter(Boolean).join(' · ');
    case 'milestone':
      return t('ev.milestone', { title: e.title ?? '' });
    default:
      return e.type;
  }
}

/**
 * A summary as it should wrap on a narrow phone, if it must: never between a number and its
 * unit ("15 / min") and never before a "·", so a line ends after a whole part.
 */
export function unbroken(text: string): string {
  return text
    .replace(/(\d) (?=(?:ml|min|cm|kg|in|lb|oz|fl oz|°C|°F|µg|mg|drops?|tablets?|sachets?|puffs?|doses?)\b|°)/g, '$1\u00a0')
    .replace(/ · /g, '\u00a0· ');
}
