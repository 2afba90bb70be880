// Undo from home's confirmation takes back exactly the entries it announced, each by its id
// (POST /api/vega/event/delete), never "the most recent log": on a shared family log that
// could be a later entry another caregiver made, perhaps for the other twin. A log still
// waiting on this phone is simply taken out of the queue.
import { ApiError, post } from '../lib/api';
import { removeQueued, sentIds } from '../lib/log-queue';
import type { Live } from './LiveStatus';
import { t } from '../i18n/core';

/** One entry a confirmation announced: sent (its event id) or waiting on this phone (its key). */
export type Receipt = { child: string | null } & ({ id: string } | { key: string });

export interface UndoOutcome {
  /** entries removed from the server's log */
  removed: number;
  /** entries taken out of this phone's queue before they were sent */
  notSent: number;
  /** a queued entry sent meanwhile whose id this phone never heard: only the timeline can remove it */
  tooLate: boolean;
  error: string | null;
}

/** Removes each entry; `onLive` gets the child's live status after each removal. */
export async function undoReceipts(receipts: Receipt[], onLive: (child: string | null, live: Live) => void): Promise<UndoOutcome> {
  const out: UndoOutcome = { removed: 0, notSent: 0, tooLate: false, error: null };
  for (const r of receipts) {
    let id: string | undefined;
    if ('key' in r) {
      if (removeQueued(r.key)) {
        out.notSent++;
        continue;
      }
      id = sentIds.get(r.key);
      if (!id) {
        out.tooLate = true;
        continue;
      }
    } else id = r.id;
    try {
      const res = await post('/api/vega/event/delete', { body: { id } });
      out.removed++;
      if (res.live) onLive(res.removed?.child_id ?? r.child, res.live);
    } catch (e) {
      out.error = e instanceof ApiError || e instanceof Error ? e.message : t('common.wrong');
    }
  }
  return out;
}

/** The confirmation after an Undo, in the words the log's own confirmation used (`what`). */
export function undoneText(what: string, o: UndoOutcome): { text: string; tone: 'info' | 'error' } {
  if (o.error) return { text: t('undo.failed', { all: o.removed + o.notSent ? 'yes' : 'no', error: o.error }), tone: 'error' };
  if (o.tooLate) return { text: t('undo.too_late', { what }), tone: 'error' };
  if (o.notSent && !o.removed) return { text: t('undo.not_sent', { what }), tone: 'info' };
  return { text: t('undo.done', { what }), tone: 'info' };
}
