// One timeline entry: time, what, who; reactions; an inline editor for the fields the API lets
// us change (ts, ml, foods, note, meal_type, kind, author); delete with a second confirming tap.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { post, splitError } from '../../lib/api';
import { describe, type LogEvent } from '../../lib/describe';
import { eventIcon, Icon } from '../../components/Icon';
import { clock } from '../../lib/time';

const EMOJIS = ['❤️', '👍', '😂'];
const KINDS: Record<string, string[]> = { nappy: ['wet', 'dirty', 'both', 'dry'], supplement: ['vitd', 'iron', 'multivitamin'] };

export function EventRow({ event: e, units, me, onChange }: { event: LogEvent; units: string; me: string; onChange: (updated: LogEvent | null) => void }) {
  // Compact: one line per event; its actions open with one tap on the row.
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Calls the API; a refusal is shown once, next to the field it names when the editor shows it. */
  const mutate = async (path: string, body: unknown, shown: string[] = []) => {
    setError(null);
    setFieldErrors({});
    try {
      return await post(path, body);
    } catch (err) {
      const { fields, form } = splitError(err, shown);
      setFieldErrors(fields);
      setError(form);
      return null;
    }
  };

  const react = async (emoji: string) => {
    const r = await mutate('/api/vega/event/react', { id: e.id, emoji });
    if (r?.event) onChange(r.event);
  };
  const remove = async () => {
    const r = await mutate('/api/vega/event/delete', { id: e.id });
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
        <span class="event-icon"><Icon name={eventIcon(e)} size={20} /></span>
        <span class="event-what">{what}{e.note && e.type !== 'note' ? <span class="muted"> · {e.note}</span> : null}</span>
        <span class="event-author">{e.author ?? ''}</span>
        {counts.size > 0 && <span class="event-reacted">{[...counts.entries()].map(([k, c]) => `${k}${c.n > 1 ? c.n : ''}`).join(' ')}</span>}
      </button>
      {open && <div class="event-tools">
        <span class="reactions" role="group" aria-label="Reactions">
          {EMOJIS.map((emoji) => {
            const c = counts.get(emoji);
            return (
              <button type="button" key={emoji} class="chip" aria-pressed={!!c?.mine} onClick={() => react(emoji)}
                aria-label={`React ${emoji} to ${what.charAt(0).toLowerCase()}${what.slice(1)} at ${clock(e.ts)}${c ? ` (${c.n}${c.who.length ? `: ${c.who.join(', ')}` : ''})` : ''}`}>
                {emoji}{c ? ` ${c.n}` : ''}
              </button>
            );
          })}
          {[...counts.entries()].filter(([k]) => !EMOJIS.includes(k)).map(([k, c]) => (
            <span class="chip" key={k}>{k} {c.n}</span>
          ))}
        </span>
        <span style={{ flex: 1 }} />
        <button type="button" class="btn small" onClick={() => setEditing(!editing)} aria-expanded={editing} aria-label={`Edit ${what} at ${clock(e.ts)}`}>Edit</button>
        {confirmDelete ? (
          <>
            <button type="button" class="btn small danger" onClick={remove} aria-label={`Really delete ${what} at ${clock(e.ts)}`}>Really delete?</button>
            <button type="button" class="btn small ghost" onClick={() => setConfirmDelete(false)}>Keep</button>
          </>
        ) : (
          <button type="button" class="btn small" onClick={() => setConfirmDelete(true)} aria-label={`Delete ${what} at ${clock(e.ts)}`}>Delete</button>
        )}
      </div>}
      {!editing && <FormError error={error} />}
      {editing && (
        <EditForm event={e} error={error} fieldErrors={fieldErrors} onCancel={() => setEditing(false)}
          onSave={async (changes) => {
            const r = await mutate('/api/vega/event/edit', { id: e.id, changes }, editableFields(e));
            if (r) {
              setEditing(false);
              onChange(r.event ?? { ...e, ...changes });
            }
          }} />
      )}
    </li>
  );
}

/** The fields the editor shows for this event, so an error about one of them sits beside it. */
function editableFields(e: LogEvent): string[] {
  return ['ts', 'note', ...(e.type === 'milk' ? ['ml'] : []), ...(KINDS[e.type] ? ['kind'] : []), ...(e.type === 'solid' ? ['foods'] : [])];
}

function EditForm({ event: e, onSave, onCancel, error, fieldErrors }: {
  event: LogEvent; onSave: (changes: Record<string, unknown>) => void; onCancel: () => void; error: string | null; fieldErrors: Record<string, string>;
}) {
  const [time, setTime] = useState(clock(e.ts));
  const [ml, setMl] = useState(e.ml != null ? String(e.ml) : '');
  const [kind, setKind] = useState(e.kind ?? '');
  const [foods, setFoods] = useState((e.foods ?? []).join(', '));
  const [note, setNote] = useState(e.note ?? '');
  const id = `edit-${e.id}`;
  const save = (ev: Event) => {
    ev.preventDefault();
    const changes: Record<string, unknown> = {};
    if (time && time !== clock(e.ts)) changes.ts = `${e.ts.slice(0, 10)}T${time}:00`;
    if (e.type === 'milk' && ml !== '' && Number(ml) !== e.ml) changes.ml = Number(ml);
    if (KINDS[e.type] && kind !== (e.kind ?? '')) changes.kind = kind;
    if (e.type === 'solid' && foods !== (e.foods ?? []).join(', ')) changes.foods = foods.split(',').map((f) => f.trim()).filter(Boolean);
    if (note !== (e.note ?? '')) changes.note = note || null;
    if (!Object.keys(changes).length) return onCancel();
    onSave(changes);
  };
  const err = (k: string) => fieldErrors[k] && <p class="error" role="alert">{fieldErrors[k]}</p>;
  return (
    <form onSubmit={save} noValidate class="card" style={{ marginTop: '0.5rem' }} aria-label="Edit entry">
      <div class="field">
        <label for={`${id}-time`}>Time</label>
        <input id={`${id}-time`} type="time" value={time} onInput={(x) => setTime((x.currentTarget as HTMLInputElement).value)} />
        {err('ts')}
      </div>
      {e.type === 'milk' && (
        <div class="field">
          <label for={`${id}-ml`}>Amount (ml, 0 for a breastfeed)</label>
          <input id={`${id}-ml`} type="number" min={0} max={500} inputMode="numeric" value={ml} onInput={(x) => setMl((x.currentTarget as HTMLInputElement).value)} />
          {err('ml')}
        </div>
      )}
      {KINDS[e.type] && (
        <div class="field">
          <label for={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} value={kind} onChange={(x) => setKind((x.currentTarget as HTMLSelectElement).value)}>
            {KINDS[e.type].map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
          {err('kind')}
        </div>
      )}
      {e.type === 'solid' && (
        <div class="field">
          <label for={`${id}-foods`}>Foods (comma separated)</label>
          <input id={`${id}-foods`} value={foods} onInput={(x) => setFoods((x.currentTarget as HTMLInputElement).value)} />
          {err('foods')}
        </div>
      )}
      <div class="field">
        <label for={`${id}-note`}>Note</label>
        <input id={`${id}-note`} maxLength={300} value={note} onInput={(x) => setNote((x.currentTarget as HTMLInputElement).value)} />
        {err('note')}
      </div>
      <FormError error={error} />
      <div class="row">
        <button type="submit" class="btn primary">Save</button>
        <button type="button" class="btn" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
