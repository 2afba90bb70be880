// "When did she last …?", "how long ago …?", "how long has she been awake?", "is she asleep?".
import type { TimedEvent } from '../types.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Topic } from './topics.ts';
import { latestOf, poos, SUPPLEMENT_NAMES } from './facts.ts';
import { ago, clock, duration, list, minutes, ml, when } from './format.ts';

function stamp(at: number, log: Log): { last_at: string; minutes_ago: number } {
  return { last_at: instantToLocalFast(at, log.zone), minutes_ago: minutes(log.now - at) };
}

function lastEvent(log: Log, pred: (e: TimedEvent) => boolean): TimedEvent | null {
  return latestOf(log.events, pred, log.now);
}

export function lastOccurrence(topic: Topic, log: Log, supplementKind?: string): Reply | null {
  const { name } = log;
  const none = (what: string): Reply => ({ answer: `I can't find ${what} for ${name} in the log.`, figures: {}, empty: true });
  switch (topic) {
    case 'milk':
    case 'feeds': {
      const e = lastEvent(log, (x) => x.type === 'milk');
      if (!e) return none('a feed');
      const amount = (e.ml ?? 0) > 0 ? `, ${ml(e.ml ?? 0, log.units)}` : ' (a breastfeed)';
      return {
        answer: `${name}'s last feed was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}${amount}.`,
        figures: { ...stamp(e.at, log), ml: e.ml ?? 0 },
      };
    }
    case 'dirty': {
      const all = poos(log.events.filter((x) => x.at <= log.now));
      const e = all[all.length - 1];
      if (!e) return none('a dirty nappy');
      return { answer: `${name}'s last poo (dirty nappy) was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}.`, figures: stamp(e.at, log) };
    }
    case 'wet': {
      const e = lastEvent(log, (x) => x.type === 'nappy' && (x.kind === 'wet' || x.kind === 'both'));
      if (!e) return none('a wet nappy');
      return { answer: `${name}'s last wet nappy was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}.`, figures: stamp(e.at, log) };
    }
    case 'nappies': {
      const e = lastEvent(log, (x) => x.type === 'nappy');
      if (!e) return none('a nappy change');
      return {
        answer: `${name}'s last nappy change was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)} (${e.kind ?? 'kind not logged'}).`,
        figures: { ...stamp(e.at, log), kind: e.kind ?? '' },
      };
    }
    case 'sleep':
    case 'naps': {
      const spans = topic === 'naps' ? log.spans.filter((s) => !s.night) : log.spans;
      const s = spans[spans.length - 1];
      if (!s) return none(topic === 'naps' ? 'a nap' : 'any sleep');
      if (s.ongoing) {
        return {
          answer: `${name} has been asleep since ${clock(s.start, log.zone)} (${duration(log.now - s.start)} so far).`,
          figures: { asleep_since: instantToLocalFast(s.start, log.zone), minutes_asleep: minutes(log.now - s.start) },
        };
      }
      const what = topic === 'naps' ? 'nap' : 'sleep';
      return {
        answer: `${name}'s last ${what} was from ${clock(s.start, log.zone)} to ${clock(s.end, log.zone)} (${duration(s.end - s.start)}), ending ${when(s.end, log.now, log.zone)}, ${ago(s.end, log.now)}.`,
        figures: { slept_at: instantToLocalFast(s.start, log.zone), woke_at: instantToLocalFast(s.end, log.zone), sleep_minutes: minutes(s.end - s.start), minutes_ago: minutes(log.now - s.end) },
      };
    }
    case 'wake': {
      const s = log.spans[log.spans.length - 1];
      if (!s) return none('a wake-up');
      if (s.ongoing) return asleepNow(log);
      return { answer: `${name} last woke up ${when(s.end, log.now, log.zone)}, ${ago(s.end, log.now)}.`, figures: { woke_at: instantToLocalFast(s.end, log.zone), minutes_ago: minutes(log.now - s.end) } };
    }
    case 'solids': {
      const e = lastEvent(log, (x) => x.type === 'solid');
      if (!e) return none('a solid meal');
      return { answer: `${name}'s last solid ${e.meal_type ?? 'meal'} was ${when(e.at, log.now, log.zone)}: ${list(e.foods ?? [])}.`, figures: { ...stamp(e.at, log), foods: (e.foods ?? []).join(', ') } };
    }
    case 'supplement': {
      const e = lastEvent(log, (x) => x.type === 'supplement' && (!supplementKind || x.kind === supplementKind));
      const what = supplementKind ? SUPPLEMENT_NAMES[supplementKind] ?? supplementKind : 'supplement';
      if (!e) return none(`a ${what} dose`);
      const amount = e.ug ? ` (${e.ug} µg)` : '';
      return { answer: `${name}'s last ${SUPPLEMENT_NAMES[e.kind ?? ''] ?? 'supplement'} dose${amount} was ${when(e.at, log.now, log.zone)}, ${ago(e.at, log.now)}.`, figures: { ...stamp(e.at, log), ug: e.ug ?? 0 } };
    }
    default:
      return null;
  }
}

