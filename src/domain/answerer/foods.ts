// Solid food questions: "has he had egg this week?", "what did she eat yesterday?",
// "when did she last have fish?", "which allergens has she had?".
import type { TimedEvent } from '../types.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Period } from './periods.ts';
import { allergenList } from '../foods-allergens.ts';
import { allergenLookup, allergenName, allergensInQuestion, containsAny } from './allergens.ts';
import { sortByTime } from './facts.ts';
import { list, times, when } from './format.ts';
import { words } from './text.ts';
import { FIRST_WORD, historyFoodNames, historyHits, lastBefore, whenLong } from './history.ts';
import { KEEP_OFFERING_DAYS } from '../food-history.ts';
import { localDateOfFast } from '../zone-clock.ts';

function solids(log: Log, p: Period | null): TimedEvent[] {
  return sortByTime(
    log.events.filter((e) => e.type === 'solid' && e.at <= log.now && (!p || (e.at >= p.start && e.at < p.end))),
  );
}

function singular(w: string): string {
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('oes')) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** A logged food the question names ("broccoli", "sweet potato"), longest name first. */
export function loggedFoodIn(q: string, log: Log): string | null {
  const qWords = words(q).map(singular).join(' ');
  const foods = new Set<string>();
  for (const e of log.events) if (e.type === 'solid') for (const f of e.foods ?? []) foods.add(f.toLowerCase());
  // Foods eaten before the window too: "when did she first have broccoli?" months on.
  for (const f of historyFoodNames(log)) foods.add(f);
  const hits = [...foods].filter((f) => {
    const fw = words(f).map(singular).join(' ');
    return fw.length > 0 && new RegExp(`\\b${fw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(qWords);
  });
  return hits.sort((a, b) => b.length - a.length)[0] ?? null;
}

const UNKNOWN_FOOD =
  /^(?:has|have|did|does) (?:baby|she|he|they) (?:ever )?(?:had|have|eaten|eat|tried|try|ate) (?:any |some )?(?!(?:a|an|the|her|his|their|my|any|anything|something|nothing|enough|more|less|much|many|well|ok|okay|properly|lots|loads|alot|badly|better|worse)\b)([a-z][a-z ]*?)(?: (?:this|last|today|yesterday|in|since|on|before|ever|so far|yet|at)\b.*)?$/;

/** A food named in "has she had mango?" that the log has never seen. */
export function unknownFoodIn(q: string): string | null {
  const m = q.match(UNKNOWN_FOOD);
  return m && m[1] && m[1].split(' ').length <= 3 ? m[1] : null;
}

export function isFoodQuestion(q: string, log: Log): boolean {
  return allergensInQuestion(q) !== null || loggedFoodIn(q, log) !== null || /\ballergens?\b/.test(q);
}

export function foodReply(q: string, log: Log, p: Period | null): Reply {
  const name = log.name;
  const scope = p ? p.label : 'in the log';
  if (/\ballergens?\b/.test(q) && !allergensInQuestion(q)) return allergensHad(log, p);

  const allergen = allergensInQuestion(q);
  const food = loggedFoodIn(q, log);
  let label: string;
  let matches: (foods: string[]) => string[];
  // A logged food named more fully than the allergen word ("peanut butter" vs "peanut") is asked
  // about as that food; "egg" or "fish" is asked about as the allergen, so "scrambled egg" counts.
  if (food && !(allergen && food.length <= allergen.word.length)) {
    label = food;
    matches = (foods) => foods.filter((f) => f.toLowerCase() === food);
  } else if (allergen) {
    label = allergen.word;
    const of = allergenLookup(log.recipes);
    matches = (foods) => foods.filter((f) => containsAny(of(f), allergen.ids, log.region));
  } else {
    const unknown = unknownFoodIn(q);
    if (unknown) {
      return { answer: `No, ${unknown} isn't logged for ${name} ${scope}.`, figures: { food: unknown, times: 0, period: p?.label ?? 'log' } };
    }
    return whatEaten(log, p);
  }
  // No period: the whole log, when the caller gave its solids (issue 27).
  if (!p) {
    const whole = historyReply(q, log, label, matches, allergen !== null && !(food && !(allergen && food.length <= allergen.word.length)));
    if (whole) return whole;
  }
  const hits = solids(log, p).filter((e) => matches(e.foods ?? []).length > 0);
  const figures: Record<string, number | string> = { food: label, times: hits.length, period: p?.label ?? 'log' };
  if (hits.length === 0) {
    let answer = `No, ${label} isn't logged for ${name} ${scope}.`;
    if (p) {
      const earlier = solids(log, null).filter((e) => e.at < p.start && matches(e.foods ?? []).length > 0);
      const lastEvent = earlier[earlier.length - 1];
      const last = lastEvent ? { at: lastEvent.at, foods: matches(lastEvent.foods ?? []) } : lastBefore(log, matches, p.start);
      if (last) {
        const named = last.foods.length === 1 && last.foods[0] === label ? '' : ` (${list(last.foods)})`;
        answer += ` The last time was ${lastEvent ? when(last.at, log.now, log.zone) : whenLong(last.at, log.now, log.zone)}${named}.`;
        figures.last_at = instantToLocalFast(last.at, log.zone);
      }
    }
    // Nothing at all in the log (a note may hold it): not when the last time was found.
    return figures.last_at ? { answer, figures } : { answer, figures, empty: true };
  }
  const last = hits[hits.length - 1]!;
  figures.last_at = instantToLocalFast(last.at, log.zone);
  const foods = [...new Set(hits.flatMap((e) => matches(e.foods ?? [])))];
  const what = foods.length === 1 && foods[0] === label ? label : `${label} (${list(foods)})`;
  const recent = when(last.at, log.now, log.zone);
  // "When did she first have egg this week?": the first time in the period, not the last.
  if (FIRST_WORD.test(q)) {
    const first = hits[0]!;
    figures.first_at = instantToLocalFast(first.at, log.zone);
    const firstFoods = matches(first.foods ?? []);
    const whatFirst = firstFoods.length === 1 && firstFoods[0] === label ? label : `${label} (${list(firstFoods)})`;
    return { answer: `${name} first had ${whatFirst} ${scope} ${when(first.at, log.now, log.zone)}; ${times(hits.length)} ${scope}.`, figures };
  }
  // Match the question's shape: "when did she last…", "how many times…", "has she had…".
  const answer = /\b(when|what time)\b/.test(q)
    ? `${name} last had ${what} ${recent}; ${times(hits.length)} ${scope}.`
    : /\bhow (many|often)\b/.test(q)
      ? `${name} had ${what} ${times(hits.length)} ${scope}, most recently ${recent}.`
      : `Yes, ${name} had ${what} ${times(hits.length)} ${scope}, most recently ${recent}.`;
  return { answer, figures };
}

/**
 * A food or allergen question with no period, over the whole log's solids: how many times,
 * the first time and the last, and for an allergen not offered for a week or more, how long
 * (the patterns grid's keep_offering). "When did she first have egg?" gives the first time.
 */
function historyReply(q: string, log: Log, label: string, matches: (foods: string[]) => string[], isAllergen: boolean): Reply | null {
  if (!log.history?.solids) return null;
  const name = log.name;
  const h = historyHits(log, matches);
  if (!h) return { answer: `No, ${label} isn't logged for ${name} in the log.`, figures: { food: label, times: 0, period: 'log' }, empty: true };
  const named = (foods: string[]) => (foods.length === 1 && foods[0]!.toLowerCase() === label ? label : `${label} (${list(foods)})`);
  const first = whenLong(h.first_at, log.now, log.zone);
  const last = whenLong(h.last_at, log.now, log.zone);
  const today = localDateOfFast(log.now, log.zone);
  const lastDate = localDateOfFast(h.last_at, log.zone);
  const since = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastDate}T00:00:00Z`)) / 86_400_000);
  const figures: Record<string, number | string> = {
    food: label, times: h.times, period: 'log',
    first_at: instantToLocalFast(h.first_at, log.zone), last_at: instantToLocalFast(h.last_at, log.zone), days_since_last: since,
  };
  const once = h.times === 1;
  const gap = isAllergen && since >= KEEP_OFFERING_DAYS ? ` Not offered for ${since} days.` : '';
  let answer: string;
  if (FIRST_WORD.test(q) || /\bintroduc/.test(q)) {
    answer = once
      ? `${name} first had ${named(h.firstFoods)} ${first}, the only time in the log.`
      : `${name} first had ${named(h.firstFoods)} ${first}; ${times(h.times)} in the log, most recently ${last}.`;
  } else if (/\b(when|what time)\b/.test(q)) {
    answer = once
      ? `${name} last had ${named(h.lastFoods)} ${last}, the only time in the log.`
      : `${name} last had ${named(h.lastFoods)} ${last}; ${times(h.times)} in the log, first ${first}.`;
  } else if (/\bhow (many|often)\b/.test(q)) {
    answer = `${name} had ${named(h.foods)} ${times(h.times)} in the log, first ${first}${once ? '' : `, most recently ${last}`}.`;
  } else {
    answer = `Yes, ${name} has had ${named(h.foods)} ${times(h.times)} in the log, first ${first}${once ? '' : `, most recently ${last}`}.`;
  }
  return { answer: answer + gap, figures };
}

function whatEaten(log: Log, p: Period | null): Reply {
  const meals = solids(log, p);
  const scope = p ? p.label : 'in the log';
  if (meals.length === 0) return { answer: `No solid food is logged for ${log.name} ${scope}.`, figures: { meals: 0 } };
  const foods = [...new Set(meals.flatMap((e) => (e.foods ?? []).map((f) => f.toLowerCase())))];
  return {
    answer: `${log.name} ate ${list(foods)} ${scope} (${meals.length === 1 ? '1 meal or snack' : `${meals.length} meals and snacks`}).`,
    figures: { meals: meals.length, foods: foods.join(', ') },
  };
}

function allergensHad(log: Log, p: Period | null): Reply {
  const meals = solids(log, p);
  const scope = p ? p.label : 'in the log';
  const of = allergenLookup(log.recipes);
  const last = new Map<string, TimedEvent>();
  for (const e of meals) for (const f of e.foods ?? []) for (const a of of(f)[log.region]) last.set(a, e);
  // The family region's list (UK 14 or US 9), in its order, as the patterns allergen grid.
  const had = allergenList(log.region).map((a) => a.id).filter((a) => last.has(a));
  if (had.length === 0) return { answer: `No common allergens are logged for ${log.name} ${scope}.`, figures: { allergens: '' } };
  const parts = had.map((a) => `${allergenName(a, log.region)} (last ${when(last.get(a)!.at, log.now, log.zone)})`);
  return {
    answer: `${log.name} has had ${had.length === 1 ? '1 common allergen' : `${had.length} common allergens`} ${scope}: ${list(parts)}.`,
    figures: { allergens: had.join(', '), count: had.length },
  };
}
