// "How long was she awake before her first nap?": wake windows are not worked out here.
import type { Question } from '../question.ts';

export function match(q: Question): boolean {
  return q.topic === 'wake' && /\bhow long\b/.test(q.text) && /\b(before|after|between)\b/.test(q.rest);
}

export function reply(): null {
  return null;
}
