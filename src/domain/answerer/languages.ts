// The core questions in every language the service speaks (issue 39): last feed, last nap or
// sleep, the next feed, feeds, nappies and milk today, last night's sleep, the last
// temperature, the last medicine, weight and its centile. Each language's words for the
// concepts of a question (a feed, a nappy, "last", "today", ...) are matched together, whatever
// the reader's language, and the question is answered as its English twin would be (the same
// kinds of question, figures and rules: index.ts); the answer is then put in the reader's words
// from those figures (catalogue namespace `ask`). English questions keep the whole answerer;
// these are what a question in another language is understood as.
import type { AnswerContext, AnswerResult, Figures } from './types.ts';
import { firstName, normaliseText } from './text.ts';
import { answerQuestion } from './index.ts';
import { todayOf } from './periods.ts';
import { hereZone } from './answer-log.ts';
import { t, at, minutes, quantity, type Text, type Words } from '../../i18n/text.ts';

export type CoreIntent =
  | 'percentile' | 'weight' | 'last_temperature' | 'last_medicine' | 'night_sleep' | 'next_feed'
  | 'last_nap' | 'last_sleep' | 'last_feed' | 'nappies_today' | 'milk_today' | 'feeds_today';

/** Each core question as the English answerer understands it: its figures answer the question. */
export const CANONICAL: Readonly<Record<CoreIntent, string>> = {
  percentile: 'What is her weight percentile?',
  weight: 'How much does she weigh?',
  last_temperature: 'What was her last temperature?',
  last_medicine: 'When was her last medicine?',
  night_sleep: 'How long did she sleep last night?',
  next_feed: 'When is her next feed due?',
  last_nap: 'When was her last nap?',
  last_sleep: 'When did she last sleep?',
  last_feed: 'When was her last feed?',
  nappies_today: 'How many nappies today?',
  milk_today: 'How much milk today?',
  feeds_today: 'How many feeds today?',
};

const words = (...parts: string[]) => new RegExp(`\\b(?:${parts.join('|')})\\b`);

