// One sentence per event, shared by the home confirmation and the timeline.
import { showLength, showMl, showWeight } from './units';

export interface LogEvent {
  id: string;
  ts: string;
  type: string;
  author?: string;
  ml?: number | null;
  kind?: string | null;
  foods?: string[] | null;
  meal_type?: string | null;
  kg?: number | null;
  cm?: number | null;
  ug?: number | null;
  note?: string | null;
  reactions?: { emoji: string; username?: string; [k: string]: unknown }[] | null;
  [k: string]: unknown;
}

export const ICONS: Record<string, string> = {
  milk: '🍼', sleep: '😴', wake: '☀️', nappy: '🧷', poop: '💩', solid: '🥣', note: '📝',
  supplement: '💊', weight: '⚖️', length: '📏',
};

const NAPPY_ICONS: Record<string, string> = { wet: '💧', dirty: '💩', both: '🧷' };
/** The icon home uses for the same button: 💧 wet, 💩 dirty, 🧷 wet + dirty. */
export function iconFor(e: LogEvent): string {
  if (e.type === 'nappy') return NAPPY_ICONS[e.kind ?? ''] ?? '🧷';
  return ICONS[e.type] ?? '•';
}

const SUPPLEMENTS: Record<string, string> = { vitd: 'Vitamin D', iron: 'Iron', multivitamin: 'Multivitamin' };

export function describe(e: LogEvent, units = 'metric'): string {
  switch (e.type) {
    case 'milk':
      return e.ml === 0 ? 'Breastfeed' : `Bottle ${showMl(e.ml, units)}`;
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
    default:
      return e.type;
  }
}
