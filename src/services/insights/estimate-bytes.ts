// How much of the JavaScript heap a cached value holds, estimated by walking it. The caches'
// memory budget (cache-budget.ts) counts these estimates, so they lean high: a budget that is
// kept in estimates is kept in the heap. The figures are V8's on 64-bit Node without pointer
// compression (Node's default build): an object header is 3 words, each property or array slot
// one word, a string 16 bytes of header and a byte per character (two for non-Latin-1), a
// number that is not a small integer a 16-byte heap number. What several entries share (the
// interned strings of event rows, a frozen family row) is counted in each: over, never under.
// test/unit/cache-budget.test.ts compares the estimate with what the heap really grew by.

const WORD = 8;
const OBJECT_HEADER = 3 * WORD;
const STRING_HEADER = 16;
const HEAP_NUMBER = 16;
const MAP_ENTRY = 3 * WORD;

function stringBytes(s: string): number {
  // eslint-disable-next-line no-control-regex
  const wide = /[^\u0000-\u00ff]/.test(s);
  return (STRING_HEADER + s.length * (wide ? 2 : 1) + 7) & ~7;
}

function numberBytes(n: number): number {
  // Small integers (Smis) live in the slot itself; anything else is a heap number. Timestamps in
  // milliseconds are beyond the Smi range.
  return Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 ? 0 : HEAP_NUMBER;
}

/** Bytes `value` holds, counting each object once (cycles and shared parts within it). */
export function estimateBytes(value: unknown): number {
  const seen = new Set<object>();
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        total += stringBytes(v);
        continue;
      case 'number':
        total += numberBytes(v);
        continue;
      case 'bigint':
        total += HEAP_NUMBER;
        continue;
      case 'object':
        break;
      default:
        // undefined, booleans, symbols, functions (shared code, not the entry's): in the slot.
        continue;
    }
    if (v === null || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      total += OBJECT_HEADER + v.byteLength;
    } else if (Array.isArray(v)) {
      total += OBJECT_HEADER + WORD * v.length;
      for (const x of v) stack.push(x);
    } else if (v instanceof Map) {
      total += OBJECT_HEADER + MAP_ENTRY * v.size;
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      total += OBJECT_HEADER + MAP_ENTRY * v.size;
      for (const x of v) stack.push(x);
    } else if (v instanceof Date) {
      total += OBJECT_HEADER + HEAP_NUMBER;
    } else {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      total += OBJECT_HEADER + WORD * keys.length;
      for (const k of keys) stack.push(o[k]);
    }
  }
  return total;
}
