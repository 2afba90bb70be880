// Sign up: the onboard fields, with the timezone taken from the phone and the region/units
// guessed from it (both can be changed here and later in settings).
import { Field, FormError, Select } from '../components/Field';
import { post, type Schemas } from '../lib/api';
import { genderOf } from './settings/genders';
import { linkClick } from '../lib/router';
import { browserZone, localToday } from '../lib/time';
import { useForm } from '../lib/use-form';
import { AuthFrame, afterSignIn } from './SignIn';

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
    if (!/^\S+@\S+\.\S+$/.test(v.email.trim())) errs.email = 'Enter the email you will sign in with.';
    if (v.password.length < 6) errs.password = 'Use at least 6 characters.';
    if (!v.baby_name.trim()) errs.baby_name = "Enter your baby's name.";
    if (!v.dob) errs.dob = 'Enter the date of birth.';
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
    <AuthFrame title="Create your family">
      <form onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend>You</legend>
          <Field label="Email" type="email" autocomplete="email" required {...f.field('email')} />
          <Field label="Password" type="password" autocomplete="new-password" required minLength={6} hint="At least 6 characters." {...f.field('password')} />
          <Field label="Your name in the log (optional)" autocomplete="nickname" hint="Shown next to what you log. Defaults to the start of your email." {...f.field('username')} />
        </fieldset>
        <fieldset>
          <legend>Your baby</legend>
          <Field label="Baby's name" required maxLength={80} {...f.field('baby_name')} />
          <Field label="Date of birth" type="date" required max={localToday(zone)} {...f.field('dob')} />
          <Select label="Gender" options={[['', 'Prefer not to say'], ['girl', 'Girl'], ['boy', 'Boy'], ['other', 'Other']]} {...f.field('gender')} />
          <Field label="Family name" maxLength={120} hint="Needed later to confirm deleting the family." {...f.field('family_name')} />
        </fieldset>
        <fieldset>
          <legend>Settings</legend>
          <Field label="Time zone" hint="Detected from this device." {...f.field('timezone')} />
          <Select
            label="Region (for feeding and growth guidance)"
            options={[['uk', 'UK'], ['us', 'US']]}
            {...region}
            onValue={(v) => {
              region.onValue(v);
              f.setValues((s) => ({ ...s, region: v, units: v === 'us' ? 'imperial' : 'metric' }));
            }}
          />
          <Select label="Units" options={[['metric', 'Metric (kg, cm, ml)'], ['imperial', 'Imperial (lb, oz, in)']]} {...f.field('units')} />
        </fieldset>
        <FormError error={f.formError} />
        <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? 'Creating…' : 'Create family'}</button>
      </form>
      <p class="alt">Already have an account? <a href="/login" onClick={linkClick}>Sign in</a></p>
    </AuthFrame>
  );
}
