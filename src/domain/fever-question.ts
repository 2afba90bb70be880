// Fever by age in a question (issue 27): "she's 6 weeks and 38.2, what should I do?" or
// "temperature of 100.8F in my 2 month old" gets the urgent signpost first — the same rule and
// words as live status's fever alert (live-temperature.ts: 38 °C or more under 3 months, 39 °C
// or more at 3 to 6 months; NHS 111 or the GP, 999 in an emergency; the pediatrician, 911 in
// the US) — and then the guardrail's general text. Never a diagnosis or a dose. Older babies,
// and lower readings, get the general redirect alone. Pure: a function of the question and the
// ages the caller knows.
import type { Region, Units } from './types.ts';
import { celsiusFromFahrenheit, shownCelsius } from './temperature.ts';
import { UNDER_3_MONTHS_C, urgentThresholdC } from './live-temperature.ts';
import { normaliseText } from './answerer/text.ts';
import { TEMPERATURE_TALK } from './guardrail-languages.ts';
import { shownFahrenheit } from './temperature.ts';
import { ENGLISH, t, type Text } from '../i18n/text.ts';

/** A reading a question states, in °C to one decimal (as a thermometer shows it). */
export interface StatedReading {
  celsius: number;
}

const TEMPERATURE_WORDS = /\b(temperature|temp|temps|fever|feverish|febrile|degrees?|thermometer|hot|burning up)\b/;
// Numbers followed by one of these are amounts, ages or times, not readings.
const NOT_A_READING =
  /^\s?(ml|mls|millilitres?|milliliters?|oz|ounces?|fl|g|grams?|kg|kilos?|kilograms?|lb|lbs|pounds?|cm|mm|centimetres?|centimeters?|in|inch|inches|min|mins|minutes?|h|hr|hrs|hours?|days?|d|weeks?|wks?|months?|mths?|mos?|years?|yrs?|%|percent|times?|feeds?|bottles?|nappies|nappy|diapers?|kcal|cal|calories|bpm|ug|mcg|mg|iu|p|pence|am|pm|o ?clock|tage?n?|wochen?|monate?n?|jours?|semaines?|mois|dias?|semanas?|meses|giorni|settimane|mesi|dagen|weken|maanden|dni|tygodni\w*|miesi\w*|dagar|veckor|manader|uhr|h)\b/;

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20,
};
const AGE_NUM = '(\\d{1,2}(?:[.,]5)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|eighteen|twenty)';
const AGE_UNIT = '(days?|weeks?|wks?|months?|mths?|mos?|years?|yrs?)';
/** Days, weeks, months and years in the other languages, with the English unit each stands for. */
const OTHER_UNITS: Array<[string, string]> = [
  ['tage?n?|jours?|dias?|giorni|dagen|dni|dagar', 'days'],
  ['wochen?|semaines?|semanas?|settimane|weken|tygodni\\w*|tydzien|veckor|vecka', 'weeks'],
  ['monate?n?|mois|meses|mesi|maanden|maand|miesi\\w*|manader|manad', 'months'],
];
const OLD = '(?:alt\\w*|de vida|di vita|oud|gammal\\w*|zycia|vieux|vieille|d\'age)';
const HAS_AGE = '(?:ist|a|tiene|ha|is|tem|ma|ar|hat)';
const OTHER_AGES: RegExp[] = OTHER_UNITS.flatMap(([units]) => [
  new RegExp(`\\b(\\d{1,2}(?:[.,]5)?) (${units})(?: \\w+)? ${OLD}\\b`),
  new RegExp(`\\b${HAS_AGE} (?:erst |nur |seulement |solo |solo |pas |net |tylko |bara )?(\\d{1,2}(?:[.,]5)?) (${units})\\b`),
]);

// An age, not a duration: "6 weeks old", "my 2-month-old", "she's 6 weeks", "aged 10 days", or
// a question that starts with it ("6 weeks, 38.4 …"). "For 2 days" or "3 days ago" is not an age.
const AGE_PATTERNS = [
  new RegExp(`\\b${AGE_NUM}[ -]?${AGE_UNIT}[ -]?old\\b`),
  new RegExp(`\\b(?:she|he|baby|they|it|my baby|our baby|the baby|my son|my daughter|son|daughter)(?:'s| is| was|'re| are| just turned| turned| has just turned)(?: only| just| nearly| almost| about)? ${AGE_NUM} ${AGE_UNIT}\\b(?! ago)`),
  new RegExp(`\\b(?:aged?|at) ${AGE_NUM} ${AGE_UNIT}\\b(?! ago)`),
  new RegExp(`^(?:my |our )?${AGE_NUM} ${AGE_UNIT}\\b(?! ago)`),
  // The other languages (issue 39): "6 Wochen alt", "3 semaines", "2 meses de vida", "6 tygodni":
  // the number and a unit of age said as old ("alt", "de vida", "oud", "gammal") or after "ist",
  // "a", "tiene", "ha", "is", "tem", "ma", "ar"; the unit is read by its first letter below, so
  // each is given as its English one.
  ...OTHER_AGES,
];

