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

const SUPPLEMENTS: Record<string, string> = { vitd: 'Vitamin D', iron: 'Iron', multivitamin: 'Multivitamin' };

export function describe(e: LogEvent, units = 'metric'): string {
  switch (e.type) {
    case 'milk': {
      // "Breastfeed · left · 15 min", "Bottle 120 ml · 20 min"
      const side = typeof e.side === 'string' ? (e.side === 'both' ? 'both sides' : e.side) : null;
      const mins = typeof e.duration_min === 'number' ? `${e.duration_min} min` : null;
      const breast = e.ml === 0 || side !== null;
      const head = breast ? `Breastfeed${e.ml ? ` (${showMl(e.ml, units)})` : ''}` : `Bottle ${showMl(e.ml, units)}`;
      return [head, side, mins].filter(Boolean).join(' · ');
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
    default:
      return e.type;
  }
}
