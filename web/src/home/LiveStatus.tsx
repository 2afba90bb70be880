// The live status at a glance. Only `now` and `asleep` are guaranteed; everything else is
// shown when present, and the objects whose shape isn't fixed yet (nap window, supplement log)
// are read defensively.
import { clock, duration, minutesBetween, relative } from '../lib/time';
import { showMl, showTemp } from '../lib/units';
import { Icon } from '../components/Icon';
import { clocksDiffer, zoneWithOffset } from '../lib/zone';

export type Live = Record<string, any> & { now: string; asleep: boolean };

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Finds a start/end (or a single time) in a nap-window object of unknown shape. A window that
 * has already ended, or that starts at or after bedtime, is no window at all (null → "—").
 */
export function napWindow(v: unknown, now: string, bedtime?: string | null): string | null {
  if (v == null) return null;
  const bed = typeof bedtime === 'string' && TS.test(bedtime) ? bedtime.slice(0, 19) : null;
  const usable = (start?: string, end?: string) =>
    !(end && end.slice(0, 19) < now.slice(0, 19)) && !(start && bed && start.slice(0, 19) >= bed);
  if (typeof v === 'string') {
    if (!TS.test(v)) return v;
    return usable(v) ? `${clock(v)} (${relative(v, now)})` : null;
  }
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((k) => o[k]).find((x) => typeof x === 'string' && TS.test(x)) as string | undefined;
  const start = pick('start', 'from', 'earliest', 'opens_at', 'start_at', 'at');
  const end = pick('end', 'to', 'latest', 'closes_at', 'end_at');
  if (start || end) {
    if (!usable(start, end)) return null;
    if (start && end) return `${clock(start)}–${clock(end)} (${relative(start, now)})`;
    if (start) return `${clock(start)} (${relative(start, now)})`;
  }
  const anyTs = Object.values(o).find((x) => typeof x === 'string' && TS.test(x)) as string | undefined;
  if (anyTs) return usable(anyTs) ? `${clock(anyTs)} (${relative(anyTs, now)})` : null;
  const label = o.label ?? o.message ?? o.text;
  return typeof label === 'string' ? label : null;
}

/** Vitamin D given today? true / false / null (unknown) from a supplement log of unknown shape. */
export function vitaminDDone(log: unknown): boolean | null {
  if (log == null || typeof log !== 'object') return null;
  const o = log as Record<string, any>;
  const v = o.vitd ?? o.vitamin_d ?? o.vitD;
  const truthy = (x: any): boolean | null => {
    if (x == null) return null;
    if (typeof x === 'boolean') return x;
    if (typeof x === 'number') return x > 0;
    if (typeof x === 'string') return x.length > 0;
    if (Array.isArray(x)) return x.length > 0;
    if (typeof x === 'object') {
      for (const k of ['done', 'given', 'taken', 'today', 'logged']) if (k in x) return truthy(x[k]);
      for (const k of ['count', 'times', 'doses', 'ug', 'ug_today', 'total_ug']) if (typeof x[k] === 'number') return x[k] > 0;
      for (const k of ['ts', 'last_ts', 'last', 'at']) if (k in x) return x[k] != null;
    }
    return null;
  };
  if (v !== undefined) return truthy(v);
  if (Array.isArray(o.today)) return o.today.some((x: any) => x === 'vitd' || x?.kind === 'vitd');
  if (o.today && typeof o.today === 'object') return truthy(o.today.vitd);
  if (typeof o.vitd_done === 'boolean') return o.vitd_done;
  return false;
}

function Stat({ label, value, sub, cls = '', children }: { label: string; value?: string | null; sub?: string | null; cls?: string; children?: any }) {
  return (
    <div class={`stat ${cls}`}>
      <span class="label">{label}</span>
      {value != null && <span class="value">{value}</span>}
      {sub ? <span class="sub">{sub}</span> : null}
      {children}
    </div>
  );
}

/** live.temperature (issue 26): the last reading in the last 24 hours, or null. */
interface LiveTemperature { celsius: number; fahrenheit: number; method: string | null; ts: string; minutes_ago: number; urgent: boolean; message: string }
/** live.medicines (issue 26): each medicine given in the last 24 hours, most recent first. */
interface LiveMedicine { name: string; last_given_ts: string; last_given_by: string; last_amount: string | null; doses_24h: number; max_per_24h?: number | null; not_before: string | null; message: string }
/** live.tummy_time (issue 26): today's minutes against WHO's 30; null from 12 months. */
interface LiveTummy { minutes_today: number; target_minutes: number; met: boolean; message: string }

