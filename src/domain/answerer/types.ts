// Shapes of the question answerer's input and output, and the constants a caller needs.
import type { ChildProfile, TimedEvent } from '../types.ts';
import type { Recipe } from '../foods.ts';
import type { LiveStatus } from '../live.ts';
import type { PatternsSummary } from '../patterns.ts';
import type { AllergenGrid, Nutrients7d, NutrientsToday } from '../nutrition.ts';
import type { PercentileInfo } from '../growth.ts';
import type { FoodSpan } from '../food-history.ts';

/** A note remembered with "remember: …" (spec: Resources → Note). `ts` is also its id. */
export interface Note {
  ts: string;
  text: string;
  tags: string[];
}

/**
 * How many local days of history the caller must load into `events`. 60 days covers
 * "last month", "the last 4 weeks" and comparisons of last week with the week before, while
 * staying a few thousand events at most. Latest weight and length are looked up in the same
 * window, so callers wanting older measurements should add the latest weight and length events.
 */
export const ANSWER_WINDOW_DAYS = 60;

/** Names the built-in answerer in the API's `model` field. */
export const ANSWERER_MODEL = 'builtin-rules-v1';

export interface AnswerContext {
  /** The family's events of the last ANSWER_WINDOW_DAYS local days (any order). */
  events: TimedEvent[];
  profile: ChildProfile;
  /** The current instant, epoch milliseconds (the domain never reads the clock itself). */
  now: number;
  notes: Note[];
  /**
   * The family's saved recipes (optional): a solid logged under a recipe's name counts as its
   * ingredients for allergen questions, as in the patterns endpoint's allergen grid.
   */
  recipes?: Recipe[];
  /** The service's derived insights (see DerivedInsights); optional. */
  insights?: DerivedInsights;
  /** What the caller knows beyond `events` (see AnswerHistory); optional. */
  history?: AnswerHistory;
}

/**
 * The whole history, beyond the window of `events` (issue 27): the service loads only what a
 * question needs. Without it, the answerer answers from `events` alone as before.
 */
export interface AnswerHistory {
  /** The instant ranges `events` cover, [start, end): the window, and any dated period loaded
   * for the question. A period outside them is answered with how far back the log was read. */
  covered: Array<[number, number]>;
  /** The instant of the child's first logged event (null: nothing logged), when known. */
  log_start?: number | null;
  /** Every solid ever logged, grouped by its foods: first and last instant, how many. */
  solids?: FoodSpan[];
  /** The child's first event of a type, when a "first" question asked for it. */
  first?: Partial<Record<string, TimedEvent | null>>;
  /** The local dates of a dated period the question asked about before the window (loaded into `events`). */
  days?: string[];
}

/** The live status as GET /api/vega/live serves it, including its `check` (the log is probably incomplete). */
export type LiveView = LiveStatus;

/** A weight or length as GET /api/vega/measurements serves it: with its WHO percentile when known. */
export interface MeasurementView {
  ts: string;
  type: string;
  kg?: number | null;
  cm?: number | null;
  percentile?: PercentileInfo;
}

/**
 * What the service already derives and serves (live, patterns, allergen grid, nutrients,
 * measurements with percentiles). The answerer answers predictions, rhythms, percentiles and
 * allergen progress from these, so an answer never disagrees with the app's own screens.
 * Every part is optional: without it, the intents that need it say they cannot answer.
 */
export interface DerivedInsights {
  live?: LiveView | null;
  patterns?: PatternsSummary | null;
  allergen_grid?: AllergenGrid | Record<string, never> | null;
  nutrients_7d?: Nutrients7d | Record<string, never> | null;
  /** Today's nutrients (food and drops), for "how much vitamin D from food today?". */
  nutrients_today?: NutrientsToday | Record<string, never> | null;
  measurements?: MeasurementView[] | null;
}

export type Figures = Record<string, number | string>;

export interface AnswerResult {
  answer: string;
  /** False when the question was not understood ("I can't answer that from the log"). */
  answered: boolean;
  /** The numbers the answer quotes, machine-readable (ml, minutes, counts, local times). */
  figures: Figures;
  notes_used: Note[];
}

/** What one question handler returns before notes are added. */
export interface Reply {
  answer: string;
  figures: Figures;
  /** Notes the reply quoted itself (then they are not quoted again at the end). */
  notes?: Note[];
  /**
   * The reply is about how one child is ("why is she so grumpy?"), not a figure of the log: a
   * parent asking it has one child in mind, so in a family of several a question naming none
   * is answered by asking which child (per-child.ts), not by telling of each child in turn.
   */
  aboutOneChild?: true;
  /** The log holds nothing of what was asked ("egg isn't logged"): a note that does leads the answer (index.ts). */
  empty?: true;
}
