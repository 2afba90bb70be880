// The languages the service speaks (issue 39), and which one a text is written in: the
// caregiver's saved language; else the request's Accept-Language, best match among these; else
// English. Pure: no catalogue is loaded here.
import Negotiator from 'negotiator';
import { match } from '@formatjs/intl-localematcher';

/** Supported language tags, as a caregiver saves them (POST /api/vega/preferences). */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name, for a language picker that a reader of any of them can use. */
export const OWN_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  'pt-BR': 'Português (Brasil)',
  pl: 'Polski',
  sv: 'Svenska',
};

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === 'string' && (LANGUAGES as readonly string[]).includes(tag);
}

export const HOUR_CYCLES = ['h12', 'h23'] as const;
export type HourCycle = (typeof HOUR_CYCLES)[number];
export const WEEK_STARTS = ['monday', 'sunday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** A caregiver's saved choices, as stored (users.language, hour_cycle, week_start). */
export interface StoredPreferences {
  language?: string | null;
  hour_cycle?: string | null;
  week_start?: string | null;
}

/** A caregiver's saved choices as this release knows them. */
export interface KnownPreferences {
  language: Language | null;
  hour_cycle: HourCycle | null;
  week_start: WeekStart | null;
}

/**
 * What is stored, as this release knows it: a value it does not know (saved by a newer release,
 * or by hand) counts as not chosen, so the reader falls back to their browser or the usual.
 */
export function knownPreferences(row: StoredPreferences | null | undefined): KnownPreferences {
  const hourCycle = row?.hour_cycle;
  const weekStart = row?.week_start;
  return {
    language: isLanguage(row?.language) ? row.language : null,
    hour_cycle: (HOUR_CYCLES as readonly unknown[]).includes(hourCycle) ? (hourCycle as HourCycle) : null,
    week_start: (WEEK_STARTS as readonly unknown[]).includes(weekStart) ? (weekStart as WeekStart) : null,
  };
}

/**
 * The best supported language for an Accept-Language header, or null when it names none of
 * them (or is not a header at all). "de-AT" is German; "pt-PT" is Portuguese (Brazil), there
 * being no closer one; a malformed header counts as none.
 */
export function negotiateLanguage(header: string | undefined): Language | null {
  if (!header || header.length > 500) return null;
  let wanted: string[];
  try {
    wanted = new Negotiator({ headers: { 'accept-language': header } }).languages().filter((t) => t !== '*');
  } catch {
    return null;
  }
  for (const tag of wanted) {
    // Matched one tag at a time, in the caller's order of preference: the matcher's own
    // distance would otherwise prefer a close match of a later tag to the first tag's language.
    let found: string;
    try {
      found = match([tag], LANGUAGES as unknown as string[], '', { algorithm: 'best fit' });
    } catch {
      continue; // not a well-formed language tag
    }
    if (isLanguage(found)) return found;
  }
  return null;
}

/**
 * English is written British or American as the family's region says ("nappy", "diaper"); with
 * no family behind the text (sign-in, a 401), as the request asked ("en-US"), else British.
 */
export type Catalogue = Exclude<Language, 'en'> | 'en-GB' | 'en-US';

export function catalogueFor(language: Language, region: string | null | undefined, requested?: string): Catalogue {
  if (language !== 'en') return language;
  if (region === 'us') return 'en-US';
  if (region === 'uk') return 'en-GB';
  return requested && /^en-US\b/i.test(requested.trim()) ? 'en-US' : 'en-GB';
}

/** The first day of the week where a language's readers mostly live (the US, Brazil: Sunday). */
export function usualWeekStart(catalogue: Catalogue): WeekStart {
  return catalogue === 'en-US' || catalogue === 'pt-BR' ? 'sunday' : 'monday';
}
