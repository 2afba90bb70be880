// Live status: what is happening right now, derived from the recent log. Pure: a function of
// (events, profile, now). The service loads only the last LIVE_WINDOW_DAYS, so the cost of a
// request does not grow with years of history.
import type { BreastSide, ChildProfile, TimedEvent } from './types.ts';
import { lastBreastSide, presentFeed, type Feed, type FeedTimerState } from './feed-timer.ts';
import { addDaysFast, ageAtFast, zoneClock } from './zone-clock.ts';
import { bandForMonths, hhmmToMinutes, type AgeBandId, type Range } from './age-bands.ts';
import {
  MAX_SLEEP_SPAN_HOURS, bedtimeMinutes, buildSleepSpans, firstAtOrAfter, isNight, localAt, sortedUpTo, startsAtNight,
} from './sleep-spans.ts';
import { ownZone, zoneNow } from './zone-now.ts';
import {
  dailyMilkTarget, feedInterval, hungryState, latestWeightKg, type HungryState,
} from './live-feeds.ts';
import { MILK_MAIN_DAYS, MILK_MAIN_UNDER_MONTHS, feedsAndSolidsByDay, milkNudges, type MilkNudges } from './milk-main.ts';
import { poopSummary } from './live-nappies.ts';
import { feedingPicture, supplementLog, type SupplementLog } from './live-supplements.ts';
import { median } from './patterns-stats.ts';
import { chooseAlert, type AlertLevel } from './live-alerts.ts';
import { liveCheck, type LiveCheck } from './live-checks.ts';
import { temperatureStatus, TEMPERATURE_WINDOW_MS, type TemperatureStatus } from './live-temperature.ts';
import { medicinesGiven, type MedicineSetting, type MedicineStatus } from './medicines.ts';
import { tummyTime, type TummyTime } from './live-tummy-time.ts';
import { at, t, type Text } from '../i18n/text.ts';

/**
 * How far back the caller loads events: whole family-local days before today, plus today.
 * 14 days covers the two-week poo rule and the bedtime median. The caller should also pass the
 * most recent `weight` event when it is older than the window (one indexed lookup), so the
 * daily milk guide can use it.
 */
export const LIVE_WINDOW_DAYS = 14;

/** Epoch ms from which the caller must load events for liveStatus (start of a local day). */
export function liveWindowStart(now: number, timezone: string): number {
  const clock = zoneClock(timezone);
  return clock.dayStart(addDaysFast(clock.localDate(now), -LIVE_WINDOW_DAYS));
}

/** Bedtime falls back to the age band's until the family has this many logged bedtimes. */
export const OWN_BEDTIMES_NEEDED = 3;

export interface NapWindow {
  /** Local timestamps: last wake + the age band's shortest and longest wake window, closing
   * no later than the shortest wake window before the expected bedtime. */
  start: string;
  end: string;
}

/** The next sleep after a day wake: a nap (from its window's start) or, when no nap fits before it, bedtime. */
export interface NextSleep {
  kind: 'nap' | 'bedtime';
  /** Local timestamp: the nap window's start, or the expected bedtime. */
  at: string;
  /** "Next sleep: bedtime at 19:15." */
  message: Text;
}

/** A nap window shorter than this (after closing before bedtime) is no window: bedtime comes first. */
export const MIN_NAP_WINDOW_MINUTES = 15;

