// Night questions: "how did she sleep last night?", "what time did she go to bed?", "how many
// times did she wake?", "when did she wake up this morning?", "what time did she go down on
// Friday?" (the night after that evening): one night, from going down to getting up (../night.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { nightReply } from '../night.ts';
import { LAST_SHAPE, WHEN_SHAPE } from '../question-shapes.ts';
import { addDaysFast, localDateOfFast } from '../../zone-clock.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

/** Which night: the local date it ended on the morning of (undefined: last night). */
interface Night {
  nightOf: string | undefined;
}

const BEDTIME = /\b(bed|bedtime|go down|went down|down for the night|fall asleep|fell asleep|(go|went|gone) to sleep)\b/;

export function match(q: Question, log: Log): Night | null {
  const { topic, period, rest, text } = q;
  // "What time did she go down for the night on Friday?": that evening, so the night ending the next morning.
  const eveningOf = period && !period.nightOf ? (period.day ?? (period.completeDays.length === 1 || period.key === 'today' ? localDateOfFast(period.start, log.zone) : null)) : null;
  if (topic === 'sleep' && eveningOf && WHEN_SHAPE.test(rest) && BEDTIME.test(rest)) return { nightOf: addDaysFast(eveningOf, 1) };
  const nightish =
    period?.key === 'last_night' ||
    (topic === 'wake' && (!period || ['this_morning', 'today'].includes(period.key)) && !LAST_SHAPE.test(rest)) ||
    (topic === 'sleep' && !period && /\b(bed|bedtime|went down|go down)\b/.test(text)) ||
    (topic === 'sleep' && !period && /\blongest\b|\bstretch\b/.test(text));
  // A named single day ("on Sunday") asks about the night that ended that morning.
  if (nightish && (topic === 'sleep' || topic === 'wake' || topic === 'naps')) {
    return { nightOf: period?.nightOf ?? (!period || period.key === 'last_night' ? undefined : localDateOfFast(period.start, log.zone)) };
  }
  if (topic === 'wake' && period && (period.completeDays.length === 1 || period.day)) return { nightOf: period.day ?? period.completeDays[0] };
  return null;
}

export function reply(q: Question, log: Log, night: Night): Reply {
  return nightReply(log, q.text, night.nightOf);
}

export const suggestions: Suggestion[] = [
  { id: 'last_night', rank: 8, topics: TOPIC_WORDS.sleep, example: (n) => `How did ${n} sleep last night?`, has: logged.sleep },
];
