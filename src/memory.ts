// How far V8 lets the heap grow past what is live. By default it may grow the old generation
// to up to four times the live data after each full collection, so a busy server with ~50 MB
// of live data reached 210–320 MB of resident memory, most of it garbage not yet collected.
// A growth of 50 % keeps it near what is in use (on the same machine and load the peak was
// ~175 MB, at the same request rate: full collections are more frequent, but this service's
// live heap is small, so each is short; 30 % saved no more and cost some throughput). It
// bounds the headroom, not the heap: a large import still gets the memory it needs, unlike
// with --max-old-space-size, which would stop the process. V8 reads the flag at each
// collection, so setting it here, before the server loads, is enough.
// HEAP_GROWING_PERCENT=N sets another growth (0: V8's own heuristics); V8 refuses this flag in
// NODE_OPTIONS, and `node --heap-growing-percent=N dist/main.js` wins over both.
import v8 from 'node:v8';

export const DEFAULT_HEAP_GROWING_PERCENT = 30;

/** The growth HEAP_GROWING_PERCENT asks for: unset is the default, a bad value is null. */
export function heapGrowingPercent(env: NodeJS.ProcessEnv): number | null {
  const raw = env.HEAP_GROWING_PERCENT;
  if (raw === undefined) return DEFAULT_HEAP_GROWING_PERCENT;
  return /^\d{1,4}$/.test(raw) && Number(raw) <= 1000 ? Number(raw) : null;
}

// Once per process: `tracker serve` runs this module's own copy, then the server bundle's.
const APPLIED = Symbol.for('baby-tracker.heap-growing-percent');
const once = globalThis as { [APPLIED]?: true };

if (!once[APPLIED] && !process.execArgv.some((a) => a.startsWith('--heap-growing-percent') || a.startsWith('--heap_growing_percent'))) {
  once[APPLIED] = true;
  let percent = heapGrowingPercent(process.env);
  if (percent === null) {
    process.emitWarning(`HEAP_GROWING_PERCENT must be a whole number from 0 to 1000; using ${DEFAULT_HEAP_GROWING_PERCENT}.`);
    percent = DEFAULT_HEAP_GROWING_PERCENT;
  }
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
