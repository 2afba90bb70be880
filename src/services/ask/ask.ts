// Question answering over the family's own log (paid plan). Order of checks: plan (402),
// "remember:" notes, guardrails (they answer before any model and cost nothing), the usage
// limits (429), then the optional LLM with the built-in answerer as its fallback.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import { requireScope, type Actor } from '../actor.ts';
import { AppError } from '../../errors.ts';
import type { UsageLimit } from '../../schemas/ask.ts';
import { checkGuardrailText, guardrailText, medicineLogQuestion } from '../../domain/guardrails.ts';
import { classifyAnswer } from '../../domain/answer-guardrail.ts';
import { ENGLISH, isText, t, type Words } from '../../i18n/text.ts';
import { answerQuestion, ANSWERER_MODEL, buildLlmContext, type AnswerContext } from '../../domain/answerer/index.ts';
import { buildChildrenLlmContext, LLM_CHILDREN_PROMPT, LLM_SYSTEM_PROMPT } from '../../domain/answerer/context.ts';
import { answerForChildren, type ChildAsked } from '../../domain/answerer/per-child.ts';
import { childrenNamed } from '../../domain/answerer/child-names.ts';
import { CANONICAL, cannotAnswerIn, coreIntent, localisedAnswer, type ChildLog, type CoreIntent } from '../../domain/answerer/languages.ts';
import { localDateOf } from '../../domain/time.ts';
import { ageAtFast } from '../../domain/zone-clock.ts';
import { feverSignpostText, mentionsTemperature, type FeverContext } from '../../domain/fever-question.ts';
import { answerWindowStart, historyNeeds } from '../../domain/answerer/history.ts';
import type { AnswerHistory } from '../../domain/answerer/types.ts';
import type { Units } from '../../domain/types.ts';
import { firstOfType, logStart } from '../insights/food-history.ts';
import { foodSpansOf } from '../insights/insights.ts';
import { askLlm } from './llm-client.ts';
import { childProfile, loadFamily, type FamilyRow } from '../family/family-row.ts';
import { childrenOf, childScopeOf, resolveChild, type ChildRow } from '../family/children.ts';
import type { Region } from '../../domain/types.ts';
import type { Catalogue } from '../../i18n/languages.ts';
import { computeLive, eventsBetween, latestOfType } from '../insights/live.ts';
import { getPatterns } from '../insights/insights.ts';
import type { ChildScope } from '../../db/family-scope.ts';
import { measurements } from '../log/event-reads.ts';
import { loadNotes, saveNote } from './notes.ts';
import { listRecipes } from '../log/recipes.ts';
import { EVENT_COLUMNS, toTimedEvent } from '../log/event-rows.ts';
import type { TimedEvent } from '../../domain/types.ts';
import { bumpNamedCounter, readNamedCounter, refundNamedCounter } from '../access/counters.ts';

// "remember:" in each language the service speaks (issue 39): a German caregiver's "merk dir:".
const REMEMBER = /^\s*(remember|merk dir|merke dir|retiens|recuerda|ricorda|onthoud|lembre|lembre-se|zapami[eę]taj|kom ih[aå]g)\s*:/i;
const LLM_TIMEOUT_MS = 10_000;

function buckets(family: FamilyRow, now: number) {
  const day = localDateOf(now, family.timezone);
  return { day: `ask:day:${family.id}:${day}`, month: `ask:month:${family.id}:${day.slice(0, 7)}` };
}

async function usage(ctx: Ctx, family: FamilyRow, now: number): Promise<UsageLimit> {
  const b = buckets(family, now);
  const daily_used = await readNamedCounter(ctx, b.day);
  const monthly_used = await readNamedCounter(ctx, b.month);
  const { askDailyLimit: d, askMonthlyLimit: m } = ctx.config;
  return {
    daily_limit: d,
    daily_used,
    daily_remaining: Math.max(0, d - daily_used),
    monthly_limit: m,
    monthly_used,
    monthly_remaining: Math.max(0, m - monthly_used),
  };
}

