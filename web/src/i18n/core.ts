// The web app's words and formats (issue 39): one catalogue (this folder's <catalogue>.json,
// ICU MessageFormat, flat keys) is loaded at a time, on demand, and every text on screen is
// `t(key, values)` in it. The build compiles the messages ahead (vite.config.ts), so the ICU
// parser never reaches the phone. Dates, times and numbers go through Intl in the caregiver's
// language and hour cycle; a typed number takes a decimal comma as well as a point.
// With its extension: the unit tests import this file under node, where messages stay strings.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type EN from './en-GB.json';
import { LOCALE, usualHourCycle, usualWeekStart, type Catalogue, type HourCycle, type WeekStart } from './languages.ts';

/** A message of the catalogues; a typo is a type error (the English catalogue lists them all). */
export type MessageKey = keyof typeof EN;
/** A message as the build leaves it: compiled (an ICU syntax tree), or its text under node. */
type Messages = Record<string, unknown>;
export type Values = Record<string, PrimitiveType>;

interface State {
  catalogue: Catalogue;
  locale: string;
  hourCycle: HourCycle;
  weekStart: WeekStart;
  messages: Messages;
}
let state: State = { catalogue: 'en-GB', locale: 'en-GB', hourCycle: 'h23', weekStart: 'monday', messages: {} };
const compiled = new Map<string, IntlMessageFormat>();
const listeners = new Set<() => void>();
let version = 0;

async function messagesOf(catalogue: Catalogue): Promise<Messages> {
  if (catalogue === 'pseudo') {
    // Development builds only: the import and pseudo.ts are dropped from a production build.
    // (Cast: the unit tests compile this file without Vite's types; the build still sees import.meta.env.)
    if (!(import.meta as { env?: { DEV?: boolean } }).env?.DEV) return messagesOf('en-GB');
    const [{ pseudoCatalogue }, en] = await Promise.all([import('./pseudo.ts'), messagesOf('en-GB')]);
    return pseudoCatalogue(en);
  }
  // American English holds only the words that differ from British ("diaper"); the rest is shared.
  if (catalogue === 'en-US') {
    const [gb, us] = await Promise.all([messagesOf('en-GB'), import('./en-US.json')]);
    return { ...gb, ...(us.default as Messages) };
  }
  return (await import(`./${catalogue}.json`)).default as Messages;
}

/**
 * Makes `catalogue` the one on screen, with the caregiver's hour cycle and week start (null: the
 * language's usual), loading its messages first; everything shown is drawn again after.
 */
export async function useCatalogue(catalogue: Catalogue, hourCycle: HourCycle | null = null, weekStart: WeekStart | null = null): Promise<void> {
  const messages = catalogue === state.catalogue && Object.keys(state.messages).length ? state.messages : await messagesOf(catalogue);
  const next: State = {
    catalogue,
    locale: LOCALE[catalogue],
    hourCycle: hourCycle ?? usualHourCycle(catalogue),
    weekStart: weekStart ?? usualWeekStart(catalogue),
    messages,
  };
  if (next.catalogue === state.catalogue && next.hourCycle === state.hourCycle && next.weekStart === state.weekStart && next.messages === state.messages) return;
  if (next.messages !== state.messages) compiled.clear();
  state = next;
  formats.clear();
  version++;
  if (typeof document !== 'undefined') document.documentElement.lang = catalogue === 'pseudo' ? 'en-XA' : next.locale.replace(/-(DE|FR|ES|IT|NL|PL|SE)$/, '');
  listeners.forEach((l) => l());
}

export const currentCatalogue = () => state.catalogue;
export const currentLocale = () => state.locale;
export const hourCycle = () => state.hourCycle;
export const weekStart = () => state.weekStart;

/** Calls `fn` whenever the catalogue, hour cycle or week start changes. */
export function onLanguageChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
/** Changes each time something shown in words or formats changes (a key for the app's root). */
export const languageVersion = () => version;

function message(key: string): IntlMessageFormat | null {
  let m = compiled.get(key);
  if (!m) {
    const source = state.messages[key];
    if (source === undefined) return null;
    m = new IntlMessageFormat(source as string, state.locale);
    compiled.set(key, m);
  }
  return m;
}

