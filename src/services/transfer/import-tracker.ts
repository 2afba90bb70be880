// This service's own export (GET /api/vega/export) as an import.
import { badRequest } from '../../errors.ts';
import type { EventValues } from '../../domain/event-rules.ts';
import { EVENT_TYPES, type EventType, type Reaction } from '../../domain/types.ts';
import { isValidZone } from '../../domain/time.ts';
import { type Parsed, RowError, sourceInstant } from './import-rows.ts';

export function parseTracker(data: unknown, familyZone: string): Parsed {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !Array.isArray((data as { events?: unknown }).events)) {
    throw badRequest("For format tracker, data must be this service's export object (with an events array).", 'invalid_import');
  }
  const obj = data as { events: unknown[]; profile?: { timezone?: unknown }; notes?: unknown; recipes?: unknown };
  // The export's timestamps are wall-clock times of the exporting family's zone.
  const tz = obj.profile?.timezone;
  const zone = typeof tz === 'string' && isValidZone(tz) ? tz : familyZone;
  const out: Parsed = { candidates: [], skipped: [], notes: [], recipes: [] };
  obj.events.forEach((raw, i) => {
    const line = i + 1;
    try {
      if (!raw || typeof raw !== 'object') throw new RowError('is not an object');
      const e = raw as Record<string, unknown>;
      if (!(EVENT_TYPES as readonly string[]).includes(String(e.type))) throw new RowError(`type '${e.type}' is not an event type`);
      const at = sourceInstant(e.ts, zone);
      const values: Partial<EventValues> = {};
      for (const f of ['ml', 'kind', 'foods', 'meal_type', 'kg', 'cm', 'ug', 'note', 'side', 'duration_min'] as const) {
        if (e[f] !== undefined && e[f] !== null) (values as Record<string, unknown>)[f] = e[f];
      }
      const reactions = Array.isArray(e.reactions)
        ? (e.reactions as unknown[]).filter((r): r is Reaction => !!r && typeof (r as Reaction).emoji === 'string' && typeof (r as Reaction).username === 'string')
        : null;
      out.candidates.push({
        line,
        source: 'events',
        type: e.type as EventType,
        at,
        values,
        author: typeof e.author === 'string' && e.author.trim() ? e.author.trim().slice(0, 40) : undefined,
        reactions: reactions && reactions.length ? reactions : null,
      });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      out.skipped.push({ line, source: 'events', reason: err.message });
    }
  });
  if (Array.isArray(obj.notes)) {
    obj.notes.forEach((n, i) => {
      const r = n as { ts?: unknown; text?: unknown; tags?: unknown };
      if (typeof r?.ts !== 'string' || typeof r.text !== 'string' || r.text.trim() === '') {
        out.skipped.push({ line: i + 1, source: 'notes', reason: 'a note needs ts and text' });
        return;
      }
      out.notes.push({ ts: r.ts, text: r.text, tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [] });
    });
  }
  if (obj.recipes && typeof obj.recipes === 'object') {
    Object.values(obj.recipes as Record<string, unknown>).forEach((raw, i) => {
      const r = raw as { name?: unknown; ingredients?: unknown };
      const ingredients = Array.isArray(r?.ingredients) ? r.ingredients.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
      if (typeof r?.name !== 'string' || r.name.trim() === '' || ingredients.length === 0) {
        out.skipped.push({ line: i + 1, source: 'recipes', reason: 'a recipe needs a name and ingredients' });
        return;
      }
      out.recipes.push({ name: r.name.trim().slice(0, 80), ingredients });
    });
  }
  return out;
}
