// Questions about what the log records since 1.3.0 (issue 26): medicines given, temperature
// readings, pumping, activities (tummy time, baths, …), milestones and head circumference.
// Tried before the older topics, whose words these questions share ("how much milk did I pump",
// "a bath before her nap"). `q` is the normalised question, `rest` the same without its period.
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Period } from './periods.ts';
import { medicineAsked, medicineReply } from './medicines.ts';
import { TEMPERATURE_WORDS, temperatureReply } from './readings.ts';
import { activityAsked, activityReply, pumpingAsked, pumpingReply } from './activities.ts';
import { milestoneAsked, milestoneReply } from './milestones.ts';
import { growthReply } from './growth.ts';
import { percentileReply, PERCENTILE_WORDS, TREND_WORDS } from './percentiles.ts';

const HEAD = /\bhead\b[^?]*\b(circumference|size|measurement|measured|measure|big|bigger|centiles?|percentiles?|growth|grown|growing|cm)\b|\b(centiles?|percentiles?|circumference)\b[^?]*\bhead\b|\bhow big is (baby|her|his|their) head\b/;

export function moreTypesReply(q: string, rest: string, period: Period | null, log: Log): Reply | null {
  const medicine = medicineAsked(q, log);
  if (medicine) return medicineReply(medicine, rest, period, log);
  if (TEMPERATURE_WORDS.test(q)) return temperatureReply(rest, period, log);
  if (pumpingAsked(q)) return pumpingReply(rest, period, log);
  const milestone = milestoneAsked(q, log);
  if (milestone) return milestoneReply(milestone, log);
  const activity = activityAsked(q);
  if (activity) return activityReply(activity, rest, period, log);
  if (HEAD.test(q)) {
    return PERCENTILE_WORDS.test(q) || (TREND_WORDS.test(q) && !period) ? percentileReply(log, 'head', TREND_WORDS.test(q)) : growthReply(log, 'head');
  }
  return null;
}
