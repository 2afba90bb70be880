// The built-in question answerer: understands the common question families over the
// family's own log with rules, needs no network, and says plainly when it can't answer.
// Guardrails (../guardrails.ts) run before this; this module never gives clinical advice.
import type { AnswerContext, AnswerResult, Note, Reply } from './types.ts';
import { localDateOfFast } from '../zone-clock.ts';
import { dayPeriod, parsePeriod, todayOf, type Period } from './periods.ts';
import { sleepSpans } from './facts.ts';
import { summarise, type Log, type WindowTopic } from './summaries.ts';
import { topicOf, type Topic } from './topics.ts';
import { asleepNow, lastOccurrence } from './last.ts';
import { nightReply } from './night.ts';
import { growthReply } from './growth.ts';
import { foodReply, isFoodQuestion, unknownFoodIn } from './foods.ts';
import { averageReply, compareReply } from './compare.ts';
import { timesReply } from './times.ts';
import { relevantNotes } from './notes.ts';
import { firstName, normaliseText, words } from './text.ts';
import { shortDate } from './periods.ts';

export { ANSWER_WINDOW_DAYS, ANSWERER_MODEL } from './types.ts';
export type { AnswerContext, AnswerResult, Note, Figures } from './types.ts';
export { buildLlmContext } from './context.ts';

const SUBJ = '(baby|she|he|they|it)';
const IS_ASLEEP = new RegExp(`\\b(is|are) ${SUBJ} (still )?(asleep|sleeping|awake|napping|up|in bed)\\b`);
const HOW_LONG_AWAKE = new RegExp(`\\bhow long (has|have|is|are) ${SUBJ} (been )?(awake|up|asleep|sleeping|napping)\\b|\\bawake (for|since)\\b|\\bhow long since ${SUBJ} woke\\b`);
const LAST_SHAPE = /\blast\b|\bhow long ago\b|\bhow long since\b|\bhow long has it been\b|\bmost recent\b|\blatest\b|\bprevious\b/;
const WHEN_SHAPE = /\b(when|what time|what times|at what time)\b/;
const COMPARE_SHAPE = /\b(more|less|fewer|longer|shorter|bigger|smaller|better|worse|compared?|versus|vs|increase|decrease)\b/;
const AVERAGE_SHAPE = /\b(average|averaged|on average|per day|a day|each day|daily|typical|typically|usually|mean)\b/;
const YES_NO = new RegExp(`^(has|have|did|does|is|was) ${SUBJ}\\b`);

export function answerQuestion(question: string, ctx: AnswerContext): AnswerResult {
  const zone = ctx.profile.timezone;
  const name = firstName(ctx.profile.baby_name);
  // Events after `now` cannot exist (the API rejects them), but a caller's clock may differ.
  const events = ctx.events.filter((e) => e.at <= ctx.now);
  const log: Log = { events, spans: sleepSpans(events, ctx.now, zone), zone, units: ctx.profile.units, now: ctx.now, name,
    region: ctx.profile.region, recipes: ctx.recipes ?? [] };
  const q = prepare(question, ctx.profile.baby_name);
  let reply: Reply | null = null;
  try {
    reply = route(q, log);
  } catch {
    // A malformed date in the question ("31 February") or similar: treat as not understood.
    reply = null;
  }
  const notes = relevantNotes(question, ctx.notes, name);
  const answered = reply !== null;
  let answer = reply ? reply.answer : cannotAnswer(name);
  if (notes.length > 0) answer += ` ${notesText(notes)}`;
  return { answer, answered, figures: reply?.figures ?? {}, notes_used: notes };
}

/** Normal form for matching; the child's names become "baby" so a name never reads as a word. */
function prepare(question: string, babyName: string): string {
  let q = normaliseText(question).replace(/[?!,;:]+/g, ' ').replace(/\.(?!\d)/g, ' ');
  for (const w of words(babyName)) if (w.length >= 2) q = q.replace(new RegExp(`\\b${w}('s|s')?\\b`, 'g'), 'baby');
  return q.replace(/\s+/g, ' ').trim();
}

function supplementKind(q: string): string | undefined {
  if (/\b(vitamin d|vit d|vitd|vitamin drops)\b/.test(q)) return 'vitd';
  if (/\biron\b/.test(q)) return 'iron';
  if (/\bmultivitamins?\b/.test(q)) return 'multivitamin';
  return undefined;
}

