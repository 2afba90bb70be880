// Home's log actions: a tap logs one entry per child it is for, through the offline-aware queue
// (each with its own Idempotency-Key), at the time picked; one confirmation says what was
// logged, with one Undo for all of it; a refusal goes next to the field or the form it is about.
import { useEffect, useState } from 'preact/hooks';
import type { ToastData } from '../components/Toast';
import { ApiError, archivedText, splitError } from '../lib/api';
import { describe, type LogEvent } from '../lib/describe';
import { logEvent, onQueueChange, onQueueSent, pendingLogs, queueErrors, type LogBody, type LogEntry } from '../lib/log-queue';
import { familyZone } from '../lib/session';
import { namesOf } from '../lib/children';
import { clock, localToday, localTs, notYet } from '../lib/time';
import { phoneZone, zonedToMs } from '../lib/zone';
import { resolveWhen, type When } from './WhenPicker';
import { undoneText, undoReceipts, type Receipt } from './undo';
import type { Live } from './LiveStatus';
import { t } from '../i18n/core';

/** One entry to log: what, and for which child (null: the children are not known yet). */
export type Item = { child: string | null; body: LogEntry };
/** A refusal and where it belongs: the sheet (`where`) it came from, by field. */
export interface LogError {
  where: string;
  msg: string;
  fields?: Record<string, string>;
}

/** The fields home's sheets show: a refusal about one of them sits beside it. */
const SHOWN = ['ts', 'ml', 'kg', 'cm', 'ug', 'foods', 'note', 'kind', 'meal_type',
  'celsius', 'fahrenheit', 'method', 'medicine', 'amount', 'unit', 'title', 'side', 'duration_min'];
let toastSeq = 0;

