// Foods and allergens: "has she had egg this week?", "when did he last have fish?", "what did
// she eat yesterday?", "what did she have for lunch?", "has she had mango?" (../foods.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { foodReply, isFoodQuestion, unknownFoodIn } from '../foods.ts';
import { atLocal, dayPeriod, todayOf, type Period } from '../periods.ts';
import { localDateOfFast } from '../../zone-clock.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

const WHAT_EATEN = /\bwhat\b.*\b(eat|ate|eaten|had|have|foods?)\b|\bwhich foods?\b|\bwhat foods?\b/;

export function match(q: Question, log: Log): boolean {
  const { topic } = q;
  // Named foods and allergens first: "has she had egg", "when did he last have fish".
  if ((topic === null || topic === 'solids' || topic === 'milk') && isFoodQuestion(q.text, log)) return true;
  if (topic === 'solids' && WHAT_EATEN.test(q.rest)) return true;
  return (topic === null || topic === 'solids') && unknownFoodIn(q.rest) !== null;
}

export function reply(q: Question, log: Log): Reply {
  return foodReply(q.rest, log, q.topic === null || q.topic === 'solids' ? mealPeriod(q.text, q.period, log) : q.period);
}

const MEALS: Record<string, [string, string]> = { breakfast: ['04:00', '10:30'], lunch: ['10:30', '15:00'], dinner: ['15:00', '21:00'], supper: ['15:00', '21:00'] };

/** "What did she have for lunch yesterday?": the meal's hours of that day (today by default). */
function mealPeriod(q: string, period: Period | null, log: Log): Period | null {
  const m = q.match(/\b(breakfast|lunch|dinner|supper)\b/);
  if (!m) return period;
  const date = !period ? todayOf(log.now, log.zone) : period.day ?? (period.completeDays.length === 1 || period.key === 'today' ? localDateOfFast(period.start, log.zone) : null);
  if (!date) return period;
  const [from, to] = MEALS[m[1]!]!;
  const day = dayPeriod(date, log.now, log.zone);
  const start = atLocal(date, from, log.zone);
  const end = Math.min(atLocal(date, to, log.zone), log.now);
  return { key: `${m[1]}:${date}`, label: `at ${m[1]} ${day.label === 'today' ? 'today' : day.label}`, start, end: Math.max(start, end), completeDays: [], partial: end === log.now, day: date };
}

export const suggestions: Suggestion[] = [
  { id: 'food_had', rank: 3, topics: TOPIC_WORDS.food, example: (n) => `Has ${n} had egg this week?`, has: logged.solid },
  { id: 'what_eaten', rank: 22, topics: TOPIC_WORDS.food, example: (n) => `What did ${n} eat yesterday?`, has: logged.solid },
];
