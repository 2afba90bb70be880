// The built-in question answerer: understands the common question families over the
// family's own log with rules, needs no network, and says plainly when it can't answer.
// Guardrails (../guardrails.ts) run before this; this module never gives clinical advice.
import type { AnswerContext, AnswerResult, Figures, Note, Reply } from './types.ts';
import { addDaysFast, localDateOfFast } from '../zone-clock.ts';
import { atLocal, dayPeriod, parsePeriod, todayOf, type Period } from './periods.ts';
import { sleepSpans } from './facts.ts';
import { summarise, type Log, type WindowTopic } from './summaries.ts';
import { topicOf, type Topic } from './topics.ts';
import { asleepNow, lastEatReply, lastOccurrence } from './last.ts';
import { checkText, predictionAsked, predictionReply } from './predictions.ts';
import { percentileReply, PERCENTILE_WORDS, TREND_WORDS } from './percentiles.ts';
import { allergenProgressReply, NOT_YET } from './allergen-progress.ts';
import { allergensInQuestion } from './allergens.ts';
import { nutrientAsked, nutrientReply, rhythmAsked, rhythmReply } from './rhythm.ts';
import { MOOD, moodReply } from './mood.ts';
import { wakeNotLoggedReply } from './open-sleep.ts';
import { suggestions } from './intents.ts';
import { regionWords } from './format.ts';
import { nightReply, nightWindow } from './night.ts';
import { feedDetailReply, lastBottleReply } from './feeds.ts';
import { growthReply } from './growth.ts';
import { foodReply, isFoodQuestion, unknownFoodIn } from './foods.ts';
import { averageReply, compareReply } from './compare.ts';
import { timesReply } from './times.ts';
import { notesHolding, relevantNotes } from './notes.ts';
import { firstName, normaliseText, words } from './text.ts';
import { shortDate } from './periods.ts';
import { coverageReply, FIRST_EVER, FIRST_WORD, firstFoodReply, firstOfTypeReply } from './history.ts';
import { growthSinceAsked, growthSinceReply } from './growth-since.ts';
import { AVERAGE_SHAPE, LAST_SHAPE, SUBJ, WHEN_SHAPE, YES_NO } from './question-shapes.ts';
import { moreTypesReply } from './more-types.ts';

export { ANSWER_WINDOW_DAYS, ANSWERER_MODEL } from './types.ts';
export type { AnswerContext, AnswerResult, Note, Figures, DerivedInsights, LiveView, MeasurementView } from './types.ts';
export { INTENTS } from './intents.ts';
export { buildLlmContext } from './context.ts';

const IS_ASLEEP = new RegExp(`\\b(is|are) ${SUBJ} (still )?(asleep|sleeping|awake|napping|up|in bed)\\b`);
const HOW_LONG_AWAKE = new RegExp(`\\bhow long (has|have|is|are) ${SUBJ} (been )?(awake|up|asleep|sleeping|napping)\\b|\\bawake (for|since)\\b|\\bhow long since ${SUBJ} woke\\b`);
const COMPARE_SHAPE = /\b(more|less|fewer|longer|shorter|bigger|smaller|better|worse|compared?|versus|vs|increase|decrease)\b/;

export function answerQuestion(question: string, ctx: AnswerContext): AnswerResult {
  const r = childReply(question, ctx);
  // A reply that quoted notes itself (a mood question) keeps them; otherwise the notes sharing
  // a meaningful word with the question are quoted at the end.
  const notes = r.quoted ?? relevantNotes(question, ctx.notes, firstName(ctx.profile.baby_name));
  const holding = !r.quoted && (!r.answered || r.empty) ? notesHolding(question, ctx.notes, firstName(ctx.profile.baby_name)) : [];
  if (holding.length > 0) {
    // The notes hold what the log does not: they are the answer, not a footnote to a refusal.
    return { answer: notesLed(holding, r), answered: true, figures: r.figures, notes_used: holding };
  }
  const answer = notes.length > 0 && !r.quoted ? `${r.answer} ${notesText(notes)}` : r.answer;
  return { answer, answered: r.answered, figures: r.figures, notes_used: notes };
}

/**
 * An answer the family's notes give (issue 27): the notes first, then what the log says when it
 * has anything to say ("egg isn't logged"); a question the log cannot answer at all gets the
 * notes alone, never "I can't answer that" in front of them.
 */
