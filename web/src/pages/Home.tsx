// Home: live status at a glance and large one-tap log buttons. Every log goes through the
// offline-aware queue with its own Idempotency-Key, and can be undone from the confirmation.
import { useEffect, useState } from 'preact/hooks';
import { Toast, type ToastData } from '../components/Toast';
import { ApiError, get, post, splitError } from '../lib/api';
import { describe, type LogEvent } from '../lib/describe';
import { logEvent, onQueueChange, onQueueSent, pendingLogs, queueErrors, removeQueued, sentIds } from '../lib/log-queue';
import { familyZone, useSession } from '../lib/session';
import { clock, localToday, NOT_YET } from '../lib/time';
import { LiveStatus, type Live } from '../home/LiveStatus';
import { BottleSheet, MeasureSheet, NoteSheet, SupplementSheet } from '../home/Sheets';
import { SolidSheet } from '../home/SolidSheet';
import { resolveWhen, WhenPicker, type When } from '../home/WhenPicker';

type Sheet = 'bottle' | 'solid' | 'supplement' | 'measure' | 'note' | null;
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
      <span class="icon" aria-hidden="true">{icon}</span>
      <span>{label}</span>
      {sub && <span class="sub">{sub}</span>}
    </button>
  );
}

export function Home() {
  const s = useSession();
  const units = s.profile?.units ?? 'metric';
  const [live, setLive] = useState<Live | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [lastSleepTs, setLastSleepTs] = useState<string | null>(null);
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
    const t = setInterval(refresh, 60000);
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
      off();
      offSent();
    };
  }, []);

  // "Asleep for …" needs the last sleep's time when the live status doesn't carry a duration.
  useEffect(() => {
    if (!live?.asleep || live.asleep_minutes != null || live.sleep_minutes != null) return;
    get<{ events: LogEvent[] }>('/api/vega/today')
      .then((r) => setLastSleepTs([...r.events].reverse().find((e) => e.type === 'sleep')?.ts ?? null))
      .catch(() => {});
  }, [live?.asleep]);

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
  const asleep = !!live?.asleep;
  const today = localToday(familyZone());
  const waitingMl = pending.filter((b) => b.type === 'milk' && typeof b.ml === 'number' && String(b.ts ?? '').startsWith(today))
    .reduce((a, b) => a + (b.ml as number), 0);

  return (
    <>
      <h1>{s.profile?.baby_name ?? 'Home'}{s.profile?.age_display ? <span class="muted small"> · {s.profile.age_display}</span> : null}</h1>
      {liveError && <p class="error" role="alert">{liveError}</p>}
      {live ? <LiveStatus live={live} units={units} lastSleepTs={lastSleepTs} waitingMl={waitingMl} /> : !liveError && (navigator.onLine === false
        ? <p class="muted">The status will show when you're back online.</p>
        : <p class="muted" aria-busy="true">Loading status…</p>)}

      <section aria-labelledby="log-h">
        <h2 id="log-h">Log</h2>
        <WhenPicker when={when} onChange={(w) => { setWhen(w); setWhenError(null); }} zone={familyZone()} error={whenError} />
        <div class="actions">
          <Action icon="🍼" label="Bottle" sub={live?.last_milk_ml ? `last ${live.last_milk_ml} ml` : undefined} sheetName="bottle" onClick={() => toggleSheet('bottle')} busy={busy} open={sheet === "bottle"} testid="btn-bottle" />
          {sheet === 'bottle' && (
            <BottleSheet initial={live?.last_milk_ml || 120} units={units} busy={busy} error={errFor('bottle')} onLog={(b) => log('bottle', [b])} />
          )}
          <Action icon="🤱" label="Breastfeed" onClick={() => log('quick', [{ type: 'milk', ml: 0 }])} busy={busy} testid="btn-breastfeed" />
          <Action
            icon={asleep ? '☀️' : '😴'}
            label={asleep ? 'Woke up' : 'Fell asleep'}
            sub={asleep ? 'asleep now' : 'awake now'}
            cls={asleep ? 'on' : ''}
            onClick={() => log('quick', [{ type: asleep ? 'wake' : 'sleep' }])}
            busy={busy}
            testid="btn-sleep"
          />
          <Action icon="💧" label="Wet nappy" onClick={() => log('quick', [{ type: 'nappy', kind: 'wet' }])} busy={busy} testid="btn-nappy-wet" />
          <Action icon="💩" label="Dirty nappy" onClick={() => log('quick', [{ type: 'nappy', kind: 'dirty' }])} busy={busy} testid="btn-nappy-dirty" />
          <Action icon="🧷" label="Wet + dirty" onClick={() => log('quick', [{ type: 'nappy', kind: 'both' }])} busy={busy} testid="btn-nappy-both" />
          <Action icon="🥣" label="Solids" sheetName="solid" onClick={() => toggleSheet('solid')} busy={busy} open={sheet === "solid"} testid="btn-solid" />
          {sheet === 'solid' && (
            <SolidSheet familyId={s.me?.family_id ?? ''} busy={busy} error={errFor('solid')}
              onLog={(foods, meal_type) => log('solid', [{ type: 'solid', foods, meal_type }])} />
          )}
          <Action icon="💊" label="Supplement" sheetName="supplement" onClick={() => toggleSheet('supplement')} busy={busy} open={sheet === "supplement"} testid="btn-supplement" />
          {sheet === 'supplement' && <SupplementSheet busy={busy} error={errFor('supplement')} onLog={(b) => log('supplement', [b])} />}
          <Action icon="⚖️" label="Weight / length" sheetName="measure" onClick={() => toggleSheet('measure')} busy={busy} open={sheet === "measure"} testid="btn-measure" />
          {sheet === 'measure' && (
            <MeasureSheet units={units} busy={busy} onLog={(b) => log('measure', b)}
              errors={error?.where === 'measure' ? { ...(error.fields ?? {}), ...(error.fields?.kg || error.fields?.cm ? {} : { _: error.msg }) } : {}} />
          )}
          <Action icon="📝" label="Note" sheetName="note" onClick={() => toggleSheet('note')} busy={busy} open={sheet === "note"} testid="btn-note" />
          {sheet === 'note' && <NoteSheet busy={busy} error={errFor('note')} onLog={(b) => log('note', [b])} />}
        </div>
        {errFor('quick') && <p class="error" role="alert">{errFor('quick')}</p>}
      </section>
      <Toast toast={toast} onClose={() => setToast(null)} />
    </>
  );
}
