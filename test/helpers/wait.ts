// Waiting for something another process does (a delivery, a publication, a restart), polled.
// The limits are bounds on a wait that would otherwise hang a failing test, never assertions
// about how fast anything is.

/** Polls until `ready` holds; fails after `limitMs` naming `what`. */
export async function until(what: string, ready: () => Promise<boolean> | boolean, limitMs = 60_000, everyMs = 200): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Polls until `fn` gives a value (not undefined) and returns it; fails after `limitMs` naming `what`. */
export async function valueOf<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, limitMs = 15_000, everyMs = 100): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`waited ${limitMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
