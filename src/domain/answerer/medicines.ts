// "When did she last have Calpol?", "how many doses of Calpol today?", "who gave him the
// ibuprofen?", "what medicines has she had this week?": the doses the log records. The
// guardrail (../guardrails.ts medicineLogQuestion) has already refused anything asking what to
// give, how much or when next; these answers restate what was given and never a setting, an
// amount to give or a time to give it again.
import type { TimedEvent } from '../types.ts';
import { doseAmount, medicineKey } from '../medicines.ts';
import { drugWordsIn } from '../guardrails.ts';
import { levenshtein, words } from './text.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { Figures, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { periodText } from './summaries.ts';
import type { Period } from './periods.ts';
import { ago, clock, list, minutes, plural, times, when } from './format.ts';
import { YES_NO } from './question-shapes.ts';

/** Which medicines a question asks about. */
export interface MedicineAsked {
  /** the keys (medicineKey) of the logged medicines it names */
  keys: Set<string>;
  /** medicine names it uses that the log does not have ("paracetamol" when "Calpol" was logged) */
  unknown: string[];
  /** "medicine", "meds", "antibiotics": every medicine given */
  any: boolean;
}

// Words for medicines in general or a kind of medicine: the answer names each medicine given, so
// the parent sees which ones they meant ("her antibiotics" → Amoxicillin).
const CLASS_WORDS = new Set([
  'medicine', 'medicines', 'medication', 'medications', 'meds', 'painkiller', 'painkillers', 'antibiotic', 'antibiotics',
  'antibiotico', 'antibiotique', 'antibiotikum', 'antihistamine', 'steroid', 'steroids', 'suppository', 'suppositories',
  'medicamento', 'medicament', 'medikament', 'medicina',
]);
const GENERIC = /\b(medicines?|medications?|meds|doses?|dosage|dosing)\b/;
const SUPPLEMENT = /\b(vitamins?|vit d|vitd|iron|multivitamins?|supplements?)\b/;
// Words of a product name that say nothing about which medicine it is.
const NAME_FILLER = new Set(['infant', 'infants', 'baby', 'babies', 'child', 'children', 'childrens', 'junior', 'suspension', 'syrup', 'oral', 'liquid', 'drops', 'sugar', 'free', 'tablets', 'tablet', 'sachets', 'cream', 'gel', 'plus', 'for', 'and', 'the', 'with', 'months', 'years']);

const DAY_MS = 24 * 3_600_000;

function doses(log: Log): TimedEvent[] {
  return log.events.filter((e) => e.type === 'medicine' && e.medicine !== null && e.at <= log.now).sort((a, b) => a.at - b.at);
}

/**
 * The logged medicines, by key, each with one name for the answers: the last spelling with a
 * capital in it (as on the packet: "Calpol", not a caregiver's quick "calpol"), else capitalised.
 */
function loggedNames(log: Log): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of doses(log)) {
    const key = medicineKey(e.medicine!);
    if (e.medicine! !== e.medicine!.toLowerCase() || !names.has(key)) names.set(key, e.medicine!);
  }
  for (const [key, name] of names) if (name === name.toLowerCase()) names.set(key, capital(name));
  return names;
}

