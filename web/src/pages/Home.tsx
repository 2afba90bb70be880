// Home: live status at a glance and large one-tap log buttons. Every log goes through the
// offline-aware queue with its own Idempotency-Key, and can be undone from the confirmation.
// With two or more children (twins), each child's card is shown and a log can go to the
// selected child or to all of them at once: one entry per child, each with its own key.
import { useEffect, useState } from 'preact/hooks';
import { Toast, type ToastData } from '../components/Toast';
import { splitError } from '../lib/api';
import { describe, type LogEvent } from '../lib/describe';
import { logEvent, onQueueChange, onQueueSent, pendingFor, pendingLogs, queueErrors, type LogBody } from '../lib/log-queue';
import { familyZone, useSession } from '../lib/session';
import { activeChildren, logForAll, namesOf, onLogForAllChange, setLogForAll } from '../lib/children';
import { clock, localToday, localTs, NOT_YET } from '../lib/time';
import { phoneZone, placeName, shownTs, zonedToMs } from '../lib/zone';
import { LiveStatus } from '../home/LiveStatus';
import { BottleSheet, MeasureSheet, NoteSheet, SupplementSheet } from '../home/Sheets';
import { FeedPair, FeedPanel } from '../home/FeedPanel';
import { SleepCard } from '../home/SleepCard';
import { Icon } from '../components/Icon';
import { asleepNow } from '../lib/feed';
import { SolidSheet } from '../home/SolidSheet';
import { resolveWhen, WhenPicker, type When } from '../home/WhenPicker';
import { Action } from '../home/Action';
import { keyOf, useLives } from '../home/use-lives';
import { TwinCards } from '../home/TwinCards';
import { LogFor } from '../home/LogFor';
import { undoneText, undoReceipts, type Receipt } from '../home/undo';
import { MoreSheet } from '../home/MoreSheet';
import { UrgentAlerts } from '../home/UrgentAlert';
import { ZoneNotice } from '../home/ZoneNotice';

type Sheet = 'feed' | 'bottle' | 'solid' | 'supplement' | 'measure' | 'note' | 'more' | null;
/** One entry to log: what, and for which child (null: the children are not known yet). */
type Item = { child: string | null; body: Record<string, unknown> };
let toastSeq = 0;

