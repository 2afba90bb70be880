// Join by invite: /join?code=… → POST /api/vega/join {code, email, password, username?}.
import { Field, FormError } from '../components/Field';
import { post } from '../lib/api';
import { linkClick } from '../lib/router';
import { useForm } from '../lib/use-form';
import { AuthFrame, afterSignIn } from './SignIn';

export function Join({ code }: { code: string }) {
  const f = useForm({ code, email: '', password: '', username: '' });
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const v = f.values;
    const errs: Record<string, string> = {};
    if (!v.code.trim()) errs.code = 'Paste the invite code from the link you were sent.';
    if (!/^\S+@\S+\.\S+$/.test(v.email.trim())) errs.email = 'Enter the email you will sign in with.';
    if (v.password.length < 6) errs.password = 'Use at least 6 characters.';
    if (Object.keys(errs).length) return f.setErrors(errs);
    f.submit(async () => {
      const body = { code: v.code.trim(), email: v.email.trim(), password: v.password, ...(v.username.trim() ? { username: v.username.trim() } : {}) };
      await post('/api/vega/join', { body });
      await afterSignIn('/');
    });
  };
  return (
    <AuthFrame title="Join your family">
      <p>You've been invited to share a baby's log. Create your sign-in to join.</p>
      <form onSubmit={onSubmit} noValidate>
        {!code && <Field label="Invite code" required {...f.field('code')} />}
        {code && f.errors.code && <p class="error" role="alert">{f.errors.code}</p>}
        <Field label="Email" type="email" autocomplete="email" required {...f.field('email')} />
        <Field label="Password" type="password" autocomplete="new-password" required hint="At least 6 characters." {...f.field('password')} />
        <Field label="Your name in the log (optional)" hint="e.g. Grandma" {...f.field('username')} />
        <FormError error={f.formError} />
        <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? 'Joining…' : 'Join family'}</button>
      </form>
      <p class="alt">Already have an account? <a href="/login" onClick={linkClick}>Sign in</a></p>
    </AuthFrame>
  );
}
