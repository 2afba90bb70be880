// How far V8 lets the heap grow past what is live. By default it may grow the old generation
// to up to four times the live data after each full collection, so a busy server with ~50 MB
// of live data reached 210–320 MB of resident memory, most of it garbage not yet collected.
// A growth of 50 % keeps it near what is in use (on the same machine and load the peak was
// ~175 MB, at the same request rate: full collections are more frequent, but this service's
// live heap is small, so each is short; 30 % saved no more and cost some throughput). It bounds the headroom, not the heap:
// a large import still gets the memory it needs, unlike with --max-old-space-size, which
// would stop the process. V8 reads this flag at each collection, so setting it here, before
// the server loads, is enough; NODE_OPTIONS=--heap-growing-percent=N still overrides it.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

if (!/--heap-growing-percent/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`)) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
