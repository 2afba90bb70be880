// "What was his temperature this morning?", "when did we last take her temperature?", "what was
// her highest temperature yesterday?": the readings the log records, in °C and °F (°F first for
// an imperial family). Never an assessment: a reading is not called high, low or a fever here.
// When live status raises its urgent alert (a fever in a young baby, docs/insights.md), the
// answer carries live's own message, so it never disagrees with the app's live card.
import type { TimedEvent } from '../types.ts';
import { instantToLocalFast } from '../zone-clock.ts';
import type { Figures, Reply } from './types.ts';
import type { Log } from './summaries.ts';
import { periodText } from './summaries.ts';
import type { Period } from './periods.ts';
import { ago, clock, list, minutes, plural, when } from './format.ts';

export const TEMPERATURE_WORDS = /\b(temperatures?|temps?|thermometer)\b/;
const DAY_MS = 24 * 3_600_000;

/** "37.9 °C (100.2 °F)", °F first for an imperial family. */
function reading(e: TimedEvent, log: Log): string {
  const c = `${e.celsius!.toFixed(1)} °C`;
  const f = `${(e.fahrenheit ?? (e.celsius! * 9) / 5 + 32).toFixed(1)} °F`;
  return log.units === 'imperial' ? `${f} (${c})` : `${c} (${f})`;
}

const how = (e: TimedEvent) => (e.method ? ` (${e.method})` : '');

function urgentText(log: Log): string {
  const live = log.insights?.live;
  // `urgent` is live status's fever alert; its message signposts urgent care.
  return live && live.alert_level === 'urgent' && live.alert_msg ? ` ${live.alert_msg}` : '';
}

export function temperatureReply(rest: string, period: Period | null, log: Log): Reply {
  const { name } = log;
  const all = log.events.filter((e) => e.type === 'temperature' && e.celsius !== null && e.at <= log.now).sort((a, b) => a.at - b.at);
  const urgent = urgentText(log);
  if (!period) {
    const e = /\bfirst\b/.test(rest) ? all[0] : all[all.length - 1];
    if (!e) return { answer: `No temperature is logged for ${name}.${urgent}`, figures: { readings: 0 } };
    const recent = all.filter((x) => x.at > log.now - DAY_MS);
    let answer = `${name}'s ${/\bfirst\b/.test(rest) ? 'first' : 'last'} temperature logged was ${reading(e, log)} ${when(e.at, log.now, log.zone)}${how(e)}, ${ago(e.at, log.now)}.`;
    if (recent.length > 1) answer += ` ${plural(recent.length, 'reading')} in the last 24 hours: ${list(recent.map((x) => `${reading(x, log)} at ${clock(x.at, log.zone)}`))}.`;
    return {
      answer: answer + urgent,
      figures: { celsius: e.celsius!, fahrenheit: e.fahrenheit ?? 0, last_at: instantToLocalFast(e.at, log.zone), minutes_ago: minutes(log.now - e.at), readings_24h: recent.length },
    };
  }
  const inPeriod = all.filter((e) => e.at >= period.start && e.at < period.end);
  const figures: Figures = { period: period.label, readings: inPeriod.length };
  const when_ = periodText(period);
  if (inPeriod.length === 0) {
    const last = all[all.length - 1];
    const before = last ? ` The last reading was ${reading(last, log)} ${when(last.at, log.now, log.zone)}.` : '';
    return { answer: `No temperature is logged for ${name} ${when_}.${before}${urgent}`, figures };
  }
  const multiDay = period.end - period.start > DAY_MS + 3_600_000;
  const at = (e: TimedEvent) => (multiDay ? when(e.at, log.now, log.zone) : `at ${clock(e.at, log.zone)}`);
  if (inPeriod.length === 1) {
    const e = inPeriod[0]!;
    Object.assign(figures, { celsius: e.celsius!, fahrenheit: e.fahrenheit ?? 0 });
    return { answer: `${name}'s temperature ${when_}: ${reading(e, log)} ${at(e)}${how(e)}.${urgent}`, figures };
  }
  const high = inPeriod.reduce((m, e) => (e.celsius! > m.celsius! ? e : m));
  const low = inPeriod.reduce((m, e) => (e.celsius! < m.celsius! ? e : m));
  Object.assign(figures, { highest_celsius: high.celsius!, lowest_celsius: low.celsius! });
  const lead = /\blowest\b/.test(rest) ? `lowest ${reading(low, log)} ${at(low)}` : `highest ${reading(high, log)} ${at(high)}`;
  const each = inPeriod.map((e) => `${reading(e, log)} ${at(e)}${how(e)}`);
  return { answer: `${name} had ${plural(inPeriod.length, 'temperature reading')} ${when_}, ${lead}: ${list(each)}.${urgent}`, figures };
}
