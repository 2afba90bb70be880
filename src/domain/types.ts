// Shapes shared by the pure rules (domain/) and the services that feed them.
// Rules never see database rows: services map rows to these types first.

export const EVENT_TYPES = [
  'milk', 'sleep', 'wake', 'nappy', 'poop', 'solid', 'note', 'supplement', 'weight', 'length',
  // 1.3.0 (issue 26): the rest of a baby's day. The spec's ten keep their meaning.
  'temperature', 'medicine', 'pumping', 'head_circumference', 'activity', 'milestone',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const NAPPY_KINDS = ['wet', 'dirty', 'both', 'dry'] as const;
export const SUPPLEMENT_KINDS = ['vitd', 'iron', 'multivitamin'] as const;
export const MEAL_TYPES = ['meal', 'snack'] as const;
/** How a temperature was taken. */
export const TEMPERATURE_METHODS = ['armpit', 'ear', 'forehead', 'rectal', 'oral'] as const;
export type TemperatureMethod = (typeof TEMPERATURE_METHODS)[number];
/** The unit of a dose of medicine given, as written on the packet. */
export const MEDICINE_UNITS = ['ml', 'mg', 'drops', 'tablet', 'sachet', 'puff', 'dose'] as const;
export type MedicineUnit = (typeof MEDICINE_UNITS)[number];
/** What an activity was (its `kind`). */
export const ACTIVITY_KINDS = ['tummy_time', 'bath', 'skin_to_skin', 'outdoors', 'reading', 'play'] as const;
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
  /** milk, pumping, activity: how long it took, in whole minutes */
  duration_min: number | null;
  /** temperature only: degrees Celsius (one decimal as shown; kept as sent or converted) */
  celsius: number | null;
  /** temperature only: the same reading in degrees Fahrenheit (derived, one decimal) */
  fahrenheit: number | null;
  /** temperature only: armpit, ear, forehead, rectal or oral */
  method: TemperatureMethod | null;
  /** medicine only: the medicine's name, 1 to 80 characters */
  medicine: string | null;
  /** medicine only: how much was given, in `unit` */
  amount: number | null;
  /** medicine only: ml, mg, drops, tablet, sachet, puff or dose */
  unit: MedicineUnit | null;
  /** milestone only: what happened, 1 to 80 characters */
  title: string | null;
}

/** A logged item plus the absolute instant it happened at (epoch milliseconds). */
export interface TimedEvent extends LogEvent {
  at: number;
  /** the side a `both` breastfeed ended on, when the feed timer knew it */
  last_side?: BreastSide | null;
  /** the zone it was logged in (the family's then, or the phone's when travelling); absent: the family's */
  zone?: string;
  /** its wall-clock time where it happened, in `zone`; absent: `ts` */
  own_ts?: string;
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
