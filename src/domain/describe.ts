// Plain-language descriptions of events, for confirmations ("Logged 120 ml bottle for Ada at
// 03:10.") and undo messages.
import type { LogEvent } from './types.ts';
import { doseAmount } from './medicines.ts';

const SUPPLEMENT_NAMES: Record<string, string> = { vitd: 'vitamin D', iron: 'iron', multivitamin: 'multivitamin' };

type Described = Pick<LogEvent, 'type' | 'ml' | 'kind' | 'foods' | 'meal_type' | 'kg' | 'cm' | 'ug' | 'note'> &
  Partial<Pick<LogEvent, 'side' | 'duration_min' | 'celsius' | 'fahrenheit' | 'method' | 'medicine' | 'amount' | 'unit' | 'title'>>;

const ACTIVITY_NAMES: Record<string, string> = {
  tummy_time: 'tummy time', bath: 'bath', skin_to_skin: 'skin-to-skin', outdoors: 'time outdoors', reading: 'reading', play: 'play',
};

/** "38.2 °C (100.8 °F), ear" */
function temperatureDetail(e: Described): string {
  const both = e.celsius != null ? `${e.celsius.toFixed(1)} °C (${(e.fahrenheit ?? 0).toFixed(1)} °F)` : '';
  return `temperature ${both}${e.method ? `, ${e.method}` : ''}`;
}

export function activityName(kind: string | null | undefined): string {
  return ACTIVITY_NAMES[kind ?? ''] ?? kind ?? 'activity';
}

/** "left side, 15 min", "both sides", "20 min" or "" for a feed without detail. */
function feedDetail(e: Described): string {
  const parts: string[] = [];
  if (e.side) parts.push(e.side === 'both' ? 'both sides' : `${e.side} side`);
  if (e.duration_min) parts.push(`${e.duration_min} min`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export function describeEvent(e: Described): string {
  switch (e.type) {
    case 'milk':
      return (e.ml === 0 ? 'breastfeed' : `${e.ml} ml bottle`) + feedDetail(e);
    case 'sleep':
      return 'sleep';
    case 'wake':
      return 'wake-up';
    case 'nappy':
      return `${e.kind} nappy`;
    case 'poop':
      return 'poo';
    case 'solid': {
      const what = (e.foods ?? []).join(', ');
      return `${e.meal_type ?? 'solid food'}: ${what}`;
    }
    case 'note':
      return `note "${(e.note ?? '').slice(0, 40)}${(e.note ?? '').length > 40 ? '…' : ''}"`;
    case 'supplement':
      return `${SUPPLEMENT_NAMES[e.kind ?? ''] ?? e.kind}${e.ug !== null ? ` ${e.ug} µg` : ''}`;
    case 'weight':
      return `weight ${e.kg} kg`;
    case 'length':
      return `length ${e.cm} cm`;
    case 'temperature':
      return temperatureDetail(e);
    case 'medicine':
      return `${e.medicine ?? 'medicine'}${e.amount != null && e.unit ? ` ${doseAmount({ amount: e.amount, unit: e.unit })}` : ''}`;
    case 'pumping':
      return `pumped ${e.ml} ml${feedDetail(e)}`;
    case 'head_circumference':
      return `head circumference ${e.cm} cm`;
    case 'activity':
      return `${activityName(e.kind)}${e.duration_min ? ` (${e.duration_min} min)` : ''}`;
    case 'milestone':
      return `milestone "${e.title ?? ''}"`;
  }
}

/** "03:10" today, or "21 Nov 03:10" on another day. */
export function describeWhen(ts: string, todayLocalDate: string): string {
  const hhmm = ts.slice(11, 16);
  if (ts.slice(0, 10) === todayLocalDate) return hhmm;
  const [y, m, d] = ts.slice(0, 10).split('-').map(Number);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${d} ${month}${y !== Number(todayLocalDate.slice(0, 4)) ? ` ${y}` : ''} ${hhmm}`;
}
