// Home: live status at a glance and large one-tap log buttons. Every log goes through the
// offline-aware queue with its own Idempotency-Key, and can be undone from the confirmation
// (the log actions: home/use-log.ts).
// With two or more children (twins), each child's card is shown and a log can go to the
// selected child or to all of them at once: one entry per child, each with its own key.
import { useEffect, useState } from 'preact/hooks';
import { Toast } from '../components/Toast';
import { pendingFor, type LogBody, type LogEntry } from '../lib/log-queue';
import { familyZone, useSession } from '../lib/session';
import { activeChildren, logForAll, namesOf, onLogForAllChange, setLogForAll } from '../lib/children';
import { localToday } from '../lib/time';
import { phoneZone, placeName, shownTs } from '../lib/zone';
import { LiveStatus } from '../home/LiveStatus';
import { BottleSheet, MeasureSheet, NoteSheet, SupplementSheet } from '../home/Sheets';
import { FeedPair, FeedPanel } from '../home/FeedPanel';
import { SleepCard } from '../home/SleepCard';
import { Icon } from '../components/Icon';
import { asleepNow } from '../lib/feed';
import { showMl } from '../lib/units';
import { SolidSheet } from '../home/SolidSheet';
import { WhenPicker } from '../home/WhenPicker';
import { Action } from '../home/Action';
import { keyOf, useLives } from '../home/use-lives';
import { TwinCards } from '../home/TwinCards';
import { LogFor } from '../home/LogFor';
import { MoreSheet } from '../home/MoreSheet';
import { UrgentAlerts } from '../home/UrgentAlert';
import { ZoneNotice } from '../home/ZoneNotice';
import { useLog, type Item } from '../home/use-log';
import { t } from '../i18n/core';