// Concepts, each one pattern over every language (normal form: accents stripped, ł as l).
// German, French, Spanish, Italian, Dutch, Portuguese, Polish, Swedish, in that order; English
// apart (EN, below): the English answerer understands English questions better.
const C = {
  centile: words('perzentile?n?', 'percentil', 'percentiel', 'percentyl\\w*', 'centyl\\w*', 'percentil\\w*'),
  weight: words('wiegt', 'gewicht', 'gewogen', 'pese', 'poids', 'pesa', 'peso', 'weegt', 'gewicht', 'pesa', 'peso', 'wazy', 'waga', 'wagi', 'vager', 'vikt'),
  temperature: words('temperatur', 'temperatura', 'temperatuur', 'temperatury'),
  medicine: words('medikament\\w*', 'arznei\\w*', 'medizin', 'medicaments?', 'medicamentos?', 'farmac[oi]', 'medicin[ae]', 'medicijn\\w*', 'remedios?', 'lek', 'leki', 'leku', 'lakemedel\\w*', 'medicin'),
  night: words('letzte nacht', 'heute nacht', 'vergangene nacht', 'cette nuit', 'la nuit derniere', 'anoche', 'esta noche', 'la notte scorsa', 'stanotte', 'questa notte', 'vannacht', 'afgelopen nacht', 'ontem a noite', 'esta noite', 'essa noite', 'ostatniej nocy', 'w nocy', 'tej nocy', 'i natt', 'inatt'),
  next: words('nachste\\w*', 'prochaine?', 'proxima', 'proximo', 'prossima', 'prossimo', 'volgende', 'proxima', 'nastepn\\w*', 'nasta', 'fallig'),
  nap: words('nickerchen', 'schlafchen', 'mittagsschlaf', 'siestes?', 'siestas?', 'pisolin[oi]', 'sonnellin[oi]', 'dutjes?', 'sonecas?', 'drzemk\\w*', 'tupplur\\w*'),
  sleep: words('schlaf\\w*', 'geschlafen', 'sommeil', 'dormi', 'dort', 'dormir', 'sueno', 'dormido', 'durmio', 'sonno', 'dormito', 'slaap', 'geslapen', 'sliep', 'sono', 'dormiu', 'spal\\w*', 'sen', 'snu', 'somn', 'sov', 'sovit'),
  nappy: words('windel\\w*', 'couches?', 'panal(es)?', 'pannolin[oi]', 'luiers?', 'fraldas?', 'pieluch\\w*', 'blojor', 'bloja', 'blojbyten'),
  milk: words('milch', 'lait', 'leche', 'latte', 'melk', 'leite', 'mleka?', 'mlekiem', 'mjolk'),
  feed: words('mahlzeit\\w*', 'stillen', 'gestillt', 'flaschchen', 'flasche', 'gefuttert', 'futtern', 'trinken', 'getrunken', 'tetees?', 'repas', 'biberons?', 'tomas?', 'biberon(es)?', 'poppat\\w*', 'voeding\\w*', 'flesjes?', 'mamadas?', 'mamadeiras?', 'karmie\\w*', 'butelk\\w*', 'matning\\w*', 'flask\\w*', 'amning\\w*'),
  last: words('letzte\\w*', 'zuletzt', 'dernier\\w*', 'derniere', 'ultim[oa]', 'laatste', 'laatst', 'ostatni\\w*', 'senast\\w*'),
  when: words('wann', 'quand', 'cuando', 'quando', 'wanneer', 'kiedy', 'nar'),
  today: words('heute', 'aujourd\'?hui', 'hoy', 'oggi', 'vandaag', 'hoje', 'dzis', 'dzisiaj', 'idag', 'i dag'),
  howMuch: words('wie ?viel', 'combien de lait', 'cuanta', 'quanto', 'quanta', 'hoeveel melk', 'quanto', 'ile mleka', 'hur mycket'),
  howMany: words('wie ?viele', 'wie oft', 'combien', 'cuant[oa]s', 'quant[ei]', 'hoeveel', 'quant[oa]s', 'ile', 'hur manga'),
  // Another day than today: a count "today" does not answer it.
  otherDay: words('gestern', 'vorgestern', 'woche', 'monat', 'hier', 'avant-hier', 'semaine', 'mois', 'ayer', 'anteayer', 'semana', 'mes', 'ieri', 'settimana', 'mese', 'gisteren', 'week', 'maand', 'ontem', 'anteontem', 'wczoraj', 'tydzien\\w*', 'tygodni\\w*', 'miesiac\\w*', 'i gar', 'igar', 'vecka', 'veckan', 'manad\\w*'),
  howLong: words('wie lange', 'combien de temps', 'cuanto tiempo', 'quanto tempo', 'hoe lang', 'quanto tempo', 'jak dlugo', 'ile spal\\w*', 'hur lange'),
};

/** The same concepts in English: an English core question from a reader of another language. */
const EN: Record<keyof typeof C, RegExp> = {
  centile: words('percentiles?', 'centiles?'),
  weight: words('weigh\\w*', 'weight'),
  temperature: words('temperature', 'temp'),
  medicine: words('medicines?', 'medication'),
  night: words('last night'),
  next: words('next', 'due'),
  nap: words('naps?'),
  sleep: words('sleep\\w*', 'slept'),
  nappy: words('nappy', 'nappies', 'diapers?'),
  milk: words('milk'),
  feed: words('feeds?', 'fed', 'feeding', 'bottles?'),
  last: words('last', 'latest'),
  when: words('when', 'what time'),
  today: words('today'),
  howMuch: words('how much'),
  howMany: words('how many'),
  howLong: words('how long'),
  otherDay: words('yesterday', 'last week', 'this week', 'week', 'month', 'days?', 'ago'),
};

/**
 * The core question a question in any language asks, or null; `english`: English words count
 * too. A count asked for another day than today ("gestern") is none of them.
 */
