// The phone is on another clock than the family's (travel, or a move not yet set): home says so
// plainly, and that every time here is in the family's zone. An admin can switch the family to
// the phone's zone in one tap (POST /api/vega/profile {timezone}); "Not now" is remembered for
// that zone on this phone. A member sees the notice without the switch. Logs from this phone
// carry its zone either way (Home), so the server knows where each one happened.
import { useState } from 'preact/hooks';
import { post, splitError } from '../lib/api';
import { childBody, setProfile } from '../lib/session';
import { clocksDiffer, placeName, utcLabel, offsetMinutes } from '../lib/zone';
import { t } from '../i18n/core';

const KEY = (family: string) => `zone-notice:${family}`;

/** The phone→family zone pairs a parent said "Not now" to on this phone. */
function dismissed(family: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY(family)) ?? '[]');
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
function dismiss(family: string, pair: string): void {
  try {
    localStorage.setItem(KEY(family), JSON.stringify([...dismissed(family).filter((x) => x !== pair), pair].slice(-10)));
  } catch {
    /* storage blocked: hidden until the page is opened again */
  }
}

export function ZoneNotice({ familyId, familyZone, phone, admin, onSwitched }: {
  familyId: string;
  /** profile.timezone */
  familyZone: string;
  /** this phone's zone */
  phone: string;
  admin: boolean;
  /** after the family's zone was switched to the phone's */
  onSwitched: (zone: string) => void;
}) {
  const pair = `${phone}>${familyZone}`;
  const [hidden, setHidden] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!familyZone || !clocksDiffer(phone, familyZone) || hidden === pair || dismissed(familyId).includes(pair)) return null;

  const here = placeName(phone);
  const home = placeName(familyZone);
  const notNow = () => {
    dismiss(familyId, pair);
    setHidden(pair);
  };
  const switchZone = async () => {
    setBusy(true);
    setError(null);
    try {
      // Named, so the answer is the selected child's profile (the one the app shows).
      const r = await post('/api/vega/profile', { body: { timezone: phone, ...childBody() } });
      setProfile(r.profile);
      onSwitched(phone);
    } catch (e) {
      const { fields, form } = splitError(e, []);
      setError(form ?? Object.values(fields)[0] ?? t('zone.switch_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="zone-notice" aria-labelledby="zone-notice-h" data-testid="zone-notice">
      <h2 id="zone-notice-h" class="zone-notice-h">{t('zone.phone_on', { here, offset: utcLabel(offsetMinutes(phone)) })}</h2>
      <p>{t('zone.family_clock', { home })}</p>
      {error && <p class="error" role="alert">{error}</p>}
      <div class="zone-notice-actions">
        {!admin && <p class="small zone-notice-who">{t('zone.admin_can')}</p>}
        {admin && (
          <button type="button" class="btn primary" disabled={busy} onClick={switchZone} data-testid="zone-switch">
            {t('zone.switch', { here })}
          </button>
        )}
        <button type="button" class="btn" disabled={busy} onClick={notNow} data-testid="zone-not-now">{admin ? t('zone.not_now') : t('zone.got_it')}</button>
      </div>
    </section>
  );
}
