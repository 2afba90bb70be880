// Plain-language descriptions of events, for confirmations ("Logged 120 ml bottle for Ada at
// 03:10.") and undo messages.
import type { LogEvent } from './types.ts';

const SUPPLEMENT_NAMES: Record<string, string> = { vitd: 'vitamin D', iron: 'iron', multivitamin: 'multivitamin' };

type Described = Pick<LogEvent, 'type' | 'ml' | 'kind' | 'foods' | 'meal_type' | 'kg' | 'cm' | 'ug' | 'note'> &
  Partial<Pick<LogEvent, 'side' | 'duration_min'>>;

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
