// One sentence per event, shared by the home confirmation and the timeline. Each keeps what
// matters in front (a breastfeed's sides and minutes, a bottle's ml, a temperature, a
// medicine's name and amount), so the timeline can show it whole on a phone.
// With its extension: test/unit/web-describe.test.ts imports this file under node.
import type { components } from '../generated/openapi.d.ts';
import { showLength, showMl, showTemp, showWeight } from './units.ts';

/** An event as the API returns it (a day's list, a log's or an edit's reply). */
export type LogEvent = components['schemas']['Event'];
/** What a summary reads: an event from the API, or a log still waiting on the phone (only what it was sent with). */
export type EventLike = { type: string } & { [K in Exclude<keyof LogEvent, 'type'>]?: LogEvent[K] | null };

const SUPPLEMENTS: Record<string, string> = { vitd: 'Vitamin D', iron: 'Iron', multivitamin: 'Multivitamin' };

/** How each activity kind is said (the API's kinds: tummy_time, bath, skin_to_skin, outdoors, reading, play). */
export const ACTIVITIES: [string, string][] = [
  ['tummy_time', 'Tummy time'], ['bath', 'Bath'], ['skin_to_skin', 'Skin-to-skin'], ['outdoors', 'Outdoors'], ['reading', 'Reading'], ['play', 'Play'],
];
export const activityLabel = (kind: string | null | undefined) => ACTIVITIES.find(([k]) => k === kind)?.[1] ?? (kind ? kind.replace(/_/g, ' ') : 'Activity');

/** "2.5 ml", "1 tablet", "2 puffs" (as the API's own words say it). */
export function doseText(amount: number | null | undefined, unit: string | null | undefined): string {
  if (amount == null || !unit) return '';
  const plural = amount !== 1 && ['tablet', 'sachet', 'puff', 'dose'].includes(unit) ? 's' : '';
  return `${amount} ${unit}${plural}`;
}

const sideText = (side: unknown) => (typeof side === 'string' ? (side === 'both' ? 'both sides' : side) : null);
const minutes = (m: unknown) => (typeof m === 'number' ? `${m} min` : null);

export function describe(e: EventLike, units = 'metric'): string {
  switch (e.type) {
    case 'milk': {
      // "Breastfeed · left · 15 min", "Bottle 120 ml · 20 min"
      const side = sideText(e.side);
      const breast = e.ml === 0 || side !== null;
      const head = breast ? `Breastfeed${e.ml ? ` (${showMl(e.ml, units)})` : ''}` : `Bottle ${showMl(e.ml, units)}`;
      return [head, side, minutes(e.duration_min)].filter(Boolean).join(' · ');
    }
    case 'sleep':
      return 'Fell asleep';
    case 'wake':
      return 'Woke up';
    case 'nappy':
      return `Nappy: ${e.kind ?? 'changed'}`;
    case 'poop':
      return 'Poop';
    case 'solid':
      return `${e.meal_type === 'snack' ? 'Snack' : 'Solids'}: ${(e.foods ?? []).join(', ') || 'food'}`;
    case 'supplement':
      return `${SUPPLEMENTS[e.kind ?? ''] ?? e.kind ?? 'Supplement'}${e.ug ? ` ${e.ug} µg` : ''}`;
    case 'weight':
      return `Weight ${showWeight(e.kg, units)}`;
    case 'length':
      return `Length ${showLength(e.cm, units)}`;
    case 'note':
      return `Note: ${e.note ?? ''}`;
    case 'temperature':
      // "Temperature 38.2 °C · ear"
      return [`Temperature ${showTemp(e, units)}`, e.method].filter(Boolean).join(' · ');
    case 'medicine': {
      const dose = doseText(e.amount, e.unit);
      return `${e.medicine ?? 'Medicine'}${dose ? ` ${dose}` : ''}`;
    }
    case 'pumping':
      // "Pumped 120 ml · left · 15 min"
      return [`Pumped ${showMl(e.ml ?? 0, units)}`, sideText(e.side), minutes(e.duration_min)].filter(Boolean).join(' · ');
    case 'head_circumference':
      return `Head circumference ${showLength(e.cm, units)}`;
    case 'activity':
      return [activityLabel(e.kind), minutes(e.duration_min)].filter(Boolean).join(' · ');
    case 'milestone':
      return `Milestone: ${e.title ?? ''}`;
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
