// Webhooks (issue 28, admins only): a receiver URL and the events it wants; the signing secret
// shown once (on creation and on rotation); each webhook's recent deliveries; test, rotate,
// re-enable after it was disabled by a day of failures, delete. /api/vega/webhooks*.
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { Field, FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import { currentLocale, t, type MessageKey } from '../../i18n/core';

interface Delivery { message_id: string; event_type: string; attempt: number; at: string; status: number | null; ok: boolean; duration_ms: number; error: string | null }
interface Webhook {
  id: string; url: string; events: string[]; enabled: boolean; created_at: string; created_by: string;
  failing_since: string | null; disabled_at: string | null; disabled_reason: string | null; pending: number;
  deliveries?: Delivery[];
}

const EVENTS: [Schemas['WebhookEventName'], MessageKey][] = [
  ['event.created', 'wh.ev_created'],
  ['event.edited', 'wh.ev_edited'],
  ['event.deleted', 'wh.ev_deleted'],
  ['feed_timer.started', 'wh.ev_timer_started'],
  ['feed_timer.stopped', 'wh.ev_timer_stopped'],
  ['reminder.fired', 'wh.ev_reminder'],
];
/** An instant (ISO, UTC) on this phone's clock: "26 Nov, 04:32". */
const when = (ts: string | null) => (ts ? new Date(ts).toLocaleString(currentLocale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : '');

function stateOf(w: Webhook): { text: string; cls: string } {
  if (!w.enabled) return { text: w.disabled_reason ? t('wh.disabled_reason', { when: when(w.disabled_at), reason: w.disabled_reason }) : t('wh.disabled', { when: when(w.disabled_at) }), cls: 'error' };
  if (w.failing_since) return { text: t('wh.failing', { when: when(w.failing_since) }), cls: 'error' };
  return { text: w.pending ? t('wh.working_waiting', { n: w.pending }) : t('wh.working'), cls: 'muted' };
}

function Deliveries({ list }: { list: Delivery[] }) {
  if (list.length === 0) return <p class="small muted">{t('wh.no_deliveries')}</p>;
  return (
    <details>
      <summary class="small">{t('wh.recent', { n: list.length })}</summary>
      <ul class="events small" data-testid="webhook-deliveries">
        {list.map((d) => (
          <li key={`${d.message_id}-${d.attempt}`}>
            <span class={d.ok ? '' : 'error'}>{d.ok ? '✓' : '✗'} {d.status ?? t('wh.no_answer')}</span>
            {' · '}{d.event_type} · {when(d.at)} · {d.duration_ms} ms{d.attempt > 1 ? ` · ${t('wh.attempt', { n: d.attempt })}` : ''}
            {d.error ? <span class="muted"> · {d.error}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function WebhooksSection({ admin }: { admin: boolean }) {
  const [list, setList] = useState<Webhook[] | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [events, setEvents] = useState<Schemas['WebhookEventName'][]>(['event.created']);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const f = useForm({ url: '', events: '' });
  const load = () =>
    get('/api/vega/webhooks').then(
      (r) => setList(r.webhooks),
      (e) => { setList([]); setError(e instanceof ApiError ? e.message : t('wh.load_failed')); },
    );
  useEffect(() => { if (admin) void load(); }, [admin]);
  if (!admin) return null;

  const add = (e: Event) => {
    e.preventDefault();
    if (!f.values.url.trim()) return f.setErrors({ url: t('wh.url_needed') });
    if (events.length === 0) return f.setErrors({ events: t('wh.events_needed') });
    f.submit(async () => {
      const r = await post('/api/vega/webhooks', { body: { url: f.values.url.trim(), events } });
      setSecret({ url: r.webhook.url, secret: r.secret });
      f.setValues({ url: '', events: '' });
      await load();
    });
  };
  const act = async (send: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    setConfirm(null);
    try {
      await send();
      setNotice(done);
      await load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.try_again'));
    }
  };

  return (
    <section class="card" aria-labelledby="webhooks-h" data-testid="webhooks-section">
      <h2 id="webhooks-h" style={{ marginTop: 0 }}>{t('wh.title')}</h2>
      <p class="small">{t('wh.intro')}</p>
      {notice && <p class="small" role="status">{notice}</p>}
      <FormError error={error} />
      {secret && (
        <div class="card" data-testid="webhook-secret">
          <p><strong>{t('wh.copy_now')}</strong></p>
          <p class="small muted">{secret.url}</p>
          <p class="secret">{secret.secret}</p>
          <div class="row">
            <CopyButton text={secret.secret} label={t('wh.copy')} />
            <button type="button" class="btn small ghost" onClick={() => setSecret(null)}>{t('common.done')}</button>
          </div>
        </div>
      )}
      {list == null ? <p class="muted" aria-busy="true">{t('common.loading')}</p> : list.length === 0 ? <p class="muted small">{t('wh.none')}</p> : (
        <ul class="events children-list">
          {list.map((w) => {
            const st = stateOf(w);
            return (
              <li key={w.id} class="child-row" data-testid="webhook-row">
                <p class="webhook-url"><strong>{w.url}</strong></p>
                <p class="small muted">{w.events.map((e) => { const k = EVENTS.find(([x]) => x === e)?.[1]; return k ? t(k) : e; }).join(' · ')}</p>
                <p class={`small ${st.cls}`} data-testid="webhook-state">{st.text}</p>
                <Deliveries list={w.deliveries ?? []} />
                <div class="row child-actions">
                  <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/webhooks/test', { body: { id: w.id } }), t('wh.test_queued'))}>{t('push.test')}</button>
                  {!w.enabled && <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/webhooks/enable', { body: { id: w.id } }), t('wh.enabled_again'))}>{t('wh.enable_again')}</button>}
                  <button type="button" class="btn small" onClick={() => act(async () => {
                    const r = await post('/api/vega/webhooks/rotate', { body: { id: w.id } });
                    setSecret({ url: r.webhook.url, secret: r.secret });
                  }, t('wh.new_secret_made'))}>{t('wh.new_secret')}</button>
                  {confirm === w.id ? (
                    <>
                      <button type="button" class="btn small danger" onClick={() => act(() => post('/api/vega/webhooks/delete', { body: { id: w.id } }), t('wh.deleted'))}>{t('wh.really_delete')}</button>
                      <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>{t('common.keep')}</button>
                    </>
                  ) : (
                    <button type="button" class="btn small" onClick={() => setConfirm(w.id)} aria-label={t('wh.delete_label', { url: w.url })}>{t('common.delete')}</button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <h3>{t('wh.add')}</h3>
      <form onSubmit={add} noValidate data-testid="webhook-add">
        <Field label={t('wh.url')} id="webhook-url" type="url" inputMode="url" autocomplete="off" placeholder="https://example.com/hook" {...f.field('url')} />
        <fieldset class="field">
          <legend>{t('wh.send_when')}</legend>
          {EVENTS.map(([key, label]) => (
            <div class="check" key={key}>
              <input type="checkbox" class="tick" id={`wh-${key}`} checked={events.includes(key)}
                onChange={(e) => setEvents((cur) => ((e.currentTarget as HTMLInputElement).checked ? [...cur, key] : cur.filter((x) => x !== key)))} />
              <label for={`wh-${key}`}>{t(label)}</label>
            </div>
          ))}
          {f.errors.events && <p class="error" role="alert">{f.errors.events}</p>}
        </fieldset>
        <FormError error={f.formError} />
        <button class="btn" type="submit" disabled={f.busy}>{t('wh.add_button')}</button>
      </form>
    </section>
  );
}