export function Home() {
  const s = useSession();
  const units = s.profile?.units ?? 'metric';
  const familyId = s.me?.family_id;
  const active = activeChildren(s.children);
  const twins = active.length >= 2;
  const sel = s.child;
  const selChild = active.find((c) => c.id === sel) ?? null;
  const primaryId = s.children.find((c) => c.primary)?.id ?? null;
  // Confirmations name the child once the family has more than one.
  const nameOf = (id: string | null) => (s.children.length > 1 ? s.children.find((c) => c.id === id)?.baby_name ?? '' : '');
  const watched: (string | null)[] = twins ? active.map((c) => c.id) : [sel];
  const { lives, offsets, error: liveError, setLive, refresh } = useLives(familyId, watched);
  const live = lives[keyOf(sel)] ?? null;
  const offsetMs = offsets[keyOf(sel)] ?? 0;

  const [all, setAll] = useState(() => logForAll(familyId));
  useEffect(() => onLogForAllChange(() => setAll(logForAll(familyId))), [familyId]);
  const forAll = twins && all;
  const targets: (string | null)[] = forAll ? watched : [sel];

  const [when, setWhen] = useState<When>({ kind: 'now' });
  const [sheet, setSheet] = useState<Sheet>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ where: string; msg: string; fields?: Record<string, string> } | null>(null);
  const [toast, setToast] = useState<ToastData | null>(null);
  const [whenError, setWhenError] = useState<string | null>(null);
  // Logs saved on this phone but not sent yet: bottles count towards "Milk today" (marked as
  // waiting) and a sleep or wake decides the sleep button, each for its own child.
  // (A log keeps the phone's zone and its time there; read here in the family's.)
  const [pending, setPending] = useState(pendingLogs);
  const pendingOf = (child: string | null) =>
    pendingFor(pending, child, child === primaryId).map((b): LogBody => ({ ...b, ts: shownTs(b, familyZone()) }));
  const asleepOf = (child: string | null) => asleepNow(lives[keyOf(child)]?.asleep, pendingOf(child));

  useEffect(() => {
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
    const { text, tone } = undoneText(what, outcome);
    setToast({ id: ++toastSeq, text, tone });
  };

  /** Logs each item (weight and length together; the same entry for each twin) at the chosen time. */
  const log = async (where: string, items: Item[]) => {
    if (!items.length) return;
    setError(null);
    setWhenError(null);
    const zone = familyZone();
    const ts = resolveWhen(when, zone);
    if (!ts) return setWhenError(NOT_YET);
    // Sent with the phone's zone and the time on the phone's clock (the same instant), so the
    // server keeps where it happened; `ts` (the family's clock) is what this page says.
    const phone = phoneZone();
    const sentTs = phone === zone ? ts : localTs(zonedToMs(ts, zone), phone);
    setBusy(true);
    const today = localToday(zone);
    const at = (t: string) => `${clock(t)}${t.slice(0, 10) < today ? ' yesterday' : ''}`;
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
    try {
      for (const { child, body } of items) {
        const sent: LogBody = { ...body, type: String(body.type), ts: sentTs, timezone: phone, ...(child ? { child } : {}) };
        const r = await logEvent(sent);
        note(whom, nameOf(child));
        if (r.queued) {
          queued = true;
          receipts.push({ child, key: r.key });
          note(said, describe({ id: '', ...sent } as LogEvent, units));
          continue;
        }
        const { event, live: l, warning, unknown_foods } = r.result;
        if (l) setLive(child, l);
        receipts.push({ child, id: String(event.id) });
        note(said, describe(event, units));
        note(warnings, warning?.message);
        if (warning?.type?.startsWith('medicine_')) sticky = true;
        for (const f of unknown_foods ?? []) note(unknownFoods, f);
      }
      setSheet(null);
      setWhen({ kind: 'now' });
    } catch (e) {
      // A problem with the time goes next to the time picker; the rest next to the form.
      const { fields, form } = splitError(e, ['ts', 'ml', 'kg', 'cm', 'ug', 'foods', 'note', 'kind', 'meal_type',
        'celsius', 'fahrenheit', 'method', 'medicine', 'amount', 'unit', 'title', 'side', 'duration_min']);
      if (fields.ts) setWhenError(fields.ts);
      const { ts: _ts, ...rest } = fields;
      const msg = form ?? Object.values(rest)[0] ?? null;
      if (msg || Object.keys(rest).length) setError({ where, msg: msg ?? '', fields: rest });
    } finally {
      setBusy(false);
    }
    if (!receipts.length) return;
    // One confirmation for everything the tap logged, and one Undo that takes all of it back.
    const what = namesOf(said);
    const forWhom = whom.length ? ` for ${namesOf(whom)}` : '';
    const onUndo = () => undo(receipts, `${what}${forWhom} at ${at(ts)}`);
    if (queued) {
      setToast({ id: ++toastSeq, text: `${what}${forWhom} at ${at(ts)}: saved on this phone. It will be sent when you're back online.`, tone: 'info', onUndo });
    } else {
      const extra = unknownFoods.length ? ` (no nutrient data yet for ${unknownFoods.join(', ')})` : '';
      setToast({ id: ++toastSeq, text: `${what} logged${forWhom} at ${at(ts)}${extra}`, warning: warnings.join(' ') || null, onUndo, sticky });
    }
  };

  /** The same entry for every child the buttons log for. */
  const forTargets = (body: Record<string, unknown>): Item[] => targets.map((child) => ({ child, body }));

  const errFor = (where: string) => (error?.where === where ? error.msg : null);
  const toggleSheet = (name: Sheet) => {
    setError(null);
    // A confirmation must not sit over the form being opened.
    if (name !== sheet) setToast(null);
    setSheet((cur) => (cur === name ? null : name));
  };
  const today = localToday(familyZone());
  const waitingMl = pendingOf(sel).filter((b) => b.type === 'milk' && typeof b.ml === 'number' && String(b.ts ?? '').startsWith(today))
    .reduce((a, b) => a + (b.ml as number), 0);

  const zone = familyZone();
  // Sleep: a sleep or wake logged offline and not sent yet decides, so reopening offline shows
  // the truth. For all children at once: wake them when all are asleep, else put down those awake.
  const asleep = asleepOf(sel);
  const sleepers = targets.filter(asleepOf);
  const allAsleep = sleepers.length === targets.length;
  const sleepItems: Item[] = allAsleep ? targets.map((child) => ({ child, body: { type: 'wake' } }))
    : targets.filter((c) => !asleepOf(c)).map((child) => ({ child, body: { type: 'sleep' } }));
  const sleepSub = !forAll ? (asleep ? 'asleep now' : 'awake now')
    : allAsleep ? 'all asleep' : sleepers.length ? `${namesOf(sleepers.map(nameOf))} asleep` : 'all awake';
  const allSub = forAll ? (targets.length === 2 ? 'both' : `all ${targets.length}`) : undefined;

  // Breastfeed: a panel for each child being fed, and for the children the button was tapped for.
  const feeding = targets.some((c) => !!lives[keyOf(c)]?.feeding);
  const feedIds = watched.filter((c) => !!lives[keyOf(c)]?.feeding || (sheet === 'feed' && targets.includes(c)));
  const feedOpen = feedIds.length > 0;
  const feedPanel = (child: string | null, compact: boolean) => (
    <FeedPanel key={keyOf(child)} child={child} name={nameOf(child) || undefined} compact={compact} live={lives[keyOf(child)] ?? null}
      zone={zone} offsetMs={offsets[keyOf(child)] ?? 0} onLive={(l) => setLive(child, l)} onRefresh={() => void refresh()}
      onLogged={(e) => { setSheet(null); loggedToast(e, child); }} />
  );
  const loggedToast = (event: LogEvent, child: string | null) => {
    const forWhom = nameOf(child) ? ` for ${nameOf(child)}` : '';
    setToast({ id: ++toastSeq, text: `${describe(event, units)} logged${forWhom} at ${clock(event.ts)}`,
      onUndo: () => undo([{ child, id: String(event.id) }], `${describe(event, units)}${forWhom} at ${clock(event.ts)}`) });
  };

  return (
    <>
      {/* Twins: the top bar, the switcher and the cards name the children; the heading stays for screen readers. */}
      <h1 class={twins ? 'sr-only' : 'home-title'}>{s.profile?.baby_name ?? 'Home'}{s.profile?.age_display ? <span class="muted small"> · {s.profile.age_display}</span> : null}</h1>
      <UrgentAlerts alerts={watched.flatMap((c) => (lives[keyOf(c)] ? [{ name: twins ? nameOf(c) : '', live: lives[keyOf(c)] }] : []))} />
      {familyId && s.profile?.timezone && (
        <ZoneNotice familyId={familyId} familyZone={s.profile.timezone} phone={phoneZone()} admin={s.me?.role === 'admin'}
          onSwitched={(z) => {
            setToast({ id: ++toastSeq, text: `The family's clock is now ${placeName(z)} time. Every time is shown in ${placeName(z)} time.`, tone: 'ok' });
            void refresh();
          }} />
      )}
      {liveError && <p class="error" role="alert">{liveError}</p>}
      {twins && <TwinCards list={active} lives={lives} offsets={offsets} asleepOf={asleepOf} targets={targets} zone={zone} units={units} />}
      {live?.check?.fix === 'log_wake' && asleep && !forAll && (
        <p class="alert alert-info" role="note">{live.check.message}</p>
      )}

      <section aria-labelledby="log-h">
        <h2 id="log-h" class="sr-only">Log</h2>
        {asleep && !forAll && (
          <SleepCard since={live?.asleep_since ?? null} zone={zone} offsetMs={offsetMs} busy={busy}
            onWake={() => log('quick', [{ child: sel, body: { type: 'wake' } }])} />
        )}
        {twins && <LogFor selected={selChild} count={active.length} all={forAll} onAll={(on) => setLogForAll(familyId, on)} />}
        <div class="actions">
          <Action icon="breast" label={feeding ? 'Feeding' : 'Breastfeed'} sub={feeding ? 'timer running' : allSub} cls={feeding ? 'on' : ''}
            sheetName="feed" onClick={() => toggleSheet('feed')} busy={busy} open={feedOpen} testid="btn-breastfeed" />
          <Action icon="bottle" label="Bottle" sub={allSub ?? (live?.last_milk_ml ? `last ${live.last_milk_ml} ml` : undefined)} sheetName="bottle"
            onClick={() => toggleSheet('bottle')} busy={busy} open={sheet === 'bottle'} testid="btn-bottle" />
          <Action
            icon={allAsleep ? 'sun' : 'moon'}
            label={allAsleep ? 'Woke up' : 'Fell asleep'}
            sub={sleepSub}
            cls={allAsleep ? 'on' : ''}
            onClick={() => log('quick', sleepItems)}
            busy={busy}
            testid="btn-sleep"
          />
          <Action icon="drop" label="Wet" sub={allSub} onClick={() => log('quick', forTargets({ type: 'nappy', kind: 'wet' }))} busy={busy} testid="btn-nappy-wet" />
          <Action icon="dirty" label="Dirty" sub={allSub} onClick={() => log('quick', forTargets({ type: 'nappy', kind: 'dirty' }))} busy={busy} testid="btn-nappy-dirty" />
          <Action icon="nappy" label="Wet + dirty" sub={allSub} onClick={() => log('quick', forTargets({ type: 'nappy', kind: 'both' }))} busy={busy} testid="btn-nappy-both" />
          <Action icon="bowl" label="Solids" sub={allSub} sheetName="solid" onClick={() => toggleSheet('solid')} busy={busy} open={sheet === 'solid'} testid="btn-solid" />
          <Action icon="pill" label="Supplement" sub={allSub} sheetName="supplement" onClick={() => toggleSheet('supplement')} busy={busy} open={sheet === 'supplement'} testid="btn-supplement" />
          {/* Each baby is weighed on their own: a weight always goes to the selected child. */}
          <Action icon="scale" label="Weight" sub={forAll ? `${selChild?.baby_name ?? 'one'} only` : undefined} sheetName="measure"
            onClick={() => toggleSheet('measure')} busy={busy} open={sheet === 'measure'} testid="btn-measure" />
          {/* The rest of a baby's day (issue 26) behind one button, so the nine above stay as they were. */}
          <Action icon="more" label="More" sub="temperature, medicine, pumping, head, activity, milestone" cls="more-btn" sheetName="more"
            onClick={() => toggleSheet('more')} busy={busy} open={sheet === 'more'} testid="btn-more" />
        </div>
        {feedOpen && (feedIds.length === 1 ? feedPanel(feedIds[0]!, false) : (
          <FeedPair>{feedIds.map((c) => feedPanel(c, true))}</FeedPair>
        ))}
        {sheet === 'bottle' && (
          <BottleSheet initial={live?.last_milk_ml || 120} units={units} busy={busy} error={errFor('bottle')} onLog={(b) => log('bottle', forTargets(b))} />
        )}
        {sheet === 'solid' && (
          <SolidSheet familyId={s.me?.family_id ?? ''} busy={busy} error={errFor('solid')}
            onLog={(foods, meal_type) => log('solid', forTargets({ type: 'solid', foods, meal_type }))} />
        )}
        {sheet === 'supplement' && <SupplementSheet busy={busy} error={errFor('supplement')} onLog={(b) => log('supplement', forTargets(b))} />}
        {sheet === 'measure' && (
          <MeasureSheet units={units} busy={busy} onLog={(b) => log('measure', b.map((body) => ({ child: sel, body })))}
            errors={error?.where === 'measure' ? { ...(error.fields ?? {}), ...(error.fields?.kg || error.fields?.cm ? {} : { _: error.msg }) } : {}} />
        )}
        {sheet === 'more' && (
          <MoreSheet units={units} familyId={familyId ?? ''} live={live} busy={busy}
            errors={error?.where === 'more' ? { ...(error.fields ?? {}), ...(error.msg && !Object.values(error.fields ?? {}).includes(error.msg) ? { _: error.msg } : {}) } : {}}
            forAll={twins ? (forAll ? namesOf(targets.map(nameOf)) : `${selChild?.baby_name ?? ''} only`) : null} forOne={twins ? selChild?.baby_name ?? null : null}
            onPick={() => setError(null)}
            onLog={(body, each) => log('more', each ? forTargets(body) : [{ child: sel, body }])} />
        )}
        {errFor('quick') && <p class="error" role="alert">{errFor('quick')}</p>}
        <WhenPicker when={when} onChange={(w) => { setWhen(w); setWhenError(null); }} zone={zone} error={whenError} />
        <button type="button" class="btn ghost small-link" onClick={() => toggleSheet('note')} aria-expanded={sheet === 'note'} data-testid="btn-note">
          <Icon name="note" size={20} /> Add a note
        </button>
        {sheet === 'note' && <NoteSheet busy={busy} error={errFor('note')} onLog={(b) => log('note', forTargets(b))} />}
      </section>

      {twins && <h2 class="status-h">{selChild?.baby_name} today</h2>}
      {live ? <LiveStatus live={live} units={units} waitingMl={waitingMl} familyZone={zone} /> : !liveError && (navigator.onLine === false
        ? <p class="muted">The status will show when you're back online.</p>
        : <p class="muted" aria-busy="true">Loading status…</p>)}
      <Toast toast={toast} onClose={() => setToast(null)} />
    </>
  );
}
