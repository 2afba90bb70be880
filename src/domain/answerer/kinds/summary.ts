// Everything else on a topic: the total over the period asked (today by default), "How much
// milk did she have yesterday?", "how many naps today?", with Yes or No in front of a yes/no
// question ("has she had vitamin D today?") (../summaries.ts).
import type { Log, WindowTopic } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { summarise } from '../summaries.ts';
import { dayPeriod, todayOf } from '../periods.ts';
import { YES_NO } from '../question-shapes.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): WindowTopic | null {
  // Weight, length and waking were answered before (growth.ts, wake.ts).
  return q.topic !== null ? (q.topic as WindowTopic) : null;
}

export function reply(q: Question, log: Log, topic: WindowTopic): Reply {
  const s = summarise(topic, log, q.period ?? dayPeriod(todayOf(log.now, log.zone), log.now, log.zone), q.supplement);
  let answer = s.text;
  if (YES_NO.test(q.text) && !/^(did|does|has|have) \w+ (have|had) (a|any)? ?(long|good|bad)\b/.test(q.text)) {
    answer = `${s.value > 0 ? 'Yes' : 'No'}. ${answer}`;
  }
  return { answer, figures: s.figures };
}

export const suggestions: Suggestion[] = [
  { id: 'milk_total', rank: 1, topics: TOPIC_WORDS.feed, example: (n) => `How much milk did ${n} have yesterday?`, has: logged.milk },
  { id: 'sleep_total', rank: 10, topics: TOPIC_WORDS.sleep, example: (n) => `How much sleep did ${n} get yesterday?`, has: logged.sleep },
  { id: 'naps', rank: 11, topics: TOPIC_WORDS.sleep, example: (n) => `How many naps did ${n} have today?`, has: logged.sleep },
  { id: 'feeds_count', rank: 12, topics: TOPIC_WORDS.feed, example: (n) => `How many feeds did ${n} have yesterday?`, has: logged.milk },
  { id: 'nappies_count', rank: 18, topics: TOPIC_WORDS.nappy, example: (n) => `How many wet nappies did ${n} have today?`, has: logged.nappy },
  { id: 'poos_week', rank: 19, topics: TOPIC_WORDS.nappy, example: (n) => `How many poos has ${n} had this week?`, has: logged.nappy },
  { id: 'vitamin_d', rank: 29, topics: ['vitamin', 'supplement', 'drops', 'iron'], example: (n) => `Has ${n} had vitamin D today?`, has: logged.type('supplement') },
];