/** A message in the caregiver's words: `t('home.feeds_today', { n: 3 })`. */
export function t(key: MessageKey, values?: Values): string {
  const m = message(key);
  // A key missing from a loaded catalogue cannot happen (test/unit/web-catalogues.test.ts);
  // before any is loaded (a unit test that loads none) the key itself shows.
  return m ? String(m.format(values)) : key;
}

/**
 * A message with markup or parts of the page inside: `<b>…</b>` tags become `values.b(chunks)`
 * and a value may be an element; the parts come back in order for JSX to render.
 */
export function tx<T>(key: MessageKey, values: Record<string, PrimitiveType | T | ((chunks: (string | T)[]) => T)>): (string | T)[] {
  const m = message(key);
  if (!m) return [key];
  const out = m.format<T>(values as never);
  return Array.isArray(out) ? out : [out as string | T];
}

// --- Formats -------------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(id: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(id) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(state.locale, { ...options, timeZone: 'UTC' });
    formats.set(id, f);
  }
  return f;
}
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const id = `n${min}/${max}`;
  let f = formats.get(id) as Intl.NumberFormat | undefined;
  if (!f) {
    // No thousands separators: "1050 ml" reads the same in every language and as it is typed.
    f = new Intl.NumberFormat(state.locale, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: false });
    formats.set(id, f);
  }
  return f;
}

// Local timestamps ("YYYY-MM-DDTHH:MM[:SS]", the family's wall clock) are formatted as UTC so
// no zone of the phone moves them.
const wall = (local: string) => Date.UTC(+local.slice(0, 4), +local.slice(5, 7) - 1, +local.slice(8, 10), +local.slice(11, 13) || 0, +local.slice(14, 16) || 0);

/** A clock time in the caregiver's hour cycle, from "HH:MM" or a local timestamp: "14:05", "2:05 PM". */
export function time(local: string | null | undefined, cycle: HourCycle = state.hourCycle): string {
  if (!local) return '';
  const hm = local.length > 5 ? local.slice(11, 16) : local;
  if (!/^\d\d:\d\d$/.test(hm)) return '';
  const h12 = cycle === 'h12';
  return dateFormat(`t${cycle}`, { hour: h12 ? 'numeric' : '2-digit', minute: '2-digit', hourCycle: cycle }).format(Date.UTC(2000, 0, 1, +hm.slice(0, 2), +hm.slice(3, 5)));
}

/** A date ("YYYY-MM-DD" or a local timestamp) in the caregiver's language: `date(d, { day: 'numeric', month: 'short' })`. */
export function date(local: string, options: Intl.DateTimeFormatOptions): string {
  if (!/^\d{4}-\d\d-\d\d/.test(local)) return local;
  return dateFormat(`d${JSON.stringify(options)}`, options).format(wall(local.length === 10 ? `${local}T12:00` : local));
}

/** A date and its clock time: "Mon 3 Nov, 14:05". */
export function dateTime(local: string, options: Intl.DateTimeFormatOptions): string {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(local)) return local;
  const h12 = state.hourCycle === 'h12';
  return dateFormat(`dt${state.hourCycle}${JSON.stringify(options)}`, { ...options, hour: h12 ? 'numeric' : '2-digit', minute: '2-digit', hourCycle: state.hourCycle }).format(wall(local));
}

/** A number with the caregiver's decimal mark: "38,2". `digits`: [fewest, most] fraction digits. */
export function num(n: number, max = 3, min = 0): string {
  return numberFormat(min, Math.max(min, max)).format(n);
}

/** A typed number, decimal comma or point ("38,2", "38.2"); NaN when it is not one. */
export function parseNum(typed: string | number | null | undefined): number {
  if (typeof typed === 'number') return typed;
  const s = (typed ?? '').trim().replace(/\s/g, '');
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return NaN;
  return Number(s.replace(',', '.'));
}

/** Whether the caregiver's language writes a decimal comma (a typed number's placeholder shows it). */
export const decimalComma = () => num(1.5, 1) === '1,5';

/** A duration in the caregiver's words: "45 min", "1 h 20 min", "1 Std. 20 Min.". */
export function duration(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return '';
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const r = m % 60;
  if (h === 0) return t('time.duration_min', { m: r });
  return r ? t('time.duration_h_min', { h, m: r }) : t('time.duration_h', { h });
}

/** Weekday index (0 = Sunday, as Date.getUTCDay) that starts the caregiver's week. */
export const firstWeekday = () => (state.weekStart === 'sunday' ? 0 : 1);
