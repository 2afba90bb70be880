// Ask: a chat over POST /api/ask, answered from the family's own log. "remember: …" saves a
// note. On the free plan the API answers 402 and we say so plainly.
import { useEffect, useRef, useState } from 'preact/hooks';
import { FormError } from '../components/Field';
import { useSession } from '../lib/session';
import { ApiError, get, post, type Schemas } from '../lib/api';
import { dateTime, t, tx } from '../i18n/core';

interface Msg { who: 'me' | 'them'; text: string }
type Note = Schemas['Note'];

export function Ask() {
  const [msgs, setMsgs] = useState<Msg[]>([]);
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // GET /api/me says the plan (older servers don't: then a 402 tells, remembered on this phone).
  const plan = useSession().me?.plan;
  const [paidSeen, setPaidState] = useState<boolean | null>(() => (localStorage.getItem('ask-plan') === 'free' ? false : null));
  const paid = plan ? plan === 'paid' : paidSeen;
  const setPaid = (v: boolean) => {
    setPaidState(v);
    try {
      if (v) localStorage.removeItem('ask-plan');
      else localStorage.setItem('ask-plan', 'free');
    } catch {
      /* only a hint */
    }
  };
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [notesError, setNotesError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);

  const loadNotes = () =>
    get('/api/ask/notes').then(
      (r) => setNotes(r.notes),
      (e) => {
        if (e instanceof ApiError && e.status === 402) setPaid(false);
        else setNotesError(e instanceof ApiError ? e.message : t('ask.notes_failed'));
        setNotes([]);
      },
    );
  useEffect(() => void loadNotes(), []);
  useEffect(() => end.current?.scrollIntoView?.({ block: 'nearest' }), [msgs.length]);

  const ask = async (e: Event) => {
    e.preventDefault();
    const question = q.trim();
    if (!question) return setError(t('ask.type_first'));
    setBusy(true);
    setError(null);
    setMsgs((m) => [...m, { who: 'me', text: question }]);
    try {
      const r = await post('/api/ask', { body: { question } });
      setPaid(true);
      setMsgs((m) => [...m, { who: 'them', text: r.answer }]);
      setQ('');
      if (/^remember:/i.test(question) || r.saved_notes) void loadNotes();
    } catch (err) {
      setMsgs((m) => m.slice(0, -1));
      if (err instanceof ApiError && err.status === 402) {
        setPaid(false);
        setError(t('ask.paid_error'));
      } else if (err instanceof ApiError && err.status === 429) {
        setError(`${t('ask.limit')} ${err.message !== 'Too many requests. Please wait a moment.' ? err.message : ''}`.trim());
      } else setError(err instanceof ApiError ? err.message : t('ask.failed'));
    } finally {
      setBusy(false);
    }
  };

  const removeNote = async (ts: string) => {
    setNotesError(null);
    try {
      await post('/api/ask/notes/delete', { body: { ts } });
      setNotes((n) => (n ?? []).filter((x) => x.ts !== ts));
    } catch (e) {
      setNotesError(e instanceof ApiError ? e.message : t('ask.delete_failed'));
    }
  };

  if (paid === false) {
    // A paid feature, shown as one: what it does, and that the rest of the app is unaffected.
    return (
      <>
        <h1>{t('nav.ask')} <span class="badge">{t('ask.paid_badge')}</span></h1>
        <div class="card" role="note" data-testid="paid-plan">
          <p>{tx('ask.paid_text', { b: (c: unknown[]) => <strong>{c}</strong> })}</p>
          <p class="muted small">{t('ask.paid_more')}</p>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>{t('nav.ask')}</h1>
      <p class="muted small">{t('ask.intro')}</p>
      <ul class="chat" aria-live="polite" aria-label={t('ask.conversation')}>
        {msgs.map((m, i) => (
          <li key={i} class={`bubble ${m.who}`}><span class="sr-only">{m.who === 'me' ? t('ask.you') : t('ask.answer')} </span>{m.text}</li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ul>
      <form onSubmit={ask}>
        <div class="field">
          <label for="question">{t('ask.question')}</label>
          <input id="question" value={q} onInput={(e) => setQ((e.currentTarget as HTMLInputElement).value)} autocomplete="off"
            aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'ask-err' : undefined} />
        </div>
        {error && <p class="error" id="ask-err" role="alert">{error}</p>}
        <button class="btn primary wide" type="submit" disabled={busy}>{busy ? t('ask.asking') : t('nav.ask')}</button>
      </form>
      {<section aria-labelledby="notes-h">
        <h2 id="notes-h">{t('report.notes')}</h2>
        <FormError error={notesError} />
        {notes == null ? <p class="muted">{t('common.loading')}</p> : notes.length === 0 ? <p class="muted">{t('ask.no_notes')}</p> : (
          <ul class="events">
            {notes.map((n) => (
              <li class="event" key={n.ts}>
                <div class="event-head">
                  <span class="event-what">{n.text}</span>
                  <button type="button" class="btn small" onClick={() => removeNote(n.ts)} aria-label={t('ask.delete_note', { text: n.text })}>{t('common.delete')}</button>
                </div>
                <p class="small muted">{dateTime(n.ts, { day: 'numeric', month: 'short', year: 'numeric' })}{n.tags?.length ? ` · ${n.tags.join(', ')}` : ''}</p>
              </li>
            ))}
          </ul>
        )}
      </section>}
    </>
  );
}
