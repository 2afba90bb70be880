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
import { parseNum, t } from '../../i18n/core';

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
    const hours = v.min_hours.trim() === '' ? null : parseNum(v.min_hours);
    const most = v.max_per_24h.trim() === '' ? null : Number(v.max_per_24h);
    const errors: Record<string, string> = {};
    if (!v.name.trim()) errors.name = t('meds.name_needed');
    if (hours !== null && !(Number.isFinite(hours) && hours > 0 && hours <= 168)) errors.min_hours = t('meds.hours_range');
    if (most !== null && !(Number.isInteger(most) && most >= 1 && most <= 24)) errors.max_per_24h = t('meds.most_range');
    if (Object.keys(errors).length) return f.setErrors(errors);
    f.submit(async () => {
      const r = await post('/api/vega/medicines', { body: { name: v.name.trim(), min_hours: hours, max_per_24h: most } });
      onDone(r.medicine);
    });
  };
  return (
    <form class="child-form" onSubmit={save} noValidate data-testid={medicine ? 'medicine-edit' : 'medicine-add'}>
      {/* A name is the medicine: changing its settings keeps the name (remove it and add another to rename). */}
      {!medicine && <Field label={t('set.name')} maxLength={80} id={`${prefix}-name`} autocomplete="off" {...f.field('name')} />}
      <Field label={t('meds.min_hours')} hint={t('meds.as_packet')}
        inputMode="decimal" id={`${prefix}-hours`} autocomplete="off" {...f.field('min_hours')} />
      <Field label={t('meds.most')} hint={t('meds.as_packet')}
        inputMode="numeric" id={`${prefix}-most`} autocomplete="off" {...f.field('max_per_24h')} />
      <FormError error={f.formError} />
      <div class="row">
        <button class="btn primary" type="submit" disabled={f.busy}>{medicine ? t('common.save') : t('meds.add_btn')}</button>
        <button class="btn ghost" type="button" onClick={onCancel}>{t('common.cancel')}</button>
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
      (e) => { setList([]); setError(e instanceof ApiError ? e.message : t('meds.load_failed')); },
    );
  useEffect(() => void load(), []);

  const saved = async (m: MedicineSetting, added: boolean) => {
    setEditing(null);
    setAdding(false);
    setNotice(added ? t('meds.added', { name: m.name }) : t('set.saved_name', { name: m.name }));
    await load();
  };
  const remove = async (name: string) => {
    setError(null);
    setNotice(null);
    setConfirm(null);
    try {
      await post('/api/vega/medicines/delete', { body: { name } });
      setNotice(t('meds.removed', { name }));
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.try_again'));
    }
  };

  return (
    <section class="card" aria-labelledby="medicines-h" data-testid="medicines-section">
      <h2 id="medicines-h" style={{ marginTop: 0 }}>{t('meds.title')}</h2>
      <p class="small">
        {t('meds.intro')}
      </p>
      {notice && <p class="small" role="status">{notice}</p>}
      {error && <p class="error" role="alert">{error}</p>}
      {list == null ? <p class="muted" aria-busy="true">{t('common.loading')}</p> : list.length === 0 ? (
        <p class="muted small">{admin ? t('meds.none') : t('meds.none_member')}</p>
      ) : (
        <ul class="events children-list">
          {list.map((m) => (
            <li key={m.name} class="child-row" data-testid="medicine-row" data-medicine={m.name}>
              <p class="med-row"><strong>{m.name}</strong><span class="muted small"> · {settingText(m) || t('meds.no_settings')}</span></p>
              {admin && editing !== m.name && (
                <div class="row child-actions">
                  <button type="button" class="btn small" onClick={() => { setEditing(m.name); setConfirm(null); setAdding(false); }} aria-label={t('common.edit_name', { name: m.name })}>{t('common.edit')}</button>
                  {confirm === m.name ? (
                    <>
                      <button type="button" class="btn small danger" onClick={() => remove(m.name)}>{t('members.really_remove', { name: m.name })}</button>
                      <button type="button" class="btn small ghost" onClick={() => setConfirm(null)}>{t('common.keep')}</button>
                    </>
                  ) : (
                    <button type="button" class="btn small" onClick={() => setConfirm(m.name)} aria-label={t('common.remove_name', { name: m.name })}>{t('common.remove')}</button>
                  )}
                </div>
              )}
              {editing === m.name && <MedicineEditor medicine={m} onDone={(x) => saved(x, false)} onCancel={() => setEditing(null)} />}
            </li>
          ))}
        </ul>
      )}
      {!admin && list != null && list.length > 0 && <p class="muted small">{t('set.admin_only')}</p>}
      {admin && (adding ? (
        <>
          <h3>{t('meds.add')}</h3>
          <MedicineEditor onDone={(x) => saved(x, true)} onCancel={() => setAdding(false)} />
        </>
      ) : (
        <button type="button" class="btn" onClick={() => { setAdding(true); setEditing(null); setNotice(null); }} data-testid="add-medicine">{t('meds.add')}</button>
      ))}
    </section>
  );
}
