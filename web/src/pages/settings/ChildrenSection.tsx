// The family's children: each with their age, the primary child and archived ones marked.
// Admins add a child (a twin, a sibling), change a name, birth date or gender, archive one
// (their history stays; they leave the switcher) or bring them back, make one the primary
// child (the one anything that names no child is about), and delete one added by mistake —
// the server refuses a child with entries or the primary child, in words shown here.
import { useState } from 'preact/hooks';
import { ApiError, post } from '../../lib/api';
import type { Child } from '../../lib/children';
import { reloadChildren, useSession } from '../../lib/session';
import { ChildForm } from './ChildForm';
import { t } from '../../i18n/core';

export function ChildrenSection({ admin }: { admin: boolean }) {
  const s = useSession();
  const list = s.children;
  const several = list.length > 1;
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (send: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    setConfirm(null);
    try {
      await send();
      await reloadChildren();
      setNotice(done);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.try_again'));
    }
  };
  const saved = async (child: Child | null, added: boolean) => {
    setEditing(null);
    setAdding(false);
    if (!child) return;
    await reloadChildren();
    setNotice(added ? t('set.child_added', { name: child.baby_name }) : t('set.saved_name', { name: child.baby_name }));
  };

  return (
    <section class="card" aria-labelledby="children-h" data-testid="children-section">
      <h2 id="children-h" style={{ marginTop: 0 }}>{t('set.children')}</h2>
      {notice && <p class="small" role="status">{notice}</p>}
      {error && <p class="error" role="alert">{error}</p>}
      <ul class="events children-list">
        {list.map((c) => (
          <li key={c.id} class="child-row" data-testid="child-row" data-child={c.baby_name}>
            <div class="event-head">
              <span class="event-what"><strong>{c.baby_name}</strong>{c.age_display ? <span class="muted small"> · {c.age_display}</span> : null}</span>
              {several && (c.primary || c.archived) && <span class="child-mark">{c.primary ? t('set.primary') : t('set.archived')}</span>}
            </div>
            {admin && several && editing !== c.id && (
              <div class="row child-actions">
                <button type="button" class="btn small" onClick={() => { setEditing(c.id); setConfirm(null); }} aria-label={t('common.edit_name', { name: c.baby_name })}>{t('common.edit')}</button>
                {!c.primary && !c.archived && (
                  <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/children/primary', { body: { id: c.id } }), t('set.now_primary', { name: c.baby_name }))}>{t('set.make_primary')}</button>
                )}
                {!c.primary && (
                  <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/children/archive', { body: { id: c.id, archived: !c.archived } }),
                    c.archived ? t('set.back_in', { name: c.baby_name }) : t('set.archived_note', { name: c.baby_name }))}>
                    {c.archived ? t('set.bring_back') : t('set.archive')}
                  </button>
                )}
                {!c.primary && (confirm === c.id ? (
                  <>
                    <button type="button" class="btn small danger" onClick={() => act(() => post('/api/vega/children/delete', { body: { id: c.id } }), t('set.deleted', { name: c.baby_name }))}>{t('set.really_delete', { name: c.baby_name })}</button>
                    <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>{t('common.keep')}</button>
                  </>
                ) : (
                  <button type="button" class="btn small" onClick={() => setConfirm(c.id)} aria-label={t('common.delete_name', { name: c.baby_name })}>{t('common.delete')}</button>
                ))}
              </div>
            )}
            {editing === c.id && <ChildForm child={c} onDone={(x) => saved(x, false)} onCancel={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
      {!admin && <p class="muted small">{t('set.children_admin')}</p>}
      {admin && (adding ? (
        <>
          <h3>{t('set.add_child')}</h3>
          <ChildForm onDone={(x) => saved(x, true)} onCancel={() => setAdding(false)} />
        </>
      ) : (
        <button type="button" class="btn" onClick={() => { setAdding(true); setNotice(null); }} data-testid="add-child">{t('set.add_child')}</button>
      ))}
      {several && (
        <p class="muted small">
          {t('set.primary_hint')}
        </p>
      )}
    </section>
  );
}
