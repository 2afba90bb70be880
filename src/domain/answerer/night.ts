// Night sleep: "how did she sleep last night?", "what time did she go to bed?",
// "how many times did she wake?", "when did she wake up this morning?".
import { addDaysFast, instantToLocalFast } from '../zone-clock.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { atLocal, shortDate, todayOf } from './periods.ts';
import { nightFacts } from './facts.ts';
import { clock, duration, minutes, times as often } from './format.ts';

/** The night ending on the morning of `nightOf` (local date); defaults to last night. */
export function nightReply(log: Log, q: string, nightOf?: string): Reply {
  const today = todayOf(log.now, log.zone);
  const d = nightOf ?? today;
  // Night spans start from 18:00 the evening before until 06:00 (see facts.ts).
  const n = nightFacts(log.spans, atLocal(addDaysFast(d, -1), '18:00', log.zone), atLocal(d, '06:00', log.zone));
  const label = d === today ? 'last night' : `on the night to ${shortDate(d)}`;
  const name = log.name;
  if (n.spans.length === 0) {
    return { answer: `No night sleep is logged for ${name} ${label}.`, figures: { period: label } };
  }
  const last = n.spans[n.spans.length - 1]!;
  const figures = {
    period: label,
    night_sleep_minutes: minutes(n.totalMs),
    longest_stretch_minutes: minutes(n.longestMs),
    wakings: n.wakings,
    bedtime: instantToLocalFast(n.bedtime!, log.zone),
    ...(n.wokeAt !== null ? { woke_at: instantToLocalFast(n.wokeAt, log.zone) } : {}),
  };
  const bed = clock(n.bedtime!, log.zone);
  const wakings = n.wakings === 0 ? 'without waking' : `waking ${often(n.wakings)}`;

  if (/\b(bed|bedtime|go down|went down|down for the night|asleep|fall asleep|fell asleep|(go|went|gone) to sleep)\b/.test(q) && /\b(what time|when)\b/.test(q)) {
    const evening = d === today ? 'last night' : `on the evening of ${shortDate(addDaysFast(d, -1))}`;
    return { answer: `${name} went down for the night at ${bed} (${evening}).`, figures };
  }
  if (/\b(wake up|woke up|wake|woke|get up|got up|up for the day)\b/.test(q) && /\b(what time|when)\b/.test(q) && !/\bhow many\b/.test(q)) {
    if (n.wokeAt === null) return { answer: `${name} is still asleep, going by the log (down since ${bed}).`, figures };
    const morning = d === today ? 'this morning' : `on ${shortDate(d)}`;
    return { answer: `${name} woke up for the day at ${clock(n.wokeAt, log.zone)} ${morning}, after going down at ${bed} the evening before.`, figures };
  }
  if (/\bhow many (times|wake|wakings|wake ups)\b|\bwakings?\b|\bwake ups?\b|\bdid (she|he|they|\w+) wake\b/.test(q)) {
    const wakeTimes = n.spans.slice(1).map((_, i) => clock(n.spans[i]!.end, log.zone));
    const at = wakeTimes.length > 0 ? ` (at ${wakeTimes.join(', ')})` : '';
    const woke = n.wakings === 0 ? `didn't wake ${label}` : `woke ${often(n.wakings)} ${label}${at}`;
    // A night still running (no wake-up logged yet) gives its sleep so far, as the night summary does.
    const sleeping = last.ongoing
      ? `and is still asleep going by the log (no wake-up logged since ${clock(last.start, log.zone)}): ${duration(n.totalMs)} of sleep so far`
      : `sleeping ${duration(n.totalMs)} in total`;
    return { answer: `${name} ${woke}, ${sleeping}.`, figures };
  }
  if (/\blongest\b|\bstretch\b/.test(q)) {
    const total = last.ongoing ? `${duration(n.totalMs)} of sleep so far (still asleep, going by the log)` : `${duration(n.totalMs)} of sleep in total`;
    return { answer: `${name}'s longest stretch ${label} was ${duration(n.longestMs)}${last.ongoing ? ' so far' : ''}; ${total}.`, figures };
  }
  const until = last.ongoing ? `and is still asleep (${duration(n.totalMs)} so far)` : `until ${clock(last.end, log.zone)}`;
  const total = last.ongoing ? ',' : `, ${duration(n.totalMs)} of sleep in total,`;
  return {
    answer: `${label[0]!.toUpperCase()}${label.slice(1)} ${name} went down at ${bed} ${until}${total} ${wakings}. The longest stretch was ${duration(n.longestMs)}.`,
    figures,
  };
}

/** The night ending on `nightOf`, as a window from going down to getting up (null when none is logged). */
export function nightWindow(log: Log, nightOf: string): { start: number; end: number | null } | null {
  const n = nightFacts(log.spans, atLocal(addDaysFast(nightOf, -1), '18:00', log.zone), atLocal(nightOf, '06:00', log.zone));
  return n.bedtime === null ? null : { start: n.bedtime, end: n.wokeAt };
}