/** A logged name is in the question: whole, or by a distinctive word of it, allowing one typo in a long word. */
function namedIn(qWords: string[], q: string, key: string): boolean {
  if (new RegExp(`\\b${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(q)) return true;
  for (const w of words(key)) {
    if (w.length < 4 || NAME_FILLER.has(w)) continue;
    if (qWords.some((x) => x === w || (w.length >= 6 && x.length >= 6 && levenshtein(x, w) <= 1))) return true;
  }
  return false;
}

/** The medicines a (normalised) question asks about, or null when it is not about medicines. */
export function medicineAsked(q: string, log: Log): MedicineAsked | null {
  const logged = loggedNames(log);
  const qWords = words(q);
  const keys = new Set([...logged.keys()].filter((k) => namedIn(qWords, q, k)));
  if (keys.size > 0) return { keys, unknown: [], any: false };
  // A vitamin D or iron "dose" is a supplement (log_supplement), answered elsewhere.
  if (SUPPLEMENT.test(q)) return null;
  const drugs = drugWordsIn(q);
  const unknown = drugs.filter((d) => !CLASS_WORDS.has(d));
  if (unknown.length > 0) return { keys, unknown, any: false };
  if (drugs.length > 0 || GENERIC.test(q)) return { keys, unknown: [], any: true };
  return null;
}

/** "2.5 ml by grandma" */
function doseDetail(e: TimedEvent): string {
  const amount = doseAmount(e);
  return `${amount ? `${amount}, ` : ''}given by ${e.author}`;
}

/** "5 ml" or "5 ml and 1 sachet" across doses; "" when no dose said how much. */
function totalGiven(ds: TimedEvent[]): string {
  const byUnit = new Map<string, number>();
  for (const e of ds) if (e.amount !== null && e.unit !== null) byUnit.set(e.unit, (byUnit.get(e.unit) ?? 0) + e.amount);
  return list([...byUnit].map(([unit, amount]) => doseAmount({ amount: Math.round(amount * 100) / 100, unit: unit as TimedEvent['unit'] })));
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function medicineReply(asked: MedicineAsked, rest: string, period: Period | null, log: Log): Reply {
  const { name } = log;
  const all = doses(log);
  const names = loggedNames(log);
  const matching = asked.any ? all : all.filter((e) => asked.keys.has(medicineKey(e.medicine!)));
  if (!asked.any && asked.keys.size === 0) {
    const what = asked.unknown.map(capital).join(' or ');
    const logged = [...names.values()];
    const others = logged.length ? ` Medicines logged: ${list(logged)}.` : '';
    return { answer: `I can't find ${what} in ${name}'s log.${others}`, figures: { doses: 0 } };
  }
  const what = asked.any ? 'medicine' : list([...asked.keys].map((k) => names.get(k)!));
  // "How many doses …", "how much Calpol …", "who gave …": the doses of a period ("how long since …" is the last one).
  const counting = /\bhow (much|many)\b|\btotal\b|\bwho\b/.test(rest);
  // "How many doses of Calpol?" without a period: the last 24 hours, as live status counts them.
  const p = period ?? (counting ? { key: 'last_24h', label: 'the last 24 hours', start: log.now - DAY_MS, end: log.now, completeDays: [], partial: true } : null);
  if (!p) return lastDoseReply(rest, matching, what, names, log);

  const inPeriod = matching.filter((e) => e.at >= p.start && e.at < p.end);
  const when_ = periodText(p);
  const figures: Figures = { period: p.label, doses: inPeriod.length };
  if (inPeriod.length === 0) {
    const last = matching[matching.length - 1];
    const before = last ? ` The last was ${names.get(medicineKey(last.medicine!))} ${when(last.at, log.now, log.zone)}.` : '';
    const answer = `No ${what} is logged for ${name} ${when_}.${before}`;
    return { answer: YES_NO.test(rest) ? `No. ${answer}` : answer, figures };
  }
  // One line per medicine: its doses at their times, and the total where amounts were given.
  const groups = new Map<string, TimedEvent[]>();
  for (const e of inPeriod) {
    const k = medicineKey(e.medicine!);
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const parts = [...groups.entries()].map(([k, ds]) => {
    const at = ds.map((e) => `${clockOrDay(e, p, log)} (${doseDetail(e)})`);
    const total = totalGiven(ds);
    figures[`doses:${names.get(k)}`] = ds.length;
    return { medicine: names.get(k)!, n: ds.length, text: `${list(at)}${total && ds.length > 1 ? `, ${total} in all` : ''}` };
  });
  // One medicine: its doses follow the count; several: a sentence each.
  const answer =
    parts.length === 1
      ? `${name} had ${plural(inPeriod.length, 'dose')} of ${parts[0]!.medicine} ${when_}: ${parts[0]!.text}.`
      : `${name} had ${plural(inPeriod.length, 'dose')} of ${what} ${when_}. ${parts.map((x) => `${x.medicine} ${times(x.n)}: ${x.text}`).join('. ')}.`;
  return { answer: YES_NO.test(rest) ? `Yes. ${answer}` : answer, figures };
}

/** "08:00", or "Fri 20 Nov 08:00" when the period spans several days. */
function clockOrDay(e: TimedEvent, p: Period, log: Log): string {
  const sameDay = p.end - p.start <= DAY_MS + 3_600_000 && p.key !== 'last_24h';
  return sameDay ? clock(e.at, log.zone) : when(e.at, log.now, log.zone).replace(/^at /, '');
}

/** "When did she last have Calpol?" (or first, with "first"): that dose, and the doses of the last 24 hours. */
function lastDoseReply(rest: string, matching: TimedEvent[], what: string, names: Map<string, string>, log: Log): Reply {
  const { name } = log;
  const first = /\bfirst\b/.test(rest);
  const e = first ? matching[0] : matching[matching.length - 1];
  if (!e) return { answer: `No ${what} is logged for ${name} in the last 60 days.`, figures: { doses: 0 } };
  const recent = matching.filter((x) => x.at > log.now - DAY_MS);
  const medicine = names.get(medicineKey(e.medicine!))!;
  const figures: Figures = {
    last_at: instantToLocalFast(e.at, log.zone), minutes_ago: minutes(log.now - e.at), medicine, given_by: e.author, doses_24h: recent.length,
    ...(doseAmount(e) ? { amount: doseAmount(e) } : {}),
  };
  let answer = `${name} ${first ? 'first' : 'last'} had ${medicine} ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}: ${doseDetail(e)}.`;
  if (recent.length > 0 && !first) {
    const counts = new Map<string, TimedEvent[]>();
    for (const x of recent) {
      const k = medicineKey(x.medicine!);
      counts.set(k, [...(counts.get(k) ?? []), x]);
    }
    const lines = [...counts].map(([k, ds]) => `${names.get(k)} ${times(ds.length)} (${list(ds.map((x) => clock(x.at, log.zone)))})`);
    answer += ` In the last 24 hours: ${list(lines)}.`;
  }
  return { answer, figures };
}
