// Which catalogue the app opens in, and the caregiver's saved choices (GET/POST
// /api/vega/preferences). At start, before anything is drawn: the choices this phone last saw
// (localStorage), else the browser's language, so the first screen is already in the right
// words offline. Once signed in, the saved choices win; a caregiver who never chose has the
// browser's language saved for them, the first time, so every other device follows it.
import { get, post, type Schemas } from '../lib/api';
import { useCatalogue } from './core';
import { browserLanguage, catalogueFor, isLanguage, type Catalogue, type HourCycle, type Language, type WeekStart } from './languages';

export type Preferences = Schemas['Preferences'];
export type PreferencesUpdate = Schemas['PreferencesUpdate'];

const STORE = 'language-choices';
/** Development builds: `localStorage['pseudo-locale'] = '1'` (or `?pseudo=1`) shows the pseudo-locale. */
const PSEUDO = 'pseudo-locale';

interface Choices {
  language: Language;
  hour_cycle: HourCycle | null;
  week_start: WeekStart | null;
  region: string | null;
}
let choices: Choices = { language: 'en', hour_cycle: null, week_start: null, region: null };

function remembered(): Partial<Choices> {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

function pseudo(): boolean {
  if (!import.meta.env?.DEV) return false;
  try {
    const asked = new URLSearchParams(location.search).get('pseudo');
    if (asked !== null) localStorage.setItem(PSEUDO, asked === '0' ? '0' : '1');
    return localStorage.getItem(PSEUDO) === '1';
  } catch {
    return false;
  }
}

async function apply(next: Choices): Promise<void> {
  choices = next;
  try {
    localStorage.setItem(STORE, JSON.stringify(next));
  } catch {
    /* storage blocked: the browser's language next time */
  }
  const catalogue: Catalogue = pseudo() ? 'pseudo' : catalogueFor(next.language, next.region);
  await useCatalogue(catalogue, next.hour_cycle, next.week_start);
}

/** The catalogue the app opens in; resolves once it is loaded. */
export function startLanguage(): Promise<void> {
  const r = remembered();
  return apply({
    language: isLanguage(r.language) ? r.language : browserLanguage(),
    hour_cycle: r.hour_cycle === 'h12' || r.hour_cycle === 'h23' ? r.hour_cycle : null,
    week_start: r.week_start === 'monday' || r.week_start === 'sunday' ? r.week_start : null,
    region: typeof r.region === 'string' ? r.region : null,
  }).catch(() => useCatalogue('en-GB'));
}

function fromServer(p: Preferences, region: string | null): Choices {
  return { language: p.language ?? browserLanguage(), hour_cycle: p.hour_cycle, week_start: p.week_start, region };
}

/**
 * The signed-in caregiver's saved choices, applied; `region` is the family's ("us": American
 * English). A caregiver with no language saved gets the browser's saved, once.
 */
export async function syncPreferences(region: string | null): Promise<Preferences | null> {
  let p: Preferences;
  try {
    p = await get('/api/vega/preferences');
    if (p.language === null) p = await post('/api/vega/preferences', { body: { language: browserLanguage() } });
  } catch {
    // Offline or refused: what this phone last saw, with the family's region as it is now.
    await apply({ ...choices, region });
    return null;
  }
  await apply(fromServer(p, region));
  return p;
}

/** Saves the caregiver's choices (settings) and shows the app in them. */
export async function savePreferences(changes: PreferencesUpdate): Promise<Preferences> {
  const p = await post('/api/vega/preferences', { body: changes });
  await apply(fromServer(p, choices.region));
  return p;
}

/** The family's region changed (settings): English follows it (nappy, diaper). */
export const regionChanged = (region: string | null) => (region === choices.region ? Promise.resolve() : apply({ ...choices, region }));
