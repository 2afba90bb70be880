// The words of a text written with no request behind it (issue 39): a reminder and its Web
// Push, Home Assistant's state. Its reader is known by their row alone: their saved language
// (none saved: English, there being no browser to ask), English British or American by the
// family's region, and their saved hour cycle or the language's usual.
import { catalogueFor, knownPreferences } from './languages.ts';
import { wordsFor, type Words } from './text.ts';

/** What of a caregiver's row (users) says how they read. */
export interface SavedReading {
  language: string | null;
  hour_cycle: string | null;
}

export function savedWords(saved: SavedReading | null | undefined, region: string | null | undefined): Words {
  const known = knownPreferences(saved);
  return wordsFor(catalogueFor(known.language ?? 'en', region), known.hour_cycle);
}
