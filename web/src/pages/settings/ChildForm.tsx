// A child's name, date of birth and gender: adding a child (POST /api/vega/children) or
// changing one (POST /api/vega/children/edit, only what changed). The server's refusals land
// next to their field: a name already taken, a birth date in the future or over 5 years ago.
import { Field, FormError, Select } from '../../components/Field';
import { post, type Schemas } from '../../lib/api';
import type { Child } from '../../lib/children';
import { useForm } from '../../lib/use-form';
import { genderOf, gendersWith } from './genders';
import { t } from '../../i18n/core';

export function ChildForm({ child, onDone, onCancel }: {
  /** the child to change; none to add one */
  child?: Child;
  onDone: (saved: Child | null) => void;
  onCancel: () => void;
}) {
  const f = useForm({ baby_name: child?.baby_name ?? '', dob: child?.dob ?? '', gender: child?.gender ?? '' });
  // Ids of their own: the profile form on the same page has a name and a birth date too.
  const prefix = child ? `child-${child.id}` : 'child-new';
  const save = (e: Event) => {
    e.preventDefault();
    f.submit(async () => {
      const v = f.values;
      if (!child) {
        const gender = genderOf(v.gender);
        const r = await post('/api/vega/children', { body: { baby_name: v.baby_name.trim(), dob: v.dob, ...(gender ? { gender } : {}) } });
        return onDone(r.child);
      }
      const gender = genderOf(v.gender);
      const changes: Schemas['ChildEditRequest']['changes'] = {
        ...(v.baby_name.trim() !== child.baby_name ? { baby_name: v.baby_name.trim() } : {}),
        ...(v.dob !== child.dob ? { dob: v.dob } : {}),
        ...(v.gender !== (child.gender ?? '') && gender !== undefined ? { gender } : {}),
      };
      if (!Object.keys(changes).length) return onDone(null);
      const r = await post('/api/vega/children/edit', { body: { id: child.id, changes } });
      onDone(r.child);
    });
  };
  return (
    <form class="child-form" onSubmit={save} noValidate data-testid={child ? 'child-edit' : 'child-add'}>
      <Field label={child ? t('set.name') : t('set.child_name')} maxLength={80} id={`${prefix}-name`} autocomplete="off" {...f.field('baby_name')} />
      <Field label={t('set.dob')} type="date" id={`${prefix}-dob`} {...f.field('dob')} />
      <Select label={t('set.gender')} options={gendersWith(child?.gender)} id={`${prefix}-gender`} {...f.field('gender')} />
      <FormError error={f.formError} />
      <div class="row">
        <button class="btn primary" type="submit" disabled={f.busy}>{child ? t('common.save') : t('set.add_child_btn')}</button>
        <button class="btn ghost" type="button" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
