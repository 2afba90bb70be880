// Predictions the service already derives in the live status (GET /api/vega/live): the next
// feed, whether she is hungry, the next nap window and tonight's expected bedtime. The answerer
// only words them; it never works out a prediction of its own, so an answer and the app's live
// card always agree. Advice ("how much should…", "is that enough") stays refused elsewhere.
import { AGE_BANDS } from '../age-bands.ts';
import { localToInstant } from '../time.ts';
import type { LiveView, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { shortDate, todayOf } from './periods.ts';
import { addDaysFast, instantToLocalFast } from '../zone-clock.ts';
import { duration, minutes } from './format.ts';

export type Prediction = 'next_feed' | 'hungry' | 'next_nap' | 'bedtime';

const NEXT_FEED =
  /\bnext (feed|feeding|bottle|breastfeed|nursing|drink of milk|milk)\b|\b(feed|feeding|bottle)s? (is |are )?(due|next)\b|\bdue (a|an|another|her|his|their) (feed|feeding|bottle)\b|\bwhen (will|does|do|should) (baby|she|he|they) (need|want|have|get) (a|her|his|their|another|the) (next )?(feed|feeding|bottle|milk)\b|\bwhen (should|do|can|will) (i|we) (feed|give (baby|her|him|them) (a|her|his|their|the|another) (bottle|feed))( (baby|her|him|them))? (next|again)\b/;
const HUNGRY = /\b(is|are) (baby|she|he|they) (hungry|getting hungry|likely to be hungry|probably hungry|ready for (a|her|his|their|another) (feed|bottle))\b|\bhungry (yet|now|soon)\b|\bhungry state\b|\bwhen will (baby|she|he|they) (next )?be hungry( next| again)?\b/;
const NEXT_NAP =
  /\bnext (nap|kip|snooze|day ?sleep)\b|\bnap window\b|\bwhen (should|will|does|can|do) (baby|she|he|they|i|we) (nap|go down for (a|her|his|their) nap|have (a|her|his|their|another) (nap|kip)|put (her|him|them|baby) down( for (a|her|his|their) nap)?)\b|\bwhen is (baby|her|his|their) (next )?nap\b|\bwhen'?s (baby|her|his|their) (next )?nap\b|\bnap (is )?due\b|\bdue (a|an|her|his|their|another) (nap|kip)\b|\bready for (a|her|his|their|another) (nap|kip)\b|\btime for (a|her|his|their) nap\b/;
const BEDTIME =
  /\b(expected|predicted) bedtime\b|\bbedtime (tonight|today|this evening)\b|\bwhen is (baby|her|his|their)? ?bedtime\b|\bwhen'?s (baby|her|his|their)? ?bedtime\b|\bwhat time is (baby|her|his|their)? ?bedtime\b|\b(when|what time) (should|will|does|do|can) (baby|she|he|they|i|we) (go|going|be going|get) (to bed|down for the night)( tonight)?\b|\b(when|what time) (should|do|can|will) (i|we) put (her|him|them|baby) (to bed|down for the night)\b|\b(go|going|goes) to bed tonight\b|\bbed (tonight|this evening)\b|\b(how long|how much longer) (until|till|til|to|before) (her |his |their )?bed(time)?\b/;

/** Which live prediction a question asks for, or null. Questions about amounts are advice, not this. */
export function predictionAsked(q: string): Prediction | null {
  if (/\b(how much|how many|enough|normal|too (much|little|long|short|late|early))\b/.test(q)) return null;
  // "What time is her usual bedtime?" asks for the rhythm (patterns), not tonight's estimate.
  if (/\b(usual|usually|typical|typically|normally|on average|average)\b/.test(q)) return null;
  if (NEXT_NAP.test(q)) return 'next_nap';
  if (BEDTIME.test(q)) return 'bedtime';
  if (HUNGRY.test(q)) return 'hungry';
  if (NEXT_FEED.test(q)) return 'next_feed';
  return null;
}

/** "14:30 today", "07:10 tomorrow", "23:50 yesterday", "09:00 on Tue 3 Mar": a live local timestamp. */
export function localWhen(ts: string, log: Log): string {
  const date = ts.slice(0, 10);
  const today = todayOf(log.now, log.zone);
  const day = date === today ? 'today' : date === addDaysFast(today, 1) ? 'tomorrow' : date === addDaysFast(today, -1) ? 'yesterday' : `on ${shortDate(date)}`;
  return `${ts.slice(11, 16)} ${day}`;
}

function instant(ts: string, log: Log): number {
  return localToInstant(ts, log.zone);
}

/** Live's own "the log is probably incomplete" message, appended to live-based answers. */
export function checkText(live: LiveView | null | undefined): string {
  return live?.check ? ` ${live.check.message}` : '';
}

export function predictionReply(kind: Prediction, log: Log): Reply | null {
  const live = log.insights?.live;
  if (!live) return null;
  switch (kind) {
    case 'next_feed':
    case 'hungry':
      return feedReply(kind, live, log);
    case 'next_nap':
      return napReply(live, log);
    case 'bedtime':
      return bedtimeReply(live, log);
  }
}

const HUNGRY_TEXT: Record<string, string> = {
  not_yet: 'not due yet',
  hungry_soon: 'due soon',
  overdue: 'overdue',
  dream_feed: 'around now, while asleep for the night (a night feed)',
  unknown: 'not known',
};

function feedReply(kind: Prediction, live: LiveView, log: Log): Reply {
  const name = log.name;
  const figures = { hungry_state: live.hungry_state, next_feed_at: live.next_feed_at ?? '', feed_interval_minutes: live.feed_interval_minutes ?? 0 };
  const check = checkText(live);
  if (live.feeding) {
    return { answer: `${name} is feeding now, going by the feed timer (started ${live.feeding.started_at.slice(11, 16)}).${check}`, figures };
  }
  if (live.milk_nudges && !live.milk_nudges.applies) {
    // A toddler on meals: no milk feed is timed (docs/insights.md, "Milk feeds and toddlers").
    return { answer: `${live.milk_nudges.message ?? `No milk feed is timed for ${name}.`}${check}`, figures: { ...figures, milk_nudges: 'off' } };
  }
  if (live.next_feed_at === null) {
    return { answer: `I can't estimate ${name}'s next feed: no feed is logged in the last two weeks.${check}`, figures };
  }
  if (live.hungry_state === 'unknown') {
    // Live reads a past due time in a probably incomplete log as unknown: say why, not a time.
    return { answer: `I can't estimate ${name}'s next feed: the log looks incomplete.${check || ' The last feed logged was a long time ago.'}`, figures };
  }
  const due = instant(live.next_feed_at, log);
  const interval = live.feed_interval_minutes ?? 0;
  const source = live.feed_interval_source === 'family' ? `${name}'s own typical gap between feeds` : `the usual gap between feeds at this age`;
  const lastAt = due - interval * 60_000;
  const basis = `${duration(interval * 60_000)} after the last feed at ${localWhen(tsOf(lastAt, log), log)} (${source})`;
  const state = HUNGRY_TEXT[live.hungry_state] ?? live.hungry_state;
  const sinceDue = log.now - due;
  const timing = sinceDue >= 0 ? `, ${duration(sinceDue)} ago` : `, in ${duration(-sinceDue)}`;
  const lead = kind === 'hungry'
    ? live.hungry_state === 'overdue' || live.hungry_state === 'hungry_soon' || live.hungry_state === 'dream_feed'
      ? `Probably, going by the log: ${name}'s next feed is ${state}.`
      : `Not yet, going by the log: ${name}'s next feed is ${state}.`
    : `Going by the log, ${name}'s next feed is ${state}.`;
  const longOverdue = sinceDue > Math.max(interval, 120) * 60_000
    ? ' If a feed was given since, it was not logged.'
    : '';
  return {
    answer: `${lead} It would be due around ${localWhen(live.next_feed_at, log)}${timing}: ${basis}.${longOverdue}${check}`,
    figures: { ...figures, minutes_until_due: minutes(due - log.now) },
  };
}

function tsOf(at: number, log: Log): string {
  // Local timestamp of an instant, via the same zone helper live uses.
  return localTs(at, log.zone);
}

function napReply(live: LiveView, log: Log): Reply {
  const name = log.name;
  const check = checkText(live);
  const band = AGE_BANDS.find((b) => b.id === live.age_band);
  const ww = band ? `${band.wakeWindowMinutes.min}–${band.wakeWindowMinutes.max} min` : 'the usual wake window';
  const figures: Record<string, string | number> = { age_band: live.age_band, expected_bedtime_at: live.expected_bedtime_at ?? '' };
  const w = live.next_nap_window_at;
  if (w) {
    const wokeAt = live.awake_minutes !== null ? ` after waking at ${localWhen(tsOf(log.now - live.awake_minutes * 60_000, log), log)}` : '';
    return {
      answer: `Going by the log, ${name}'s next nap window is around ${w.start.slice(11, 16)}–${localWhen(w.end, log)}: the usual wake window at this age (${ww})${wokeAt}.${check}`,
      figures: { ...figures, nap_window_start: w.start, nap_window_end: w.end },
    };
  }
  if (live.asleep) {
    return { answer: `${name} is asleep now, going by the log (since ${live.asleep_since?.slice(11, 16) ?? 'earlier'}); the next nap window is worked out from the next logged wake.${check}`, figures: { ...figures, asleep: 'yes' } };
  }
  if (live.awake_minutes === null) {
    return { answer: `I can't place ${name}'s next nap window: no recent wake-up is logged.${check}`, figures };
  }
  const bedtime = live.expected_bedtime_at ? ` Bedtime is expected around ${localWhen(live.expected_bedtime_at, log)}.` : '';
  const woke = tsOf(log.now - live.awake_minutes * 60_000, log);
  // Live says when bedtime comes before any nap (next_sleep); older live views, by the wake window.
  const beforeBed = live.next_sleep !== undefined
    ? live.next_sleep?.kind === 'bedtime'
    : live.expected_bedtime_at && instant(woke, log) + (band?.wakeWindowMinutes.min ?? 0) * 60_000 >= instant(live.expected_bedtime_at, log);
  const why = beforeBed
    ? `the next sleep is bedtime rather than a nap`
    : `${name} has been awake ${duration(live.awake_minutes * 60_000)} (since ${localWhen(woke, log)}), past the usual wake window at this age (${ww}), so no nap window is open`;
  return { answer: `Going by the log, ${why}.${bedtime}${check}`, figures: { ...figures, awake_minutes: live.awake_minutes } };
}

function bedtimeReply(live: LiveView, log: Log): Reply {
  const name = log.name;
  const check = checkText(live);
  if (!live.expected_bedtime_at) return { answer: `I can't estimate ${name}'s bedtime from the log.${check}`, figures: {} };
  const source = live.bedtime_source === 'family'
    ? `the middle of ${name}'s own logged bedtimes over the last two weeks`
    : `the usual bedtime at this age; ${name}'s own bedtime is used once 3 are logged`;
  const at = instant(live.expected_bedtime_at, log);
  const figures = { expected_bedtime_at: live.expected_bedtime_at, bedtime_source: live.bedtime_source };
  if (live.asleep && live.night_sleep && !live.check) {
    return { answer: `${name} has been asleep for the night since ${live.asleep_since?.slice(11, 16)}, going by the log. The expected bedtime was around ${live.expected_bedtime_at.slice(11, 16)} (${source}).${check}`, figures };
  }
  const past = log.now > at ? `, ${duration(log.now - at)} ago` : `, in ${duration(at - log.now)}`;
  const tonight = live.expected_bedtime_at.slice(0, 10) === todayOf(log.now, log.zone) ? `${live.expected_bedtime_at.slice(11, 16)} tonight` : localWhen(live.expected_bedtime_at, log);
  return { answer: `Going by the log, ${name}'s expected bedtime is around ${tonight}${past} (${source}).${check}`, figures };
}

/** Local "YYYY-MM-DDTHH:MM:SS" of an instant in the zone, as the live status prints them. */
function localTs(at: number, zone: string): string {
  return instantToLocalFast(at, zone);
}
