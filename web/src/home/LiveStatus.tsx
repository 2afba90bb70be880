// The live status at a glance (GET /api/vega/live, typed from the API's LiveStatus): each
// part is shown when the status has it.
import type { ComponentChildren } from 'preact';
import { clock, duration, minutesBetween, relative } from '../lib/time';
import { showMl, showTemp } from '../lib/units';
import { methodName } from '../lib/describe';
import { Icon } from '../components/Icon';
import { clocksDiffer, zoneWithOffset } from '../lib/zone';
import type { Schemas } from '../lib/api';
import { num, t, time } from '../i18n/core';

export type Live = Schemas['LiveStatus'];

// live.poop_status is the service's English sentence (src/domain/live-nappies.ts); said here in
// the caregiver's words by which one it is, and shown as sent when it is another.
const POOP_STATUS: Record<string, string> = {
  'within usual range': 'within',
  'fewer than usual for this age': 'fewer',
  'longer than usual for this age — mention it to your health visitor if it continues': 'longer',
};

/** The next nap window, unless it has already ended or starts at or after bedtime (null → "—"). */
export function napWindow(v: Live['next_nap_window_at'], now: string, bedtime?: string | null): string | null {
  if (!v) return null;
  if (v.end.slice(0, 19) < now.slice(0, 19)) return null;
  if (bedtime && v.start.slice(0, 19) >= bedtime.slice(0, 19)) return null;
  return `${clock(v.start)}–${clock(v.end)} (${relative(v.start, now)})`; // split below at " ("
}

/** Vitamin D given today? null when the status has no supplement log. */
export function vitaminDDone(log: Live['supplement_log']): boolean | null {
  return log ? log.vitd.given : null;
}

function Stat({ label, value, sub, cls = '', children }: { label: string; value?: string | null; sub?: string | null; cls?: string; children?: ComponentChildren }) {
  return (
    <div class={`stat ${cls}`}>
      <span class="label">{label}</span>
      {value != null && <span class="value">{value}</span>}
      {sub ? <span class="sub">{sub}</span> : null}
      {children}
    </div>
  );
}

