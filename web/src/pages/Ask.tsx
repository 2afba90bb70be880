// Ask: a chat over POST /api/ask, answered from the family's own log. "remember: …" saves a
// note. On the free plan the API answers 402 and we say so plainly.
import { useEffect, useRef, useState } from 'preact/hooks';
import { FormError } from '../components/Field';
import { useSession } from '../lib/session';
import { ApiError, get, post, type Schemas } from '../lib/api';

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
        else setNotesError(e instanceof ApiError ? e.message : 'Could not load notes.');
        setNotes([]);
      },
    );
  useEffect(() => void loadNotes(), []);
  useEffect(() => end.current?.scrollIntoView?.({ block: 'nearest' }), [msgs.length]);

  const ask = async (e: Event) => {
    e.preventDefault();
    const question = q.trim();
    if (!question) return setError('Type a question first.');
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
        setError('Ask is on the paid plan. Your family is on the free plan, so questions are not available.');
      } else if (err instanceof ApiError && err.status === 429) {
        setError(`You've reached the question limit for now. ${err.message !== 'Too many requests. Please wait a moment.' ? err.message : ''}`.trim());
      } else setError(err instanceof ApiError ? err.message : 'Could not ask right now.');
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
      setNotesError(e instanceof ApiError ? e.message : 'Could not delete the note.');
    }
  };

  if (paid === false) {
    // A paid feature, shown as one: what it does, and that the rest of the app is unaffected.
    return (
      <>
        <h1>Ask <span class="badge">paid plan</span></h1>
        <div class="card" role="note" data-testid="paid-plan">
          <p><strong>Ask is part of the paid plan.</strong> Your family is on the free plan, so questions and notes aren't available; everything else in the app works as usual.</p>
          <p class="muted small">With it you can ask about your own log in plain words: “How much milk yesterday?”, “When is her next nap?”, “Has he had egg this week?”. Your family's admin can change the plan with the service's operator.</p>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>Ask</h1>
      <p class="muted small">Questions are answered from your own log (“How much milk yesterday?”, “When did she last poop?”). Start with “remember:” to save a note. Not medical advice.</p>
      <ul class="chat" aria-live="polite" aria-label="Conversation">
        {msgs.map((m, i) => (
          <li key={i} class={`bubble ${m.who}`}><span class="sr-only">{m.who === 'me' ? 'You: ' : 'Answer: '}</span>{m.text}</li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ul>
      <form onSubmit={ask}>
        <div class="field">
          <label for="question">Your question</label>
          <input id="question" value={q} onInput={(e) => setQ((e.currentTarget as HTMLInputElement).value)} autocomplete="off"
            aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'ask-err' : undefined} />
        </div>
        {error && <p class="error" id="ask-err" role="alert">{error}</p>}
        <button class="btn primary wide" type="submit" disabled={busy}>{busy ? 'Asking…' : 'Ask'}</button>
      </form>
      {<section aria-labelledby="notes-h">
        <h2 id="notes-h">Notes</h2>
        <FormError error={notesError} />
        {notes == null ? <p class="muted">Loading…</p> : notes.length === 0 ? <p class="muted">No notes saved.</p> : (
          <ul class="events">
            {notes.map((n) => (
              <li class="event" key={n.ts}>
                <div class="event-head">
                  <span class="event-what">{n.text}</span>
                  <button type="button" class="btn small" onClick={() => removeNote(n.ts)} aria-label={`Delete note: ${n.text}`}>Delete</button>
                </div>
                <p class="small muted">{n.ts.replace('T', ' ').slice(0, 16)}{n.tags?.length ? ` · ${n.tags.join(', ')}` : ''}</p>
              </li>
            ))}
          </ul>
        )}
      </section>}
    </>
  );
}
