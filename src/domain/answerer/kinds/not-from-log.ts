// Predictions and advice ("when is her next feed due?" without live, "how much should she
// drink?") are not in the log, nor are refusals and leftovers ("how many bottles did she
// refuse?"): the built-in answerer says it cannot answer rather than guessing.
import type { Question } from '../question.ts';

const NOT_FROM_LOG = /\b(next|due|should|ought|will she|will he|going to|predict|recommend\w*|normal|enough|refus\w*|rejected|left over|leftovers?)\b/;

export function match(q: Question): boolean {
  return NOT_FROM_LOG.test(q.text);
}

export function reply(): null {
  return null;
}
