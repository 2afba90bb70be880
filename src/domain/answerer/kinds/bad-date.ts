// A date that does not exist ("on 31 February"): no period can be read, so the question is
// not understood rather than answered for some other day.
import type { Question } from '../question.ts';

export function match(q: Question): boolean {
  return q.badDate;
}

export function reply(): null {
  return null;
}
