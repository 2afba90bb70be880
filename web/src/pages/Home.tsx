// Home: live status at a glance and large one-tap log buttons. Every log goes through the
// offline-aware queue with its own Idempotency-Key, and can be undone from the confirmation.
import { useEffect, useState } from 'preact/hooks';
import { Toast, type ToastData } from '../components/Toast';
import { ApiError, get, post, splitError } from '../lib/api';
import { describe, type LogEvent } from '../lib/describe';
import { logEvent, onQueueChange, onQueueSent, pendingLogs, queueErrors, removeQueued, sentIds } from '../lib/log-queue';
import { familyZone, useSession } from '../lib/session';
import { clock, localNow, localToday, NOT_YET } from '../lib/time';
import { LiveStatus, type Live } from '../home/LiveStatus';
import { BottleSheet, MeasureSheet, NoteSheet, SupplementSheet } from '../home/Sheets';
import { FeedPanel } from '../home/FeedPanel';
import { SleepCard } from '../home/SleepCard';
import { Icon } from '../components/Icon';
import { asleepNow, serverOffsetMs } from '../lib/feed';
import { cachedLive, rememberLive } from '../lib/live-cache';
import { SolidSheet } from '../home/SolidSheet';
import { resolveWhen, WhenPicker, type When } from '../home/WhenPicker';

type Sheet = 'feed' | 'bottle' | 'solid' | 'supplement' | 'measure' | 'note' | null;
/** Every caregiver's home shows a feed another one started within this long (docs/web-app.md). */
const LIVE_POLL_MS = 4000;
let toastSeq = 0;

// Outside Home so a re-render doesn't remount the buttons (which would drop keyboard focus).
function Action({ icon, label, sub, onClick, sheetName, open, busy, cls = '', testid }: {
  icon: string; label: string; sub?: string; onClick: () => void; sheetName?: string; open?: boolean; busy?: boolean; cls?: string; testid?: string;
}) {
  return (
    <button
      type="button"
      class={`action ${cls}`}
      onClick={onClick}
      disabled={busy && !sheetName}
      aria-expanded={sheetName ? !!open : undefined}
      aria-controls={sheetName && open ? `sheet-${sheetName}` : undefined}
      data-testid={testid}
    >
      <span class="icon" aria-hidden="true"><Icon name={icon} size={28} /></span>
      <span>{label}</span>
      {sub && <span class="sub">{sub}</span>}
    </button>
  );
}

