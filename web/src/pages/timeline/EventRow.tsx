// One timeline entry: time, what, who; reactions; the inline editor (EditForm.tsx); delete with a
// second confirming tap.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { post, splitError } from '../../lib/api';
import { describe, unbroken, type LogEvent } from '../../lib/describe';
import { eventIcon, Icon } from '../../components/Icon';
import { clock } from '../../lib/time';
import { EditForm, editableFields } from './EditForm';
import { currentLocale, t } from '../../i18n/core';

const EMOJIS = ['❤️', '👍', '😂'];
/** A summary inside a sentence: lower case first, except in German, which capitalises its nouns. */
const inSentence = (what: string) => (currentLocale().startsWith('de') ? what : `${what.charAt(0).toLowerCase()}${what.slice(1)}`);
export function EventRow({ event: e, units, me, onChange }: { event: LogEvent; units: string; me: string; onChange: (updated: LogEvent | null) => void }) {
  // Compact: one line per event; its actions open with one tap on the row.
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Calls the API; a refusal is shown once, next to the field it names when the editor shows it. */
  const mutate = async <T,>(send: () => Promise<T>, shown: string[] = []): Promise<T | null> => {
    setError(null);
    setFieldErrors({});
    try {
      return await send();
    } catch (err) {
      const { fields, form } = splitError(err, shown);
      setFieldErrors(fields);
      setError(form);
      return null;
    }
  };

  const react = async (emoji: string) => {
    const r = await mutate(() => post('/api/vega/event/react', { body: { id: e.id, emoji } }));
    if (r?.event) onChange(r.event);
  };
  const remove = async () => {
    const r = await mutate(() => post('/api/vega/event/delete', { body: { id: e.id } }));
    if (r) onChange(null);
  };

  const counts = new Map<string, { n: number; mine: boolean; who: string[] }>();
  for (const r of e.reactions ?? []) {
    const c = counts.get(r.emoji) ?? { n: 0, mine: false, who: [] };
    c.n++;
    if (r.username === me) c.mine = true;
    if (typeof r.username === 'string') c.who.push(r.username);
    counts.set(r.emoji, c);
  }
  const what = describe(e, units);

  return (
    <li class={`event compact${open ? ' open' : ''}`} data-testid="event" data-type={e.type} data-id={e.id}>
      <button type="button" class="event-head" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="event-head">
        <span class="event-time">{clock(e.ts)}</span>
        <span class="event-icon"><Icon name={eventIcon(e)} size={18} /></span>
        {/* The summary keeps the row's width and wraps rather than being cut; who logged it and
            the note go under it, and they are what an ellipsis shortens. */}
        <span class="event-body">
          <span class={`event-sum${e.type === 'note' ? ' note' : ''}`} data-testid="event-summary">{unbroken(what)}</span>
          {(e.author || (e.note && e.type !== 'note')) && (
            <span class="event-by" data-testid="event-by">{[e.author, e.type !== 'note' ? e.note : null].filter(Boolean).join(' · ')}</span>
          )}
        </span>
        {counts.size > 0 && <span class="event-reacted">{[...counts.entries()].map(([k, c]) => `${k}${c.n > 1 ? c.n : ''}`).join(' ')}</span>}
      </button>
      {open && <div class="event-tools">
        <span class="reactions" role="group" aria-label={t('tl.reactions')}>
          {EMOJIS.map((emoji) => {
            const c = counts.get(emoji);
            return (
              <button type="button" key={emoji} class="chip" aria-pressed={!!c?.mine} onClick={() => react(emoji)}
                aria-label={`${t('tl.react', { emoji, what: inSentence(what), time: clock(e.ts) })}${c ? ` (${c.n}${c.who.length ? `: ${c.who.join(', ')}` : ''})` : ''}`}>
                {emoji}{c ? ` ${c.n}` : ''}
              </button>
            );
          })}
          {[...counts.entries()].filter(([k]) => !EMOJIS.includes(k)).map(([k, c]) => (
            <span class="chip" key={k}>{k} {c.n}</span>
          ))}
        </span>
        <span style={{ flex: 1 }} />
        <button type="button" class="btn small" onClick={() => setEditing(!editing)} aria-expanded={editing} aria-label={t('tl.edit_at', { what, time: clock(e.ts) })}>{t('common.edit')}</button>
        {confirmDelete ? (
          <>
            <button type="button" class="btn small danger" onClick={remove} aria-label={t('tl.really_delete_at', { what, time: clock(e.ts) })}>{t('wh.really_delete')}</button>
            <button type="button" class="btn small ghost" onClick={() => setConfirmDelete(false)}>{t('common.keep')}</button>
          </>
        ) : (
          <button type="button" class="btn small" onClick={() => setConfirmDelete(true)} aria-label={t('tl.delete_at', { what, time: clock(e.ts) })}>{t('common.delete')}</button>
        )}
      </div>}
      {!editing && <FormError error={error} />}
      {editing && (
        <EditForm event={e} units={units} error={error} fieldErrors={fieldErrors} onCancel={() => setEditing(false)}
          onSave={async (changes) => {
            const r = await mutate(() => post('/api/vega/event/edit', { body: { id: e.id, changes } }), editableFields(e, units));
            if (r) {
              setEditing(false);
              onChange(r.event ?? { ...e, ...changes });
            }
          }} />
      )}
    </li>
  );
}
