// One-window summaries per topic: the sentence, its figures, and the single number that
// comparisons and averages use.
import type { Region, TimedEvent, Units } from '../types.ts';
import type { Recipe } from '../foods.ts';
import type { ChildProfile } from '../types.ts';
import type { AnswerHistory, DerivedInsights, Figures, Note } from './types.ts';
import type { Period } from './periods.ts';
import type { Topic } from './topics.ts';
import {
  milkFacts, nappyFacts, sleepFacts, solidFoods, supplementFacts, SUPPLEMENT_NAMES, type SleepSpan,
} from './facts.ts';
import { duration, list, minutes, ml, plural } from './format.ts';

export interface Log {
  events: TimedEvent[];
  spans: SleepSpan[];
  zone: string;
  units: Units;
  now: number;
  name: string;
  /** The family's region (profile.region): which allergen list food answers use. */
  region: Region;
  /** The family's saved recipes; a logged recipe name counts as its ingredients. */
  recipes: Recipe[];
  /** The service's derived insights (live, patterns, measurements); empty when not given. */
  insights?: DerivedInsights;
  profile?: ChildProfile;
  notes?: Note[];
  /** What the caller knows beyond `events` (the whole history: see AnswerHistory). */
  history?: AnswerHistory;
}

export interface Summary {
  text: string;
  figures: Figures;
  /** The headline number of the topic (ml, minutes, a count). */
  value: number;
  /** Formats `value` (or an average of it) for a sentence. */
  show: (v: number) => string;
}

/** "so far today" for a running day; otherwise the period's own label. */
export function periodText(p: Period): string {
  if (p.key === 'today' && p.partial) return 'so far today';
  // "over 16 feeds in the last 3 days", not "over 16 feeds the last 3 days".
  return p.label.startsWith('the ') ? `in ${p.label}` : p.label;
}

/** Topics that summarise by window; weight, length and wake are answered elsewhere. */
export type WindowTopic = Exclude<Topic, 'weight' | 'length' | 'wake'>;

export function summarise(topic: WindowTopic, log: Log, p: Period, supplementKind?: string): Summary {
  const name = log.name;
  const when = periodText(p);
  const base: Figures = { period: p.label };
  switch (topic) {
    case 'milk':
    case 'feeds': {
      const m = milkFacts(log.events, p);
      const show = (v: number) => ml(v, log.units);
      const figures = { ...base, milk_ml: m.ml, feeds: m.feeds, breastfeeds: m.breastfeeds };
      if (m.feeds === 0) return { text: `No feeds are logged for ${name} ${when}.`, figures, value: 0, show };
      const breast = m.breastfeeds > 0 ? ` (${plural(m.breastfeeds, 'breastfeed')} with no volume logged)` : '';
      const text = `${name} had ${show(m.ml)} of milk over ${plural(m.feeds, 'feed')} ${when}${breast}.`;
      return topic === 'feeds'
        ? { text, figures, value: m.feeds, show: (v) => plural(Math.round(v * 10) / 10, 'feed') }
        : { text, figures, value: m.ml, show };
    }
    case 'sleep': {
      const s = sleepFacts(log.spans, p);
      // The longest stretch is a whole sleep that started in the window (19:00–02:00 is 7 h,
      // not the 5 h of it before midnight).
      const longest = log.spans
        .filter((x) => x.start >= p.start && x.start < p.end)
        .reduce((m, x) => Math.max(m, x.end - x.start), 0) || s.longestMs;
      const figures = {
        ...base, sleep_minutes: minutes(s.totalMs), night_minutes: minutes(s.nightMs),
        nap_minutes: minutes(s.napMs), naps: s.napCount, longest_minutes: minutes(longest),
      };
      if (s.totalMs === 0) return { text: `No sleep is logged for ${name} ${when}.`, figures, value: 0, show: duration };
      const text =
        `${name} slept ${duration(s.totalMs)} ${when}: ${duration(s.nightMs)} of night sleep and ` +
        `${duration(s.napMs)} over ${plural(s.napCount, 'nap')}. The longest single sleep was ${duration(longest)}.`;
      return { text, figures, value: s.totalMs, show: duration };
    }
    case 'naps': {
      const s = sleepFacts(log.spans, p);
      const naps = log.spans.filter((x) => !x.night && x.start >= p.start && x.start < p.end);
      const longest = naps.reduce((m, x) => Math.max(m, x.end - x.start), 0);
      const figures = { ...base, naps: s.napCount, nap_minutes: minutes(s.napMs), longest_nap_minutes: minutes(longest) };
      const text = s.napCount === 0
        ? `No naps are logged for ${name} ${when}.`
        : `${name} had ${plural(s.napCount, 'nap')} ${when}, ${duration(s.napMs)} in total` +
          (s.napCount > 1 ? `; the longest was ${duration(longest)}.` : '.');
      return { text, figures, value: s.napMs, show: duration };
    }
    case 'nappies':
    case 'wet':
    case 'dirty': {
      const n = nappyFacts(log.events, p);
      const figures = { ...base, nappies: n.nappies, wet: n.wet, dirty: n.dirty };
      if (topic === 'wet') {
        return { text: `${name} had ${plural(n.wet, 'wet nappy', 'wet nappies')} ${when}, out of ${plural(n.nappies, 'nappy', 'nappies')}.`, figures, value: n.wet, show: (v) => plural(v, 'wet nappy', 'wet nappies') };
      }
      if (topic === 'dirty') {
        return { text: `${name} had ${plural(n.dirty, 'dirty nappy', 'dirty nappies')} (poos) ${when}.`, figures, value: n.dirty, show: (v) => plural(v, 'dirty nappy', 'dirty nappies') };
      }
      const text = n.nappies === 0 && n.dirty === 0
        ? `No nappies are logged for ${name} ${when}.`
        : `${name} had ${plural(n.nappies, 'nappy', 'nappies')} ${when}: ${n.wet} wet and ${n.dirty} dirty.`;
      return { text, figures, value: n.nappies, show: (v) => plural(v, 'nappy', 'nappies') };
    }
    case 'solids': {
      const s = solidFoods(log.events, p);
      const figures = { ...base, meals: s.meals, snacks: s.snacks, foods: s.foods.join(', ') };
      const text = s.meals + s.snacks === 0
        ? `No solid food is logged for ${name} ${when}.`
        : `${name} had ${plural(s.meals, 'meal')} and ${plural(s.snacks, 'snack')} ${when}: ${list(s.foods)}.`;
      return { text, figures, value: s.meals + s.snacks, show: (v) => plural(v, 'meal or snack', 'meals or snacks') };
    }
    case 'supplement': {
      const s = supplementFacts(log.events, p, supplementKind);
      const what = supplementKind ? SUPPLEMENT_NAMES[supplementKind] ?? supplementKind : 'supplement';
      const figures = { ...base, supplement_doses: s.doses, supplement_ug: s.ug };
      const text = s.doses === 0
        ? `No ${what} is logged for ${name} ${when}.`
        : `${name} had ${plural(s.doses, `${what} dose`)} ${when}` + (s.ug > 0 ? `, ${s.ug} µg in total.` : '.');
      return { text, figures, value: s.doses, show: (v) => plural(v, 'dose') };
    }
  }
}
