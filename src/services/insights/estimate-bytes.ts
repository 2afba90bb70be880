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

/** Arrays longer than this are estimated from SAMPLE of their elements, evenly spaced. */
const SAMPLE_OVER = 64;
const SAMPLE = 32;

/**
 * Bytes `value` holds, counting each object once (cycles and shared parts within it). A long
 * array's elements are estimated from a sample: a cached window is hundreds of events of the
 * same few shapes, and walking every one cost about as much as deriving from them.
 */
export function estimateBytes(value: unknown): number {
  return walk(value, new Set());
}

function walk(v: unknown, seen: Set<object>): number {
  switch (typeof v) {
    case 'string':
      return stringBytes(v);
    case 'number':
      return numberBytes(v);
    case 'bigint':
      return HEAP_NUMBER;
    case 'object':
      break;
    default:
      // undefined, booleans, symbols, functions (shared code, not the entry's): in the slot.
      return 0;
  }
  if (v === null || seen.has(v)) return 0;
  seen.add(v);
  if (ArrayBuffer.isView(v)) return OBJECT_HEADER + v.byteLength;
  if (Array.isArray(v)) return OBJECT_HEADER + WORD * v.length + elements(v, seen);
  if (v instanceof Map) {
    let n = OBJECT_HEADER + MAP_ENTRY * v.size;
    for (const [k, x] of v) n += walk(k, seen) + walk(x, seen);
    return n;
  }
  if (v instanceof Set) return OBJECT_HEADER + MAP_ENTRY * v.size + elements([...v], seen);
  if (v instanceof Date) return OBJECT_HEADER + HEAP_NUMBER;
  const o = v as Record<string, unknown>;
  let n = OBJECT_HEADER;
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    n += WORD + walk(o[k], seen);
  }
  return n;
}

function elements(xs: unknown[], seen: Set<object>): number {
  if (xs.length <= SAMPLE_OVER) {
    let n = 0;
    for (const x of xs) n += walk(x, seen);
    return n;
  }
  let sampled = 0;
  const step = xs.length / SAMPLE;
  for (let i = 0; i < SAMPLE; i++) sampled += walk(xs[Math.floor(i * step)], seen);
  return Math.ceil((sampled * xs.length) / SAMPLE);
}
