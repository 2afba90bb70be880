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
  const hits = solids(log, p).filter((e) => matches(e.foods ?? []).length > 0);
  const figures: Record<string, number | string> = { food: label, times: hits.length, period: p?.label ?? 'log' };
  if (hits.length === 0) {
    let answer = `No, ${label} isn't logged for ${name} ${scope}.`;
    if (p) {
      const earlier = solids(log, null).filter((e) => e.at < p.start && matches(e.foods ?? []).length > 0);
      const last = earlier[earlier.length - 1];
      if (last) {
        const lastFoods = matches(last.foods ?? []);
        const named = lastFoods.length === 1 && lastFoods[0] === label ? '' : ` (${list(lastFoods)})`;
        answer += ` The last time was ${when(last.at, log.now, log.zone)}${named}.`;
        figures.last_at = instantToLocalFast(last.at, log.zone);
      }
    }
    return { answer, figures };
  }
  const last = hits[hits.length - 1]!;
  figures.last_at = instantToLocalFast(last.at, log.zone);
  const foods = [...new Set(hits.flatMap((e) => matches(e.foods ?? [])))];
  const what = foods.length === 1 && foods[0] === label ? label : `${label} (${list(foods)})`;
  const recent = when(last.at, log.now, log.zone);
  // Match the question's shape: "when did she last…", "how many times…", "has she had…".
  const answer = /\b(when|what time)\b/.test(q)
    ? `${name} last had ${what} ${recent}; ${times(hits.length)} ${scope}.`
    : /\bhow (many|often)\b/.test(q)
      ? `${name} had ${what} ${times(hits.length)} ${scope}, most recently ${recent}.`
      : `Yes, ${name} had ${what} ${times(hits.length)} ${scope}, most recently ${recent}.`;
  return { answer, figures };
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