/** "Is she asleep?" / "How long has she been awake?" */
export function asleepNow(log: Log): Reply {
  const s = log.spans[log.spans.length - 1];
  if (s?.ongoing) {
    return {
      answer: `${log.name} is asleep, going by the log: asleep since ${clock(s.start, log.zone)} (${duration(log.now - s.start)} so far).`,
      figures: { asleep: 'yes', asleep_since: instantToLocalFast(s.start, log.zone), minutes_asleep: minutes(log.now - s.start) },
    };
  }
  if (!s) return { answer: `There is no sleep logged for ${log.name} yet, so I can't tell how long they have been awake.`, figures: {} };
  return {
    answer: `${log.name} is awake, going by the log: awake since ${clock(s.end, log.zone)} (${duration(log.now - s.end)}).`,
    figures: { asleep: 'no', awake_since: instantToLocalFast(s.end, log.zone), minutes_awake: minutes(log.now - s.end) },
  };
}

/**
 * "When did she last eat?": milk and solids both count, so the answer is the most recent of
 * either (a bottle an hour ago, not yesterday's lunch); the other kind is named too.
 */
export function lastEatReply(log: Log): Reply {
  const { name } = log;
  const milk = lastEvent(log, (x) => x.type === 'milk');
  const solid = lastEvent(log, (x) => x.type === 'solid');
  if (!milk && !solid) return { answer: `I can't find a feed or a meal for ${name} in the log.`, figures: {} };
  const milkText = (e: TimedEvent) => `${(e.ml ?? 0) > 0 ? `a feed of ${ml(e.ml ?? 0, log.units)}` : 'a breastfeed'} ${when(e.at, log.now, log.zone)}`;
  const solidText = (e: TimedEvent) => `${e.meal_type ? `a ${e.meal_type}` : 'a solid meal'} ${when(e.at, log.now, log.zone)} (${list(e.foods ?? [])})`;
  const latest = !solid || (milk && milk.at >= solid.at) ? milk! : solid;
  const isMilk = latest.type === 'milk';
  let answer = `${name} last ate ${ago(latest.at, log.now)}: ${isMilk ? milkText(latest) : solidText(latest)}.`;
  const other = isMilk ? solid : milk;
  if (other) answer += ` The last ${isMilk ? 'solid food' : 'milk feed'} before that was ${isMilk ? solidText(other) : milkText(other)}.`;
  return {
    answer,
    figures: { ...stamp(latest.at, log), kind: isMilk ? 'milk' : 'solid', ...(milk ? { last_milk_at: instantToLocalFast(milk.at, log.zone) } : {}), ...(solid ? { last_solid_at: instantToLocalFast(solid.at, log.zone) } : {}) },
  };
}
