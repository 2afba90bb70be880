// Twins home: one compact card per child, side by side, so a parent sees at a glance who is
// asleep, who is feeding and who is due a feed. Feeding and sleep times tick against the
// server's clock, as the full status does. The cards of the children the buttons log for are
// marked: the selected child's, or every card when logging for all of them.
import { useEffect, useState } from 'preact/hooks';
import type { Child } from '../lib/children';
import { elapsedMs, formatHoursMinutes, formatTimer } from '../lib/feed';
import { clock, localNow, relative } from '../lib/time';
import { showMl } from '../lib/units';
import { Icon } from '../components/Icon';
import type { Live } from './LiveStatus';
import { t } from '../i18n/core';

function useSecondTick(): void {
  const [, setN] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setN((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
}

function TwinCard({ child, live, offsetMs, asleep, marked, zone, units }: {
  child: Child; live: Live | undefined; offsetMs: number; asleep: boolean; marked: boolean; zone: string; units: string;
}) {
  const now = localNow(zone);
  let icon = 'sun';
  let state = t('twin.awake');
  if (live?.feeding) {
    icon = 'breast';
    state = t('twin.feeding', { time: formatTimer(elapsedMs(live.feeding, now, offsetMs)) });
  } else if (asleep) {
    icon = 'moon';
    state = live?.asleep && live.asleep_since ? t('twin.asleep_for', { time: formatHoursMinutes(elapsedMs({ started_at: live.asleep_since }, now, offsetMs)) }) : t('twin.asleep');
  } else if (live?.awake_minutes != null) {
    // h:mm like the sleep time, so the line fits half a phone's width.
    state = t('twin.awake_for', { time: formatHoursMinutes(live.awake_minutes * 60000) });
  }
  const next = live?.next_feed_at ?? null;
  const feeds = live?.feeds_today;
  return (
    <div class={`twin-card${marked ? ' selected' : ''}${asleep ? ' asleep' : ''}`} data-testid="child-card" data-child={child.baby_name}
      data-target={marked ? 'true' : undefined}>
      <p class="twin-name">{child.baby_name}</p>
      <p class="twin-state" data-testid="child-state"><Icon name={icon} size={18} /> {live ? state : '…'}</p>
      {live && <p class="twin-sub">{t('twin.next_feed')} {next ? <>{clock(next)} <span class="nowrap">({relative(next, live.now)})</span></> : '—'}</p>}
      {live && (
        <p class="twin-sub">{t('twin.milk', { ml: showMl(live.ml_today ?? 0, units) })}{feeds != null ? ` · ${t('live.feeds', { n: feeds })}` : ''}</p>
      )}
    </div>
  );
}

export function TwinCards({ list, lives, offsets, asleepOf, targets, zone, units }: {
  list: Child[];
  lives: Record<string, Live>;
  offsets: Record<string, number>;
  asleepOf: (id: string) => boolean;
  /** the children the log buttons log for */
  targets: (string | null)[];
  zone: string;
  units: string;
}) {
  useSecondTick();
  return (
    <section aria-labelledby="twins-h">
      <h2 id="twins-h" class="sr-only">{t('twin.heading')}</h2>
      <div class="twin-cards">
        {list.map((c) => (
          <TwinCard key={c.id} child={c} live={lives[c.id]} offsetMs={offsets[c.id] ?? 0} asleep={asleepOf(c.id)}
            marked={targets.includes(c.id)} zone={zone} units={units} />
        ))}
      </div>
    </section>
  );
}