// Predictions and advice ("when is her next feed due?", "how much should she drink?") are not
// in the log; the built-in answerer says so rather than guessing.
const NOT_FROM_LOG = /\b(next|due|should|ought|will she|will he|going to|predict|recommend\w*|normal|enough)\b/;

function route(q: string, log: Log): Reply | null {
  if (NOT_FROM_LOG.test(q)) return null;
  const parsed = parsePeriod(q, log.now, log.zone);
  const period = parsed?.period ?? null;
  const rest = parsed?.rest ?? q;
  const topic = topicOf(rest) ?? (period?.key === 'last_night' ? 'sleep' : null);
  const kind = supplementKind(q);

  if (!period && HOW_LONG_AWAKE.test(q)) return asleepNow(log);
  if (!period && IS_ASLEEP.test(q)) return asleepNow(log);
  if (topic === 'weight' || topic === 'length') return growthReply(log, topic);

  // Named foods and allergens first: "has she had egg", "when did he last have fish".
  if ((topic === null || topic === 'solids' || topic === 'milk') && isFoodQuestion(q, log)) return foodReply(rest, log, period);
  if (topic === 'solids' && /\bwhat\b.*\b(eat|ate|eaten|had|have|foods?)\b|\bwhich foods?\b|\bwhat foods?\b/.test(rest)) {
    return foodReply(rest, log, period);
  }
  if ((topic === null || topic === 'solids') && unknownFoodIn(rest)) return foodReply(rest, log, period);
  if (topic === null) return null;

  if (COMPARE_SHAPE.test(q) && topic !== 'wake' && (/\bthan\b|\bcompared?\b|\bvs\b|\bversus\b/.test(q) || period)) {
    return compareReply(topic as WindowTopic, q, log);
  }

  // Night questions: last night, bedtime, this morning's wake-up, night wakings.
  const nightish =
    period?.key === 'last_night' ||
    (topic === 'wake' && (!period || ['this_morning', 'today'].includes(period.key)) && !LAST_SHAPE.test(rest)) ||
    (topic === 'sleep' && !period && /\b(bed|bedtime|went down|go down)\b/.test(q)) ||
    (topic === 'sleep' && !period && /\blongest\b|\bstretch\b/.test(q));
  if (nightish && (topic === 'sleep' || topic === 'wake' || topic === 'naps')) {
    return nightReply(log, q, period?.nightOf ?? nightOfDay(period, log));
  }
  if (topic === 'wake' && period && period.completeDays.length === 1) {
    return nightReply(log, q, period.completeDays[0]);
  }

  if (!period && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest))) return lastOccurrence(topic, log, kind);
  if (period && WHEN_SHAPE.test(rest) && !/\bhow\b/.test(rest)) return timesReply(topic, log, period, kind);

  if (AVERAGE_SHAPE.test(rest) && topic !== 'wake') return averageReply(topic as WindowTopic, rest, log, period);
  if (topic === 'wake') return nightReply(log, q);

  const p = period ?? dayPeriod(todayOf(log.now, log.zone), log.now, log.zone);
  const s = summarise(topic as WindowTopic, log, p, kind);
  let answer = s.text;
  if (YES_NO.test(q) && !/^(did|does|has|have) \w+ (have|had) (a|any)? ?(long|good|bad)\b/.test(q)) {
    answer = `${s.value > 0 ? 'Yes' : 'No'}. ${answer}`;
  }
  return { answer, figures: s.figures };
}

/** A named single day ("on Sunday") asks about the night that ended that morning. */
function nightOfDay(p: Period | null, log: Log): string | undefined {
  if (!p || p.key === 'last_night') return undefined;
  return localDateOfFast(p.start, log.zone);
}

function cannotAnswer(name: string): string {
  return (
    `I can't answer that from the log. I can answer questions about what has been logged, for example: ` +
    `"How much milk did ${name} have yesterday?", "When was ${name}'s last dirty nappy?" or ` +
    `"Has ${name} had egg this week?"`
  );
}

function notesText(notes: Note[]): string {
  const parts = notes.map((n) => `"${n.text}" (${shortDate(n.ts.slice(0, 10))})`);
  return `From your notes: ${parts.join('; ')}.`;
}

export type { Topic };