function unitOf(unit: string): string {
  for (const [units, en] of OTHER_UNITS) if (new RegExp(`^(?:${units})$`).test(unit)) return en;
  return unit;
}

function ageNumber(s: string): number {
  return NUMBER_WORDS[s] ?? Number(s.replace(',', '.'));
}

/** The child's age a question states, in months (days / 30.4375), or null. "Newborn" is 0. */
export function statedAgeMonths(question: string): number | null {
  const q = normaliseText(question);
  for (const re of AGE_PATTERNS) {
    const m = q.match(re);
    if (!m) continue;
    const n = ageNumber(m[1]!);
    const unit = unitOf(m[2]!);
    if (Number.isNaN(n)) continue;
    if (unit.startsWith('d')) return n / 30.4375;
    if (unit.startsWith('w')) return (n * 7) / 30.4375;
    if (unit.startsWith('y')) return n * 12;
    return n;
  }
  if (/\b(newborn|new born|new-born)\b/.test(q)) return 0;
  return null;
}

/**
 * Temperatures a question states: "38.2", "38.2 °C", "38 degrees", "100.8F", "101 f". A bare
 * number counts when it has a decimal or the question speaks of a temperature, and it is in a
 * thermometer's range (35–43 °C, 95–109 °F); one followed by a unit of something else ("38 ml",
 * "6 weeks") never does.
 */
export function statedReadings(question: string): StatedReading[] {
  const q = normaliseText(question).replace(/º/g, '°');
  const out: StatedReading[] = [];
  const tempTalk = TEMPERATURE_WORDS.test(q) || TEMPERATURE_TALK.test(q);
  const re = /(?<![\d.,£$€])(\d{2,3}(?:[.,]\d{1,2})?)(?![\d])\s?(°\s?|degrees?\s?|deg\s?)?(c|f|celsius|centigrade|fahrenheit)?(?![a-z])/g;
  for (const m of q.matchAll(re)) {
    const v = Number(m[1]!.replace(',', '.'));
    const deg = m[2] !== undefined;
    const unit = m[3]?.[0] as 'c' | 'f' | undefined;
    const after = q.slice(m.index! + m[0].length);
    if (!unit && !deg && NOT_A_READING.test(after)) continue;
    const decimal = /[.,]/.test(m[1]!);
    if (!unit && !deg && !decimal && !tempTalk) continue;
    let c: number | null = null;
    if (unit === 'c' || (!unit && v >= 34 && v <= 43.5)) c = v;
    else if (unit === 'f' || (!unit && v >= 93 && v <= 110)) c = celsiusFromFahrenheit(v);
    if (c === null || c < 34 || c > 44) continue;
    out.push({ celsius: shownCelsius(c) });
  }
  return out;
}

/** Whether a question speaks of a temperature at all (a reading or the words): the caller then looks up ages. */
export function mentionsTemperature(question: string): boolean {
  const q = normaliseText(question);
  return TEMPERATURE_WORDS.test(q) || TEMPERATURE_TALK.test(q) || statedReadings(question).length > 0;
}

/** What the caller knows of the child(ren) a question may be about. */
export interface FeverContext {
  /** Each child's age today in months (days / 30.4375); the question's own age wins over these. */
  ageMonths: number[];
  units: Units;
}

/**
 * The urgent signpost when the question states a reading at or above the urgent threshold for the
 * child's age (the age the question states, else any of the children it may be about), or null.
 */
export function feverSignpost(question: string, region: Region, fever: FeverContext): string | null {
  const text = feverSignpostText(question, region, fever);
  return text && ENGLISH.render(text);
}

/** The same signpost, for the reader's language. */
export function feverSignpostText(question: string, region: Region, fever: FeverContext): Text | null {
  const readings = statedReadings(question);
  if (readings.length === 0) return null;
  const stated = statedAgeMonths(question);
  const ages = stated !== null ? [stated] : fever.ageMonths;
  const highest = Math.max(...readings.map((r) => r.celsius));
  // The lowest threshold that applies (the youngest child's): a reading above it is urgent for that child.
  let limit: number | null = null;
  for (const a of ages) {
    const t = urgentThresholdC(a);
    if (t !== null && (limit === null || t < limit)) limit = t;
  }
  if (limit === null || highest < limit) return null;
  return urgentSignpost(limit, fever.units, region);
}

/**
 * The words of live status's fever alert (live-temperature.ts urgentAdvice) in the reader's
 * language: the age band, the threshold, where to call (the family's region in English, the
 * language's country otherwise).
 */
export function urgentSignpost(limit: number, units: Units, region: Region): Text {
  return t('guardrail.fever_urgent', {
    band: limit === UNDER_3_MONTHS_C ? 'under3' : 'under6',
    units: units === 'imperial' ? 'imperial' : 'metric',
    c: limit,
    f: shownFahrenheit(limit),
    region: region === 'us' ? 'us' : 'uk',
  });
}
