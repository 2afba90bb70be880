// The child profile and family settings. Admins edit (POST /api/vega/profile); members read.
// With several children each child's name, birth date and gender are edited under Children,
// so this section keeps only what the family shares.
import { Field, FormError, Select } from '../../components/Field';
import { post, type Schemas } from '../../lib/api';
import { childBody, reloadChildren, setProfile, useSession, type Profile } from '../../lib/session';
import { genderOf, gendersWith } from './genders';
import { useForm } from '../../lib/use-form';
import { useState } from 'preact/hooks';

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
      <h2 id="profile-h" style={{ marginTop: 0 }}>{several ? 'Family settings' : 'Profile'}</h2>
      {!admin && <p class="muted small">Only a family admin can change these.</p>}
      <form onSubmit={save} noValidate>
        <fieldset disabled={!admin} style={{ border: 0, padding: 0, margin: 0 }}>
          {!several && <>
            <Field label="Baby's name" maxLength={80} {...f.field('baby_name')} />
            <Field label="Date of birth" type="date" {...f.field('dob')} hint={p.age_display ? `Age: ${p.age_display}` : undefined} />
            <Select label="Gender (used for growth centiles)" options={genders} {...f.field('gender')} />
          </>}
          <Field label="Family name" maxLength={120} {...f.field('family_name')} />
          <Field label="Time zone" {...f.field('timezone')} hint={`This device: ${Intl.DateTimeFormat().resolvedOptions().timeZone}`} />
          <Select label="Region" options={[['uk', 'UK'], ['us', 'US']]} {...f.field('region')} />
          <Select label="Units shown" options={[['metric', 'Metric (kg, cm, ml)'], ['imperial', 'Imperial (lb, oz, in)']]} {...f.field('units')} />
          <p class="hint">Everything is stored in metric; imperial is shown converted.</p>
        </fieldset>
        <FormError error={f.formError} />
        {admin && <button class="btn primary" type="submit" disabled={f.busy}>{several ? 'Save settings' : 'Save profile'}</button>}
        {saved && <span role="status" class="small" style={{ marginLeft: '0.5rem' }}>Saved.</span>}
      </form>
    </section>
  );
}
