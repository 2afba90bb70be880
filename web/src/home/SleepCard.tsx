// While the baby sleeps the sleep button becomes a ticking card, "Asleep 0:42", and one tap
// logs the wake. The time counts from live.asleep_since against the server's clock.
import { useEffect, useState } from 'preact/hooks';
import { elapsedMs, formatHoursMinutes } from '../lib/feed';
import { clock, localNow } from '../lib/time';
import { Icon } from '../components/Icon';
import { t } from '../i18n/core';

export function SleepCard({ since, zone, offsetMs, busy, onWake }: {
  since: string | null; zone: string; offsetMs: number; busy: boolean; onWake: () => void;
}) {
  const [, setN] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setN((n) => n + 1), 15_000);
    return () => clearInterval(t);
  }, []);
  const ms = since ? elapsedMs({ started_at: since }, localNow(zone), offsetMs) : null;
  return (
    <div class="sleep-card" data-testid="sleep-card" role="status">
      <span class="sleep-what"><Icon name="moon" size={28} />
        <span><strong data-testid="sleep-timer">{ms != null ? t('twin.asleep_for', { time: formatHoursMinutes(ms) }) : t('twin.asleep')}</strong>
          {since && <span class="muted small"> {t('sleep.since', { time: clock(since) })}</span>}</span>
      </span>
      <button type="button" class="btn primary" disabled={busy} onClick={onWake} data-testid="btn-wake"><Icon name="sun" /> {t('ev.wake')}</button>
    </div>
  );
}
