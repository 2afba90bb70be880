// Set a new password with a reset link: /reset?code=… → POST /api/vega/reset {code, new_password}.
// It does not sign in (every session of the account was just ended): the person signs in next.
import { useState } from 'preact/hooks';
import { Field, FormError } from '../components/Field';
import { post } from '../lib/api';
import { linkClick } from '../lib/router';
import { useForm } from '../lib/use-form';
import { AuthFrame } from './SignIn';

export function Reset({ code }: { code: string }) {
  const f = useForm({ new_password: '', again: '' });
  const [done, setDone] = useState(false);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const v = f.values;
    const errs: Record<string, string> = {};
    if (v.new_password.length < 6) errs.new_password = 'Use at least 6 characters.';
    else if (v.again !== v.new_password) errs.again = 'The two passwords differ.';
    if (Object.keys(errs).length) return f.setErrors(errs);
    f.submit(async () => {
      await post('/api/vega/reset', { body: { code, new_password: v.new_password } });
      setDone(true);
    });
  };
  if (done) {
    return (
      <AuthFrame title="Password set">
        <p role="status" data-testid="reset-done">Password set — sign in with your new password.</p>
        <p class="muted small">Every session of this account was signed out; its API tokens still work.</p>
        <a class="btn primary wide" href="/login" onClick={linkClick}>Sign in</a>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Set a new password">
      {!code ? (
        <p class="error" role="alert">This page needs the reset link you were given. Ask a family admin for a new one.</p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>Choose a new password. The link works once, for an hour from when it was made.</p>
          <Field label="New password" type="password" autocomplete="new-password" required hint="At least 6 characters." {...f.field('new_password')} />
          <Field label="New password again" type="password" autocomplete="new-password" required {...f.field('again')} />
          <FormError error={f.formError} />
          <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? 'Saving…' : 'Set password'}</button>
        </form>
      )}
      <p class="alt"><a href="/login" onClick={linkClick}>Back to sign in</a></p>
    </AuthFrame>
  );
}
