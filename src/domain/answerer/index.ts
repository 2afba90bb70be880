// The built-in question answerer: understands the common kinds of question over the family's
// own log with rules, needs no network, and says plainly when it can't answer. Guardrails
// (../guardrails.ts) run before this; this module never gives clinical advice.
//
// Each kind of question is one file of kinds/: how it matches, its reply, its example
// questions. The question is parsed once (question.ts); the kinds are tried in the order below
// and the first that matches answers, so where two match ("how much milk did I pump?", "a bath
// before her nap") the earlier wins: the order is part of the answers (answerer-precedence test).
import type { AnswerContext, AnswerResult, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Question } from './question.ts';
import type { QuestionKind, Suggestion } from './question-kind.ts';
import { childReplyBy, type ChildReply } from './child-reply.ts';
import { withNotes } from './notes.ts';
import * as prediction from './kinds/prediction.ts';
import * as notFromLog from './kinds/not-from-log.ts';
import * as growthSince from './kinds/growth-since.ts';
import * as badDate from './kinds/bad-date.ts';
import * as outsideLog from './kinds/outside-log.ts';
import * as unloggedOccasion from './kinds/unlogged-occasion.ts';
import * as medicine from './kinds/medicine.ts';
import * as temperature from './kinds/temperature.ts';
import * as pumping from './kinds/pumping.ts';
import * as milestone from './kinds/milestone.ts';
import * as activity from './kinds/activity.ts';
import * as headSize from './kinds/head-size.ts';
import * as wakeWindow from './kinds/wake-window.ts';
import * as openSleep from './kinds/open-sleep.ts';
import * as asleepNow from './kinds/asleep-now.ts';
import * as firstEver from './kinds/first-ever.ts';
import * as percentile from './kinds/percentile.ts';
import * as grown from './kinds/grown.ts';
import * as growth from './kinds/growth.ts';
import * as rhythm from './kinds/rhythm.ts';
import * as nutrients from './kinds/nutrients.ts';
import * as mood from './kinds/mood.ts';
import * as allergenProgress from './kinds/allergen-progress.ts';
import * as lastEat from './kinds/last-eat.ts';
import * as firstFood from './kinds/first-food.ts';
import * as food from './kinds/food.ts';
import * as noTopic from './kinds/no-topic.ts';
import * as compare from './kinds/compare.ts';
import * as night from './kinds/night.ts';
import * as feedDetail from './kinds/feed-detail.ts';
import * as lastBottle from './kinds/last-bottle.ts';
import * as firstToday from './kinds/first-today.ts';
import * as last from './kinds/last.ts';
import * as times from './kinds/times.ts';
import * as average from './kinds/average.ts';
import * as wake from './kinds/wake.ts';
import * as summary from './kinds/summary.ts';

export { ANSWER_WINDOW_DAYS, ANSWERER_MODEL } from './types.ts';
export type { AnswerContext, AnswerResult, Note, Figures, DerivedInsights, LiveView, MeasurementView } from './types.ts';
export type { ChildReply } from './child-reply.ts';
export { buildLlmContext } from './context.ts';

/** The kinds of question, first match first. */
const KINDS: readonly QuestionKind[] = [
  // Live's predictions, then whatever else is a prediction or advice: refused.
  prediction, notFromLog,
  growthSince, badDate, outsideLog, unloggedOccasion,
  // The types added in 1.3.0, before the older topics whose words their questions share.
  medicine, temperature, pumping, milestone, activity, headSize,
  wakeWindow, openSleep, asleepNow, firstEver,
  percentile, grown, growth, rhythm, nutrients, mood, allergenProgress,
  lastEat, firstFood, food, noTopic,
  // From here on the question has a topic.
  compare, night, feedDetail, lastBottle, firstToday, last, times, average, wake, summary,
];

function route(q: Question, log: Log): Reply | null {
  for (const kind of KINDS) {
    const matched = kind.match(q, log);
    if (matched !== null && matched !== false) return kind.reply(q, log, matched);
  }
  return null;
}

/** Every kind's example questions, commonest first: those offered when a question is not understood. */
export const INTENTS: readonly Suggestion[] = KINDS.flatMap((k) => k.suggestions ?? []).sort((a, b) => a.rank - b.rank);

/**
 * The answer for the child of `ctx` without the notes quoted at its end: a family of several
 * children quotes its notes once, after every child's answer (per-child.ts).
 */
export function childReply(question: string, ctx: AnswerContext): ChildReply {
  return childReplyBy(route, INTENTS, question, ctx);
}

export function answerQuestion(question: string, ctx: AnswerContext): AnswerResult {
  return withNotes(question, ctx, childReply(question, ctx));
}
