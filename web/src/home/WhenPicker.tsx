// When did it happen? Now by default; one tap for "15 min ago"/"30 min ago", or a clock time.
// The result is a family-local timestamp so a phone in another zone still logs correctly.
import { clock, localNow, localTs, notYet, tsFromClock } from '../lib/time';
import { clocksDiffer, phoneZone, placeName } from '../lib/zone';
import { t } from '../i18n/core';

export type When = { kind: 'now' } | { kind: 'ago'; minutes: number } | { kind: 'at'; hhmm: string };

/** The timestamp to log with, or null when a picked clock time hasn't come yet today. */
export function resolveWhen(w: When, zone: string): string | null {
  if (w.kind === 'ago') return localTs(Date.now() - w.minutes * 60000, zone);
  if (w.kind === 'at' && /^\d{2}:\d{2}$/.test(w.hhmm)) return tsFromClock(w.hhmm, zone);
  return localNow(zone);
}

export function WhenPicker({ when, onChange, zone, error }: { when: When; onChange: (w: When) => void; zone: string; error?: string | null }) {
  const opt = (label: string, w: When, pressed: boolean) => (
    <button type="button" class="btn small" aria-pressed={pressed} onClick={() => onChange(w)}>{label}</button>
  );
  // Said as soon as the time is picked, not only after a tap on a log button.
  const problem = error || (when.kind === 'at' && resolveWhen(when, zone) == null ? notYet() : null);
  return (
    <div class="when-wrap">
      <div class="when" role="group" aria-label={t('when.label')}>
        {opt(t('when.now'), { kind: 'now' }, when.kind === 'now')}
        {opt(t('when.ago', { m: 15 }), { kind: 'ago', minutes: 15 }, when.kind === 'ago' && when.minutes === 15)}
        {opt(t('when.ago', { m: 30 }), { kind: 'ago', minutes: 30 }, when.kind === 'ago' && when.minutes === 30)}
        <span class="when-at">
          {/* A phone on another clock: the time picked is the family's, as every time shown is. */}
          <label for="when-time">{clocksDiffer(phoneZone(), zone) ? t('when.at_place', { place: placeName(zone) }) : t('when.at')}</label>
          <input
            id="when-time"
            type="time"
            value={when.kind === 'at' ? when.hhmm : ''}
            placeholder={clock(localNow(zone))}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'when-err' : undefined}
            onInput={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value;
              onChange(v ? { kind: 'at', hhmm: v } : { kind: 'now' });
            }}
          />
        </span>
      </div>
      {problem && <p class="error" id="when-err" role="alert" data-testid="when-error">{problem}</p>}
    </div>
  );
}
