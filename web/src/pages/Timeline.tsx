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
import { currentLocale, num, t } from '../i18n/core';

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
        setError(e instanceof ApiError ? e.message : t('tl.load_failed'));
      });
  };
  useEffect(() => {
    if (view === 'list') load(date);
  }, [date, view]);

  const replace = (updated: LogEvent | null, id: string) =>
    setEvents((evs) => (evs ?? []).flatMap((e) => (e.id !== id ? [e] : updated ? [updated] : [])));

  return (
    <>
      <h1>{t('nav.timeline')}</h1>
      {/* A phone on another clock (travel): say whose clock the times are on. */}
      {clocksDiffer(phoneZone(), zone) && <p class="muted small" data-testid="timeline-zone">{t('tl.zone', { place: placeName(zone) })}</p>}
      <div class="row" role="group" aria-label={t('tl.view')} style={{ marginBottom: '0.5rem' }}>
        <button type="button" class="btn small" aria-pressed={view === 'list'} onClick={() => navigate('/timeline')}>{t('tl.day_list')}</button>
        <button type="button" class="btn small" aria-pressed={view === '24h'} onClick={() => navigate('/timeline?view=24h')} data-testid="view-24h">{t('tl.days_24h')}</button>
      </div>
      {view === '24h' ? <Day24 zone={zone} /> : <>
      <div class="daybar">
        <button type="button" class="btn" onClick={() => setDate(addDays(date, -1))} aria-label={t('tl.prev_day')}>‹</button>
        <div class="field">
          <label for="day" class="small">{dayLabel(date, today)}</label>
          <input id="day" type="date" value={date} max={today} onChange={(e) => {
            const v = (e.currentTarget as HTMLInputElement).value;
            if (v) setDate(v);
          }} />
        </div>
        <button type="button" class="btn" onClick={() => setDate(addDays(date, 1))} disabled={date >= today} aria-label={t('tl.next_day')}>›</button>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {events == null ? (
        <p class="muted" aria-busy="true">{t('common.loading')}</p>
      ) : events.length === 0 ? (
        <p class="muted">{date === today ? t('tl.nothing_today') : t('tl.nothing_day')}</p>
      ) : (
        <>
          <p class="muted small">{summary(events)}</p>
          <ul class="events" aria-label={t('tl.events_on', { date: new Date(`${date}T12:00:00Z`).toLocaleDateString(currentLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) })}>
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
  // Bottles only: a breastfeed is not a volume.
  const ml = events.filter((e) => e.type === 'milk' && typeof e.side !== 'string').reduce((a, e) => a + (e.ml ?? 0), 0);
  const parts = [
    ml ? t('tl.feeds_ml', { n: n('milk'), ml: `${num(ml)} ml` }) : t('live.feeds', { n: n('milk') }),
    t('tl.nappies', { n: n('nappy') }),
    t('tl.sleeps', { n: n('sleep') }),
  ];
  const snacks = events.filter((e) => e.type === 'solid' && e.meal_type === 'snack').length;
  const meals = n('solid') - snacks;
  if (meals) parts.push(t('tl.meals', { n: meals }));
  if (snacks) parts.push(t('tl.snacks', { n: snacks }));
  // The rest of the day (issue 26), only when there is some.
  const pumped = events.filter((e) => e.type === 'pumping').reduce((a, e) => a + (e.ml ?? 0), 0);
  if (n('pumping')) parts.push(t('tl.pumped', { ml: `${num(pumped)} ml` }));
  if (n('medicine')) parts.push(t('tl.medicines', { n: n('medicine') }));
  if (n('temperature')) parts.push(t('tl.temperatures', { n: n('temperature') }));
  const tummy = events.filter((e) => e.type === 'activity' && e.kind === 'tummy_time').reduce((a, e) => a + (e.duration_min ?? 0), 0);
  if (tummy) parts.push(t('tl.tummy', { m: tummy }));
  // A list of the day's counts, not a sentence: the same " · " in every language.
  return parts.join(' · ');
}


