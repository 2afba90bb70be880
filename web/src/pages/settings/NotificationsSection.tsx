// Notifications (issue 28): this caregiver's reminders, their quiet hours, and this phone's
// Web Push subscription with a test button. Reminders are per caregiver: what one parent turns
// on reaches only their own devices. GET/POST /api/vega/reminders; /api/vega/push/*.
import { useEffect, useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { ApiError, get, post } from '../../lib/api';
import { pushSupport, subscribeThisDevice, unsubscribeThisDevice, thisDeviceEndpoint } from '../../lib/push';

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
const ROWS: { key: Key; label: string; field?: string; unit?: string; min?: number; max?: number; time?: boolean }[] = [
  { key: 'feed_due', label: 'A feed is due', field: 'minutes_before', unit: 'minutes before', min: 0, max: 120 },
  { key: 'feed_timer', label: 'A feed timer is still running after', field: 'after_minutes', unit: 'minutes', min: 5, max: 240 },
  { key: 'long_sleep', label: 'A sleep has been open for', field: 'after_hours', unit: 'hours (a wake-up not logged?)', min: 1, max: 24 },
  { key: 'nothing_logged', label: 'Nothing logged in the day for', field: 'after_hours', unit: 'hours', min: 1, max: 24 },
  { key: 'vitamin_d', label: 'Vitamin D not given by', field: 'by', time: true },
  { key: 'medicine', label: 'A medicine can be given again by your own settings' },
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
      setError(e instanceof ApiError ? e.message : e instanceof Error ? e.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () => act(async () => {
    await subscribeThisDevice();
    setOn(true);
    return 'Notifications are on for this device.';
  });
  const turnOff = () => act(async () => {
    await unsubscribeThisDevice();
    setOn(false);
    return 'Notifications are off for this device.';
  });
  const test = () => act(async () => {
    const r = await post('/api/vega/push/test');
    return `Test sent to ${r.devices === 1 ? 'your device' : `your ${r.devices} devices`}. It should arrive within a minute.`;
  });
  return (
    <div data-testid="push-device">
      {support !== 'ok' ? (
        <p class="small muted">{support === 'ios' ? 'On an iPhone, add this app to the Home Screen (Share › Add to Home Screen) and open it from there to get notifications.' : 'This browser cannot show notifications from the app.'}</p>
      ) : (
        <p class="small">
          This device: <strong data-testid="push-state">{on == null ? '…' : on ? 'notifications on' : 'notifications off'}</strong>
          {devices > 0 ? <span class="muted"> · {devices === 1 ? '1 device' : `${devices} devices`} of yours get reminders</span> : null}
        </p>
      )}
      {status && <p class="small" role="status">{status}</p>}
      <FormError error={error} />
      <div class="row">
        {support === 'ok' && (on ? (
          <button type="button" class="btn small" disabled={busy} onClick={turnOff}>Turn off on this device</button>
        ) : (
          <button type="button" class="btn small primary" disabled={busy || on == null} onClick={turnOn} data-testid="push-enable">Turn on notifications</button>
        ))}
        <button type="button" class="btn small" disabled={busy || devices === 0} onClick={test} data-testid="push-test">Send a test</button>
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
      (e) => setError(e instanceof ApiError ? e.message : 'Could not load your reminders.'),
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
      setSaved('Saved.');
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setFieldErrors(err.fields);
      } else setError('That did not go through. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="notify-h" data-testid="notifications-section">
      <h2 id="notify-h" style={{ marginTop: 0 }}>Notifications</h2>
      <p class="small">Reminders go to your own devices only; each caregiver chooses theirs.</p>
      {draft == null ? (error ? <FormError error={error} /> : <p class="muted" aria-busy="true">Loading…</p>) : (
        <>
          <DeviceControls devices={s?.push_devices ?? 0} onChange={() => void load()} />
          <form onSubmit={save} noValidate>
            <h3>Remind me when</h3>
            <ul class="reminder-list">
              {ROWS.map((row) => {
                const r = draft.reminders[row.key] as Record<string, unknown> & { enabled: boolean };
                const id = `rem-${row.key}`;
                const err = row.field ? fieldErrors[row.field] : undefined;
                return (
                  <li key={row.key} class="reminder-row" data-testid={id}>
                    <div class="check">
                      <input type="checkbox" class="tick" id={id} checked={r.enabled} onChange={(e) => setReminder(row.key, { enabled: (e.currentTarget as HTMLInputElement).checked })} />
                      <label for={id}>{row.label}</label>
                    </div>
                    {row.field && (
                      <div class="reminder-value">
                        <input
                          id={`${id}-value`}
                          aria-label={`${row.label} ${row.unit ?? ''}`.trim()}
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
                        {row.unit && <span class="small muted">{row.unit}</span>}
                        {err && <p class="error small" role="alert">{err}</p>}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <h3>Quiet hours</h3>
            <div class="check">
              <input type="checkbox" class="tick" id="quiet-on" checked={draft.quiet_hours !== null}
                onChange={(e) => { setSaved(null); setDraft({ ...draft, quiet_hours: (e.currentTarget as HTMLInputElement).checked ? { start: '22:00', end: '07:00' } : null }); }} />
              <label for="quiet-on">Hold reminders overnight; anything still due is sent when quiet hours end</label>
            </div>
            {draft.quiet_hours && (
              <div class="row quiet-hours">
                <label class="small" for="quiet-start">From</label>
                <input id="quiet-start" type="time" value={draft.quiet_hours.start} onInput={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, start: (e.currentTarget as HTMLInputElement).value } })} />
                <label class="small" for="quiet-end">to</label>
                <input id="quiet-end" type="time" value={draft.quiet_hours.end} onInput={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, end: (e.currentTarget as HTMLInputElement).value } })} />
              </div>
            )}
            <FormError error={error} />
            {saved && <p class="small" role="status">{saved}</p>}
            <button class="btn primary" type="submit" disabled={busy} data-testid="reminders-save">Save reminders</button>
          </form>
        </>
      )}
    </section>
  );
}
