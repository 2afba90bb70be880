// This service's own export (GET /api/vega/export) as an import.
import { badRequest } from '../../errors.ts';
import { VALUE_FIELDS, type EventInput } from '../../domain/event-rules.ts';
import { shownFahrenheit } from '../../domain/temperature.ts';
import { EVENT_TYPES, type EventType, type Reaction } from '../../domain/types.ts';
import { isValidZone } from '../../domain/time.ts';
import { childNameKey } from '../../domain/children.ts';
import type { SourceChild } from '../../domain/import-children.ts';
import { Gender } from '../../schemas/common.ts';
import { type OnCandidate, type Parsed, RowError, checkOneChild, isDate, sourceInstant } from './import-rows.ts';
import { t } from '../../i18n/text.ts';

/**
 * The export's `children` (written when the family had several): each is matched here by its
 * name, ignoring case (names are unique in a family), or created with its date of birth and
 * gender. A family of one child exports no list, and its events no child_id.
 */
function childrenOf(raw: unknown): SourceChild[] {
  if (!Array.isArray(raw)) throw badRequest(t('error.import_children_not_array'), 'invalid_import');
  const out = raw.map((row, i): SourceChild => {
    const where = `data.children[${i}]`;
    const c = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
    if (typeof c.id !== 'string' || c.id === '') throw badRequest(t('error.import_child_no_id', { where }), 'invalid_import');
    const name = typeof c.baby_name === 'string' ? c.baby_name.trim() : '';
    if (name === '' || name.length > 80) throw badRequest(t('error.import_child_name_length', { field: `${where}.baby_name`, max: 80 }), 'invalid_import');
    if (!isDate(c.dob)) throw badRequest(t('error.import_child_date', { field: `${where}.dob` }), 'invalid_import');
    const gender = Gender.safeParse(c.gender ?? '');
    if (!gender.success) throw badRequest(t('error.import_child_gender', { field: `${where}.gender`, options: Gender.options.filter(Boolean).join(', ') }), 'invalid_import');
    return { key: c.id, label: `${name} (export id ${c.id})`, names: [name], dob: c.dob, gender: gender.data, sameDob: false };
  });
  if (new Set(out.map((c) => c.key)).size !== out.length) throw badRequest(t('error.import_child_id_twice'), 'invalid_import');
  if (new Set(out.map((c) => childNameKey(c.names[0]!))).size !== out.length) throw badRequest(t('error.import_child_name_twice'), 'invalid_import');
  return out;
}

/** Every value field an Event shows is taken as it is, except the temperature (readingOf). */
const COPIED = VALUE_FIELDS.filter((f) => f !== 'celsius');

/**
 * An exported temperature shows both scales, each to one decimal; the service stores °C, kept
 * unrounded when the reading was sent in °F. Sent in °C, the export's °F is what its °C gives,
 * and the °C comes back exactly; sent in °F, it is not (100.1 °F shows as 37.8 °C, and 37.8 °C
 * as 100.0 °F), and the °F comes back exactly. Either way the event reads as it was exported.
 */
function readingOf(celsius: unknown, fahrenheit: unknown): { celsius: unknown } | { fahrenheit: unknown } | null {
  const c = celsius ?? null;
  const f = fahrenheit ?? null;
  if (c === null) return f === null ? null : { fahrenheit: f };
  if (f === null || typeof c !== 'number' || typeof f !== 'number' || shownFahrenheit(c) === f) return { celsius: c };
  return { fahrenheit: f };
}

/** The export's events, notes and recipes as candidates; each of data.events is let go (set to undefined) once read. */
export function parseTracker(data: unknown, familyZone: string, onCandidate: OnCandidate): Parsed {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !Array.isArray((data as { events?: unknown }).events)) {
    throw badRequest(t('error.import_tracker_shape'), 'invalid_import');
  }
  const obj = data as { events: unknown[]; profile?: { timezone?: unknown }; notes?: unknown; recipes?: unknown; children?: unknown };
  // The export's timestamps are wall-clock times of the exporting family's zone.
  const tz = obj.profile?.timezone;
  const zone = typeof tz === 'string' && isValidZone(tz) ? tz : familyZone;
  const out: Parsed = { skipped: [], notes: [], recipes: [] };
  const children = obj.children === undefined ? [] : childrenOf(obj.children);
  if (children.length) out.children = children;
  const childIds = new Set(children.map((c) => c.key));
  // Without a children list, the child ids the events name (a one-child export names none).
  const seenIds = new Set<string>();
  // Each of the file's events is let go as soon as it is read (importHistory hands its file
  // over): the file's events and their candidates are not all held at once.
  const events = obj.events;
  for (let i = 0; i < events.length; i++) {
    const raw = events[i];
    events[i] = undefined;
    const line = i + 1;
    try {
      if (!raw || typeof raw !== 'object') throw new RowError('is not an object');
      const e = raw as Record<string, unknown>;
      if (!(EVENT_TYPES as readonly string[]).includes(String(e.type))) throw new RowError(`type '${e.type}' is not an event type`);
      const at = sourceInstant(e.ts, zone);
      const childId = typeof e.child_id === 'string' && e.child_id !== '' ? e.child_id : undefined;
      if (children.length === 0) {
        if (childId !== undefined) seenIds.add(childId);
      } else if (childId === undefined) {
        throw new RowError('has no child_id (the export has several children)');
      } else if (!childIds.has(childId)) {
        throw new RowError(`child_id '${childId}' is not in data.children`);
      }
      const values: Record<string, unknown> = {};
      for (const f of COPIED) {
        if (e[f] !== undefined && e[f] !== null) values[f] = e[f];
      }
      const temperature = readingOf(e.celsius, e.fahrenheit);
      if (temperature) Object.assign(values, temperature);
      const reactions = Array.isArray(e.reactions)
        ? (e.reactions as unknown[]).filter((r): r is Reaction => !!r && typeof (r as Reaction).emoji === 'string' && typeof (r as Reaction).username === 'string')
        : null;
      onCandidate({
        line,
        source: 'events',
        type: e.type as EventType,
        at,
        values: values as EventInput,
        author: typeof e.author === 'string' && e.author.trim() ? e.author.trim().slice(0, 40) : undefined,
        reactions: reactions && reactions.length ? reactions : null,
        ...(children.length ? { child: childId } : {}),
      });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      out.skipped.push({ line, source: 'events', reason: err.message });
    }
  }
  checkOneChild(seenIds, (count, ids) => t('error.import_mixed_children_tracker', { count, ids }));
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
