// API tokens for scripts and assistants: create with a label and scopes (shown once, with a
// copy button), list the family's tokens, revoke.
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { Field, FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { useForm } from '../../lib/use-form';

type TokenInfo = Schemas['TokenInfo'];
const when = (ts: string | null | undefined) => (ts ? ts.replace('T', ' ').slice(0, 16) : null);
type Created = Schemas['TokenCreated'];

export function TokensSection() {
  const [tokens, setTokens] = useState<TokenInfo[] | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [write, setWrite] = useState(true);
  const [listError, setListError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const f = useForm({ label: '' });
  const [expiry, setExpiry] = useState('');

  const load = () =>
    get('/api/vega/tokens').then(
      (r) => setTokens(r.tokens ?? []),
      (e) => setListError(e instanceof ApiError ? e.message : 'Could not load tokens.'),
    );
  useEffect(() => void load(), []);

  const create = (e: Event) => {
    e.preventDefault();
    f.submit(async () => {
      const body: Schemas['TokenCreateRequest'] = { label: f.values.label.trim() || null, scopes: write ? ['read', 'write'] : ['read'], ...(expiry ? { expires_in_days: Number(expiry) } : {}) };
      setCreated(await post('/api/vega/token', { body }));
      f.setValues({ label: '' });
      void load();
    });
  };
  const revoke = async (id: string) => {
    setListError(null);
    setConfirming(null);
    try {
      await post('/api/vega/token/revoke', { body: { id } });
      void load();
    } catch (e) {
      setListError(e instanceof ApiError ? e.message : 'Could not revoke the token.');
    }
  };

  return (
    <section class="card" aria-labelledby="tokens-h">
      <h2 id="tokens-h" style={{ marginTop: 0 }}>API tokens</h2>
      <p class="muted small">For scripts, home automations and AI assistants (MCP). A new token with the same label replaces the old one.</p>
      <form onSubmit={create} noValidate>
        <Field label="Label" placeholder="e.g. kitchen tablet" {...f.field('label')} />
        <div class="check">
          <input type="checkbox" id="tok-write" checked={write} onChange={(e) => setWrite((e.currentTarget as HTMLInputElement).checked)} />
          <label for="tok-write">Can make changes (write). Unticked: read only.</label>
        </div>
        <div class="field">
          <label for="tok-expiry">Stops working</label>
          <select id="tok-expiry" value={expiry} onChange={(e) => setExpiry((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">Never (until revoked)</option>
            <option value="7">After 7 days</option>
            <option value="30">After 30 days</option>
            <option value="90">After 90 days</option>
            <option value="365">After a year</option>
          </select>
        </div>
        <FormError error={f.formError} />
        <button class="btn" type="submit" disabled={f.busy}>Create token</button>
      </form>
      {created && (
        <div class="card" style={{ marginTop: '0.6rem' }} data-testid="new-token">
          <p><strong>Copy this token now — it won't be shown again.</strong></p>
          <p class="secret" id="new-token-value">{created.token}</p>
          <div class="row">
            <CopyButton text={created.token} label="Copy token" />
            <button type="button" class="btn small ghost" onClick={() => setCreated(null)}>Done</button>
          </div>
          <p class="small muted">MCP connector: {created.mcp_url}</p>
        </div>
      )}
      <h3>Tokens</h3>
      <FormError error={listError} />
      {tokens == null ? <p class="muted">Loading…</p> : tokens.length === 0 ? <p class="muted">No tokens.</p> : (
        <ul class="events" data-testid="tokens">
          {tokens.map((t) => (
            <li key={t.id} class="event-head" style={{ padding: '0.3rem 0' }}>
              <span class="event-what"><strong>{t.label}</strong> <span class="muted small">{t.scopes.join(' + ')} · {t.username}
                {' · '}{t.last_used_at ? `last used ${when(t.last_used_at)}` : 'never used'}
                {t.expires_at ? ` · expires ${when(t.expires_at)}` : ''}</span></span>
              {confirming === t.id ? (
                <span class="row" style={{ gap: '0.3rem' }}>
                  <button type="button" class="btn small danger" onClick={() => revoke(t.id)}
                    aria-label={`Really revoke token ${t.label}? Anything using it stops working`}>Really revoke?</button>
                  <button type="button" class="btn small ghost" onClick={() => setConfirming(null)}>Keep</button>
                </span>
              ) : (
                <button type="button" class="btn small" onClick={() => setConfirming(t.id)} aria-label={`Revoke token ${t.label}`}>Revoke</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
