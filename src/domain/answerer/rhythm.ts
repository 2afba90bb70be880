// "What time does she usually go to bed?", "how often does he feed?", "how much iron is she
// getting from food?": the family's typical rhythm and nutrient averages exactly as the
// patterns endpoint serves them (GET /api/vega/patterns), with the window they cover.
import type { NutrientKey } from '../foods.ts';
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
      return m !== null
        ? { answer: `${name}'s typical gap between feeds is ${duration(m * 60_000)} (the middle value from the start of one feed to the next, ${WINDOW}).${avg}`, figures: { typical_feed_interval_minutes: m, average_daily_feeds: p.average_daily_feeds ?? 0, ...days } }
        : { answer: `Too few feeds are logged for ${name} in the last two weeks to give a typical gap between feeds.`, figures: days };
    }
  }
}

const NUTRIENT_WORDS: Array<[RegExp, NutrientKey, string]> = [
  [/\biron\b/, 'iron_mg', 'iron'],
  [/\bprotein\b/, 'protein_g', 'protein'],
  [/\bzinc\b/, 'zinc_mg', 'zinc'],
  [/\bcalcium\b/, 'calcium_mg', 'calcium'],
  [/\bvitamin c\b/, 'vitamin_c_mg', 'vitamin C'],
  [/\b(calories|energy|kcal)\b/, 'energy_kcal', 'energy'],
];

/** "How much iron is she getting from food?": a nutrient word with a food word (or "nutrients"). */
export function nutrientAsked(q: string): NutrientKey[] | null {
  const food = /\b(food|foods|solids?|diet|meals?|eating|eats|nutrients?|nutrition)\b/.test(q);
  if (/\bnutrients?\b|\bnutrition\b/.test(q) && !NUTRIENT_WORDS.some(([re]) => re.test(q))) return NUTRIENT_WORDS.map(([, k]) => k);
  if (!food) return null;
  const keys = NUTRIENT_WORDS.filter(([re]) => re.test(q)).map(([, k]) => k);
  return keys.length > 0 ? keys : null;
}

export function nutrientReply(keys: NutrientKey[], log: Log): Reply | null {
  const n = log.insights?.nutrients_7d;
  if (!n) return null;
  if (!('daily_average' in n)) return { answer: `No solid food is counted for ${log.name} yet (solids have not started in the profile).`, figures: {} };
  const name = log.name;
  const parts = keys.map((k) => {
    const a = n.daily_average[k];
    const label = NUTRIENT_WORDS.find(([, key]) => key === k)![2];
    return `${label} ${a.amount} ${a.unit} a day${a.target !== null ? ` (reference intake ${a.target} ${a.unit})` : ''}`;
  });
  const figures: Record<string, number | string> = { from: n.from, to: n.to, days_with_solids: n.days_with_solids };
  for (const k of keys) figures[k] = n.daily_average[k].amount;
  return {
    answer: `From solid food over the 7 days ${shortDate(n.from)}–${shortDate(n.to)} (${n.days_with_solids} with solids logged; days without count as zero, milk not included), ${name} averaged ${parts.join(', ')}.` +
      (n.unknown_foods.length > 0 ? ` Foods without nutrient data are not counted: ${n.unknown_foods.slice(0, 5).join(', ')}.` : ''),
    figures,
  };
}
