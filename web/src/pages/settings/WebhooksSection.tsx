// Webhooks (issue 28, admins only): a receiver URL and the events it wants; the signing secret
// shown once (on creation and on rotation); each webhook's recent deliveries; test, rotate,
// re-enable after it was disabled by a day of failures, delete. /api/vega/webhooks*.
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { Field, FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { useForm } from '../../lib/use-form';

interface Delivery { message_id: string; event_type: string; attempt: number; at: string; status: number | null; ok: boolean; duration_ms: number; error: string | null }
interface Webhook {
  id: string; url: string; events: string[]; enabled: boolean; created_at: string; created_by: string;
  failing_since: string | null; disabled_at: string | null; disabled_reason: string | null; pending: number;
  deliveries?: Delivery[];
}

const EVENTS: [Schemas['WebhookEventName'], string][] = [
  ['event.created', 'Something logged'],
  ['event.edited', 'An entry changed'],
  ['event.deleted', 'An entry removed'],
  ['feed_timer.started', 'Feed timer started'],
  ['feed_timer.stopped', 'Feed timer stopped'],
  ['reminder.fired', 'A reminder sent'],
];
/** An instant (ISO, UTC) on this phone's clock: "26 Nov, 04:32". */
const when = (ts: string | null) => (ts ? new Date(ts).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : '');

function stateOf(w: Webhook): { text: string; cls: string } {
  if (!w.enabled) return { text: `Disabled ${when(w.disabled_at)}${w.disabled_reason ? `: ${w.disabled_reason}` : ''}`, cls: 'error' };
  if (w.failing_since) return { text: `Failing since ${when(w.failing_since)}; retrying`, cls: 'error' };
  return { text: w.pending ? `Working · ${w.pending} waiting` : 'Working', cls: 'muted' };
}

function Deliveries({ list }: { list: Delivery[] }) {
  if (list.length === 0) return <p class="small muted">No deliveries yet.</p>;
  return (
    <details>
      <summary class="small">Recent deliveries ({list.length})</summary>
      <ul class="events small" data-testid="webhook-deliveries">
        {list.map((d) => (
          <li key={`${d.message_id}-${d.attempt}`}>
            <span class={d.ok ? '' : 'error'}>{d.ok ? '✓' : '✗'} {d.status ?? 'no answer'}</span>
            {' · '}{d.event_type} · {when(d.at)} · {d.duration_ms} ms{d.attempt > 1 ? ` · attempt ${d.attempt}` : ''}
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
      (e) => { setList([]); setError(e instanceof ApiError ? e.message : 'Could not load the webhooks.'); },
    );
  useEffect(() => { if (admin) void load(); }, [admin]);
  if (!admin) return null;

  const add = (e: Event) => {
    e.preventDefault();
    if (!f.values.url.trim()) return f.setErrors({ url: 'Enter the receiver’s URL, e.g. https://example.com/hook.' });
    if (events.length === 0) return f.setErrors({ events: 'Pick at least one event.' });
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
      setError(err instanceof ApiError ? err.message : 'That did not go through. Please try again.');
    }
  };

  return (
    <section class="card" aria-labelledby="webhooks-h" data-testid="webhooks-section">
      <h2 id="webhooks-h" style={{ marginTop: 0 }}>Webhooks</h2>
      <p class="small">Tell another system (Home Assistant, n8n, your own script) when something happens. Each message is signed; see the docs for checking it.</p>
      {notice && <p class="small" role="status">{notice}</p>}
      <FormError error={error} />
      {secret && (
        <div class="card" data-testid="webhook-secret">
          <p><strong>Copy the signing secret now — it won't be shown again.</strong></p>
          <p class="small muted">{secret.url}</p>
          <p class="secret">{secret.secret}</p>
          <div class="row">
            <CopyButton text={secret.secret} label="Copy secret" />
            <button type="button" class="btn small ghost" onClick={() => setSecret(null)}>Done</button>
          </div>
        </div>
      )}
      {list == null ? <p class="muted" aria-busy="true">Loading…</p> : list.length === 0 ? <p class="muted small">No webhooks yet.</p> : (
        <ul class="events children-list">
          {list.map((w) => {
            const st = stateOf(w);
            return (
              <li key={w.id} class="child-row" data-testid="webhook-row">
                <p class="webhook-url"><strong>{w.url}</strong></p>
                <p class="small muted">{w.events.map((e) => EVENTS.find(([k]) => k === e)?.[1] ?? e).join(' · ')}</p>
                <p class={`small ${st.cls}`} data-testid="webhook-state">{st.text}</p>
                <Deliveries list={w.deliveries ?? []} />
                <div class="row child-actions">
                  <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/webhooks/test', { body: { id: w.id } }), 'Test message queued: it appears under recent deliveries.')}>Send a test</button>
                  {!w.enabled && <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/webhooks/enable', { body: { id: w.id } }), 'Enabled again.')}>Enable again</button>}
                  <button type="button" class="btn small" onClick={() => act(async () => {
                    const r = await post('/api/vega/webhooks/rotate', { body: { id: w.id } });
                    setSecret({ url: r.webhook.url, secret: r.secret });
                  }, 'New secret made: the old one stopped working now.')}>New secret</button>
                  {confirm === w.id ? (
                    <>
                      <button type="button" class="btn small danger" onClick={() => act(() => post('/api/vega/webhooks/delete', { body: { id: w.id } }), 'Webhook deleted.')}>Really delete?</button>
                      <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>Keep</button>
                    </>
                  ) : (
                    <button type="button" class="btn small" onClick={() => setConfirm(w.id)} aria-label={`Delete webhook ${w.url}`}>Delete</button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <h3>Add a webhook</h3>
      <form onSubmit={add} noValidate data-testid="webhook-add">
        <Field label="Receiver URL" id="webhook-url" type="url" inputMode="url" autocomplete="off" placeholder="https://example.com/hook" {...f.field('url')} />
        <fieldset class="field">
          <legend>Send when</legend>
          {EVENTS.map(([key, label]) => (
            <div class="check" key={key}>
              <input type="checkbox" class="tick" id={`wh-${key}`} checked={events.includes(key)}
                onChange={(e) => setEvents((cur) => ((e.currentTarget as HTMLInputElement).checked ? [...cur, key] : cur.filter((x) => x !== key)))} />
              <label for={`wh-${key}`}>{label}</label>
            </div>
          ))}
          {f.errors.events && <p class="error" role="alert">{f.errors.events}</p>}
        </fieldset>
        <FormError error={f.formError} />
        <button class="btn" type="submit" disabled={f.busy}>Add webhook</button>
      </form>
    </section>
  );
}
