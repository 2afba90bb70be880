// describe.ts's descriptions as Texts (i18n/text.ts), for the answers a caregiver reads in their
// own language (undo's message, a dose warning's last dose). describe.ts stays as it is: the MCP
// connector and the answerer write English on purpose (docs/languages.md). The English
// catalogue (catalogues/event/en-GB.json) says word for word what describe.ts says.
import type { LogEvent } from './types.ts';
import { at, t, type Text } from '../i18n/text.ts';

type Described = Pick<LogEvent, 'type' | 'ml' | 'kind' | 'foods' | 'meal_type' | 'kg' | 'cm' | 'ug' | 'note'> &
  Partial<Pick<LogEvent, 'side' | 'duration_min' | 'celsius' | 'fahrenheit' | 'method' | 'medicine' | 'amount' | 'unit' | 'title'>>;

/** A feed's detail as its messages select on it: the side or 'none', and minutes (0: not said). */
function feed(e: Described) {
  return { side: e.side ?? 'none', min: e.duration_min ?? 0 };
}

/** The first 40 characters of a note or a title, as describe.ts quotes it. */
function excerpt(s: string | null | undefined): string {
  const text = s ?? '';
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** "2.5 ml", "1 tablet", or null when the amount was not said (medicines.ts doseAmount). */
export function doseText(e: Pick<LogEvent, 'amount' | 'unit'>): Text | null {
  if (e.amount === null || e.amount === undefined || e.unit === null || e.unit === undefined) return null;
  return t('event.dose', { amount: e.amount, unit: e.unit });
}

/** "120 ml bottle (left side, 15 min)", "wet nappy", "Calpol 2.5 ml": describeEvent in the reader's words. */
export function describeEventText(e: Described): Text {
  switch (e.type) {
    case 'milk':
      return e.ml === 0 ? t('event.breastfeed', feed(e)) : t('event.bottle', { ml: e.ml ?? 0, ...feed(e) });
    case 'pumping':
      return t('event.pumped', { ml: e.ml ?? 0, ...feed(e) });
    case 'sleep':
      return t('event.sleep');
    case 'wake':
      return t('event.wake');
    case 'nappy':
      return t('event.nappy', { kind: e.kind ?? '' });
    case 'poop':
      return t('event.poo');
    case 'solid':
      // The foods are the family's own words, listed as they were logged.
      return t('event.solid', { meal: e.meal_type ?? 'none', foods: (e.foods ?? []).join(', ') });
    case 'note':
      return t('event.note', { text: excerpt(e.note) });
    case 'supplement':
      return e.ug !== null && e.ug !== undefined ? t('event.supplement_ug', { kind: e.kind ?? '', ug: e.ug }) : t('event.supplement', { kind: e.kind ?? '' });
    case 'weight':
      return t('event.weight', { kg: e.kg ?? 0 });
    case 'length':
      return t('event.length', { cm: e.cm ?? 0 });
    case 'head_circumference':
      return t('event.head_circumference', { cm: e.cm ?? 0 });
    case 'temperature': {
      // Rounded here as describe.ts rounds (toFixed), so every language shows the same figure.
      const celsius = e.celsius ?? 0;
      const fahrenheit = e.fahrenheit ?? 0;
      return t('event.temperature', { c: Number(celsius.toFixed(1)), f: Number(fahrenheit.toFixed(1)), method: e.method ?? 'none' });
    }
    case 'medicine': {
      const name = e.medicine ?? t('event.medicine_unnamed');
      const dose = doseText({ amount: e.amount ?? null, unit: e.unit ?? null });
      return dose ? t('event.medicine_dose', { name, dose }) : t('event.medicine', { name });
    }
    case 'activity':
      return e.duration_min ? t('event.activity_minutes', { kind: e.kind ?? '', min: e.duration_min }) : t('event.activity', { kind: e.kind ?? '' });
    case 'milestone':
      return t('event.milestone', { title: e.title ?? '' });
  }
}

/** "03:10" today, "21 Nov 03:10" on another day of the year, "21 Nov 2025 03:10" before: describeWhen's Text. */
export function describeWhenText(ts: string, todayLocalDate: string): Text {
  const time = at(ts);
  if (ts.slice(0, 10) === todayLocalDate) return t('event.when_today', { time });
  const [y, m, d] = ts.slice(0, 10).split('-');
  // Strings, not numbers: a year is not a quantity ("2025", never "2,025").
  const date = { day: String(Number(d)), month: String(Number(m)), time };
  return y === todayLocalDate.slice(0, 4) ? t('event.when_day', date) : t('event.when_day_year', { ...date, year: y! });
}
