// An answer with its Texts put into one reader's words (text.ts). Answers without a Text come
// back as they are, unwalked beyond a look. A frozen answer (the caches' live status, shared
// by every reader of a family for a second) is put into each set of words once and kept, frozen
// in turn, so its JSON is written once per language too (http/json-serializer.ts).
import { Text, type Words } from './text.ts';

/** A shape whose strings may also be Texts, not yet put into words (what a service may answer). */
export type Textual<T> = T extends string ? T | Text : T extends readonly (infer U)[] ? Textual<U>[] : T extends object ? { [K in keyof T]: Textual<T[K]> } : T;
/** The same shape with every Text put into words (what a reader is sent). */
export type Localised<T> = T extends Text ? string : T extends readonly (infer U)[] ? Localised<U>[] : T extends object ? { [K in keyof T]: Localised<T[K]> } : T;

const done = new WeakMap<object, Map<Words, unknown>>();

export function localise<T>(value: T, words: Words): Localised<T> {
  if (value === null || typeof value !== 'object') return value as Localised<T>;
  if (!Object.isFrozen(value)) return walk(value, words, false) as Localised<T>;
  let byWords = done.get(value);
  if (!byWords) done.set(value, (byWords = new Map()));
  let out = byWords.get(words);
  if (out === undefined) {
    out = walk(value, words, true);
    byWords.set(words, out);
  }
  return out as Localised<T>;
}

/** The value with every Text rendered; the same value when it holds none. */
function walk(value: unknown, words: Words, freeze: boolean): unknown {
  if (value instanceof Text) return words.render(value);
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  let copy: Record<string, unknown> | unknown[] | null = null;
  if (Array.isArray(value)) {
    let items: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = walk(value[i], words, freeze);
      if (v !== value[i]) (items ??= value.slice())[i] = v;
    }
    copy = items;
  } else {
    for (const k in value) {
      const was = (value as Record<string, unknown>)[k];
      const v = walk(was, words, freeze);
      if (v !== was) (copy ??= { ...(value as Record<string, unknown>) })[k as never] = v as never;
    }
  }
  if (copy === null) return value;
  return freeze ? Object.freeze(copy) : copy;
}