export function Home() {
  const s = useSession();
  const units = s.profile?.units ?? 'metric';
  // The last status received stays on screen when the app is reopened offline.
  const [live, setLiveState] = useState<Live | null>(() => cachedLive(s.me?.family_id));
  const [offsetMs, setOffsetMs] = useState(0);
  const setLive = (l: Live) => {
    setLiveState(l);
    setOffsetMs(serverOffsetMs(l.now, localNow(familyZone())));
    rememberLive(s.me?.family_id, l);
  };
  const [liveError, setLiveError] = useState<string | null>(null);
  const [when, setWhen] = useState<When>({ kind: 'now' });
  const [sheet, setSheet] = useState<Sheet>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ where: string; msg: string; fields?: Record<string, string> } | null>(null);
  const [toast, setToast] = useState<ToastData | null>(null);
  const [whenError, setWhenError] = useState<string | null>(null);
  // Bottles saved on this phone but not sent yet count towards "Milk today", marked as waiting.
  const [pending, setPending] = useState(pendingLogs);

  const refresh = () =>
    get<Live>('/api/vega/live')
      .then((l) => {
        setLive(l);
        setLiveError(null);
      })
      .catch((e) => {
        // Offline, the banner already says so and logs are kept on the phone: no second,
        // contradicting "Can't reach the server"; the last status stays on screen.
        if (e instanceof ApiError && e.offline) return setLiveError(null);
        setLiveError(e instanceof ApiError ? e.message : 'Could not load the live status.');
      });

  useEffect(() => {
    void refresh();
    // Poll while the page is visible, so a feed or sleep another caregiver starts shows here
    // within a few seconds; a page coming back into view refreshes at once.
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, LIVE_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    // When queued offline logs get delivered, the status changes.
    const off = onQueueChange(() => {
      setPending(pendingLogs());
      if (navigator.onLine !== false) void refresh();
      if (queueErrors.length) setToast({ id: ++toastSeq, text: queueErrors.splice(0).join(' '), tone: 'error' });
    });
    // Replace "Saved on this phone" once the saved logs have gone.
    const offSent = onQueueSent((n) => {
      setToast((cur) => (cur?.tone === 'error' ? cur : { id: ++toastSeq, text: `Back online: sent ${n} saved log${n > 1 ? 's' : ''}.`, tone: 'ok' }));
    });
    return () => {
      clearInterval(t);
      document.removeEventListener('visibilitychange', onVisible);
      off();
      offSent();
    };
  }, []);

  const undo = async (event: LogEvent, wasNow: boolean) => {
    setToast(null);
    try {
      // Undo removes the most recent entry; a back-dated log may not be the most recent, so
      // that one is removed by its id instead.
      const r = wasNow ? await post('/api/vega/undo') : await post('/api/vega/event/delete', { id: event.id });
      const removed: LogEvent | null = r.removed ?? null;
      if (r.live) setLive(r.live);
      else void refresh();
      setToast({
        id: ++toastSeq,
        text: removed ? `Undone: ${describe(removed, units)} at ${clock(removed.ts)}` : r.message ?? 'Nothing to undo.',
        tone: 'info',
      });
    } catch (e) {
      setToast({ id: ++toastSeq, text: `Couldn't undo: ${(e as Error).message}`, tone: 'error' });
    }
  };

  /** Takes back a log that is still waiting on this phone, or removes it if it has been sent since. */
  const undoQueued = async (key: string, what: string) => {
    setToast(null);
    if (removeQueued(key)) return setToast({ id: ++toastSeq, text: `Undone: ${what} (it was not sent).`, tone: 'info' });
    const id = sentIds.get(key);
    if (!id) return setToast({ id: ++toastSeq, text: `Couldn't undo: ${what} was already sent. Remove it from the timeline.`, tone: 'error' });
    try {
      await post('/api/vega/event/delete', { id });
      void refresh();
      setToast({ id: ++toastSeq, text: `Undone: ${what}.`, tone: 'info' });
    } catch (e) {
      setToast({ id: ++toastSeq, text: `Couldn't undo: ${(e as Error).message}`, tone: 'error' });
    }
  };

  /** Logs one or more events (weight and length together) at the chosen time. */
  const log = async (where: string, bodies: Record<string, unknown>[]) => {
    if (!bodies.length) return;
    setError(null);
    setWhenError(null);
    const zone = familyZone();
    const ts = resolveWhen(when, zone);
    if (!ts) return setWhenError(NOT_YET);
    setBusy(true);
    const wasNow = when.kind === 'now';
    const today = localToday(zone);
    const at = (t: string) => `${clock(t)}${t.slice(0, 10) < today ? ' yesterday' : ''}`;
    try {
      for (const body of bodies) {
        const r = await logEvent({ ...body, type: String(body.type), ts });
        if (r.queued) {
          const what = `${describe({ id: '', ...body, type: String(body.type), ts } as LogEvent, units)} at ${at(ts)}`;
          setToast({
            id: ++toastSeq,
            text: `${what}: saved on this phone. It will be sent when you're back online.`,
            tone: 'info',
            onUndo: () => undoQueued(r.key, what),
          });
          continue;
        }
        const { event, live: l, warning, unknown_foods } = r.result;
        if (l) setLive(l);
        const extra = unknown_foods?.length ? ` (no nutrient data yet for ${unknown_foods.join(', ')})` : '';
        setToast({
          id: ++toastSeq,
          text: `${describe(event, units)} logged at ${at(event.ts)}${extra}`,
          warning: warning?.message ?? null,
          onUndo: () => undo(event, wasNow),
        });
      }
      setSheet(null);
      setWhen({ kind: 'now' });
    } catch (e) {
      // A problem with the time goes next to the time picker; the rest next to the form.
      const { fields, form } = splitError(e, ['ts', 'ml', 'kg', 'cm', 'ug', 'foods', 'note', 'kind', 'meal_type']);
      if (fields.ts) setWhenError(fields.ts);
      const { ts: _ts, ...rest } = fields;
      const msg = form ?? Object.values(rest)[0] ?? null;
      if (msg || Object.keys(rest).length) setError({ where, msg: msg ?? '', fields: rest });
    } finally {
      setBusy(false);
    }
  };

  const errFor = (where: string) => (error?.where === where ? error.msg : null);
  const toggleSheet = (name: Sheet) => {
    setError(null);
    // A confirmation must not sit over the form being opened.
    if (name !== sheet) setToast(null);
    setSheet((cur) => (cur === name ? null : name));
  };
  // A sleep or wake logged offline and not sent yet decides, so reopening offline shows the truth.
  const asleep = asleepNow(live?.asleep, pending);
  const today = localToday(familyZone());
  const waitingMl = pending.filter((b) => b.type === 'milk' && typeof b.ml === 'number' && String(b.ts ?? '').startsWith(today))
    .reduce((a, b) => a + (b.ml as number), 0);

  const zone = familyZone();
  const feeding = !!live?.feeding;
  const feedOpen = feeding || sheet === 'feed';
  const loggedToast = (event: LogEvent) =>
    setToast({ id: ++toastSeq, text: `${describe(event, units)} logged at ${clock(event.ts)}`, onUndo: () => undo(event, false) });

  return (
    <>
      <h1 class="home-title">{s.profile?.baby_name ?? 'Home'}{s.profile?.age_display ? <span class="muted small"> · {s.profile.age_display}</span> : null}</h1>
      {liveError && <p class="error" role="alert">{liveError}</p>}
      {live?.check?.fix === 'log_wake' && asleep && (
        <p class="alert alert-info" role="note">{live.check.message}</p>
      )}

      <section aria-labelledby="log-h">
        <h2 id="log-h" class="sr-only">Log</h2>
        {asleep && (
          <SleepCard since={live?.asleep_since ?? null} zone={zone} offsetMs={offsetMs} busy={busy}
            onWake={() => log('quick', [{ type: 'wake' }])} />
        )}
        <div class="actions">
          <Action icon="breast" label={feeding ? 'Feeding' : 'Breastfeed'} sub={feeding ? 'timer running' : undefined} cls={feeding ? 'on' : ''}
            sheetName="feed" onClick={() => toggleSheet('feed')} busy={busy} open={feedOpen} testid="btn-breastfeed" />
          <Action icon="bottle" label="Bottle" sub={live?.last_milk_ml ? `last ${live.last_milk_ml} ml` : undefined} sheetName="bottle" onClick={() => toggleSheet('bottle')} busy={busy} open={sheet === "bottle"} testid="btn-bottle" />
          <Action
            icon={asleep ? 'sun' : 'moon'}
            label={asleep ? 'Woke up' : 'Fell asleep'}
            sub={asleep ? 'asleep now' : 'awake now'}
            cls={asleep ? 'on' : ''}
            onClick={() => log('quick', [{ type: asleep ? 'wake' : 'sleep' }])}
            busy={busy}
            testid="btn-sleep"
          />
          <Action icon="drop" label="Wet" onClick={() => log('quick', [{ type: 'nappy', kind: 'wet' }])} busy={busy} testid="btn-nappy-wet" />
          <Action icon="dirty" label="Dirty" onClick={() => log('quick', [{ type: 'nappy', kind: 'dirty' }])} busy={busy} testid="btn-nappy-dirty" />
          <Action icon="nappy" label="Wet + dirty" onClick={() => log('quick', [{ type: 'nappy', kind: 'both' }])} busy={busy} testid="btn-nappy-both" />
          <Action icon="bowl" label="Solids" sheetName="solid" onClick={() => toggleSheet('solid')} busy={busy} open={sheet === "solid"} testid="btn-solid" />
          <Action icon="pill" label="Supplement" sheetName="supplement" onClick={() => toggleSheet('supplement')} busy={busy} open={sheet === "supplement"} testid="btn-supplement" />
          <Action icon="scale" label="Weight" sheetName="measure" onClick={() => toggleSheet('measure')} busy={busy} open={sheet === "measure"} testid="btn-measure" />
        </div>
        {feedOpen && (
          <FeedPanel live={live} zone={zone} offsetMs={offsetMs} onLive={setLive} onRefresh={() => void refresh()}
            onLogged={(e) => { setSheet(null); loggedToast(e); }} />
        )}
        {sheet === 'bottle' && (
          <BottleSheet initial={live?.last_milk_ml || 120} units={units} busy={busy} error={errFor('bottle')} onLog={(b) => log('bottle', [b])} />
        )}
        {sheet === 'solid' && (
          <SolidSheet familyId={s.me?.family_id ?? ''} busy={busy} error={errFor('solid')}
            onLog={(foods, meal_type) => log('solid', [{ type: 'solid', foods, meal_type }])} />
        )}
        {sheet === 'supplement' && <SupplementSheet busy={busy} error={errFor('supplement')} onLog={(b) => log('supplement', [b])} />}
        {sheet === 'measure' && (
          <MeasureSheet units={units} busy={busy} onLog={(b) => log('measure', b)}
            errors={error?.where === 'measure' ? { ...(error.fields ?? {}), ...(error.fields?.kg || error.fields?.cm ? {} : { _: error.msg }) } : {}} />
        )}
        {errFor('quick') && <p class="error" role="alert">{errFor('quick')}</p>}
        <WhenPicker when={when} onChange={(w) => { setWhen(w); setWhenError(null); }} zone={zone} error={whenError} />
        <button type="button" class="btn ghost small-link" onClick={() => toggleSheet('note')} aria-expanded={sheet === 'note'} data-testid="btn-note">
          <Icon name="note" size={20} /> Add a note
        </button>
        {sheet === 'note' && <NoteSheet busy={busy} error={errFor('note')} onLog={(b) => log('note', [b])} />}
      </section>

      {live ? <LiveStatus live={live} units={units} waitingMl={waitingMl} /> : !liveError && (navigator.onLine === false
        ? <p class="muted">The status will show when you're back online.</p>
        : <p class="muted" aria-busy="true">Loading status…</p>)}
      <Toast toast={toast} onClose={() => setToast(null)} />
    </>
  );
}
