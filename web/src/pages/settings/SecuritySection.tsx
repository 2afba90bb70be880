// Your sign-in: change the password (your other sessions end; tokens stay) and where you are
// signed in, with sign-out for one session or all the others.
import { useEffect, useState } from 'preact/hooks';
import { Field, FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { dateTime, t } from '../../i18n/core';

type SessionInfo = Schemas['SessionInfo'];
const when = (ts: string | null) => (ts ? dateTime(ts, { day: 'numeric', month: 'short', year: 'numeric' }) : '—');

/** "Chrome on Android" from a user agent, roughly; the raw string when nothing matches. */
function device(ua: string | null): string {
  if (!ua) return t('sec.unknown_browser');
  const browser = /Firefox\//.test(ua) ? 'Firefox' : /Edg\//.test(ua) ? 'Edge' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : null;
  if (!browser && !os) return ua.slice(0, 60);
  return os ? t('sec.browser_on', { browser: browser ?? t('sec.a_browser'), os }) : browser!;
}

export function SecuritySection() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pwError, setPwError] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = () =>
    get('/api/vega/sessions').then(
      (r) => setSessions(r.sessions),
      (e) => setError(e instanceof ApiError ? e.message : t('sec.load_failed')),
    );
  useEffect(() => void load(), []);

  const act = async (send: () => Promise<unknown>) => {
    setError(null);
    try {
      await send();
      void load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.wrong'));
    }
  };
  const change = async (e: Event) => {
    e.preventDefault();
    setPwError({});
    setNotice(null);
    setBusy(true);
    try {
      const r = await post('/api/vega/password', { body: { current_password: current, new_password: next } });
      setNotice(r.message);
      setCurrent('');
      setNext('');
      void load();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'wrong_password') setPwError({ current_password: t('sec.wrong_password') });
      else if (err instanceof ApiError && Object.keys(err.fields).length) setPwError(err.fields);
      else setPwError({ _: err instanceof Error ? err.message : t('sec.change_failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="security-h">
      <h2 id="security-h" style={{ marginTop: 0 }}>{t('sec.title')}</h2>
      <form onSubmit={change} noValidate aria-label={t('sec.change')}>
        <h3>{t('sec.change')}</h3>
        <Field label={t('sec.current')} name="current_password" type="password" autoComplete="current-password" value={current} onValue={setCurrent} error={pwError.current_password} />
        <Field label={t('sec.new')} name="new_password" type="password" autoComplete="new-password" value={next} onValue={setNext} error={pwError.new_password} />
        <FormError error={pwError._} />
        <button class="btn" type="submit" disabled={busy || !current || next.length < 6}>{t('sec.change')}</button>
        {notice && <p class="small" role="status">{notice}</p>}
      </form>
      <h3>{t('sec.where')}</h3>
      {error && <p class="error" role="alert">{error}</p>}
      {sessions == null ? <p class="muted">{t('common.loading')}</p> : (
        <ul class="events" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id} class="event-head" style={{ padding: '0.3rem 0' }}>
              <span class="event-what">{device(s.user_agent)}{s.current ? <strong> · {t('sec.this_device')}</strong> : ''}
                <span class="muted small"> · {t('sec.signed_in_used', { signed: when(s.created_at), used: when(s.last_seen_at) })}</span></span>
              {!s.current && <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/sessions/revoke', { body: { id: s.id } }))}>{t('layout.sign_out')}</button>}
            </li>
          ))}
        </ul>
      )}
      {sessions && sessions.length > 1 && (
        <button type="button" class="btn" onClick={() => act(() => post('/api/vega/sessions/revoke-others'))}>{t('sec.sign_out_others')}</button>
      )}
    </section>
  );
}
