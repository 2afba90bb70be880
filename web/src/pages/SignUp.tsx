// Sign up: the onboard fields, with the timezone taken from the phone and the region/units
// guessed from it (both can be changed here and later in settings).
import { Field, FormError, Select } from '../components/Field';
import { post, type Schemas } from '../lib/api';
import { genderOf } from './settings/genders';
import { linkClick } from '../lib/router';
import { browserZone, localToday } from '../lib/time';
import { useForm } from '../lib/use-form';
import { AuthFrame, afterSignIn } from './SignIn';
import { t } from '../i18n/core';

const zone = browserZone();
const guessUs = /^America\/(?!Sao_Paulo|Argentina|Bogota|Lima|Santiago|Caracas|Mexico_City)/.test(zone);

export function SignUp() {
  const f = useForm({
    email: '', password: '', baby_name: '', dob: '', username: '', family_name: '',
    gender: '', timezone: zone, region: guessUs ? 'us' : 'uk', units: guessUs ? 'imperial' : 'metric',
  });
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const v = f.values;
    // Check the obvious things here so the parent hears about them before a round trip.
    const errs: Record<string, string> = {};
    if (!/^\S+@\S+\.\S+$/.test(v.email.trim())) errs.email = t('field.email');
    if (v.password.length < 6) errs.password = t('auth.password_short');
    if (!v.baby_name.trim()) errs.baby_name = t('auth.baby_name_needed');
    if (!v.dob) errs.dob = t('auth.dob_needed');
    if (Object.keys(errs).length) {
      f.setErrors(errs);
      return;
    }
    f.submit(async () => {
      const gender = genderOf(v.gender);
      const body: Schemas['OnboardRequest'] = {
        email: v.email.trim(), password: v.password, baby_name: v.baby_name.trim(), dob: v.dob,
        family_name: v.family_name.trim(), ...(gender !== undefined ? { gender } : {}), timezone: v.timezone,
        // The selects offer these two each.
        region: v.region === 'us' ? 'us' : 'uk', units: v.units === 'imperial' ? 'imperial' : 'metric',
        ...(v.username.trim() ? { username: v.username.trim() } : {}),
      };
      await post('/api/vega/onboard', { body });
      await afterSignIn('/');
    });
  };
  const region = f.field('region');
  return (
    <AuthFrame title={t('auth.create_title')}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend>{t('auth.you')}</legend>
          <Field label={t('auth.email')} type="email" autocomplete="email" required {...f.field('email')} />
          <Field label={t('auth.password')} type="password" autocomplete="new-password" required minLength={6} hint={t('auth.at_least_6')} {...f.field('password')} />
          <Field label={t('auth.your_name')} autocomplete="nickname" hint={t('auth.your_name_default')} {...f.field('username')} />
        </fieldset>
        <fieldset>
          <legend>{t('auth.your_baby')}</legend>
          <Field label={t('profile.baby_name')} required maxLength={80} {...f.field('baby_name')} />
          <Field label={t('set.dob')} type="date" required max={localToday(zone)} {...f.field('dob')} />
          <Select label={t('auth.gender')} options={[['', t('gender.prefer_not')], ['girl', t('gender.girl')], ['boy', t('gender.boy')], ['other', t('gender.other')]]} {...f.field('gender')} />
          <Field label={t('profile.family_name')} maxLength={120} hint={t('auth.family_name_hint')} {...f.field('family_name')} />
        </fieldset>
        <fieldset>
          <legend>{t('nav.settings')}</legend>
          <Field label={t('profile.timezone')} hint={t('auth.zone_detected')} {...f.field('timezone')} />
          <Select
            label={t('auth.region')}
            options={[['uk', t('profile.uk')], ['us', t('profile.us')]]}
            {...region}
            onValue={(v) => {
              region.onValue(v);
              f.setValues((s) => ({ ...s, region: v, units: v === 'us' ? 'imperial' : 'metric' }));
            }}
          />
          <Select label={t('auth.units')} options={[['metric', t('profile.metric')], ['imperial', t('profile.imperial')]]} {...f.field('units')} />
        </fieldset>
        <FormError error={f.formError} />
        <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? t('auth.creating') : t('auth.create')}</button>
      </form>
      <p class="alt">{t('auth.have_account')} <a href="/login" onClick={linkClick}>{t('auth.sign_in')}</a></p>
    </AuthFrame>
  );
}