export function notesLed(notes: Note[], r: { answer: string; answered: boolean }): string {
  return r.answered ? `${notesText(notes)} From the log: ${r.answer}` : notesText(notes);
}

/** One child's reply to a question, before the family's notes that bear on it are quoted. */
export interface ChildReply {
  answer: string;
  answered: boolean;
  figures: Figures;
  /** the notes the reply quoted itself (a mood question) */
  quoted?: Note[];
  /** about how the child is (a mood question), not a figure of the log: see Reply.aboutOneChild */
  aboutOneChild: boolean;
  /** the log holds nothing of what was asked: see Reply.empty */
  empty?: true;
}

/**
 * The answer for the child of `ctx` without the notes quoted at its end: a family of several
 * children quotes its notes once, after every child's answer (per-child.ts).
 */
export function childReply(question: string, ctx: AnswerContext): ChildReply {
  const zone = ctx.profile.timezone;
  const name = firstName(ctx.profile.baby_name);
  // Events after `now` cannot exist (the API rejects them), but a caller's clock may differ.
  const events = ctx.events.filter((e) => e.at <= ctx.now);
  const log: Log = { events, spans: sleepSpans(events, ctx.now, zone), zone, units: ctx.profile.units, now: ctx.now, name,
    region: ctx.profile.region, recipes: ctx.recipes ?? [], insights: ctx.insights ?? {}, profile: ctx.profile, notes: ctx.notes, history: ctx.history };
  const q = prepare(question, ctx.profile.baby_name);
  // "When was her last feed? We think she is teething": the first question is what is asked;
  // the rest is context and must not lend it a time phrase ("… constipated last week").
  const qm = question.indexOf('?');
  const head = qm > 0 && /[a-z]/i.test(question.slice(qm + 1)) ? prepare(question.slice(0, qm), ctx.profile.baby_name) : null;
  let reply: Reply | null = null;
  try {
    reply = route(head !== null && topicOf(head) !== null ? head : q, log);
  } catch {
    // A malformed date in the question ("31 February") or similar: treat as not understood.
    reply = null;
  }
  // A US family reads diaper and poop; a reply that quotes notes itself has done this already.
  const answer = reply?.notes ? reply.answer : regionWords(reply ? reply.answer : cannotAnswer(name, suggestions(head ?? q, log)), ctx.profile.region);
  return {
    answer,
    answered: reply !== null,
    figures: reply?.figures ?? {},
    ...(reply?.notes ? { quoted: reply.notes } : {}),
    aboutOneChild: reply?.aboutOneChild === true,
    ...(reply?.empty ? { empty: true as const } : {}),
  };
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
// Refusals and leftovers are not logged either ("how many bottles did she refuse?").
const NOT_FROM_LOG = /\b(next|due|should|ought|will she|will he|going to|predict|recommend\w*|normal|enough|refus\w*|rejected|left over|leftovers?)\b/;

// A day or spell the log has no record of ("the day of her jabs", "since the rash cleared",
// "during her cold"): without a date, any window would be a guess.
const UNLOGGED_OCCASION =
  /\b(day|night|morning|week|weekend) (of|after|before) (her|his|their|the|my|our)\b|\bsince (her|his|their|the|she|he|they) (?!morning|afternoon|evening|start|last|first|previous|latest|woke|woken|got up|fell asleep|went down)\w+|\b(during|while) (her|his|their|she|he|they|baby)\b|\bwhen (she|he|they|baby) (was|were|had)\b/;
// "now her cough is better", "getting worse": a state, not a comparison between periods.
const STATE_COMPARATIVE = /\b(is|are|was|were|got|getting|gets|feeling|feels|seems|much) (better|worse)\b|\b(better|worse) now\b/g;
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

function route(q: string, logIn: Log): Reply | null {
  // Predictions the live status already makes (next feed, hungry, next nap, bedtime tonight)
  // are answered from it; any other "next / due / should" stays refused below.
  const prediction = predictionAsked(q);
  if (prediction) return predictionReply(prediction, logIn);
  if (NOT_FROM_LOG.test(q)) return null;
  // "How many ounces …?": give fluid ounces alongside ml whatever the profile's units.
  const log: Log = /\b(oz|ounces?)\b/.test(q) && logIn.units !== 'imperial' ? { ...logIn, units: 'imperial' } : logIn;
  // "How much has she grown since her first birthday?": the measurements nearest each end.
  const growth = growthSinceAsked(q, log);
  if (growth) return growthSinceReply(growth, log);
  const parsed = parsePeriod(q, log.now, log.zone);
  let period = parsed?.period ?? null;
  // A period the log read does not reach, or before the log starts: said plainly, never "0".
  if (period) {
    const outside = coverageReply(period, log);
    if (outside) return outside;
  }
  const rest = parsed?.rest ?? q;
  const topic = topicOf(rest) ?? (period?.key === 'last_night' ? 'sleep' : null);
  const kind = supplementKind(q);
  if (!period && UNLOGGED_OCCASION.test(q)) return null;
  // Medicines given, temperatures, pumping, activities, milestones, head circumference (1.3.0).
  const more = moreTypesReply(q, rest, period, log);
  if (more) return more;
  // Feeds and nappies "last night" are those between going down and getting up, so the bedtime
  // bottle and the first feed of the morning are not night feeds.
  if (period?.nightOf && topic !== null && !['sleep', 'naps', 'wake'].includes(topic)) {
    const w = nightWindow(log, period.nightOf);
    if (w) period = { ...period, start: w.start, end: w.end ?? period.end };
  }
  // "How long was she awake before her first nap?": wake windows are not worked out here.
  if (topic === 'wake' && /\bhow long\b/.test(q) && /\b(before|after|between)\b/.test(rest)) return null;

  // A sleep left open far longer than a sleep lasts (live's check): say the wake was probably
  // not logged rather than report a 15-hour sleep.
  const touchesNow = !period || period.key === 'last_night' || period.key === 'today' || period.end >= log.now;
  if (touchesNow && (topic === 'sleep' || topic === 'naps' || topic === 'wake' || HOW_LONG_AWAKE.test(q) || IS_ASLEEP.test(q)) && !COMPARE_SHAPE.test(q) && !AVERAGE_SHAPE.test(q)) {
    const open = wakeNotLoggedReply(log);
    if (open) return open;
  }
  // Asleep or awake now: with any other live check ("nothing logged for 9 hours"), say it too.
  if (!period && (HOW_LONG_AWAKE.test(q) || IS_ASLEEP.test(q))) {
    const now = asleepNow(log);
    return { ...now, answer: `${now.answer}${checkText(log.insights?.live)}` };
  }
  // "When did she first …?" ever (not today's first): the first event of the log.
  if (!period && FIRST_EVER.test(q) && topic !== null && topic !== 'solids') {
    const first = firstOfTypeReply(topic, log);
    if (first) return first;
  }
  if (PERCENTILE_WORDS.test(q) && topic !== 'length') return percentileReply(log, 'weight', TREND_WORDS.test(q));
  // "How much has she grown?": length, with its trend.
  if (topic === null && /\b(grown|grow|growing|growth)\b/.test(q)) return percentileReply(log, 'length', true);
  if (topic === 'weight' || topic === 'length') {
    if (PERCENTILE_WORDS.test(q) || (TREND_WORDS.test(q) && !period)) return percentileReply(log, topic, TREND_WORDS.test(q));
    return growthReply(log, topic);
  }
  const rhythm = rhythmAsked(q);
  if (rhythm && !period) {
    const r = rhythmReply(rhythm, log);
    if (r) return r;
  }
  const nutrients = nutrientAsked(q);
  if (nutrients) return nutrientReply(nutrients, log);
  if (MOOD.test(q) && (/\bwhy\b/.test(q) || topic === null)) {
    return moodReply(log, q, todayOf(log.now, log.zone), notesText);
  }
  // "Which allergens haven't we tried?" / "which allergens has she had?": the region's list,
  // split into logged and not yet logged (a period keeps the list of those had in it).
  if (/\ballergens?\b/.test(q) && !allergensInQuestion(q) && (NOT_YET.test(rest) || !period)) {
    return allergenProgressReply(log, NOT_YET.test(rest));
  }
  // "When did she last eat?": milk and solids both count.
  if (topic === 'solids' && !period && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest)) && /\b(eat|ate|eaten|eating)\b/.test(rest) &&
    !/\b(solids?|foods?|meals?|snacks?|breakfast|lunch|dinner|supper|tea)\b/.test(rest) && !isFoodQuestion(q, log)) {
    return lastEatReply(log);
  }

  // "What was her first food?": the first solid of the whole log.
  if (topic === 'solids' && !period && FIRST_EVER.test(q) && !isFoodQuestion(q, log)) {
    const first = firstFoodReply(log);
    if (first) return first;
  }
  // Named foods and allergens first: "has she had egg", "when did he last have fish".
  const foodPeriod = topic === null || topic === 'solids' ? mealPeriod(q, period, log) : period;
  if ((topic === null || topic === 'solids' || topic === 'milk') && isFoodQuestion(q, log)) return foodReply(rest, log, foodPeriod);
  if (topic === 'solids' && /\bwhat\b.*\b(eat|ate|eaten|had|have|foods?)\b|\bwhich foods?\b|\bwhat foods?\b/.test(rest)) {
    return foodReply(rest, log, foodPeriod);
  }
  if ((topic === null || topic === 'solids') && unknownFoodIn(rest)) return foodReply(rest, log, foodPeriod);
  if (topic === null) return null;

  if (COMPARE_SHAPE.test(q.replace(STATE_COMPARATIVE, ' ')) && topic !== 'wake' && (/\bthan\b|\bcompared?\b|\bvs\b|\bversus\b/.test(q) || period)) {
    return compareReply(topic as WindowTopic, q, log);
  }

  // Night questions: last night, bedtime, this morning's wake-up, night wakings.
  const nightish =
    period?.key === 'last_night' ||
    (topic === 'wake' && (!period || ['this_morning', 'today'].includes(period.key)) && !LAST_SHAPE.test(rest)) ||
    (topic === 'sleep' && !period && /\b(bed|bedtime|went down|go down)\b/.test(q)) ||
    (topic === 'sleep' && !period && /\blongest\b|\bstretch\b/.test(q));
  // "What time did she go down for the night on Friday?": that evening, so the night ending the next morning.
  const eveningOf = period && !period.nightOf ? (period.day ?? (period.completeDays.length === 1 || period.key === 'today' ? localDateOfFast(period.start, log.zone) : null)) : null;
  if (topic === 'sleep' && eveningOf && WHEN_SHAPE.test(rest) && /\b(bed|bedtime|go down|went down|down for the night|fall asleep|fell asleep|(go|went|gone) to sleep)\b/.test(rest)) {
    return nightReply(log, q, addDaysFast(eveningOf, 1));
  }
  if (nightish && (topic === 'sleep' || topic === 'wake' || topic === 'naps')) {
    return nightReply(log, q, period?.nightOf ?? nightOfDay(period, log));
  }
  if (topic === 'wake' && period && (period.completeDays.length === 1 || period.day)) {
    return nightReply(log, q, period.day ?? period.completeDays[0]);
  }

  if ((topic === 'milk' || topic === 'feeds') && !AVERAGE_SHAPE.test(rest)) {
    const detail = feedDetailReply(rest, log, period ?? dayPeriod(todayOf(log.now, log.zone), log.now, log.zone));
    if (detail) return detail;
    if (!period && /\bbottles?\b/.test(rest) && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest))) {
      const bottle = lastBottleReply(log);
      if (bottle) return bottle;
    }
  }
  // "What time was her first feed?": today's first, never the last one.
  if (!period && FIRST_WORD.test(rest) && WHEN_SHAPE.test(rest)) {
    return timesReply(topic, log, dayPeriod(todayOf(log.now, log.zone), log.now, log.zone), kind, 'first');
  }
  if (!period && (LAST_SHAPE.test(rest) || WHEN_SHAPE.test(rest))) return lastOccurrence(topic, log, kind);
  if (period && WHEN_SHAPE.test(rest) && !/\bhow\b/.test(rest)) {
    return timesReply(topic, log, period, kind, /\bfirst\b/.test(rest) ? 'first' : /\blast\b/.test(rest) ? 'last' : undefined);
  }

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

/** Not understood, or advice: say so, and offer nearby questions this family's data can answer. */
function cannotAnswer(name: string, examples: string[]): string {
  const quoted = examples.map((e) => `"${e}"`);
  const list = quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return `I can't answer that from the log. For ${name} I can answer questions such as ${list}`;
}

/** "You noted on Tue 24 Nov: "she is teething"." — the family's own words, never a diagnosis. */
export function notesText(notes: Note[]): string {
  const parts = notes.map((n, i) => `${i === 0 ? 'You noted' : 'on'} ${i === 0 ? 'on ' : ''}${shortDate(n.ts.slice(0, 10))}: "${n.text}"`);
  return `${parts.join('; ')}.`;
}

export type { Topic };
