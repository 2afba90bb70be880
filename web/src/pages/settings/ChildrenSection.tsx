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
      setError(e instanceof ApiError ? e.message : 'That did not go through. Please try again.');
    }
  };
  const saved = async (child: Child | null, added: boolean) => {
    setEditing(null);
    setAdding(false);
    if (!child) return;
    await reloadChildren();
    setNotice(added ? `${child.baby_name} added. Pick ${child.baby_name} at the top of the page to log for them.` : `Saved ${child.baby_name}.`);
  };

  return (
    <section class="card" aria-labelledby="children-h" data-testid="children-section">
      <h2 id="children-h" style={{ marginTop: 0 }}>Children</h2>
      {notice && <p class="small" role="status">{notice}</p>}
      {error && <p class="error" role="alert">{error}</p>}
      <ul class="events children-list">
        {list.map((c) => (
          <li key={c.id} class="child-row" data-testid="child-row" data-child={c.baby_name}>
            <div class="event-head">
              <span class="event-what"><strong>{c.baby_name}</strong>{c.age_display ? <span class="muted small"> · {c.age_display}</span> : null}</span>
              {several && (c.primary || c.archived) && <span class="child-mark">{c.primary ? 'primary' : 'archived'}</span>}
            </div>
            {admin && several && editing !== c.id && (
              <div class="row child-actions">
                <button type="button" class="btn small" onClick={() => { setEditing(c.id); setConfirm(null); }} aria-label={`Edit ${c.baby_name}`}>Edit</button>
                {!c.primary && !c.archived && (
                  <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/children/primary', { body: { id: c.id } }), `${c.baby_name} is now the primary child.`)}>Make primary</button>
                )}
                {!c.primary && (
                  <button type="button" class="btn small" onClick={() => act(() => post('/api/vega/children/archive', { body: { id: c.id, archived: !c.archived } }),
                    c.archived ? `${c.baby_name} is back in the switcher.` : `${c.baby_name} is archived: their history stays, and they leave the switcher.`)}>
                    {c.archived ? 'Bring back' : 'Archive'}
                  </button>
                )}
                {!c.primary && (confirm === c.id ? (
                  <>
                    <button type="button" class="btn small danger" onClick={() => act(() => post('/api/vega/children/delete', { body: { id: c.id } }), `${c.baby_name} was deleted.`)}>Really delete {c.baby_name}?</button>
                    <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>Keep</button>
                  </>
                ) : (
                  <button type="button" class="btn small" onClick={() => setConfirm(c.id)} aria-label={`Delete ${c.baby_name}`}>Delete</button>
                ))}
              </div>
            )}
            {editing === c.id && <ChildForm child={c} onDone={(x) => saved(x, false)} onCancel={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
      {!admin && <p class="muted small">Only a family admin can add or change children.</p>}
      {admin && (adding ? (
        <>
          <h3>Add a child</h3>
          <ChildForm onDone={(x) => saved(x, true)} onCancel={() => setAdding(false)} />
        </>
      ) : (
        <button type="button" class="btn" onClick={() => { setAdding(true); setNotice(null); }} data-testid="add-child">Add a child</button>
      ))}
      {several && (
        <p class="muted small">
          The primary child is the one shown first on a new phone. Deleting is only for a child added by mistake;
          archive a child to keep their history.
        </p>
      )}
    </section>
  );
}
