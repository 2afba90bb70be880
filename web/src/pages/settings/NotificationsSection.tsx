// Notifications (issue 28): this caregiver's reminders, their quiet hours, and this phone's
// Web Push subscription with a test button. Reminders are per caregiver: what one parent turns
// on reaches only their own devices. GET/POST /api/vega/reminders; /api/vega/push/*.
import { useEffect, useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { ApiError, get, post } from '../../lib/api';
import { pushSupport, subscribeThisDevice, unsubscribeThisDevice, thisDeviceEndpoint } from '../../lib/push';
import { t, type MessageKey } from '../../i18n/core';

interface Reminders {
  feed_due: { enabled: boolean; minutes_before: number };
  feed_timer: { enabled: boolean; after_minutes: number };
  long_sleep: { enabled: boolean; after_hours: number };
  nothing_logged: { enabled: boolean; after_hours: number };
  vitamin_d: { enabled: boolean; by: string };
  medicine: { enabled: boolean };
}
export interface ReminderSettings {
  reminders: Reminders;
  quiet_hours: { start: string; end: string } | null;
  push_devices: number;
}
type Key = keyof Reminders;

/** Each reminder: its words, and its one number (or time) with the range the API takes. */
const ROWS: { key: Key; label: MessageKey; field?: string; unit?: MessageKey; min?: number; max?: number; time?: boolean }[] = [
  { key: 'feed_due', label: 'rem.feed_due', field: 'minutes_before', unit: 'rem.minutes_before', min: 0, max: 120 },
  { key: 'feed_timer', label: 'rem.feed_timer', field: 'after_minutes', unit: 'rem.minutes', min: 5, max: 240 },
  { key: 'long_sleep', label: 'rem.long_sleep', field: 'after_hours', unit: 'rem.hours_wake', min: 1, max: 24 },
  { key: 'nothing_logged', label: 'rem.nothing_logged', field: 'after_hours', unit: 'rem.hours', min: 1, max: 24 },
  { key: 'vitamin_d', label: 'rem.vitamin_d', field: 'by', time: true },
  { key: 'medicine', label: 'rem.medicine' },
];

function DeviceControls({ devices, onChange }: { devices: number; onChange: () => void }) {
  const support = pushSupport();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void thisDeviceEndpoint().then((e) => setOn(e !== null));
  }, [devices]);
  const act = async (fn: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      setStatus(await fn());
      onChange();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : e instanceof Error ? e.message : t('common.try_again_work'));
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () => act(async () => {
    await subscribeThisDevice();
    setOn(true);
    return t('push.on_done');
  });
  const turnOff = () => act(async () => {
    await unsubscribeThisDevice();
    setOn(false);
    return t('push.off_done');
  });
  const test = () => act(async () => {
    const r = await post('/api/vega/push/test');
    return t('push.test_sent', { n: r.devices });
  });
  return (
    <div data-testid="push-device">
      {support !== 'ok' ? (
        <p class="small muted">{support === 'ios' ? t('push.ios') : t('push.unsupported')}</p>
      ) : (
        <p class="small">
          {t('push.this_device')} <strong data-testid="push-state">{on == null ? '…' : on ? t('push.state_on') : t('push.state_off')}</strong>
          {devices > 0 ? <span class="muted"> · {t('push.devices', { n: devices })}</span> : null}
        </p>
      )}
      {status && <p class="small" role="status">{status}</p>}
      <FormError error={error} />
      <div class="row">
        {support === 'ok' && (on ? (
          <button type="button" class="btn small" disabled={busy} onClick={turnOff}>{t('push.turn_off')}</button>
        ) : (
          <button type="button" class="btn small primary" disabled={busy || on == null} onClick={turnOn} data-testid="push-enable">{t('push.turn_on')}</button>
        ))}
        <button type="button" class="btn small" disabled={busy || devices === 0} onClick={test} data-testid="push-test">{t('push.test')}</button>
      </div>
    </div>
  );
}