async function answerContext(ctx: Ctx, actor: Actor, family: FamilyRow, now: number, question: string): Promise<AnswerContext> {
  const scope = await childScopeOf(ctx, actor);
  // One source of truth: the same live status the API serves, from its cache. Its zone is where
  // the baby is now, where answers count their days (domain/answerer/answer-log.ts).
  const live = await computeLive(scope, family, now);
  // The last ANSWER_WINDOW_DAYS local days there; what a question needs beyond them is read below.
  const from = answerWindowStart(now, live.timezone);
  const events = await eventsBetween(scope, from, now + 1, family.timezone);
  // "How much does she weigh?" should work even when the last weigh-in is months old.
  for (const type of ['weight', 'length', 'head_circumference']) {
    if (!events.some((e) => e.type === type)) {
      const older = await latestOfType(scope, type, from, family.timezone);
      if (older) events.unshift(older);
    }
  }
  // "When did he first roll over?": milestones are few and months apart, so all of them.
  events.unshift(...(await milestonesBefore(scope, from, family.timezone)));
  // The other derived insights the API serves (patterns with the allergen grid and nutrients,
  // measurements with WHO percentiles), each from its cache.
  const p = await getPatterns(ctx, actor);
  const insights = {
    live,
    patterns: p.patterns,
    allergen_grid: p.allergen_grid,
    nutrients_7d: p.nutrients_7d,
    nutrients_today: p.nutrients_today,
    measurements: (await measurements(ctx, actor)).measurements,
  };
  const profile = childProfile(family, scope.child);
  const history = await historyFor(scope, family, now, question, profile, events, from, live.timezone);
  return { events, profile, now, notes: await loadNotes(scope), recipes: await listRecipes(scope), insights, history };
}

/**
 * The whole history a question needs beyond the window (issue 27), by targeted reads: every
 * solid ever logged, grouped by its foods (cached with the patterns window: no read when
 * cached); the events of a dated period before the window; the log's first instant; the first
 * event of a type a "first" question asks about. Never the whole log.
 */
async function historyFor(
  scope: ChildScope, family: FamilyRow, now: number, question: string, profile: AnswerContext['profile'], events: AnswerContext['events'], from: number, here: string,
): Promise<AnswerHistory> {
  const zone = family.timezone;
  const history: AnswerHistory = { covered: [[from, now + 1]], solids: await foodSpansOf(scope, family, now) };
  const needs = historyNeeds(question, profile, now, here);
  const ids = new Set(events.map((e) => e.id));
  for (const [start, end] of needs.periods) {
    for (const e of await eventsBetween(scope, start, end, zone)) if (!ids.has(e.id)) (ids.add(e.id), events.push(e));
    history.covered.push([start, end]);
  }
  if (needs.days.length > 0) history.days = needs.days;
  if (needs.logStart) history.log_start = await logStart(scope);
  if (needs.firstTypes.length > 0) {
    history.first = {};
    for (const type of needs.firstTypes) history.first[type] = await firstOfType(scope, type, zone);
  }
  return history;
}

/** Every milestone logged before `before` (the answer window's start), oldest first. */
async function milestonesBefore(scope: ChildScope, before: number, zone: string): Promise<TimedEvent[]> {
  const rows = await scope.selectFrom('events').select(EVENT_COLUMNS).where('type', '=', 'milestone').where('at', '<', before).orderBy('at').execute();
  return rows.map((r) => toTimedEvent(r, zone));
}

/**
 * Whom a question is about (issue 25). A family of one child: that child, as before
 * (`asked: null`). Otherwise the children the question names; else the child the request
 * names (the connector may give one); else every active child, each answered from its own log.
 */
async function childrenAsked(ctx: Ctx, actor: Actor, family: FamilyRow, question: string): Promise<{ asked: ChildRow[] | null; named: boolean }> {
  const all = await childrenOf(scopeOf(ctx, actor), family);
  if (all.length === 1) return { asked: null, named: false };
  // The primary child first, then the family's order: answers list the children in it.
  const children = [...all.filter((c) => c.id === family.primary_child_id), ...all.filter((c) => c.id !== family.primary_child_id)];
  const named = childrenNamed(question, children);
  if (named.length) return { asked: named, named: true };
  if (actor.child) return { asked: [resolveChild(children, family, actor.child)], named: false };
  return { asked: children.filter((c) => !Number(c.archived)), named: false };
}

