// Timeline: one day's log, newest first, with edit, delete, reactions and who logged it.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get } from '../lib/api';
import type { LogEvent } from '../lib/describe';
import { familyZone, selectedChild, useSession } from '../lib/session';
import { addDays, dayLabel, localToday } from '../lib/time';
import { clocksDiffer, phoneZone, placeName } from '../lib/zone';
import { EventRow } from './timeline/EventRow';
import { Day24 } from './timeline/Day24';
import { navigate, useLocation } from '../lib/router';

export function Timeline() {
  const s = useSession();
  const zone = familyZone();
  const today = localToday(zone);
  const [date, setDate] = useState(today);
  const [events, setEvents] = useState<LogEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const view = useLocation().query.get('view') === '24h' ? '24h' : 'list';

  const load = (d = date) => {
    setError(null);
    get('/api/vega/events', { params: { query: { date: d, ...selectedChild() } } })
      .then((r) => setEvents([...r.events].reverse()))
      .catch((e) => {
        setEvents([]);
        setError(e instanceof ApiError ? e.message : 'Could not load the log.');
      });
  };
  useEffect(() => {
    if (view === 'list') load(date);
  }, [date, view]);

  const replace = (updated: LogEvent | null, id: string) =>
    setEvents((evs) => (evs ?? []).flatMap((e) => (e.id !== id ? [e] : updated ? [updated] : [])));

  return (
    <>
      <h1>Timeline</h1>
      {/* A phone on another clock (travel): say whose clock the times are on. */}
      {clocksDiffer(phoneZone(), zone) && <p class="muted small" data-testid="timeline-zone">Times are {placeName(zone)} time, the family's clock.</p>}
      <div class="row" role="group" aria-label="View" style={{ marginBottom: '0.5rem' }}>
        <button type="button" class="btn small" aria-pressed={view === 'list'} onClick={() => navigate('/timeline')}>Day list</button>
        <button type="button" class="btn small" aria-pressed={view === '24h'} onClick={() => navigate('/timeline?view=24h')} data-testid="view-24h">7 days × 24 h</button>
      </div>
      {view === '24h' ? <Day24 zone={zone} /> : <>
      <div class="daybar">
        <button type="button" class="btn" onClick={() => setDate(addDays(date, -1))} aria-label="Previous day">‹</button>
        <div class="field">
          <label for="day" class="small">{dayLabel(date, today)}</label>
          <input id="day" type="date" value={date} max={today} onChange={(e) => {
            const v = (e.currentTarget as HTMLInputElement).value;
            if (v) setDate(v);
          }} />
        </div>
        <button type="button" class="btn" onClick={() => setDate(addDays(date, 1))} disabled={date >= today} aria-label="Next day">›</button>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {events == null ? (
        <p class="muted" aria-busy="true">Loading…</p>
      ) : events.length === 0 ? (
        <p class="muted">Nothing logged {date === today ? 'yet today' : 'on this day'}.</p>
      ) : (
        <>
          <p class="muted small">{summary(events)}</p>
          <ul class="events" aria-label={`Events on ${date}`}>
            {events.map((e) => (
              <EventRow key={e.id} event={e} units={s.profile?.units ?? 'metric'} me={s.me?.user ?? ''} onChange={(u) => replace(u, e.id)} />
            ))}
          </ul>
        </>
      )}
      </>}
    </>
  );
}

function summary(events: LogEvent[]): string {
  const n = (t: string) => events.filter((e) => e.type === t).length;
  const plural = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  // Bottles only: a breastfeed is not a volume.
  const ml = events.filter((e) => e.type === 'milk' && typeof e.side !== 'string').reduce((a, e) => a + (e.ml ?? 0), 0);
  const parts = [`${plural(n('milk'), 'feed', 'feeds')}${ml ? ` (${ml} ml)` : ''}`, plural(n('nappy'), 'nappy', 'nappies'), plural(n('sleep'), 'sleep', 'sleeps')];
  const snacks = events.filter((e) => e.type === 'solid' && e.meal_type === 'snack').length;
  const meals = n('solid') - snacks;
  if (meals) parts.push(plural(meals, 'meal', 'meals'));
  if (snacks) parts.push(plural(snacks, 'snack', 'snacks'));
  // The rest of the day (issue 26), only when there is some.
  const pumped = events.filter((e) => e.type === 'pumping').reduce((a, e) => a + (e.ml ?? 0), 0);
  if (n('pumping')) parts.push(`pumped ${pumped} ml`);
  if (n('medicine')) parts.push(plural(n('medicine'), 'medicine', 'medicines'));
  if (n('temperature')) parts.push(plural(n('temperature'), 'temperature', 'temperatures'));
  const tummy = events.filter((e) => e.type === 'activity' && e.kind === 'tummy_time').reduce((a, e) => a + (e.duration_min ?? 0), 0);
  if (tummy) parts.push(`tummy time ${tummy} min`);
  return parts.join(' · ');
}


