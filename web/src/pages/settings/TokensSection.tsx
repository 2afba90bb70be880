// API tokens for scripts and assistants: create with a label and scopes (shown once, with a
// copy button), list the family's tokens, revoke.
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { Field, FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import { dateTime, t } from '../../i18n/core';

type TokenInfo = Schemas['TokenInfo'];
const when = (ts: string | null | undefined) => (ts ? dateTime(ts, { day: 'numeric', month: 'short', year: 'numeric' }) : null);
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
      (e) => setListError(e instanceof ApiError ? e.message : t('tok.load_failed')),
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
      setListError(e instanceof ApiError ? e.message : t('tok.revoke_failed'));
    }
  };

  return (
    <section class="card" aria-labelledby="tokens-h">
      <h2 id="tokens-h" style={{ marginTop: 0 }}>{t('tok.title')}</h2>
      <p class="muted small">{t('tok.intro')}</p>
      <form onSubmit={create} noValidate>
        <Field label={t('tok.label')} placeholder={t('tok.placeholder')} {...f.field('label')} />
        <div class="check">
          <input type="checkbox" id="tok-write" checked={write} onChange={(e) => setWrite((e.currentTarget as HTMLInputElement).checked)} />
          <label for="tok-write">{t('tok.write')}</label>
        </div>
        <div class="field">
          <label for="tok-expiry">{t('tok.expiry')}</label>
          <select id="tok-expiry" value={expiry} onChange={(e) => setExpiry((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">{t('tok.never')}</option>
            <option value="7">{t('tok.after_days', { n: 7 })}</option>
            <option value="30">{t('tok.after_days', { n: 30 })}</option>
            <option value="90">{t('tok.after_days', { n: 90 })}</option>
            <option value="365">{t('tok.after_year')}</option>
          </select>
        </div>
        <FormError error={f.formError} />
        <button class="btn" type="submit" disabled={f.busy}>{t('tok.create')}</button>
      </form>
      {created && (
        <div class="card" style={{ marginTop: '0.6rem' }} data-testid="new-token">
          <p><strong>{t('tok.copy_now')}</strong></p>
          <p class="secret" id="new-token-value">{created.token}</p>
          <div class="row">
            <CopyButton text={created.token} label={t('tok.copy')} />
            <button type="button" class="btn small ghost" onClick={() => setCreated(null)}>{t('common.done')}</button>
          </div>
          <p class="small muted">{t('tok.mcp', { url: created.mcp_url })}</p>
        </div>
      )}
      <h3>{t('tok.tokens')}</h3>
      <FormError error={listError} />
      {tokens == null ? <p class="muted">{t('common.loading')}</p> : tokens.length === 0 ? <p class="muted">{t('tok.none')}</p> : (
        <ul class="events" data-testid="tokens">
          {tokens.map((k) => (
            <li key={k.id} class="event-head" style={{ padding: '0.3rem 0' }}>
              <span class="event-what"><strong>{k.label}</strong> <span class="muted small">{k.scopes.join(' + ')} · {k.username}
                {' · '}{k.last_used_at ? t('tok.last_used', { when: when(k.last_used_at) }) : t('tok.never_used')}
                {k.expires_at ? ` · ${t('members.expires', { when: when(k.expires_at) })}` : ''}</span></span>
              {confirming === k.id ? (
                <span class="row" style={{ gap: '0.3rem' }}>
                  <button type="button" class="btn small danger" onClick={() => revoke(k.id)}
                    aria-label={t('tok.really_label', { label: k.label ?? '' })}>{t('tok.really')}</button>
                  <button type="button" class="btn small ghost" onClick={() => setConfirming(null)}>{t('common.keep')}</button>
                </span>
              ) : (
                <button type="button" class="btn small" onClick={() => setConfirming(k.id)} aria-label={t('tok.revoke_label', { label: k.label ?? '' })}>{t('members.revoke')}</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