/**
 * The names of the children a question is answered for, when the family has several (null for a
 * family of one child, or a `remember:` note): the connector's stamp names them.
 */
export async function childrenAnswered(ctx: Ctx, actor: Actor, question: string): Promise<string[] | null> {
  if (REMEMBER.test(question)) return null;
  const scope = scopeOf(ctx, actor);
  const { asked } = await childrenAsked(ctx, actor, await loadFamily(scope), question);
  return asked && asked.map((c) => c.name);
}

/**
 * The built-in answer and what a model would be given for it, for whichever children it is
 * about, in the reader's words (issue 39). English: the whole answerer, as before; a core
 * question in another language (answerer/languages.ts) when it does not understand. Another
 * language: a core question in any language answered in it; a question only the English
 * answerer understands in English (a question typed in English, beyond the core ones); what it
 * can answer, in the reader's language, when neither understands.
 */
async function builtinFor(ctx: Ctx, actor: Actor, family: FamilyRow, now: number, question: string, words: Words = ENGLISH) {
  const english = words.catalogue === 'en-GB' || words.catalogue === 'en-US';
  const foreign = coreIntent(question);
  if (foreign && !english) return localisedFor(ctx, actor, family, now, question, foreign, words);
  const found = await englishFor(ctx, actor, family, now, question);
  if (!found.builtin.answered && !found.builtin.askedWhichChild) {
    if (foreign) return localisedFor(ctx, actor, family, now, question, foreign, words);
    if (english) return found;
    return { ...found, builtin: { ...found.builtin, answer: cannotAnswerIn(found.names[0] ?? '', words) } };
  }
  const core = english || found.builtin.askedWhichChild ? null : coreIntent(question, true);
  return core ? localisedFor(ctx, actor, family, now, question, core, words) : found;
}

async function localisedFor(ctx: Ctx, actor: Actor, family: FamilyRow, now: number, question: string, intent: CoreIntent, words: Words) {
  const { asked } = await childrenAsked(ctx, actor, family, question);
  const canonical = CANONICAL[intent];
  const children: ChildLog[] = [];
  const each: ChildAsked[] = [];
  if (!asked) {
    const actx = await answerContext(ctx, actor, family, now, canonical);
    children.push({ name: actx.profile.baby_name, ctx: actx });
  } else {
    for (const child of asked) {
      const cctx = await answerContext(ctx, { ...actor, child: { ref: child.id, byName: false } }, family, now, canonical);
      children.push({ name: child.name, ctx: cctx });
      each.push({ child, ctx: cctx });
    }
  }
  const several = each.length > 1;
  return {
    contexts: children.map((c) => c.ctx),
    names: children.map((c) => c.name),
    builtin: { ...localisedAnswer(intent, children, words), askedWhichChild: false },
    llm: several
      ? { system: `${LLM_SYSTEM_PROMPT} ${LLM_CHILDREN_PROMPT}`, context: () => buildChildrenLlmContext(each) }
      : { system: LLM_SYSTEM_PROMPT, context: () => buildLlmContext(children[0]!.ctx) },
  };
}

async function englishFor(ctx: Ctx, actor: Actor, family: FamilyRow, now: number, question: string) {
  const { asked, named } = await childrenAsked(ctx, actor, family, question);
  if (!asked || asked.length === 1) {
    // One child: exactly the answer of a family of one (the request's child, or the one asked about).
    const one = asked ? { ...actor, child: { ref: asked[0]!.id, byName: false } } : actor;
    const actx = await answerContext(ctx, one, family, now, question);
    return {
      contexts: [actx],
      names: [actx.profile.baby_name],
      builtin: { ...answerQuestion(question, actx), askedWhichChild: false },
      llm: { system: LLM_SYSTEM_PROMPT, context: () => buildLlmContext(actx) },
    };
  }
  const each: ChildAsked[] = [];
  for (const child of asked) each.push({ child, ctx: await answerContext(ctx, { ...actor, child: { ref: child.id, byName: false } }, family, now, question) });
  return {
    contexts: each.map((e) => e.ctx),
    names: each.map((e) => e.child.name),
    builtin: answerForChildren(question, each, named),
    llm: { system: `${LLM_SYSTEM_PROMPT} ${LLM_CHILDREN_PROMPT}`, context: () => buildChildrenLlmContext(each) },
  };
}

