// The languages the web app speaks (issue 39), as the service lists them (src/i18n/languages.ts:
// the same tags, each in its own name), and the catalogue a caregiver reads: English is British
// or American as the family's region says ("nappy", "diaper").
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
export type HourCycle = 'h12' | 'h23';
export type WeekStart = 'monday' | 'sunday';

/** Each language in its own name, so a reader of any of them finds theirs in the picker. */
export const OWN_NAMES: Readonly<Record<Language, string>> = {
  en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', nl: 'Nederlands',
  'pt-BR': 'Português (Brasil)', pl: 'Polski', sv: 'Svenska',
};

/** A catalogue file in this folder; `pseudo` exists in development builds only (pseudo.ts). */
export type Catalogue = Exclude<Language, 'en'> | 'en-GB' | 'en-US' | 'pseudo';
export const CATALOGUES: readonly Catalogue[] = ['en-GB', 'en-US', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'];

/** The locale dates and numbers are formatted with, and the document's lang attribute. */
export const LOCALE: Readonly<Record<Catalogue, string>> = {
  'en-GB': 'en-GB', 'en-US': 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', 'pt-BR': 'pt-BR', pl: 'pl-PL', sv: 'sv-SE',
  pseudo: 'en-GB',
};

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === 'string' && (LANGUAGES as readonly string[]).includes(tag);
}

export function catalogueFor(language: Language, region: string | null | undefined): Catalogue {
  if (language !== 'en') return language;
  return region === 'us' ? 'en-US' : 'en-GB';
}

/** The usual hour cycle and week start where a catalogue's readers mostly live. */
export const usualHourCycle = (c: Catalogue): HourCycle => (c === 'en-US' ? 'h12' : 'h23');
export const usualWeekStart = (c: Catalogue): WeekStart => (c === 'en-US' || c === 'pt-BR' ? 'sunday' : 'monday');

/**
 * The browser's best language among ours: its list in order, each tag exactly ("pt-BR"), else by
 * its language alone ("de-AT" → de, "pt-PT" → pt-BR, "en-US" → en); English when none matches.
 */
export function browserLanguage(wanted: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Language {
  for (const tag of wanted) {
    if (typeof tag !== 'string') continue;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]!.toLowerCase();
    const near = LANGUAGES.find((l) => l.split('-')[0]!.toLowerCase() === base);
    if (near) return near;
  }
  return 'en';
}
