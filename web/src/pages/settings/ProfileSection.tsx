// The child profile and family settings. Admins edit (POST /api/vega/profile); members read.
// With several children each child's name, birth date and gender are edited under Children,
// so this section keeps only what the family shares.
import { Field, FormError, Select } from '../../components/Field';
import { post, type Schemas } from '../../lib/api';
import { childBody, reloadChildren, setProfile, useSession, type Profile } from '../../lib/session';
import { genderOf, gendersWith } from './genders';
import { useForm } from '../../lib/use-form';
import { useState } from 'preact/hooks';
import { t } from '../../i18n/core';

/** Edited under Children once there are several (not here, where a stale value could undo that). */
const CHILD_FIELDS = ['baby_name', 'dob', 'gender'];

export function ProfileSection({ admin }: { admin: boolean }) {
  const s = useSession();
  const p = s.profile!;
  const several = s.children.length > 1;
  const f = useForm({
    baby_name: p.baby_name ?? '', dob: p.dob ?? '', gender: p.gender ?? '', family_name: p.family_name ?? '',
    timezone: p.timezone ?? '', region: p.region ?? 'uk', units: p.units ?? 'metric',
  });
  const [saved, setSaved] = useState(false);
  const save = (e: Event) => {
    e.preventDefault();
    setSaved(false);
    f.submit(async () => {
      // Send only what changed, so "region sets units" works unless units was changed too.
      const v = f.values;
      const changed = (k: keyof typeof v) => v[k] !== (p[k] ?? '') && !(several && CHILD_FIELDS.includes(k));
      const gender = genderOf(v.gender);
      const changes: Schemas['ProfileUpdate'] = {
        ...(changed('baby_name') ? { baby_name: v.baby_name } : {}),
        ...(changed('dob') ? { dob: v.dob } : {}),
        ...(changed('gender') && gender !== undefined ? { gender } : {}),
        ...(changed('family_name') ? { family_name: v.family_name } : {}),
        ...(changed('timezone') ? { timezone: v.timezone } : {}),
        ...(changed('region') ? { region: v.region } : {}),
        ...(changed('units') ? { units: v.units } : {}),
      };
      if (!Object.keys(changes).length) return setSaved(true);
      // Named, so the answer is the selected child's profile (the one the app shows).
      const r = await post('/api/vega/profile', { body: { ...changes, ...childBody() } });
      setProfile(r.profile);
      f.setValues({
        baby_name: r.profile.baby_name ?? '', dob: r.profile.dob ?? '', gender: r.profile.gender ?? '', family_name: r.profile.family_name ?? '',
        timezone: r.profile.timezone ?? '', region: r.profile.region ?? 'uk', units: r.profile.units ?? 'metric',
      });
      setSaved(true);
      // The name or birth date may have changed: the children list (and switcher) say so too.
      if (changes.baby_name || changes.dob || changes.gender !== undefined) void reloadChildren();
    });
  };
  const genders = gendersWith(p.gender);
  return (
    <section class="card" aria-labelledby="profile-h">
      <h2 id="profile-h" style={{ marginTop: 0 }}>{several ? t('profile.family_settings') : t('profile.title')}</h2>
      {!admin && <p class="muted small">{t('set.admin_only')}</p>}
      <form onSubmit={save} noValidate>
        <fieldset disabled={!admin} style={{ border: 0, padding: 0, margin: 0 }}>
          {!several && <>
            <Field label={t('profile.baby_name')} maxLength={80} {...f.field('baby_name')} />
            <Field label={t('set.dob')} type="date" {...f.field('dob')} hint={p.age_display ? t('profile.age', { age: p.age_display }) : undefined} />
            <Select label={t('set.gender')} options={genders} {...f.field('gender')} />
          </>}
          <Field label={t('profile.family_name')} maxLength={120} {...f.field('family_name')} />
          <Field label={t('profile.timezone')} {...f.field('timezone')} hint={t('profile.this_device', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })} />
          <Select label={t('profile.region')} options={[['uk', t('profile.uk')], ['us', t('profile.us')]]} {...f.field('region')} />
          <Select label={t('profile.units')} options={[['metric', t('profile.metric')], ['imperial', t('profile.imperial')]]} {...f.field('units')} />
          <p class="hint">{t('profile.units_hint')}</p>
        </fieldset>
        <FormError error={f.formError} />
        {admin && <button class="btn primary" type="submit" disabled={f.busy}>{several ? t('profile.save_settings') : t('profile.save')}</button>}
        {saved && <span role="status" class="small" style={{ marginLeft: '0.5rem' }}>{t('common.saved')}</span>}
      </form>
    </section>
  );
}