export interface LiveStatus {
  /** Local clock time the status was computed for, in `timezone`. */
  now: string;
  /** 1.3.0 (issue 27): the zone every time of this status is in (`now`, `next_feed_at`,
   * `expected_bedtime_at`, `next_nap_window_at`, `asleep_since`, …) and whose day `ml_today`,
   * `feeds_today` and the other "today" figures count: where the baby is now (zone-now.ts),
   * the family's zone unless the recent logs were made elsewhere. */
  timezone: string;
  /** An open sleep: the last `sleep` has no later `wake` (and is under 16 hours old). */
  asleep: boolean;
  /** The open sleep began in the night window (19:00–06:00); null when awake. */
  night_sleep: boolean | null;
  /** Minutes since the last wake; null when asleep or not known. */
  awake_minutes: number | null;
  alert_level: AlertLevel | null;
  alert_msg: Text | null;
  hungry_state: HungryState;
  /** Local timestamp: last milk + the expected interval. */
  next_feed_at: string | null;
  last_milk_ml: number | null;
  /** Millilitres of milk today (family-local day; breastfeeds count 0). */
  ml_today: number;
  feeds_today: number;
  last_poop_hours_ago: number | null;
  poop_status: Text | null;
  expected_bedtime_at: string | null;
  next_nap_window_at: NapWindow | null;
  daily_milk_target_ml: number | null;
  supplement_log: SupplementLog;
  // Additional keys (the spec allows them): where the numbers came from.
  age_band: AgeBandId;
  feed_interval_minutes: number | null;
  feed_interval_source: 'age_band' | 'family' | null;
  daily_milk_target_range_ml: Range | null;
  bedtime_source: 'age_band' | 'family';
  /** The family's running breastfeed (the shared feed timer), or null. */
  feeding: Feed | null;
  /** The side the last breastfeed ended on (start the next one on the other), or null. */
  last_breast_side: BreastSide | null;
  /** Local timestamp the open sleep began; null when awake. */
  asleep_since: string | null;
  /** The log is probably incomplete (a wake not logged, a feed timer left running, a long
   * silence): what to check, and the one-tap fix; null when nothing looks amiss. */
  check: LiveCheck | null;
  /** 1.3.0: the last temperature of the past 24 hours, or null (live-temperature.ts). */
  temperature: TemperatureStatus | null;
  /** 1.3.0: per medicine given in the past 24 hours, with the family's own settings; [] when none. */
  medicines: MedicineStatus[];
  /** 1.3.0: today's tummy time against WHO's 30 minutes; null from 12 months. */
  tummy_time: TummyTime | null;
  /** issue 27: whether milk feeds are still timed (the main food: under 12 months, or the family's own last 3 days). */
  milk_nudges: MilkNudges;
  /** issue 27: after a day wake, the next sleep: a nap or bedtime; null while asleep or when not known. */
  next_sleep: NextSleep | null;
}

/**
 * The next nap window: the age band's wake window after the last wake, closing no later than
 * the band's shortest wake window before bedtime (the stretch before bed is a wake window too),
 * so it never runs past the expected bedtime. None when the child woke in the night (the next
 * sleep is night sleep), when what is left before that cut-off is under
 * MIN_NAP_WINDOW_MINUTES (bedtime comes first), or when it has already closed (the long-awake
 * alert speaks to that instead): a window in the past or after bedtime would only confuse.
 * `zone` is the clock the wake happened on (the zone it was logged in).
 */
export function nextNapWindow(
  lastWakeAt: number,
  wakeWindow: Range,
  now: number,
  bedtimeAt: number,
  zone: string,
): { start: number; end: number } | null {
  if (isNight(lastWakeAt, zone)) return null;
  const start = lastWakeAt + wakeWindow.min * 60_000;
  const end = Math.min(lastWakeAt + wakeWindow.max * 60_000, bedtimeAt - wakeWindow.min * 60_000);
  if (end <= now || end - start < MIN_NAP_WINDOW_MINUTES * 60_000) return null;
  return { start, end };
}

/**
 * The next sleep after a day wake: the nap when nextNapWindow gave one; bedtime when no nap
 * window fits before it (the window would open too close to bedtime, or it is now past the
 * cut-off). Null after a night waking, when bedtime is not after the wake, or when the child
 * has simply been awake past the window well before bedtime (the long-awake alert speaks then).
 */
export function nextSleep(
  nap: { start: number; end: number } | null,
  lastWakeAt: number,
  wakeWindow: Range,
  now: number,
  bedtimeAt: number,
  zone: string,
): { kind: 'nap' | 'bedtime'; at: number } | null {
  if (nap !== null) return { kind: 'nap', at: nap.start };
  if (isNight(lastWakeAt, zone) || bedtimeAt <= lastWakeAt) return null;
  const windowEnd = lastWakeAt + wakeWindow.max * 60_000;
  const cutOff = bedtimeAt - wakeWindow.min * 60_000;
  if (windowEnd <= now && now < cutOff) return null;
  return { kind: 'bedtime', at: bedtimeAt };
}

/**
 * `medicines`: the family's own settings for the medicines it gives (the service never
 * supplies one); they only add "not before" and the counts against the family's maximum.
 */