/**
 * `words`: the reader's (routes/ask.ts: the caregiver's saved language, else Accept-Language);
 * the answer, a guardrail's text and the model's language follow them. English for the MCP
 * connector, which stays English on purpose.
 */
export async function askQuestion(ctx: Ctx, actor: Actor, question: string, words: Words = ENGLISH) {
  const scope = scopeOf(ctx, actor);
  const family = await loadFamily(scope);
  const now = ctx.clock();
  if (family.plan !== 'paid') {
    throw new AppError(402, 'payment_required', t('ask.payment_required'));
  }
  if (REMEMBER.test(question)) {
    requireScope(actor, 'write');
    const note = await saveNote(ctx, actor, question.replace(REMEMBER, ''));
    const answer = words.render(t('ask.noted', { text: note.text }));
    return { answer, reply: answer, model: null, context_used: false, guardrail: null, usage_limit: await usage(ctx, family, now), saved_notes: [note] };
  }
  requireScope(actor, 'read');
  const fever = await feverContext(ctx, actor, family, question, now, words);
  const guard = checkGuardrailText(question, family.region as Region, fever?.ages);
  if (guard) {
    const text = withFeverSignpost(words.render(guard.text), fever, null, guard.signposted);
    return {
      answer: text,
      reply: text,
      model: null,
      context_used: false,
      guardrail: guard.rule,
      usage_limit: await usage(ctx, family, now),
      saved_notes: null,
    };
  }
  // Reserve this question before answering, in one atomic step per counter, so parallel
  // questions cannot all pass a check made before any of them was counted. The month is only
  // bumped once the day has room: a question refused by the daily limit must not occupy a
  // monthly slot, even for the moment before its refund, or it could push a parallel question
  // that fits both limits over the monthly one.
  const b = buckets(family, now);
  const { askDailyLimit, askMonthlyLimit } = ctx.config;
  const day = await bumpNamedCounter(ctx, b.day);
  const month = day > askDailyLimit ? 0 : await bumpNamedCounter(ctx, b.month);
  if (day > askDailyLimit || month > askMonthlyLimit) {
    await refundNamedCounter(ctx, b.day);
    if (month > 0) await refundNamedCounter(ctx, b.month);
    const daily = day > askDailyLimit;
    throw new AppError(
      429,
      'usage_limit_reached',
      daily ? t('ask.limit_daily', { limit: askDailyLimit }) : t('ask.limit_monthly', { limit: askMonthlyLimit }),
      { usage_limit: await usage(ctx, family, now) },
    );
  }
  try {
    const out = await answer(ctx, actor, family, now, question, words);
    const stated = fever && feverSignpostText(question, family.region as Region, fever.ages);
    const text = withFeverSignpost(out.answer, fever, stated ? words.render(stated) : null, false);
    return { ...out, answer: text, reply: text };
  } catch (err) {
    await refundNamedCounter(ctx, b.day);
    await refundNamedCounter(ctx, b.month);
    throw err;
  }
}

/**
 * For a question about a temperature (a reading, or the words): the ages of the children it may
 * be about, for the fever-by-age guardrail, and live status's urgent fever message of any of them
 * (a reading logged in the past 24 hours at or above the line for the age). Null otherwise: the
 * common question costs nothing here.
 */