type Sheet = 'feed' | 'bottle' | 'solid' | 'supplement' | 'measure' | 'note' | 'more' | null;

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

  const [sheet, setSheet] = useState<Sheet>(null);
  const { when, setWhen, busy, error, setError, toast, setToast, say, whenError, setWhenError, pending, log, loggedToast } =
    useLog({ units, nameOf, setLive, refresh, onLogged: () => setSheet(null) });
  // Logs saved on this phone but not sent yet: bottles count towards "Milk today" (marked as
  // waiting) and a sleep or wake decides the sleep button, each for its own child.
  // (A log keeps the phone's zone and its time there; read here in the family's.)
  const pendingOf = (child: string | null) =>
    pendingFor(pending, child, child === primaryId).map((b): LogBody => ({ ...b, ts: shownTs(b, familyZone()) }));
  const asleepOf = (child: string | null) => asleepNow(lives[keyOf(child)]?.asleep, pendingOf(child));

  /** The same entry for every child the buttons log for. */
  const forTargets = (body: LogEntry): Item[] => targets.map((child) => ({ child, body }));

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
  const sleepSub = !forAll ? (asleep ? t('home.asleep_now') : t('home.awake_now'))
    : allAsleep ? t('home.all_asleep') : sleepers.length ? t('home.names_asleep', { names: namesOf(sleepers.map(nameOf)) }) : t('home.all_awake');
  const allSub = forAll ? t('home.all_n', { n: targets.length }) : undefined;

  // Breastfeed: a panel for each child being fed, and for the children the button was tapped for.
  const feeding = targets.some((c) => !!lives[keyOf(c)]?.feeding);
  const feedIds = watched.filter((c) => !!lives[keyOf(c)]?.feeding || (sheet === 'feed' && targets.includes(c)));
  const feedOpen = feedIds.length > 0;
  const feedPanel = (child: string | null, compact: boolean) => (
    <FeedPanel key={keyOf(child)} child={child} name={nameOf(child) || undefined} compact={compact} live={lives[keyOf(child)] ?? null}
      zone={zone} offsetMs={offsets[keyOf(child)] ?? 0} onLive={(l) => setLive(child, l)} onRefresh={() => void refresh()}
      onLogged={(e) => { setSheet(null); loggedToast(e, child); }} />
  );
  return (
    <>
      {/* Twins: the top bar, the switcher and the cards name the children; the heading stays for screen readers. */}
      <h1 class={twins ? 'sr-only' : 'home-title'}>{s.profile?.baby_name ?? t('nav.home')}{s.profile?.age_display ? <span class="muted small"> · {s.profile.age_display}</span> : null}</h1>
      <UrgentAlerts alerts={watched.flatMap((c) => (lives[keyOf(c)] ? [{ name: twins ? nameOf(c) : '', live: lives[keyOf(c)] }] : []))} />
      {familyId && s.profile?.timezone && (
        <ZoneNotice familyId={familyId} familyZone={s.profile.timezone} phone={phoneZone()} admin={s.me?.role === 'admin'}
          onSwitched={(z) => {
            say({ text: t('home.clock_switched', { place: placeName(z) }), tone: 'ok' });
            void refresh();
          }} />
      )}
      {liveError && <p class="error" role="alert">{liveError}</p>}
      {twins && <TwinCards list={active} lives={lives} offsets={offsets} asleepOf={asleepOf} targets={targets} zone={zone} units={units} />}
      {live?.check?.fix === 'log_wake' && asleep && !forAll && (
        <p class="alert alert-info" role="note">{live.check.message}</p>
      )}

      <section aria-labelledby="log-h">
        <h2 id="log-h" class="sr-only">{t('home.log')}</h2>
        {asleep && !forAll && (
          <SleepCard since={live?.asleep_since ?? null} zone={zone} offsetMs={offsetMs} busy={busy}
            onWake={() => log('quick', [{ child: sel, body: { type: 'wake' } }])} />
        )}
        {twins && <LogFor selected={selChild} count={active.length} all={forAll} onAll={(on) => setLogForAll(familyId, on)} />}
        <div class="actions">
          <Action icon="breast" label={feeding ? t('home.feeding') : t('home.breastfeed')} sub={feeding ? t('home.timer_running') : allSub} cls={feeding ? 'on' : ''}
            sheetName="feed" onClick={() => toggleSheet('feed')} busy={busy} open={feedOpen} testid="btn-breastfeed" />
          <Action icon="bottle" label={t('home.bottle')} sub={allSub ?? (live?.last_milk_ml ? t('home.last_ml', { ml: showMl(live.last_milk_ml, 'metric') }) : undefined)} sheetName="bottle"
            onClick={() => toggleSheet('bottle')} busy={busy} open={sheet === 'bottle'} testid="btn-bottle" />
          <Action
            icon={allAsleep ? 'sun' : 'moon'}
            label={allAsleep ? t('ev.wake') : t('ev.sleep')}
            sub={sleepSub}
            cls={allAsleep ? 'on' : ''}
            onClick={() => log('quick', sleepItems)}
            busy={busy}
            testid="btn-sleep"
          />
          <Action icon="drop" label={t('home.wet')} sub={allSub} onClick={() => log('quick', forTargets({ type: 'nappy', kind: 'wet' }))} busy={busy} testid="btn-nappy-wet" />
          <Action icon="dirty" label={t('home.dirty')} sub={allSub} onClick={() => log('quick', forTargets({ type: 'nappy', kind: 'dirty' }))} busy={busy} testid="btn-nappy-dirty" />
          <Action icon="nappy" label={t('home.wet_dirty')} sub={allSub} onClick={() => log('quick', forTargets({ type: 'nappy', kind: 'both' }))} busy={busy} testid="btn-nappy-both" />
          <Action icon="bowl" label={t('home.solids')} sub={allSub} sheetName="solid" onClick={() => toggleSheet('solid')} busy={busy} open={sheet === 'solid'} testid="btn-solid" />
          <Action icon="pill" label={t('ev.supplement')} sub={allSub} sheetName="supplement" onClick={() => toggleSheet('supplement')} busy={busy} open={sheet === 'supplement'} testid="btn-supplement" />
          {/* Each baby is weighed on their own: a weight always goes to the selected child. */}
          <Action icon="scale" label={t('home.weight')} sub={forAll ? t('home.name_only', { name: selChild?.baby_name ?? '' }) : undefined} sheetName="measure"
            onClick={() => toggleSheet('measure')} busy={busy} open={sheet === 'measure'} testid="btn-measure" />
          {/* The rest of a baby's day (issue 26) behind one button, so the nine above stay as they were. */}
          <Action icon="more" label={t('home.more')} sub={t('home.more_sub')} cls="more-btn" sheetName="more"
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
            forAll={twins ? (forAll ? namesOf(targets.map(nameOf)) : t('home.name_only', { name: selChild?.baby_name ?? '' })) : null} forOne={twins ? selChild?.baby_name ?? null : null}
            onPick={() => setError(null)}
            onLog={(body, each) => log('more', each ? forTargets(body) : [{ child: sel, body }])} />
        )}
        {errFor('quick') && <p class="error" role="alert">{errFor('quick')}</p>}
        <WhenPicker when={when} onChange={(w) => { setWhen(w); setWhenError(null); }} zone={zone} error={whenError} />
        <button type="button" class="btn ghost small-link" onClick={() => toggleSheet('note')} aria-expanded={sheet === 'note'} data-testid="btn-note">
          <Icon name="note" size={20} /> {t('home.add_note')}
        </button>
        {sheet === 'note' && <NoteSheet busy={busy} error={errFor('note')} onLog={(b) => log('note', forTargets(b))} />}
      </section>

      {twins && <h2 class="status-h">{t('home.name_today', { name: selChild?.baby_name ?? '' })}</h2>}
      {live ? <LiveStatus live={live} units={units} waitingMl={waitingMl} familyZone={zone} /> : !liveError && (navigator.onLine === false
        ? <p class="muted">{t('home.status_offline')}</p>
        : <p class="muted" aria-busy="true">{t('home.status_loading')}</p>)}
      <Toast toast={toast} onClose={() => setToast(null)} />
    </>
  );
}