export function liveStatus(
  events: TimedEvent[],
  profile: ChildProfile,
  now: number,
  feedTimer: FeedTimerState | null = null,
  medicines: readonly MedicineSetting[] = [],
): LiveStatus {
  // Learned on each event's own clock (the zone it was logged in, `home` when it says none);
  // predicted and shown in the zone the baby is in now (zone-now.ts), and "today" is its day there.
  const home = profile.timezone;
  const sorted = sortedUpTo(events, now);
  const zone = zoneNow(sorted, profile, now);
  const clock = zoneClock(zone);
  const today = clock.localDate(now);
  const age = ageAtFast(profile.dob, today);
  const band = bandForMonths(age.months);
  const dayStart = clock.dayStart(today);
  // Today's milk and supplements, found from the first event of today on (sorted: bisection),
  // without copying today's events: a busy day holds thousands of nappies.
  const milkToday: TimedEvent[] = [];
  const supplementsToday: TimedEvent[] = [];
  const activitiesToday: TimedEvent[] = [];
  const todayFrom = firstAtOrAfter(sorted, dayStart);
  for (let i = todayFrom; i < sorted.length; i++) {
    const e = sorted[i]!;
    if (e.type === 'milk') milkToday.push(e);
    else if (e.type === 'supplement') supplementsToday.push(e);
    else if (e.type === 'activity') activitiesToday.push(e);
  }
  // Temperatures and medicines: the last 24 hours, also found by bisection (not a scan).
  const dayAgoFrom = firstAtOrAfter(sorted, now - TEMPERATURE_WINDOW_MS + 1);
  const temperature = temperatureStatus({
    events: sorted, from: dayAgoFrom, name: profile.baby_name, dob: profile.dob,
    region: profile.region, units: profile.units, zone, now,
  });
  const medicinesLast24h: TimedEvent[] = [];
  for (let i = dayAgoFrom; i < sorted.length; i++) if (sorted[i]!.type === 'medicine') medicinesLast24h.push(sorted[i]!);

  // Sleep state.
  const spans = buildSleepSpans(sorted, now);
  const openSpan = spans.length > 0 && spans[spans.length - 1]!.open ? spans[spans.length - 1]! : null;
  const asleep = openSpan !== null;
  const feed = feedTimer === null ? null : presentFeed(feedTimer, now, (ms) => clock.localTs(ms));
  // The sleep still open per the log, even one dropped as stale (over 16 h): the check asks
  // about it instead of going quiet.
  const lastSleepEvent = sorted.findLast((e) => e.type === 'wake' || e.type === 'sleep');
  const openSleepAt = openSpan?.start ?? (lastSleepEvent?.type === 'sleep' ? lastSleepEvent.at : null);
  // Night or day on the clock where the sleep began.
  const openSleepZone = openSpan !== null ? ownZone(openSpan, home) : lastSleepEvent !== undefined ? ownZone(lastSleepEvent, home) : home;
  const openSleepNight = openSleepAt !== null && isNight(openSleepAt, openSleepZone);
  const lastEvent = sorted.length > 0 ? sorted[sorted.length - 1]! : null;
  const check = liveCheck({
    name: profile.baby_name,
    ageMonths: age.months,
    now,
    openSleep: openSleepAt === null ? null : { start: openSleepAt, startTs: clock.localTs(openSleepAt), night: openSleepNight },
    feeding: feed,
    lastEvent: lastEvent === null ? null : { at: lastEvent.at, ts: zone === home ? lastEvent.ts : clock.localTs(lastEvent.at) },
  });
  // A sleep whose wake was probably not logged: whether it is night follows the clock, so an
  // afternoon never reads as night sleep.
  const nightSleep = openSpan === null ? null : check?.kind === 'wake_not_logged' ? isNight(now, zone) : startsAtNight(openSpan, home);
  let lastWakeAt: number | null = null;
  let lastWakeZone = home;
  if (!asleep) {
    // A trailing `sleep` here was dropped as stale (no wake for 16 h): the state is unknown.
    if (lastSleepEvent?.type === 'wake' && now - lastSleepEvent.at <= MAX_SLEEP_SPAN_HOURS * 3_600_000) {
      lastWakeAt = lastSleepEvent.at;
      lastWakeZone = ownZone(lastSleepEvent, home);
    }
  }
  const awakeMinutes = lastWakeAt === null ? null : Math.floor((now - lastWakeAt) / 60_000);

  // Feeds.
  const milk = sorted.filter((e) => e.type === 'milk');
  const lastMilk = milk.length > 0 ? milk[milk.length - 1]! : null;
  // From 12 months a feed is timed only while the last complete days say milk is the main food.
  // On the family's days, as patterns counts them, so both time feeds from the same days
  // wherever the baby is (the same as `clock`'s unless travelling).
  const homeClock = zone === home ? clock : zoneClock(home);
  const homeToday = zone === home ? today : homeClock.localDate(now);
  const milkDays = age.months < MILK_MAIN_UNDER_MONTHS ? null : feedsAndSolidsByDay(sorted, [
    ...Array.from({ length: MILK_MAIN_DAYS }, (_, i) => homeClock.dayStart(addDaysFast(homeToday, i - MILK_MAIN_DAYS))), homeClock.dayStart(homeToday),
  ]);
  const nudges = milkNudges(age.months, milkDays, profile.baby_name);
  const interval = lastMilk === null ? null : feedInterval(milk, band, now, nudges.applies);
  const dueAt = lastMilk === null || interval === null ? null : lastMilk.at + interval.minutes * 60_000;
  // Night-feed advice only while it is night or early morning on the clock, never in the afternoon.
  const hourNow = clock.localHour(now);
  const nightForFeeds = nightSleep === true && !(hourNow >= 12 && hourNow < 19);
  const logged = hungryState(dueAt, now, nightForFeeds, band.nightFeedsCommon);
  // A due time already past in a log that is probably incomplete says nothing reliable.
  const hungry = check !== null && dueAt !== null && now >= dueAt ? 'unknown' : logged;

  // Nappies, supplements, milk guide.
  const feeding = feedingPicture(sorted, now);
  const poop = poopSummary(sorted, age.days, feeding.breastfed, feeding.anyMilk, now);
  const latestKg = latestWeightKg(sorted, now);
  const target = dailyMilkTarget(latestKg, age.months);
  const supplements = supplementLog(supplementsToday, sorted, profile.region, age.months, latestKg, now);

  // Bedtime: the family's median over the window once known, else the age band's; each bedtime
  // on the clock where it happened, tonight's on the clock where the baby is now.
  const ownBedtimes = bedtimeMinutes(spans, home);
  const useOwn = ownBedtimes.length >= OWN_BEDTIMES_NEEDED;
  const bedtimeMins = useOwn ? Math.round(median(ownBedtimes)!) : hhmmToMinutes(band.typicalBedtime);

  const bedtimeAt = localAt(today, bedtimeMins, zone);
  const nap = asleep || lastWakeAt === null ? null : nextNapWindow(lastWakeAt, band.wakeWindowMinutes, now, bedtimeAt, lastWakeZone);
  const napWindow: NapWindow | null = nap === null ? null : { start: clock.localTs(nap.start), end: clock.localTs(nap.end) };
  const next = asleep || lastWakeAt === null ? null : nextSleep(nap, lastWakeAt, band.wakeWindowMinutes, now, bedtimeAt, lastWakeZone);
  const clockAt = (instant: number) => at(clock.localTs(instant));
  const nextSleepOut: NextSleep | null = next === null ? null : {
    kind: next.kind,
    at: clock.localTs(next.at),
    message: next.kind === 'bedtime' || nap === null
      ? t('live.next_sleep_bedtime', { bedtime: clockAt(bedtimeAt) })
      : t('live.next_sleep_nap', { from: clockAt(nap.start), to: clockAt(nap.end), bedtime: clockAt(bedtimeAt) }),
  };

  // An urgent temperature comes before everything, a doubtful log included: whatever else the
  // log may be missing, the reading was logged.
  const alert = temperature?.urgent ? { level: 'urgent' as const, msg: temperature.message } : check !== null ? { level: 'info' as const, msg: check.message } : chooseAlert({
    name: profile.baby_name, band, ageDays: age.days, now, zone,
    asleep, nightSleep: nightSleep === true, awakeMinutes, hungry, dueAt,
    lastMilkAt: lastMilk?.at ?? null, intervalMinutes: interval?.minutes ?? null,
    vitd: supplements.vitd,
  });

  return {
    now: clock.localTs(now),
    timezone: zone,
    asleep,
    night_sleep: nightSleep,
    awake_minutes: awakeMinutes,
    alert_level: alert?.level ?? null,
    alert_msg: alert?.msg ?? null,
    hungry_state: hungry,
    next_feed_at: dueAt === null ? null : clock.localTs(dueAt),
    last_milk_ml: lastMilk === null ? null : (lastMilk.ml ?? 0),
    ml_today: milkToday.reduce((t, e) => t + (e.ml ?? 0), 0),
    feeds_today: milkToday.length,
    last_poop_hours_ago: poop.hoursAgo,
    poop_status: poop.status,
    expected_bedtime_at: clock.localTs(bedtimeAt),
    next_nap_window_at: napWindow,
    daily_milk_target_ml: target?.ml ?? null,
    supplement_log: supplements,
    age_band: band.id,
    feed_interval_minutes: interval?.minutes ?? null,
    feed_interval_source: interval?.source ?? null,
    daily_milk_target_range_ml: target === null ? null : { min: target.min, max: target.max },
    bedtime_source: useOwn ? 'family' : 'age_band',
    feeding: feed,
    last_breast_side: lastBreastSide(milk),
    asleep_since: openSpan === null ? null : clock.localTs(openSpan.start),
    check,
    temperature,
    medicines: medicinesGiven(medicinesLast24h, medicines, now, zone),
    tummy_time: tummyTime(activitiesToday, age.months),
    milk_nudges: nudges,
    next_sleep: nextSleepOut,
  };
}
