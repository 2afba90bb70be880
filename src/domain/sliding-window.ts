// A sliding-window rate limit kept as per-slot counts (one row per second per subject), so
// the limit holds over any window of that length, not per calendar minute: a fixed window let
// a client spend a minute's allowance just before the boundary and again just after.

export interface Slot {
  /** epoch ms the slot starts at */
  start: number;
  count: number;
}

export function slotStart(now: number, slotMs: number): number {
  return Math.floor(now / slotMs) * slotMs;
}

/** Slots that still count at `now`: those that started less than windowMs ago. */
export function liveSlots(slots: Slot[], now: number, windowMs: number): Slot[] {
  return slots.filter((s) => s.start > now - windowMs);
}

/**
 * How long until `by` more calls fit under `limit`, given the live slots (which already
 * include nothing of the refused call): the oldest slots expire first.
 */
export function retryAfterMs(slots: Slot[], now: number, windowMs: number, limit: number, by: number): number {
  const live = liveSlots(slots, now, windowMs).sort((a, b) => a.start - b.start);
  let total = live.reduce((n, s) => n + s.count, 0);
  if (total + by <= limit) return 0;
  for (const s of live) {
    total -= s.count;
    if (total + by <= limit) return s.start + windowMs - now;
  }
  return windowMs;
}