async function feverContext(ctx: Ctx, actor: Actor, family: FamilyRow, question: string, now: number, words: Words): Promise<{ ages: FeverContext; logged: string[] } | null> {
  if (!mentionsTemperature(question)) return null;
  const { asked } = await childrenAsked(ctx, actor, family, question);
  const scopes = asked ? await Promise.all(asked.map((c) => childScopeOf(ctx, { ...actor, child: { ref: c.id, byName: false } }))) : [await childScopeOf(ctx, actor)];
  const today = localDateOf(now, family.timezone);
  const logged: string[] = [];
  for (const s of scopes) {
    const temp = (await computeLive(s, family, now)).temperature;
    // Live's message, in the reader's words when live writes it as a Text.
    const message: unknown = temp?.message;
    if (temp?.urgent) logged.push(isText(message) ? words.render(message) : String(message));
  }
  return { ages: { ageMonths: scopes.map((s) => ageAtFast(s.child.dob, today).months), units: family.units as Units }, logged };
}

/**
 * The urgent signpost in front of an answer: for a temperature the question states at or above
 * the line for the age (`stated`, when no guardrail answered: a log question let through), and
 * live status's message for a reading logged in the past 24 hours. Not again when the answer
 * already leads with it.
 */
function withFeverSignpost(text: string, fever: { logged: string[] } | null, stated: string | null, signposted: boolean): string {
  const lead = [...(fever?.logged ?? []), ...(stated ? [stated] : [])];
  if (lead.length === 0 || signposted || /reason to get medical advice urgently/.test(text.slice(0, 300))) return text;
  // The logged message already holds the signpost: the stated one is said once.
  const parts = fever?.logged.length ? fever.logged : lead;
  return `${parts.join(' ')} ${text}`;
}

/**
 * The built-in answer with its machine-readable figures, from the same context the route, the
 * MCP ask tool and the web app's Ask tab use. No plan, guardrail or usage accounting here.
 * `actx`: the (first) child's context; `contexts`: every child's the question is about.
 */
export async function builtinAnswer(ctx: Ctx, actor: Actor, question: string) {
  requireScope(actor, 'read');
  const family = await loadFamily(scopeOf(ctx, actor));
  const now = ctx.clock();
  const { contexts, builtin } = await builtinFor(ctx, actor, family, now, question);
  return { actx: contexts[0]!, contexts, builtin };
}

/** The language a model is asked to answer in, by the reader's catalogue (English: as before, unsaid). */
const MODEL_LANGUAGE: Partial<Record<Catalogue, string>> = {
  de: 'German', fr: 'French', es: 'Spanish', it: 'Italian', nl: 'Dutch', 'pt-BR': 'Brazilian Portuguese', pl: 'Polish', sv: 'Swedish',
};

async function answer(ctx: Ctx, actor: Actor, family: FamilyRow, now: number, question: string, words: Words) {
  const { builtin, llm } = await builtinFor(ctx, actor, family, now, question, words);
  let text = builtin.answer;
  let model: string = ANSWERER_MODEL;
  let contextUsed = builtin.answered;
  let guardrail: string | null = null;
  // Asking which child is meant needs no model: the question cannot be answered until it says.
  // Nor does a question about medicines given: the built-in answer restates the log, while a
  // model's answer naming a medicine would be replaced by the medication text (checkModelAnswer).
  if (ctx.config.llm && !builtin.askedWhichChild && !medicineLogQuestion(question)) {
    try {
      const language = MODEL_LANGUAGE[words.catalogue];
      const system = language ? `${llm.system} Answer in ${language}, the language of the caregiver asking, whatever the language of the question or the log.` : llm.system;
      text = await askLlm({ ...ctx.config.llm, timeoutMs: LLM_TIMEOUT_MS }, system, llm.context(), question);
      model = ctx.config.llm.model;
      contextUsed = true;
      // What the model wrote passes the guardrail a question does: a dose or a diagnosis in
      // its text is replaced by the safe answer (the model is still named: it was asked).
      const rule = classifyAnswer(text);
      if (rule) {
        text = words.render(guardrailText(rule, family.region as Region));
        guardrail = rule;
      }
    } catch {
      // The built-in answer stands: a model that is down or slow must not leave a parent without one.
    }
  }
  return {
    answer: text,
    reply: text,
    model,
    context_used: contextUsed,
    guardrail,
    usage_limit: await usage(ctx, family, now),
    saved_notes: builtin.notes_used,
  };
}
