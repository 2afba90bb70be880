// Shapes shared by the pure rules (domain/) and the services that feed them.
// Rules never see database rows: services map rows to these types first.

export const EVENT_TYPES = [
  'milk', 'sleep', 'wake', 'nappy', 'poop', 'solid', 'note', 'supplement', 'weight', 'length',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const NAPPY_KINDS = ['wet', 'dirty', 'both', 'dry'] as const;
export const SUPPLEMENT_KINDS = ['vitd', 'iron', 'multivitamin'] as const;
export const MEAL_TYPES = ['meal', 'snack'] as const;
/** Which breast a breastfeed used; `both` when it switched sides. */
export const FEED_SIDES = ['left', 'right', 'both'] as const;
export type FeedSide = (typeof FEED_SIDES)[number];
export type BreastSide = Exclude<FeedSide, 'both'>;

export interface Reaction {
  emoji: string;
  username: string;
}

/** One logged item, exactly as the API shows it. */
export interface LogEvent {
  id: string;
  /** Family-local wall-clock time, YYYY-MM-DDTHH:MM:SS. */
  ts: string;
  type: EventType;
  author: string;
  ml: number | null;
  kind: string | null;
  foods: string[] | null;
  meal_type: 'meal' | 'snack' | null;
  kg: number | null;
  cm: number | null;
  ug: number | null;
  note: string | null;
  reactions: Reaction[] | null;
  /** milk only: left, right or both */
  side: FeedSide | null;
  /** milk only: how long the feed took, in whole minutes (1 to 180) */
  duration_min: number | null;
}

/** A logged item plus the absolute instant it happened at (epoch milliseconds). */
export interface TimedEvent extends LogEvent {
  at: number;
  /** the side a `both` breastfeed ended on, when the feed timer knew it */
  last_side?: BreastSide | null;
}

export type Region = 'uk' | 'us';
export type Units = 'metric' | 'imperial';

/** What the rules need to know about the child and the family's settings. */
export interface ChildProfile {
  baby_name: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
  timezone: string;
  region: Region;
  units: Units;
}