export function coreIntent(question: string, english = false): CoreIntent | null {
  const q = normaliseText(question).replace(/[?!¿¡.,;:]+/g, ' ').replace(/\s+/g, ' ');
  const has = (k: keyof typeof C) => C[k].test(q) || (english && EN[k].test(q));
  const feedish = has('feed') || has('milk');
  const today = !has('otherDay');
  if (has('centile')) return 'percentile';
  if (has('weight')) return 'weight';
  if (has('temperature')) return 'last_temperature';
  if (has('medicine')) return 'last_medicine';
  if (has('night') && (has('sleep') || has('howLong'))) return 'night_sleep';
  if (has('next') && feedish) return 'next_feed';
  if (has('nap') && (has('last') || has('when'))) return 'last_nap';
  if (has('sleep') && (has('last') || has('when')) && !has('today')) return 'last_sleep';
  if (feedish && (has('last') || has('when')) && !has('today')) return 'last_feed';
  if (!today) return null;
  if (has('nappy')) return 'nappies_today';
  if (has('milk') && (has('howMuch') || !has('howMany'))) return 'milk_today';
  if (feedish && (has('howMany') || has('today') || has('howMuch'))) return has('howMuch') && !has('howMany') ? 'milk_today' : 'feeds_today';
  return null;
}

/** What a reply needs beyond its figures: whose, and which day "today" is where the baby is. */
export interface Whose {
  name: string;
  /** the local date today, YYYY-MM-DD */
  today: string;
  /** the reader's locale, for a date other than today or yesterday */
  locale: string;
}