export function NotificationsSection() {
  const [s, setS] = useState<ReminderSettings | null>(null);
  const [draft, setDraft] = useState<ReminderSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () =>
    get('/api/vega/reminders').then(
      (r) => { setS(r); setDraft(r); },
      (e) => setError(e instanceof ApiError ? e.message : t('rem.load_failed')),
    );
  useEffect(() => void load(), []);

  const setReminder = (key: Key, patch: Record<string, unknown>) => {
    setSaved(null);
    setDraft((d) => (d ? { ...d, reminders: { ...d.reminders, [key]: { ...d.reminders[key], ...patch } } } : d));
  };
  const save = async (e: Event) => {
    e.preventDefault();
    if (!draft) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    setSaved(null);
    try {
      const r = await post('/api/vega/reminders', { body: { reminders: draft.reminders, quiet_hours: draft.quiet_hours } });
      setS(r);
      setDraft(r);
      setSaved(t('common.saved'));
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setFieldErrors(err.fields);
      } else setError(t('common.try_again'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="notify-h" data-testid="notifications-section">
      <h2 id="notify-h" style={{ marginTop: 0 }}>{t('rem.title')}</h2>
      <p class="small">{t('rem.intro')}</p>
      {draft == null ? (error ? <FormError error={error} /> : <p class="muted" aria-busy="true">{t('common.loading')}</p>) : (
        <>
          <DeviceControls devices={s?.push_devices ?? 0} onChange={() => void load()} />
          <form onSubmit={save} noValidate>
            <h3>{t('rem.when')}</h3>
            <ul class="reminder-list">
              {ROWS.map((row) => {
                const r = draft.reminders[row.key] as Record<string, unknown> & { enabled: boolean };
                const id = `rem-${row.key}`;
                const err = row.field ? fieldErrors[row.field] : undefined;
                return (
                  <li key={row.key} class="reminder-row" data-testid={id}>
                    <div class="check">
                      <input type="checkbox" class="tick" id={id} checked={r.enabled} onChange={(e) => setReminder(row.key, { enabled: (e.currentTarget as HTMLInputElement).checked })} />
                      <label for={id}>{t(row.label)}</label>
                    </div>
                    {row.field && (
                      <div class="reminder-value">
                        <input
                          id={`${id}-value`}
                          aria-label={`${t(row.label)} ${row.unit ? t(row.unit) : ''}`.trim()}
                          type={row.time ? 'time' : 'number'}
                          inputMode={row.time ? undefined : 'numeric'}
                          min={row.min}
                          max={row.max}
                          value={String(r[row.field] ?? '')}
                          disabled={!r.enabled}
                          onInput={(e) => {
                            const v = (e.currentTarget as HTMLInputElement).value;
                            setReminder(row.key, { [row.field!]: row.time ? v : v === '' ? '' : Number(v) });
                          }}
                        />
                        {row.unit && <span class="small muted">{t(row.unit)}</span>}
                        {err && <p class="error small" role="alert">{err}</p>}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <h3>{t('rem.quiet')}</h3>
            <div class="check">
              <input type="checkbox" class="tick" id="quiet-on" checked={draft.quiet_hours !== null}
                onChange={(e) => { setSaved(null); setDraft({ ...draft, quiet_hours: (e.currentTarget as HTMLInputElement).checked ? { start: '22:00', end: '07:00' } : null }); }} />
              <label for="quiet-on">{t('rem.quiet_hint')}</label>
            </div>
            {draft.quiet_hours && (
              <div class="row quiet-hours">
                <label class="small" for="quiet-start">{t('rem.from')}</label>
                <input id="quiet-start" type="time" value={draft.quiet_hours.start} onInput={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, start: (e.currentTarget as HTMLInputElement).value } })} />
                <label class="small" for="quiet-end">{t('rem.to')}</label>
                <input id="quiet-end" type="time" value={draft.quiet_hours.end} onInput={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, end: (e.currentTarget as HTMLInputElement).value } })} />
              </div>
            )}
            <FormError error={error} />
            {saved && <p class="small" role="status">{saved}</p>}
            <button class="btn primary" type="submit" disabled={busy} data-testid="reminders-save">{t('rem.save')}</button>
          </form>
        </>
      )}
    </section>
  );
}
