// The medicines the family gives (issue 26), each with the family's own settings as written on
// the packet or the prescription: minimum hours between doses and most doses in 24 hours
// (GET/POST /api/vega/medicines, POST /api/vega/medicines/delete). Admins add, change and
// remove them; everyone sees them. The app never fills in either number and never suggests an
// amount: a dose logged sooner or past the count is still logged, with a warning.
import { useEffect, useState } from 'preact/hooks';
import { Field, FormError } from '../../components/Field';
import { ApiError, get, post } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import { settingText, type MedicineSetting } from '../../home/more/MedicineForm';

function MedicineEditor({ medicine, onDone, onCancel }: { medicine?: MedicineSetting; onDone: (m: MedicineSetting) => void; onCancel: () => void }) {
  const f = useForm({
    name: medicine?.name ?? '',
    min_hours: medicine?.min_hours != null ? String(medicine.min_hours) : '',
    max_per_24h: medicine?.max_per_24h != null ? String(medicine.max_per_24h) : '',
  });
  const prefix = medicine ? `med-${medicine.name.replace(/\W+/g, '-')}` : 'med-new';
  const save = (e: Event) => {
    e.preventDefault();
    const v = f.values;
    const hours = v.min_hours.trim() === '' ? null : Number(v.min_hours.replace(',', '.'));
    const most = v.max_per_24h.trim() === '' ? null : Number(v.max_per_24h);
    const errors: Record<string, string> = {};
    if (!v.name.trim()) errors.name = 'Enter the name on the packet or prescription.';
    if (hours !== null && !(Number.isFinite(hours) && hours > 0 && hours <= 168)) errors.min_hours = 'Enter hours above 0 and up to 168, or leave it empty.';
    if (most !== null && !(Number.isInteger(most) && most >= 1 && most <= 24)) errors.max_per_24h = 'Enter a whole number from 1 to 24, or leave it empty.';
    if (Object.keys(errors).length) return f.setErrors(errors);
    f.submit(async () => {
      const r = await post('/api/vega/medicines', { body: { name: v.name.trim(), min_hours: hours, max_per_24h: most } });
      onDone(r.medicine);
    });
  };
  return (
    <form class="child-form" onSubmit={save} noValidate data-testid={medicine ? 'medicine-edit' : 'medicine-add'}>
      {/* A name is the medicine: changing its settings keeps the name (remove it and add another to rename). */}
      {!medicine && <Field label="Name" maxLength={80} id={`${prefix}-name`} autocomplete="off" {...f.field('name')} />}
      <Field label="Minimum hours between doses" hint="As the packet or prescription says. Leave empty if it says none."
        inputMode="decimal" id={`${prefix}-hours`} autocomplete="off" {...f.field('min_hours')} />
      <Field label="Most doses in 24 hours" hint="As the packet or prescription says. Leave empty if it says none."
        inputMode="numeric" id={`${prefix}-most`} autocomplete="off" {...f.field('max_per_24h')} />
      <FormError error={f.formError} />
      <div class="row">
        <button class="btn primary" type="submit" disabled={f.busy}>{medicine ? 'Save' : 'Add medicine'}</button>
        <button class="btn ghost" type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

export function MedicinesSection({ admin }: { admin: boolean }) {
  const [list, setList] = useState<MedicineSetting[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    get('/api/vega/medicines').then(
      (r) => setList(r.medicines),
      (e) => { setList([]); setError(e instanceof ApiError ? e.message : 'Could not load the medicines.'); },
    );
  useEffect(() => void load(), []);

  const saved = async (m: MedicineSetting, added: boolean) => {
    setEditing(null);
    setAdding(false);
    setNotice(added ? `${m.name} added.` : `Saved ${m.name}.`);
    await load();
  };
  const remove = async (name: string) => {
    setError(null);
    setNotice(null);
    setConfirm(null);
    try {
      await post('/api/vega/medicines/delete', { body: { name } });
      setNotice(`${name} removed. Doses already logged stay in the log.`);
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'That did not go through. Please try again.');
    }
  };

  return (
    <section class="card" aria-labelledby="medicines-h" data-testid="medicines-section">
      <h2 id="medicines-h" style={{ marginTop: 0 }}>Medicines</h2>
      <p class="small">
        The medicines you give, with your own settings from the packet or the prescription: the least time between doses and the
        most doses in 24 hours. The app never suggests these numbers or an amount; it only reminds you of yours when a dose is
        logged sooner or more often.
      </p>
      {notice && <p class="small" role="status">{notice}</p>}
      {error && <p class="error" role="alert">{error}</p>}
      {list == null ? <p class="muted" aria-busy="true">Loading…</p> : list.length === 0 ? (
        <p class="muted small">No medicines saved yet.{admin ? '' : ' A family admin can add them.'}</p>
      ) : (
        <ul class="events children-list">
          {list.map((m) => (
            <li key={m.name} class="child-row" data-testid="medicine-row" data-medicine={m.name}>
              <p class="med-row"><strong>{m.name}</strong><span class="muted small"> · {settingText(m) || 'no settings'}</span></p>
              {admin && editing !== m.name && (
                <div class="row child-actions">
                  <button type="button" class="btn small" onClick={() => { setEditing(m.name); setConfirm(null); setAdding(false); }} aria-label={`Edit ${m.name}`}>Edit</button>
                  {confirm === m.name ? (
                    <>
                      <button type="button" class="btn small danger" onClick={() => remove(m.name)}>Really remove {m.name}?</button>
                      <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>Keep</button>
                    </>
                  ) : (
                    <button type="button" class="btn small" onClick={() => setConfirm(m.name)} aria-label={`Remove ${m.name}`}>Remove</button>
                  )}
                </div>
              )}
              {editing === m.name && <MedicineEditor medicine={m} onDone={(x) => saved(x, false)} onCancel={() => setEditing(null)} />}
            </li>
          ))}
        </ul>
      )}
      {!admin && list != null && list.length > 0 && <p class="muted small">Only a family admin can change these.</p>}
      {admin && (adding ? (
        <>
          <h3>Add a medicine</h3>
          <MedicineEditor onDone={(x) => saved(x, true)} onCancel={() => setAdding(false)} />
        </>
      ) : (
        <button type="button" class="btn" onClick={() => { setAdding(true); setEditing(null); setNotice(null); }} data-testid="add-medicine">Add a medicine</button>
      ))}
    </section>
  );
}
