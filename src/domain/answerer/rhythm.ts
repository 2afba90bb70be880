// "What time does she usually go to bed?", "how often does he feed?", "how much iron is she
// getting from food?": the family's typical rhythm and nutrients (today's, or the 7-day
// average; food and drops) exactly as the patterns endpoint serves them
// (GET /api/vega/patterns), with the window they cover.
import type { NutrientKey } from '../foods.ts';
import type { NutrientAmount } from '../nutrition.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { duration } from './format.ts';
import { shortDate } from './periods.ts';

export type RhythmAsk = 'typical_bedtime' | 'typical_wake' | 'feed_interval';

const USUAL = /\b(usual|usually|typical|typically|normally|generally|tend to|tends to|most days|on average|average)\b/;

export function rhythmAsked(q: string): RhythmAsk | null {
  if (/\bhow often\b.*\b(feed|feeds|fed|feeding|bottles?|eat|drink|nurse|nursing)\b|\b(how long|gap|time|hours) between (feeds|feedings|bottles|her feeds|his feeds)\b|\bfeed(ing)? interval\b/.test(q)) return 'feed_interval';
  if (!USUAL.test(q)) return null;
  if (/\b(bed|bedtime|go down for the night|goes down for the night|fall asleep|falls asleep)\b/.test(q)) return 'typical_bedtime';
  if (/\b(wake|wakes|waking|woke|get up|gets up|up for the day|wake up time|wake-up)\b/.test(q)) return 'typical_wake';
  return null;
}

const WINDOW = 'over the last two weeks, today left out';

export function rhythmReply(kind: RhythmAsk, log: Log): Reply | null {
  const p = log.insights?.patterns;
  if (!p) return null;
  const name = log.name;
  const days = { days_logged: p.days_logged };
  switch (kind) {
    case 'typical_bedtime':
      return p.typical_bedtime
        ? { answer: `${name}'s typical bedtime is ${p.typical_bedtime}: the middle of the logged bedtimes ${WINDOW}.`, figures: { typical_bedtime: p.typical_bedtime, ...days } }
        : { answer: `Fewer than 3 bedtimes are logged for ${name} in the last two weeks, so there is no typical bedtime yet.`, figures: days };
    case 'typical_wake':
      return p.typical_wake_time
        ? { answer: `${name} typically wakes for the day at ${p.typical_wake_time}: the middle of the logged morning wake-ups ${WINDOW}.`, figures: { typical_wake_time: p.typical_wake_time, ...days } }
        : { answer: `Fewer than 3 morning wake-ups are logged for ${name} in the last two weeks, so there is no typical wake-up time yet.`, figures: days };
    case 'feed_interval': {
      const m = p.typical_feed_interval_minutes;
      const avg = p.average_daily_feeds !== null ? ` ${name} averaged ${p.average_daily_feeds} feeds a day on the days with feeds logged ${WINDOW}.` : '';
      if (p.milk_nudges && !p.milk_nudges.applies) {
        // A toddler on meals: milk feeds are not timed, so there is no gap between feeds to give.
        return { answer: `${p.milk_nudges.message ?? `No gap between milk feeds is given for ${name}.`}${avg}`, figures: { milk_nudges: 'off', average_daily_feeds: p.average_daily_feeds ?? 0, ...days } };
      }
      return m !== null
        ? { answer: `${name}'s typical gap between feeds is ${duration(m * 60_000)} (the middle value from the start of one feed to the next, over the last 3 days, the same figure live status times the next feed by).${avg}`, figures: { typical_feed_interval_minutes: m, average_daily_feeds: p.average_daily_feeds ?? 0, ...days } }
        : { answer: `Too few feeds are logged for ${name} in the last 3 days to give a typical gap between feeds.${avg}`, figures: days };
    }
  }
}

const NUTRIENT_WORDS: Array<[RegExp, NutrientKey, string]> = [
  [/\biron\b/, 'iron_mg', 'iron'],
  [/\bprotein\b/, 'protein_g', 'protein'],
  [/\bzinc\b/, 'zinc_mg', 'zinc'],
  [/\bcalcium\b/, 'calcium_mg', 'calcium'],
  [/\bvitamin c\b/, 'vitamin_c_mg', 'vitamin C'],
  [/\b(vitamin d|vit d|vitd)\b/, 'vitamin_d_ug', 'vitamin D'],
  [/\b(calories|energy|kcal)\b/, 'energy_kcal', 'energy'],
];

/** Which nutrients, and whether the question is about today (nutrients_today) or the week (nutrients_7d). */
export interface NutrientAsk {
  keys: NutrientKey[];
  today: boolean;
}

/**
 * "How much iron is she getting from food?", "how much vitamin D from food today?": a nutrient
 * word with a food word (or "nutrients").
 */
export function nutrientAsked(q: string): NutrientAsk | null {
  const today = /\btoday\b|\bso far\b/.test(q);
  const food = /\b(food|foods|solids?|diet|meals?|eating|eats|nutrients?|nutrition)\b/.test(q);
  if (/\bnutrients?\b|\bnutrition\b/.test(q) && !NUTRIENT_WORDS.some(([re]) => re.test(q))) return { keys: NUTRIENT_WORDS.map(([, k]) => k), today };
  if (!food) return null;
  const keys = NUTRIENT_WORDS.filter(([re]) => re.test(q)).map(([, k]) => k);
  return keys.length > 0 ? { keys, today } : null;
}