function dayOf(ts: string, w: Whose): { day: string; date: string } {
  const d = ts.slice(0, 10);
  const ms = Date.parse(`${w.today}T00:00:00Z`);
  const iso = (n: number) => new Date(ms + n * 86_400_000).toISOString().slice(0, 10);
  const day = d === w.today ? 'today' : d === iso(-1) ? 'yesterday' : d === iso(1) ? 'tomorrow' : 'other';
  const date = new Intl.DateTimeFormat(w.locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${d}T12:00:00Z`));
  return { day, date };
}

const num = (f: Figures, k: string) => (typeof f[k] === 'number' ? (f[k] as number) : Number(f[k] ?? NaN));
const str = (f: Figures, k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');

/** "2.5 ml" as the answerer states an amount: its number in the reader's decimal mark. */
function amountOf(s: string, locale: string): string {
  const m = /^(\d+(?:\.\d+)?)\s*(.*)$/.exec(s.trim());
  if (!m) return s;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(m[1]))}${m[2] ? ` ${m[2]}` : ''}`;
}

/**
 * The answer to a core question in the reader's words, from the figures its English twin gave
 * (`answered` false: the English answerer could not answer it, or found nothing).
 */
export function coreText(intent: CoreIntent, f: Figures, w: Whose): Text {
  const name = w.name;
  const when = (ts: string) => ({ time: at(ts), ...dayOf(ts, w) });
  switch (intent) {
    case 'last_feed':
      if (!str(f, 'last_at')) return t('ask.none_feed', { name });
      return t('ask.last_feed', { name, ...when(str(f, 'last_at')), ago: minutes(num(f, 'minutes_ago')), kind: num(f, 'ml') > 0 ? 'bottle' : 'breast', amount: quantity(num(f, 'ml'), 'milliliter', 0) });
    case 'last_nap':
    case 'last_sleep': {
      const what = intent === 'last_nap' ? 'nap' : 'sleep';
      if (str(f, 'asleep_since')) return t('ask.asleep_now', { name, since: at(str(f, 'asleep_since')), length: minutes(num(f, 'minutes_asleep')) });
      if (!str(f, 'woke_at')) return t('ask.none_sleep', { name, what });
      return t('ask.last_sleep', { name, what, from: at(str(f, 'slept_at')), to: at(str(f, 'woke_at')), length: minutes(num(f, 'sleep_minutes')), ...dayOf(str(f, 'woke_at'), w), ago: minutes(num(f, 'minutes_ago')) });
    }
    case 'next_feed': {
      const due = str(f, 'next_feed_at');
      if (!due || f.hungry_state === 'unknown' || f.milk_nudges === 'off') return t('ask.next_feed_unknown', { name });
      return t('ask.next_feed', { name, ...when(due), state: String(f.hungry_state ?? 'not_yet') });
    }
    case 'milk_today':
    case 'feeds_today':
      return t('ask.milk_today', { name, amount: quantity(num(f, 'milk_ml') || 0, 'milliliter', 0), feeds: num(f, 'feeds') || 0, breastfeeds: num(f, 'breastfeeds') || 0 });
    case 'nappies_today':
      return t('ask.nappies_today', { name, nappies: num(f, 'nappies') || 0, wet: num(f, 'wet') || 0, dirty: num(f, 'dirty') || 0 });
    case 'night_sleep':
      if (!str(f, 'bedtime')) return t('ask.none_night', { name });
      return t('ask.night_sleep', {
        name, bedtime: at(str(f, 'bedtime')), woke: at(str(f, 'woke_at') || str(f, 'bedtime')), total: minutes(num(f, 'night_sleep_minutes')),
        wakings: num(f, 'wakings') || 0, longest: minutes(num(f, 'longest_stretch_minutes') || 0),
      });
    case 'last_temperature':
      if (!str(f, 'last_at')) return t('ask.none_temperature', { name });
      return t('ask.last_temperature', { name, reading: quantity(num(f, 'celsius'), 'celsius', 1), ...when(str(f, 'last_at')), ago: minutes(num(f, 'minutes_ago')) });
    case 'last_medicine':
      if (!str(f, 'last_at')) return t('ask.none_medicine', { name });
      return t('ask.last_medicine', { name, medicine: str(f, 'medicine'), ...when(str(f, 'last_at')), ago: minutes(num(f, 'minutes_ago')), amount: amountOf(str(f, 'amount'), w.locale) || '–' });
    case 'weight':
    case 'percentile': {
      if (!str(f, 'measured_at')) return t('ask.none_weight', { name });
      const base = { name, weight: quantity(num(f, 'weight_kg'), 'kilogram', 2), ...dayOf(str(f, 'measured_at'), w) };
      if (intent === 'percentile' && typeof f.percentile === 'number') return t('ask.percentile', { ...base, centile: Math.round(f.percentile) });
      return t('ask.weight', base);
    }
  }
}

/** A sentence's full stop after a value that ends in one ("vor 20 Min.", "28 de mar."): said once. */
function oneStop(s: string): string {
  return s.replace(/\.\.(?=\s|$)/g, '.');
}

/** What the service gives for each child a question is about: its name and its log. */
export interface ChildLog {
  name: string;
  ctx: AnswerContext;
}

/**
 * A core question answered in the reader's words for each child it is about (one: the answer
 * alone; several: a line each, starting with the child's name, figures prefixed by it as in
 * per-child.ts). The family's notes are not quoted: they are in the family's own words.
 */
export function localisedAnswer(intent: CoreIntent, children: readonly ChildLog[], words: Words): AnswerResult {
  const replies = children.map(({ name, ctx }) => {
    const r = answerQuestion(CANONICAL[intent], { ...ctx, notes: [] });
    const whose: Whose = { name: firstName(name), today: todayOf(ctx.now, hereZone(ctx)), locale: words.locale };
    return { name: whose.name, figures: r.figures, text: oneStop(words.render(coreText(intent, r.figures, whose))) };
  });
  if (replies.length === 1) return { answer: replies[0]!.text, answered: true, figures: replies[0]!.figures, notes_used: [] };
  const figures: Figures = {};
  for (const r of replies) for (const [k, v] of Object.entries(r.figures)) figures[`${r.name}:${k}`] = v;
  const answer = replies.map((r) => words.render(t('ask.child_line', { name: r.name, answer: r.text }))).join('\n');
  return { answer, answered: true, figures, notes_used: [] };
}

/** "I can't answer that", in the reader's words, with core questions this child's log can answer. */
export function cannotAnswerIn(name: string, words: Words): string {
  const who = firstName(name);
  const examples = (['ex_last_feed', 'ex_milk_today', 'ex_night_sleep', 'ex_weight'] as const).map((k) => words.render(t(`ask.${k}`, { name: who })));
  const list = new Intl.ListFormat(words.locale, { type: 'disjunction' }).format(examples);
  return words.render(t('ask.cannot', { name: who, examples: list }));
}