/** Medicines given in the last 24 hours: what, when and by whom, and "not before" only where the family set a minimum. */
function Medicines({ list }: { list: LiveMedicine[] }) {
  return (
    <div class="stat wide-stat" data-testid="live-medicines">
      <span class="label">Medicines in the last 24 h</span>
      <ul class="med-list">
        {list.map((m) => (
          <li key={m.name} aria-label={m.message}>
            <span class="value"><Icon name="medicine" size={16} /> {m.name}{m.last_amount ? ` ${m.last_amount}` : ''}</span>
            <span class="sub">{clock(m.last_given_ts)} by {m.last_given_by} · {m.doses_24h}{m.max_per_24h ? ` of ${m.max_per_24h}` : ''} dose{m.doses_24h === 1 && !m.max_per_24h ? '' : 's'} in 24 h</span>
            {m.not_before && <span class="sub not-before">Not before {m.not_before} by your setting</span>}
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
    return `Times on this card are ${zoneWithOffset(z)}, where the last logs were made.`;
  } catch {
    return null;
  }
}

export function LiveStatus({ live, units, waitingMl = 0, familyZone }: { live: Live; units: string; waitingMl?: number; familyZone?: string }) {
  const now = live.now;
  const zoneNote = liveZoneNote(live, familyZone);
  const asleepFor: number | null = live.asleep_since ? minutesBetween(live.asleep_since, now) : null;
  const sleepState = live.asleep
    ? `Asleep${asleepFor != null ? ` for ${duration(asleepFor)}` : ''}${live.night_sleep ? ' (night)' : ''}`
    : `Awake${live.awake_minutes != null ? ` for ${duration(live.awake_minutes)}` : ''}`;
  const target = live.daily_milk_target_ml;
  const ml = (live.ml_today ?? 0) + waitingMl;
  const vitd = vitaminDDone(live.supplement_log);
  const nap = napWindow(live.next_nap_window_at, now, live.expected_bedtime_at);
  const hungry: Record<string, string> = {
    not_yet: 'not hungry yet', hungry_soon: 'hungry soon', overdue: 'overdue', dream_feed: 'dream feed', unknown: '',
  };
  const at = (ts: string | null | undefined) => (ts ? clock(ts) : '—');
  const rel = (ts: string | null | undefined) => (ts ? relative(ts, now) : null);
  const poop = live.last_poop_hours_ago;
  const temp: LiveTemperature | null = live.temperature && typeof live.temperature.celsius === 'number' ? live.temperature : null;
  const meds: LiveMedicine[] = Array.isArray(live.medicines) ? live.medicines : [];
  const tummy: LiveTummy | null = live.tummy_time && typeof live.tummy_time.minutes_today === 'number' ? live.tummy_time : null;
  return (
    <section aria-labelledby="status-h">
      <h2 id="status-h" class="sr-only">Right now</h2>
      <div class="status" data-testid="live-status">
        {/* An urgent alert is said above everything on home (UrgentAlerts), not again here. */}
        {live.alert_msg && live.alert_level !== 'urgent' && (
          <p class={`alert alert-${live.alert_level ?? 'info'}`} role="note" data-testid="alert">{live.alert_msg}</p>
        )}
        {zoneNote && <p class="zone-note" data-testid="live-zone">{zoneNote}</p>}
        <Stat label="Now" value={sleepState} cls={`big ${live.asleep ? 'asleep' : ''}`} />
        {temp && (
          <Stat label="Temperature" value={showTemp(temp, units)} cls={`wide-stat temp${temp.urgent ? ' urgent-stat' : ''}`}
            sub={[temp.method, `${clock(temp.ts)} (${temp.minutes_ago < 1 ? 'just now' : `${duration(temp.minutes_ago)} ago`})`].filter(Boolean).join(' · ')}>
            <span class="sr-only" data-testid="live-temperature-message">{temp.message}</span>
          </Stat>
        )}
        {meds.length > 0 && <Medicines list={meds} />}
        {/* A toddler on meals: feeds are not timed (live.milk_nudges, docs/insights.md). */}
        {live.milk_nudges && !live.milk_nudges.applies ? (
          <Stat label="Next feed" value="Not timed" sub="meals lead now" />
        ) : (
          <Stat label="Next feed" value={live.next_feed_at ? at(live.next_feed_at) : hungry[live.hungry_state] || '—'}
            sub={[rel(live.next_feed_at), live.next_feed_at ? hungry[live.hungry_state] : ''].filter(Boolean).join(' · ')} />
        )}
        <Stat label="Milk today" value={target ? `${ml} / ${target} ml` : showMl(ml, units)}
          sub={[
            live.feeds_today != null ? `${live.feeds_today} feed${live.feeds_today === 1 ? '' : 's'}` : '',
            waitingMl ? `incl. ${showMl(waitingMl, units)} waiting to send` : '',
          ].filter(Boolean).join(' · ') || null}>
          {target ? (
            <div class="meter" role="img" aria-label={`${Math.round((ml / target) * 100)}% of the daily target`}>
              <span style={{ width: `${Math.min(100, (ml / target) * 100)}%` }} />
            </div>
          ) : null}
        </Stat>
        {!nap && live.next_sleep?.kind === 'bedtime' ? (
          <Stat label="Nap window" value="None" sub="bedtime is next" />
        ) : (
          <Stat label="Nap window" value={nap ? nap.split(' (')[0] : '—'} sub={nap && nap.includes(' (') ? nap.slice(nap.indexOf(' (') + 2, -1) : null} />
        )}
        <Stat label="Bedtime" value={at(live.expected_bedtime_at)} sub={rel(live.expected_bedtime_at)} />
        <Stat label="Last poop" value={poop != null ? (poop * 60 < 1 ? 'just now' : `${duration(poop * 60)} ago`) : '—'}
          sub={live.poop_status ? String(live.poop_status).replace(/_/g, ' ') : null} />
        <Stat label="Vitamin D" value={vitd == null ? '—' : vitd ? 'Done ✓' : 'Not yet'} sub={vitd === false ? 'today' : null} />
        {tummy && (
          <Stat label="Tummy time today" value={`${tummy.minutes_today} / ${tummy.target_minutes} min`} sub={tummy.met ? 'done ✓' : null} cls="wide-stat tummy">
            <div class="meter" role="img" aria-label={tummy.message}>
              <span style={{ width: `${Math.min(100, (tummy.minutes_today / Math.max(1, tummy.target_minutes)) * 100)}%` }} />
            </div>
          </Stat>
        )}
      </div>
    </section>
  );
}