export function useLog({ units, nameOf, setLive, refresh, onLogged }: {
  units: string;
  /** a child's name in confirmations ('' with one child) */
  nameOf: (child: string | null) => string;
  setLive: (child: string | null, live: Live) => void;
  refresh: () => Promise<unknown>;
  /** after a tap logged everything it was for: close the sheet */
  onLogged: () => void;
}) {
  const [when, setWhen] = useState<When>({ kind: 'now' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LogError | null>(null);
  const [toast, setToast] = useState<ToastData | null>(null);
  const [whenError, setWhenError] = useState<string | null>(null);
  // Logs saved on this phone but not sent yet (see pendingOf on home).
  const [pending, setPending] = useState(pendingLogs);
  const say = (d: Omit<ToastData, 'id'>) => setToast({ id: ++toastSeq, ...d });

  useEffect(() => {
    // When queued offline logs get delivered, the status changes.
    const off = onQueueChange(() => {
      setPending(pendingLogs());
      if (navigator.onLine !== false) void refresh();
      if (queueErrors.length) say({ text: queueErrors.splice(0).join(' '), tone: 'error' });
    });
    // Replace "Saved on this phone" once the saved logs have gone.
    const offSent = onQueueSent((n) => {
      setToast((cur) => (cur?.tone === 'error' ? cur : { id: ++toastSeq, text: t('log.back_online', { n }), tone: 'ok' }));
    });
    return () => {
      off();
      offSent();
    };
  }, []);

  /** Takes back exactly what a confirmation announced (`what`), by id or from the queue. */
  const undo = async (receipts: Receipt[], what: string) => {
    setToast(null);
    const outcome = await undoReceipts(receipts, setLive);
    // A queued log sent meanwhile came back without a status: ask for it.
    if (outcome.removed && receipts.some((r) => 'key' in r)) void refresh();
    say(undoneText(what, outcome));
  };

  /** A refusal: the time's next to the time picker, the rest next to the sheet it came from. */
  const refused = (where: string, e: unknown, child: string | null) => {
    // The app knows whose log an archived child refused, so it names them.
    const err = e instanceof ApiError && e.code === 'child_archived' ? new ApiError(e.status, e.code, archivedText(nameOf(child) || null)) : e;
    const { fields, form } = splitError(err, SHOWN);
    if (fields.ts) setWhenError(fields.ts);
    const { ts: _ts, ...rest } = fields;
    const msg = form ?? Object.values(rest)[0] ?? null;
    if (msg || Object.keys(rest).length) setError({ where, msg: msg ?? '', fields: rest });
  };

  /** Logs each item (weight and length together; the same entry for each twin) at the chosen time. */
  const log = async (where: string, items: Item[]) => {
    if (!items.length) return;
    setError(null);
    setWhenError(null);
    const zone = familyZone();
    const ts = resolveWhen(when, zone);
    if (!ts) return setWhenError(notYet());
    // Sent with the phone's zone and the time on the phone's clock (the same instant), so the
    // server keeps where it happened; `ts` (the family's clock) is what this page says.
    const phone = phoneZone();
    const sentTs = phone === zone ? ts : localTs(zonedToMs(ts, zone), phone);
    setBusy(true);
    const today = localToday(zone);
    const at = (ts: string) => t('log.at', { time: clock(ts), yesterday: ts.slice(0, 10) < today ? 'yes' : 'no' });
    const receipts: Receipt[] = [];
    const said: string[] = [];
    const whom: string[] = [];
    const warnings: string[] = [];
    // A dose outside the family's own settings: the next caregiver's decision depends on it, so
    // the confirmation stays until dismissed.
    let sticky = false;
    const unknownFoods: string[] = [];
    let queued = false;
    const note = (list: string[], v: string | null | undefined) => v && !list.includes(v) && list.push(v);
    let current: string | null = null;
    try {
      for (const { child, body } of items) {
        current = child;
        const sent: LogBody = { ...body, ts: sentTs, timezone: phone, ...(child ? { child } : {}) };
        const r = await logEvent(sent);
        note(whom, nameOf(child));
        if (r.queued) {
          queued = true;
          receipts.push({ child, key: r.key });
          note(said, describe(sent, units));
          continue;
        }
        const { event, live, warning, unknown_foods } = r.result;
        setLive(child, live);
        receipts.push({ child, id: event.id });
        note(said, describe(event, units));
        note(warnings, warning?.message);
        if (warning?.type.startsWith('medicine_')) sticky = true;
        for (const f of unknown_foods) note(unknownFoods, f);
      }
      onLogged();
      setWhen({ kind: 'now' });
    } catch (e) {
      refused(where, e, current);
    } finally {
      setBusy(false);
    }
    if (!receipts.length) return;
    // One confirmation for everything the tap logged, and one Undo that takes all of it back.
    const what = namesOf(said);
    const v = { what, whom: namesOf(whom), at: at(ts) };
    const onUndo = () => undo(receipts, whom.length ? t('log.what_for_at', v) : t('log.what_at', v));
    if (queued) {
      say({ text: whom.length ? t('log.queued_for', v) : t('log.queued', v), tone: 'info', onUndo });
    } else {
      const extra = unknownFoods.length ? t('log.no_nutrients', { foods: unknownFoods.join(', ') }) : '';
      say({ text: (whom.length ? t('log.logged_for', v) : t('log.logged', v)) + extra, warning: warnings.join(' ') || null, onUndo, sticky });
    }
  };

  /** The confirmation of a feed the timer logged, with its Undo. */
  const loggedToast = (event: LogEvent, child: string | null) => {
    const v = { what: describe(event, units), whom: nameOf(child), at: clock(event.ts) };
    say({ text: v.whom ? t('log.logged_for', v) : t('log.logged', v),
      onUndo: () => undo([{ child, id: event.id }], v.whom ? t('log.what_for_at', v) : t('log.what_at', v)) });
  };

  return { when, setWhen, busy, error, setError, toast, setToast, say, whenError, setWhenError, pending, log, loggedToast };
}
