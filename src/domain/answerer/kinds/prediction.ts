// "When is her next feed due?", "is she hungry?", "when is her next nap?", "bedtime tonight?":
// the predictions live status already makes, worded from it (predictions.ts). Tried before
// any other "next / due / should", which the log cannot answer (not-from-log.ts).
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { predictionAsked, predictionReply, type Prediction } from '../predictions.ts';
import { logged, TOPIC_WORDS } from '../suggestions.ts';

export function match(q: Question): Prediction | null {
  return predictionAsked(q.text);
}

export function reply(_q: Question, log: Log, asked: Prediction): Reply | null {
  return predictionReply(asked, log);
}

const feeds = (l: Log) => logged.live(l) && logged.milk(l);
export const suggestions: Suggestion[] = [
  { id: 'next_feed', rank: 4, topics: TOPIC_WORDS.feed, example: (n) => `When is ${n}'s next feed due?`, has: feeds },
  { id: 'next_nap', rank: 6, topics: TOPIC_WORDS.sleep, example: (n) => `When is ${n}'s next nap window?`, has: (l) => logged.live(l) && logged.sleep(l) },
  { id: 'expected_bedtime', rank: 7, topics: TOPIC_WORDS.sleep, example: (n) => `When is ${n}'s bedtime tonight?`, has: logged.live },
  { id: 'hungry', rank: 14, topics: TOPIC_WORDS.feed, example: (n) => `Is ${n} hungry yet?`, has: feeds },
];
