// The browser suites' one timeline: `Date` (and so Date.now, Temporal.Now and the service's
// clock, which main.ts takes from Date.now) runs at real speed from an offset that the test moves.
// Installed in the test process (fake-time.ts) and, through server-clock.ts, in the server
// process, so the test, the server and the browser (Playwright's clock) agree on "now" while
// minutes pass in an instant and a local midnight is stepped over instead of waited out.
const RealDate = Date;

export interface ShiftedDate {
  readonly offsetMs: number;
  setOffset(ms: number): void;
}

let installed: { offsetMs: number } | null = null;

export function shiftDate(offsetMs: number): ShiftedDate {
  if (!installed) {
    const state = { offsetMs };
    const now = () => RealDate.now() + state.offsetMs;
    globalThis.Date = new Proxy(RealDate, {
      // new Date() is now; new Date(x) is x, as ever.
      construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
      // Date() called as a function: now, as a string.
      apply: () => new RealDate(now()).toString(),
      get: (target, prop, receiver) => (prop === 'now' ? now : Reflect.get(target, prop, receiver)),
    });
    installed = state;
  }
  installed.offsetMs = offsetMs;
  const state = installed;
  return {
    get offsetMs() {
      return state.offsetMs;
    },
    setOffset(ms: number) {
      state.offsetMs = ms;
    },
  };
}