const labelOf = (k: NutrientKey) => NUTRIENT_WORDS.find(([, key]) => key === k)![2];
const DROP_KIND: Partial<Record<NutrientKey, string>> = { vitamin_d_ug: 'vitd', iron_mg: 'iron' };

function reference(a: NutrientAmount): string {
  return a.target_range ? `${a.target_range.min}–${a.target_range.max} ${a.unit}` : `${a.target} ${a.unit}`;
}

/**
 * One nutrient as the block shows it, food first: "iron 0.41 mg a day from food (reference
 * intake 6.9 mg)"; with drops, then the drops and the total the percentage is of: "vitamin D
 * 0.2 µg from food + 10 µg from drops = 10.2 µg, 120 % of the reference intake of 8.5–10 µg".
 * `noDrops` (when not empty) says where no drops of iron or vitamin D were logged.
 */
function nutrientPart(k: NutrientKey, a: NutrientAmount, perDay: string, noDrops: string, dropDays: string): string {
  const label = labelOf(k);
  const ref = a.target !== null ? `reference intake ${reference(a)}` : '';
  const food = `${label} ${a.from_food ?? a.amount} ${a.unit}${perDay} from food`;
  if (a.from_drops === undefined || !a.drops) {
    const paren = [ref, a.from_drops !== undefined && noDrops ? `no ${label} drops logged ${noDrops}` : ''].filter(Boolean).join('; ');
    return `${food}${paren ? ` (${paren})` : ''}`;
  }
  const unknown = a.drops_without_amount ?? 0;
  let text = food;
  if (a.drops - unknown > 0) text += ` + ${a.from_drops} ${a.unit} from drops${dropDays} = ${a.amount} ${a.unit}${perDay}`;
  if (unknown > 0) {
    text += `, plus ${unknown} dose${unknown === 1 ? '' : 's'} of ${label} drops logged without an amount (not counted, so no percentage${ref ? `; ${ref}` : ''})`;
  } else if (a.pct !== null) {
    text += `, ${a.pct} % of the reference intake of ${reference(a)}`;
  }
  return text;
}

function figuresOf(keys: NutrientKey[], nutrients: Record<NutrientKey, NutrientAmount>, figures: Record<string, number | string>) {
  for (const k of keys) {
    const a = nutrients[k];
    figures[k] = a.amount;
    if (a.from_drops !== undefined) {
      figures[`${k}_from_food`] = a.from_food;
      figures[`${k}_from_drops`] = a.from_drops;
      if (a.pct !== null) figures[`${k}_pct`] = a.pct;
    }
  }
  return figures;
}

/**
 * The nutrient answer, from the same block the app shows: today's (nutrients_today) when the
 * question says today, else the 7-day average (nutrients_7d). Vitamin D and iron are given as
 * food + drops = total where drops were logged; a multivitamin is said to be not counted.
 */
export function nutrientReply(ask: NutrientAsk, log: Log): Reply | null {
  const { keys } = ask;
  const name = log.name;
  const notStarted = { answer: `No solid food is counted for ${name} yet (solids have not started in the profile).`, figures: {} };
  const unknownText = (foods: string[]) => (foods.length > 0 ? ` Foods without nutrient data are not counted: ${foods.slice(0, 5).join(', ')}.` : '');
  const dropKeys = keys.filter((k) => DROP_KIND[k]);
  const t = log.insights?.nutrients_today;
  if (ask.today && t) {
    if (!('nutrients' in t)) return notStarted;
    const parts = keys.map((k) => nutrientPart(k, t.nutrients[k], '', keys.length <= 2 ? 'today' : '', ''));
    const multi = dropKeys.length > 0 && (t.drops ?? []).some((d) => d.kind === 'multivitamin');
    return {
      answer: `Today (${shortDate(t.date)}: ${t.portions} portion${t.portions === 1 ? '' : 's'} of food logged; milk not included), ${name} had ${parts.join('; ')}.` +
        (multi ? ' A multivitamin was logged today too; it is not counted, as what it contains is not logged.' : '') + unknownText(t.unknown_foods),
      figures: figuresOf(keys, t.nutrients, { date: t.date, portions: t.portions }),
    };
  }
  const n = log.insights?.nutrients_7d;
  if (!n) return null;
  if (!('daily_average' in n)) return notStarted;
  const parts = keys.map((k) => {
    const kind = DROP_KIND[k];
    const days = kind && n.drops ? n.drops[kind as keyof typeof n.drops]?.days : undefined;
    return nutrientPart(k, n.daily_average[k], ' a day', keys.length <= 2 ? 'in these 7 days' : '', days !== undefined ? ` (on ${days} of the 7 days)` : '');
  });
  const multi = dropKeys.length > 0 && (n.drops?.multivitamin.doses ?? 0) > 0;
  return {
    answer: `Over the 7 days ${shortDate(n.from)}–${shortDate(n.to)} (${n.days_with_solids} with solids logged; days without count as zero, milk not included), ${name} averaged ${parts.join('; ')}.` +
      (multi ? ' A multivitamin was logged in these days too; it is not counted, as what it contains is not logged.' : '') + unknownText(n.unknown_foods),
    figures: figuresOf(keys, n.daily_average, { from: n.from, to: n.to, days_with_solids: n.days_with_solids }),
  };
}
