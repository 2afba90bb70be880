// Reading a family's whole log in pages: keyset on (at, seq), so each page is one short
// indexed statement (other requests run between pages, on SQLite's single connection too) and
// the order is stable even while events are logged meanwhile. Used by the exports.
import type { ChildScope, LogScope } from '../../db/family-scope.ts';
import { EVENT_COLUMNS, type EventFields } from './event-rows.ts';

export const EVENT_PAGE_SIZE = 2000;

/** Pages of events with lo <= at < hi, oldest first: one child's, or the whole family's log. */
export async function* eventPages(
  scope: ChildScope | LogScope, lo = Number.MIN_SAFE_INTEGER, hi = Number.MAX_SAFE_INTEGER, size = EVENT_PAGE_SIZE,
): AsyncGenerator<(EventFields & { child_id: string })[]> {
  let after: { at: number; seq: number } | null = null;
  for (;;) {
    let q = (scope as LogScope).selectFrom('events').select([...EVENT_COLUMNS, 'child_id', 'seq']).where('at', '>=', lo).where('at', '<', hi);
    if (after) {
      const a = after;
      q = q.where((eb) => eb.or([eb('at', '>', a.at), eb.and([eb('at', '=', a.at), eb('seq', '>', a.seq)])]));
    }
    const page = await q.orderBy('at').orderBy('seq').limit(size).execute();
    if (page.length) yield page;
    if (page.length < size) return;
    const last = page[page.length - 1]!;
    after = { at: Number(last.at), seq: Number(last.seq) };
    // Let other requests in between pages.
    await new Promise((r) => setImmediate(r));
  }
}