/** Medicines given in the last 24 hours: what, when and by whom, and "not before" only where the family set a minimum. */
function Medicines({ list }: { list: Live['medicines'] }) {
  return (
    <div class="stat wide-stat" data-testid="live-medicines">
      <span class="label">{t('live.medicines_24h')}</span>
      <ul class="med-list">
        {list.map((m) => (
          <li key={m.name} aria-label={m.message}>
            <span class="value"><Icon name="medicine" size={16} /> {m.name}{m.last_amount ? ` ${m.last_amount}` : ''}</span>
            <span class="sub">{m.max_per_24h
              ? t('live.medicine_given_of', { time: clock(m.last_given_ts), who: m.last_given_by, n: m.doses_24h, max: m.max_per_24h })
              : t('live.medicine_given', { time: clock(m.last_given_ts), who: m.last_given_by, n: m.doses_24h })}</span>
            {m.not_before && <span class="sub not-before">{t('live.not_before', { time: time(m.not_before) })}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * live.timezone (issue 27, additional): the zone the card's times are in, the baby's where they
 * are now (the zone of the recent logs) — said on the card when it is not the family's. Absent
 * from older servers: the times are the family's, as everywhere else.
 */
export function liveZoneNote(live: Live, familyZone: string | undefined): string | null {
  const z = live.timezone;
  if (typeof z !== 'string' || !z || !familyZone || z === familyZone) return null;
  try {
    if (!clocksDiffer(z, familyZone)) return null;
    return t('live.zone_note', { zone: zoneWithOffset(z) });
  } catch {
    return null;
  }
}

export function LiveStatus({ live, units, waitingMl = 0, familyZone }: { live: Live; units: string; waitingMl?: number; familyZone?: string }) {
  const now = live.now;
  const zoneNote = liveZoneNote(live, familyZone);
  const asleepFor: number | null = live.asleep_since ? minutesBetween(live.asleep_since, now) : null;
  const sleepState = live.asleep
    ? t('live.asleep', { known: asleepFor != null ? 'yes' : 'no', d: duration(asleepFor), night: live.night_sleep ? 'yes' : 'no' })
    : t('live.awake', { known: live.awake_minutes != null ? 'yes' : 'no', d: duration(live.awake_minutes) });
  const target = live.daily_milk_target_ml;
  const ml = (live.ml_today ?? 0) + waitingMl;
  const vitd = vitaminDDone(live.supplement_log);
  const nap = napWindow(live.next_nap_window_at, now, live.expected_bedtime_at);
  const hungry: Record<string, string> = {
    not_yet: t('live.not_hungry_yet'), hungry_soon: t('live.hungry_soon'), overdue: t('live.overdue'), dream_feed: t('live.dream_feed'), unknown: '',
  };
  const at = (ts: string | null | undefined) => (ts ? clock(ts) : '—');
  const rel = (ts: string | null | undefined) => (ts ? relative(ts, now) : null);
  const poop = live.last_poop_hours_ago;
  const temp = live.temperature;
  // A status cached on the phone by an older version may lack the later parts.
  const meds = live.medicines ?? [];
  const tummy = live.tummy_time;
  return (
    <section aria-labelledby="status-h">
      <h2 id="status-h" class="sr-only">{t('live.right_now')}</h2>
      <div class="status" data-testid="live-status">
        {/* An urgent alert is said above everything on home (UrgentAlerts), not again here. */}
        {live.alert_msg && live.alert_level !== 'urgent' && (
          <p class={`alert alert-${live.alert_level ?? 'info'}`} role="note" data-testid="alert">{live.alert_msg}</p>
        )}
        {zoneNote && <p class="zone-note" data-testid="live-zone">{zoneNote}</p>}
        <Stat label={t('live.now')} value={sleepState} cls={`big ${live.asleep ? 'asleep' : ''}`} />
        {temp && (
          <Stat label={t('ev.temperature_label')} value={showTemp(temp, units)} cls={`wide-stat temp${temp.urgent ? ' urgent-stat' : ''}`}
            sub={[methodName(temp.method), `${clock(temp.ts)} (${temp.minutes_ago < 1 ? t('time.just_now') : t('time.ago', { d: duration(temp.minutes_ago) })})`].filter(Boolean).join(' · ')}>
            <span class="sr-only" data-testid="live-temperature-message">{temp.message}</span>
          </Stat>
        )}
        {meds.length > 0 && <Medicines list={meds} />}
        {/* A toddler on meals: feeds are not timed (live.milk_nudges, docs/insights.md). */}
        {live.milk_nudges && !live.milk_nudges.applies ? (
          <Stat label={t('live.next_feed')} value={t('live.not_timed')} sub={t('live.meals_lead')} />
        ) : (
          <Stat label={t('live.next_feed')} value={live.next_feed_at ? at(live.next_feed_at) : hungry[live.hungry_state ?? 'unknown'] || '—'}
            sub={[rel(live.next_feed_at), live.next_feed_at ? hungry[live.hungry_state ?? 'unknown'] : ''].filter(Boolean).join(' · ')} />
        )}
        <Stat label={t('live.milk_today')} value={target ? `${num(ml)} / ${num(target)} ml` : showMl(ml, units)}
          sub={[
            live.feeds_today != null ? t('live.feeds', { n: live.feeds_today }) : '',
            waitingMl ? t('live.waiting_ml', { ml: showMl(waitingMl, units) }) : '',
          ].filter(Boolean).join(' · ') || null}>
          {target ? (
            <div class="meter" role="img" aria-label={t('live.of_target', { pct: Math.round((ml / target) * 100) })}>
              <span style={{ width: `${Math.min(100, (ml / target) * 100)}%` }} />
            </div>
          ) : null}
        </Stat>
        {!nap && live.next_sleep?.kind === 'bedtime' ? (
          <Stat label={t('live.nap_window')} value={t('live.none')} sub={t('live.bedtime_next')} />
        ) : (
          <Stat label={t('live.nap_window')} value={nap ? nap.split(' (')[0] : '—'} sub={nap && nap.includes(' (') ? nap.slice(nap.indexOf(' (') + 2, -1) : null} />
        )}
        <Stat label={t('live.bedtime')} value={at(live.expected_bedtime_at)} sub={rel(live.expected_bedtime_at)} />
        <Stat label={t('live.last_poop')} value={poop != null ? (poop * 60 < 1 ? t('time.just_now') : t('time.ago', { d: duration(poop * 60) })) : '—'}
          sub={live.poop_status ? t('live.poop_status', { status: POOP_STATUS[live.poop_status] ?? 'other', text: live.poop_status }) : null} />
        <Stat label={t('ev.supp_vitd')} value={vitd == null ? '—' : vitd ? t('live.done') : t('live.not_yet')} sub={vitd === false ? t('live.today') : null} />
        {tummy && (
          <Stat label={t('live.tummy_today')} value={t('live.tummy_value', { m: tummy.minutes_today, target: tummy.target_minutes })} sub={tummy.met ? t('live.done_lower') : null} cls="wide-stat tummy">
            <div class="meter" role="img" aria-label={tummy.message}>
              <span style={{ width: `${Math.min(100, (tummy.minutes_today / Math.max(1, tummy.target_minutes)) * 100)}%` }} />
            </div>
          </Stat>
        )}
      </div>
    </section>
  );
}
