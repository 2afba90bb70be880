// Members (GET /api/vega/family) and, for admins, invites: create one with a copyable join
// link (POST /api/vega/invite) and revoke open ones (POST /api/vega/invite/revoke {token}).
// Admins can also make a password reset link for a caregiver who lost theirs (member/reset).
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { navigate } from '../../lib/router';
import { signedOut, useSession } from '../../lib/session';
import { dateTime, t } from '../../i18n/core';

const stamp = (ts: string) => dateTime(ts, { day: 'numeric', month: 'short', year: 'numeric' });

type Member = Schemas['FamilyMember'];
type ResetLink = Schemas['ResetLinkCreated'] & { username: string };
type Invite = Schemas['Invite'];
type OpenInvite = Schemas['OpenInvite'];

export function MembersSection({ admin }: { admin: boolean }) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invites, setInvites] = useState<OpenInvite[]>([]);
  const [canManage, setCanManage] = useState(false);
  const [created, setCreated] = useState<Invite | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () =>
    get('/api/vega/family').then(
      (r) => {
        setMembers(r.members);
        setInvites(r.invites);
        setCanManage(r.can_manage_invites);
      },
      (e) => setError(e instanceof ApiError ? e.message : t('members.load_failed')),
    );
  useEffect(() => void load(), []);

  const invite = async () => {
    setError(null);
    try {
      setCreated(await post('/api/vega/invite'));
      void load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('members.invite_failed'));
    }
  };
  const revoke = async (code: string) => {
    setError(null);
    try {
      await post('/api/vega/invite/revoke', { body: { token: code } });
      if (created?.code === code) setCreated(null);
      void load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('members.revoke_failed'));
    }
  };
  const me = useSession().me?.user;
  const [confirm, setConfirm] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Remove a caregiver (admin), or leave (anyone): two taps, then their access ends at once. */
  const remove = async (username: string) => {
    setError(null);
    setConfirm(null);
    try {
      const r = await post('/api/vega/member/remove', { body: { username } });
      if (username === me) {
        signedOut();
        return navigate('/login');
      }
      setNotice(r.message);
      void load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('members.remove_failed'));
    }
  };
  const setRole = async (username: string, role: 'admin' | 'member') => {
    setError(null);
    try {
      await post('/api/vega/member/role', { body: { username, role } });
      setNotice(t('members.now_role', { name: username, role }));
      void load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('members.role_failed'));
    }
  };
  const [resetLink, setResetLink] = useState<ResetLink | null>(null);
  /** A one-hour, single-use link the admin hands over (no e-mail is sent). */
  const makeResetLink = async (username: string) => {
    setError(null);
    try {
      const r = await post('/api/vega/member/reset', { body: { username } });
      setResetLink({ username, ...r });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('members.reset_failed'));
    }
  };
  // The listing gives each open invite's id (its code is only shown once, when made); revoke takes either.
  const codeOf = (i: OpenInvite) => i.id;
  const manage = admin || canManage;

  return (
    <section class="card" aria-labelledby="members-h">
      <h2 id="members-h" style={{ marginTop: 0 }}>{t('members.title')}</h2>
      {notice && <p class="small" role="status">{notice}</p>}
      {error && <p class="error" role="alert">{error}</p>}
      {members == null ? <p class="muted">{t('common.loading')}</p> : (
        <ul class="events" data-testid="members">
          {members.map((m) => (
            <li key={m.id} style={{ padding: '0.3rem 0', borderBottom: '1px solid var(--border)' }} data-testid="member">
              <div class="event-head">
                <span class="event-what"><strong>{m.username}</strong>{m.username === me ? ` ${t('members.you')}` : ''} <span class="muted small">{m.email}</span></span>
                <span class="event-author">{t('members.role', { role: m.role })}</span>
              </div>
              {(admin || m.username === me) && (
                <div class="row" style={{ marginTop: '0.3rem' }}>
                  {admin && (
                    <button type="button" class="btn small" onClick={() => setRole(m.username, m.role === 'admin' ? 'member' : 'admin')}>
                      {m.role === 'admin' ? t('members.make_member') : t('members.make_admin')}
                    </button>
                  )}
                  {admin && m.username !== me && (
                    <button type="button" class="btn small" onClick={() => makeResetLink(m.username)}>{t('members.reset_link')}</button>
                  )}
                  {confirm === m.username ? (
                    <>
                      <button type="button" class="btn small danger" onClick={() => remove(m.username)}>
                        {m.username === me ? t('members.really_leave') : t('members.really_remove', { name: m.username })}
                      </button>
                      <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>{t('common.keep')}</button>
                    </>
                  ) : (
                    <button type="button" class="btn small" onClick={() => setConfirm(m.username)}>
                      {m.username === me ? t('members.leave') : t('common.remove')}
                    </button>
                  )}
                </div>
              )}
              {resetLink?.username === m.username && (
                <div class="card" style={{ marginTop: '0.5rem' }} data-testid="reset-link">
                  <label for={`reset-url-${m.id}`} class="small">{t('members.reset_for', { name: m.username })}</label>
                  <input id={`reset-url-${m.id}`} readOnly value={resetLink.reset_url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
                  <p class="muted small">{t('members.works_until', { when: stamp(resetLink.expires_at), name: m.username })}</p>
                  <div class="row">
                    <CopyButton text={resetLink.reset_url} label={t('members.copy_link')} />
                    <button type="button" class="btn small ghost" onClick={() => setResetLink(null)}>{t('common.done')}</button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage && (
        <>
          <h3>{t('members.invite')}</h3>
          <p class="muted small">{t('members.invite_hint')}</p>
          <button type="button" class="btn" onClick={invite}>{t('members.create_invite')}</button>
          {created && (
            <div class="card" style={{ marginTop: '0.5rem' }} data-testid="new-invite">
              <label for="join-url" class="small">{t('members.invite_link', { when: stamp(created.expires_at) })}</label>
              <input id="join-url" readOnly value={created.join_url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
              <div class="row" style={{ marginTop: '0.4rem' }}>
                <CopyButton text={created.join_url} label={t('members.copy_link')} />
              </div>
            </div>
          )}
          {invites.length > 0 && (
            <>
              <h3>{t('members.open_invites')}</h3>
              <ul class="events">
                {invites.map((i) => (
                  <li key={codeOf(i)} class="event-head" style={{ padding: '0.3rem 0' }}>
                    <span class="event-what small">
                      {codeOf(i)}{i.expires_at ? ` · ${t('members.expires', { when: stamp(String(i.expires_at)) })}` : ''}
                    </span>
                    <button type="button" class="btn small" onClick={() => revoke(codeOf(i))} aria-label={t('members.revoke_label', { code: codeOf(i) })}>{t('members.revoke')}</button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
