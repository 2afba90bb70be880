// "When did she feed yesterday?", "what times did she poo today?": the clock times in a window.
import type { TimedEvent } from '../types.ts';
import type { Reply } from './types.ts';
import type { Log } from './summaries.ts';
import type { Period } from './periods.ts';
import type { Topic } from './topics.ts';
import { inWindow, overlap, poos, SUPPLEMENT_NAMES } from './facts.ts';
import { clock, duration, list, minutes } from './format.ts';

export function timesReply(topic: Topic, log: Log, p: Period, kind?: string, only?: 'first' | 'last'): Reply {
  const name = log.name;
  const pick = (pred: (e: TimedEvent) => boolean) => inWindow(log.events, p).filter(pred).sort((a, b) => a.at - b.at);
  let items: TimedEvent[];
  let what: string;
  switch (topic) {
    case 'milk':
    case 'feeds':
      items = pick((e) => e.type === 'milk');
      what = 'feeds';
      break;
    case 'dirty':
      items = poos(inWindow(log.events, p));
      what = 'poos';
      break;
    case 'wet':
      items = pick((e) => e.type === 'nappy' && (e.kind === 'wet' || e.kind === 'both'));
      what = 'wet nappies';
      break;
    case 'nappies':
      items = pick((e) => e.type === 'nappy');
      what = 'nappy changes';
      break;
    case 'solids':
      items = pick((e) => e.type === 'solid');
      what = 'meals and snacks';
      break;
    case 'supplement':
      items = pick((e) => e.type === 'supplement' && (!kind || e.kind === kind));
      what = `${kind ? SUPPLEMENT_NAMES[kind] ?? kind : 'supplement'} doses`;
      break;
    case 'sleep':
    case 'naps': {
      let spans = log.spans.filter((s) => overlap(s, p) > 0 && (topic === 'sleep' || !s.night));
      if (only && spans.length > 1) spans = only === 'first' ? spans.slice(0, 1) : spans.slice(-1);
      if (spans.length === 0) return { answer: `No ${topic === 'naps' ? 'naps are' : 'sleep is'} logged for ${name} ${p.label}.`, figures: { period: p.label } };
      const parts = spans.map((s) => `${clock(s.start, log.zone)}–${s.ongoing ? 'now' : clock(s.end, log.zone)} (${duration(s.end - s.start)})`);
      return {
        answer: `${name}'s ${topic === 'naps' ? 'naps' : 'sleeps'} ${p.label}: ${list(parts)}.`,
        figures: { period: p.label, count: spans.length, minutes: minutes(spans.reduce((t, s) => t + overlap(s, p), 0)) },
      };
    }
    default:
      return { answer: `I can't list times for that from the log.`, figures: {} };
  }
  if (items.length === 0) return { answer: `No ${what} are logged for ${name} ${p.label}.`, figures: { period: p.label, count: 0 } };
  if (only) {
    // "What time was her first feed yesterday?": the one time, and how many there were.
    const e = only === 'first' ? items[0]! : items[items.length - 1]!;
    const amount = e.type === 'milk' ? ((e.ml ?? 0) > 0 ? ` (${e.ml} ml)` : ' (a breastfeed)') : '';
    return {
      answer: `${name}'s ${only} of ${items.length} ${what} ${p.label} was at ${clock(e.at, log.zone)}${amount}.`,
      figures: { period: p.label, count: items.length, [`${only}_at`]: clock(e.at, log.zone) },
    };
  }
  const times = items.map((e) => clock(e.at, log.zone) + (e.type === 'milk' && (e.ml ?? 0) > 0 ? ` (${e.ml} ml)` : ''));
  return {
    answer: `${name}'s ${what} ${p.label} were at ${list(times)}.`,
    figures: { period: p.label, count: items.length, times: items.map((e) => clock(e.at, log.zone)).join(', ') },
  };
}
