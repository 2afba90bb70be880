// Set a new password with a reset link: /reset?code=… → POST /api/vega/reset {code, new_password}.
// It does not sign in (every session of the account was just ended): the person signs in next.
import { useState } from 'preact/hooks';
import { Field, FormError } from '../components/Field';
import { post } from '../lib/api';
import { linkClick } from '../lib/router';
import { useForm } from '../lib/use-form';
import { AuthFrame } from './SignIn';
import { t } from '../i18n/core';

export function Reset({ code }: { code: string }) {
  const f = useForm({ new_password: '', again: '' });
  const [done, setDone] = useState(false);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const v = f.values;
    const errs: Record<string, string> = {};
    if (v.new_password.length < 6) errs.new_password = t('auth.password_short');
    else if (v.again !== v.new_password) errs.again = t('auth.passwords_differ');
    if (Object.keys(errs).length) return f.setErrors(errs);
    f.submit(async () => {
      await post('/api/vega/reset', { body: { code, new_password: v.new_password } });
      setDone(true);
    });
  };
  if (done) {
    return (
      <AuthFrame title={t('auth.password_set')}>
        <p role="status" data-testid="reset-done">{t('auth.password_set_text')}</p>
        <p class="muted small">{t('auth.sessions_ended')}</p>
        <a class="btn primary wide" href="/login" onClick={linkClick}>{t('auth.sign_in')}</a>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('auth.new_password_title')}>
      {!code ? (
        <p class="error" role="alert">{t('auth.needs_link')}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>{t('auth.choose_password')}</p>
          <Field label={t('auth.new_password')} type="password" autocomplete="new-password" required hint={t('auth.at_least_6')} {...f.field('new_password')} />
          <Field label={t('auth.new_password_again')} type="password" autocomplete="new-password" required {...f.field('again')} />
          <FormError error={f.formError} />
          <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? t('auth.saving') : t('auth.set_password')}</button>
        </form>
      )}
      <p class="alt"><a href="/login" onClick={linkClick}>{t('auth.back_to_sign_in')}</a></p>
    </AuthFrame>
  );
}
