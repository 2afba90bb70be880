// A cached window of the log (the live and patterns windows), as logs grow it one event at a
// time. Each log makes the family's next version, and its window is the last one plus the new
// event. Copying the whole window for every log cost O(window) per log even when nobody read
// the result: logs committed together share one derivation, and a stream of logs may see no
// patterns read at all. A window is therefore the previous window plus one event, and the
// array is built only when someone reads it (then kept, and the chain behind it let go).
import { markSorted } from '../../domain/sleep-spans.ts';
import type { TimedEvent } from '../../domain/types.ts';

/** Chains longer than this are built at once, so unread windows hold no long chain. */
const MAX_CHAIN = 256;

export class EventWindow {
  private built: TimedEvent[] | null;
  private prev: EventWindow | null;
  private added: TimedEvent | null;
  private readonly depth: number;

  private constructor(built: TimedEvent[] | null, prev: EventWindow | null, added: TimedEvent | null, depth: number) {
    this.built = built;
    this.prev = prev;
    this.added = added;
    this.depth = depth;
  }

  /** A window loaded in instant order (then logging order). */
  static of(events: TimedEvent[]): EventWindow {
    return new EventWindow(markSorted(events), null, null, 0);
  }

  /** This window with `e`, the newest logged, in place; this window is unchanged. */
  with(e: TimedEvent): EventWindow {
    // A built window starts a new chain.
    const next = new EventWindow(null, this, e, this.built ? 1 : this.depth + 1);
    if (next.depth >= MAX_CHAIN) void next.events;
    return next;
  }

  /** The events, sorted by instant, then by logging order. Read-only: shared by every reader. */
  get events(): TimedEvent[] {
    if (this.built) return this.built;
    const added: TimedEvent[] = [];
    let w: EventWindow = this;
    while (!w.built) {
      added.push(w.added!);
      w = w.prev!;
    }
    added.reverse();
    this.built = markSorted(withNewEvents(w.built, added));
    this.prev = null;
    this.added = null;
    return this.built;
  }
}

/**
 * `events` (sorted by instant, then logging order) with `added` (in logging order) in place:
 * each new event goes after every event at or before its instant, as inserting them one by
 * one would put them. Most logs are of now, so the common case is an append.
 */
export function withNewEvents(events: readonly TimedEvent[], added: readonly TimedEvent[]): TimedEvent[] {
  let inOrder = true;
  for (let i = 1; i < added.length && inOrder; i++) inOrder = added[i]!.at >= added[i - 1]!.at;
  const last = events.length > 0 ? events[events.length - 1]!.at : -Infinity;
  if (inOrder && (added.length === 0 || added[0]!.at >= last)) return events.concat(added);
  // Stable: events at one instant keep their logging order, and the window's come first.
  const sorted = inOrder ? added : [...added].sort((a, b) => a.at - b.at);
  const out: TimedEvent[] = new Array(events.length + sorted.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < events.length || j < sorted.length) {
    out[k++] = j >= sorted.length || (i < events.length && events[i]!.at <= sorted[j]!.at) ? events[i++]! : sorted[j++]!;
  }
  return out;
}
