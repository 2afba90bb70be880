// One child's state message for Home Assistant (issue 29): the live status the API serves
// (GET /api/vega/live, computed by the same code at the same moment) and the few figures live
// does not carry (the last feed and nappy, today's nappies, the last weight). Pure: the sender
// (src/mqtt/state-sender.ts) reads the inputs. Timestamps are ISO 8601 with their UTC offset, as Home
// Assistant's timestamp sensors require; volumes and weights in the family's units.
import { Temporal } from 'temporal-polyfill';
import type { LiveStatus } from '../live.ts';
import type { Localised } from '../../i18n/localise.ts';
import type { Units } from '../types.ts';
import { localToInstant } from '../time.ts';
import { KG_PER_LB, ML_PER_FL_OZ } from '../units.ts';

/** Home Assistant keeps a state of at most 255 characters. */
const MAX_STATE_CHARS = 255;

export interface StateInputs {
  /** its texts already in the words Home Assistant is written in (services/home-assistant/words.ts) */
  live: Localised<LiveStatus>;
  /** the child's last milk feed (bottle or breast), epoch ms */
  lastFeedAt: number | null;
  /** the child's last nappy, epoch ms */
  lastNappyAt: number | null;
  /** nappies today, in the day of live.timezone */
  nappiesToday: number;
  /** the last weight logged, kg */
  weightKg: number | null;
  units: Units;
  /** the instant the state is for (epoch ms) */
  now: number;
}

export interface HaState {
  asleep: boolean;
  feeding: boolean;
  alert: boolean;
  alert_message: string | null;
  last_feed: string | null;
  next_feed: string | null;
  feeds_today: number;
  milk_today: number;
  milk_unit: 'mL' | 'fl. oz.';
  last_nappy: string | null;
  nappies_today: number;
  awake_for: number | null;
  last_side: 'left' | 'right' | null;
  weight: number | null;
  weight_unit: 'kg' | 'lb';
  /** when this state was computed */
  updated_at: string;
}

/** An instant as ISO 8601 with the zone's UTC offset: 2026-11-26T04:30:00+00:00. */
export function isoWithOffset(at: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(Math.floor(at / 1000) * 1000)
    .toZonedDateTimeISO(zone)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** A local timestamp of the live status (YYYY-MM-DDTHH:MM:SS in live.timezone) with its offset. */
function localWithOffset(ts: string | null, zone: string): string | null {
  if (ts === null) return null;
  try {
    return isoWithOffset(localToInstant(ts, zone), zone);
  } catch {
    return null;
  }
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Millilitres in the family's units: ml, or US fluid ounces to one decimal. */
export function volumeIn(ml: number, units: Units): number {
  return units === 'imperial' ? round(ml / ML_PER_FL_OZ, 1) : Math.round(ml);
}

/** Kilograms in the family's units: kg to three decimals, or pounds to two. */
export function weightIn(kg: number, units: Units): number {
  return units === 'imperial' ? round(kg / KG_PER_LB, 2) : round(kg, 3);
}

export function haState(i: StateInputs): HaState {
  const zone = i.live.timezone;
  const side = i.live.last_breast_side;
  const msg = i.live.alert_msg;
  return {
    asleep: i.live.asleep,
    feeding: i.live.feeding !== null,
    alert: i.live.alert_level !== null,
    alert_message: msg === null ? null : msg.length > MAX_STATE_CHARS ? `${msg.slice(0, MAX_STATE_CHARS - 1)}…` : msg,
    last_feed: i.lastFeedAt === null ? null : isoWithOffset(i.lastFeedAt, zone),
    next_feed: localWithOffset(i.live.next_feed_at, zone),
    feeds_today: i.live.feeds_today,
    milk_today: volumeIn(i.live.ml_today, i.units),
    milk_unit: i.units === 'imperial' ? 'fl. oz.' : 'mL',
    last_nappy: i.lastNappyAt === null ? null : isoWithOffset(i.lastNappyAt, zone),
    nappies_today: i.nappiesToday,
    awake_for: i.live.awake_minutes,
    last_side: side === 'left' || side === 'right' ? side : null,
    weight: i.weightKg === null ? null : weightIn(i.weightKg, i.units),
    weight_unit: i.units === 'imperial' ? 'lb' : 'kg',
    updated_at: isoWithOffset(i.now, zone),
  };
}
