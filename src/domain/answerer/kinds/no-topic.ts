// Nothing the log records is named ("tell me a joke"): not understood, and the reply offers
// questions this family's log can answer.
import type { Question } from '../question.ts';

export function match(q: Question): boolean {
  return q.topic === null;
}

export function reply(): null {
  return null;
}
