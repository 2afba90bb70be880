// The breastfeed timer, shared by every caregiver of the family (POST /api/vega/feed/*).
// Not feeding: two big buttons, Left and Right, with the side to start on marked. Feeding: a
// ticking mm:ss from the feed's start (against the server's clock), the side now, each side's
// minutes, Switch, Stop and Cancel. A feed left running for hours asks for its real end.
// Each child has its own timer (`child` in every call), so twins can feed at once: home then
// shows two panels side by side (`compact`), each headed by the child's name.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, post } from '../lib/api';
import { elapsedMs, formatTimer, startSide, type Feed, type Side } from '../lib/feed';
import { clock, localNow, tsFromClock } from '../lib/time';
import { phoneZone } from '../lib/zone';
import { Icon } from '../components/Icon';
import type { Live } from './LiveStatus';
import type { LogEvent } from '../lib/describe';
import { t, tx } from '../i18n/core';

const label = (s: Side) => (s === 'left' ? t('feed.left') : t('feed.right'));
const bold = (chunks: (string | ComponentChildren)[]) => <strong data-testid="feed-side">{chunks}</strong>;

/** Ticks once a second while mounted. */
function useTick(): number {
  const [, setN] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setN((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  return Date.now();
}

export function FeedPanel({ child, name, compact = false, live, zone, offsetMs, onLive, onLogged, onRefresh }: {
  /** the child whose timer this is (null: the children are not known, the server's primary) */
  child: string | null;
  /** the child's name, shown when the family has several */
  name?: string;
  /** half the width, beside another child's panel */
  compact?: boolean;
  live: Live | null;
  zone: string;
  /** server clock minus this phone's (family-local), from the last live status */
  offsetMs: number;
  onLive: (l: Live) => void;
  onLogged: (event: LogEvent) => void;
  /** fetch the live status again (another caregiver changed the timer meanwhile) */
  onRefresh: () => void;
}) {
  const feed: Feed | null = live?.feeding ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [endAt, setEndAt] = useState('');
  useTick();

  // Every call names its child; a timer started or stopped now says where the baby is (the
  // phone's zone), as a log does; a stop at a picked time stays on the family's clock, which is
  // the clock it was picked on.
  const whose = child ? { child } : {};
  const here = { timezone: phoneZone() };
  type Answer = { live: Live | null; event?: LogEvent | null };
  const call = async (send: () => Promise<Answer>) => {
    setBusy(true);
    setError(null);
    try {
      const r = await send();
      if (r.live) onLive(r.live);
      if (r.event) onLogged(r.event);
    } catch (e) {
      if (e instanceof ApiError && e.offline) setError(t('feed.needs_connection', { at: t('when.at') }));
      else setError(e instanceof Error ? e.message : t('common.wrong'));
      // Another caregiver may have started or stopped it meanwhile: show what is true now.
      if (e instanceof ApiError && e.status === 409) onRefresh();
    } finally {
      setBusy(false);
    }
  };

  const cls = `sheet feed${compact ? ' compact' : ''}`;
  const id = compact ? `sheet-feed-${child}` : 'sheet-feed';
  // Named panels are groups labelled by the child, so a screen reader hears whose Stop it is.
  const heading = name ? <p class="feed-child" id={`${id}-name`}>{name}</p> : null;
  const group = name ? { role: 'group' as const, 'aria-labelledby': `${id}-name` } : {};
  if (!feed) {
    const first = startSide(live?.last_breast_side);
    return (
      <div class={cls} id={id} data-testid="feed-panel" data-child={name} {...group}>
        {heading}
        <p class="feed-hint" data-testid="start-side">
          {first ? <>{tx('feed.start_on', { side: first, b: (c: (string | ComponentChildren)[]) => <strong>{c}</strong> })}{!compact && <> <span class="muted">{t('feed.last_ended', { side: live?.last_breast_side ?? '' })}</span></>}</> : t('feed.which_side')}
        </p>
        <div class="feed-sides">
          {(['left', 'right'] as const).map((s) => (
            <button type="button" key={s} class={`btn side${first === s ? ' suggested' : ''}`} disabled={busy}
              onClick={() => call(() => post('/api/vega/feed/start', { body: { side: s, ...here, ...whose } }))} data-testid={`feed-start-${s}`}>
              {label(s)}{first === s && <span class="badge">{t('feed.start_here')}</span>}
            </button>
          ))}
        </div>
        {error && <p class="error" role="alert">{error}</p>}
      </div>
    );
  }

  const ms = elapsedMs(feed, localNow(zone), offsetMs);
  const other: Side = feed.side === 'left' ? 'right' : 'left';
  const stopAt = endAt ? tsFromClock(endAt, zone) : null;
  return (
    <div class={`${cls} running`} id={id} data-testid="feed-panel" data-child={name} aria-live="polite" {...group}>
      {heading}
      <p class="feed-now"><Icon name="breast" /> {tx(compact ? 'feed.on_side_compact' : 'feed.on_side', { side: feed.side, b: bold })}</p>
      <p class="timer" data-testid="feed-timer" role="timer" aria-label={name ? t('feed.timer_label_name', { name, n: Math.floor(ms / 60000) }) : t('feed.timer_label', { n: Math.floor(ms / 60000) })}>{formatTimer(ms)}</p>
      {compact ? (
        <p class="muted small">{t('feed.from_by', { time: clock(feed.started_at), who: feed.started_by })}<br />{t('feed.sides_compact', { l: feed.sides.left_min, r: feed.sides.right_min })}</p>
      ) : (
        <p class="muted small">
          {t('feed.started_by', { time: clock(feed.started_at), who: feed.started_by, l: feed.sides.left_min, r: feed.sides.right_min })}
        </p>
      )}
      {feed.stale ? (
        <div class="card warn" data-testid="feed-stale">
          <p>{t('feed.stale')}</p>
          <div class="row">
            <input type="time" aria-label={t('feed.ended_at')} value={endAt} onInput={(e) => setEndAt((e.currentTarget as HTMLInputElement).value)} />
            <button type="button" class="btn primary" disabled={busy || !stopAt} onClick={() => call(() => post('/api/vega/feed/stop', { body: { ts: stopAt, ...whose } }))}>{t('feed.log_it')}</button>
          </div>
        </div>
      ) : (
        <div class="feed-controls">
          <button type="button" class="btn" disabled={busy} onClick={() => call(() => post('/api/vega/feed/switch', { body: whose }))} data-testid="feed-switch">
            {!compact && <Icon name="swap" />} {t('feed.switch_to', { side: other })}
          </button>
          <button type="button" class="btn primary" disabled={busy} onClick={() => call(() => post('/api/vega/feed/stop', { body: { ...here, ...whose } }))} data-testid="feed-stop">
            <Icon name="stop" /> {t('feed.stop')}
          </button>
        </div>
      )}
      <button type="button" class="btn ghost wide" disabled={busy} onClick={() => call(() => post('/api/vega/feed/cancel', { body: whose }))} data-testid="feed-cancel">
        {compact ? t('feed.cancel_compact') : t('feed.cancel')}
      </button>
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}

/** Two or more children's panels side by side; opened below the buttons, scrolled into view. */
export function FeedPair({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), []);
  return <div class="feed-pair" id="sheet-feed" ref={ref}>{children}</div>;
}
