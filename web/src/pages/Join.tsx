// Join by invite: /join?code=… → POST /api/vega/join {code, email, password, username?}.
import { Field, FormError } from '../components/Field';
import { post } from '../lib/api';
import { linkClick } from '../lib/router';
import { useForm } from '../lib/use-form';
import { AuthFrame, afterSignIn } from './SignIn';
import { t } from '../i18n/core';

export function Join({ code }: { code: string }) {
  const f = useForm({ code, email: '', password: '', username: '' });
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const v = f.values;
    const errs: Record<string, string> = {};
    if (!v.code.trim()) errs.code = t('auth.code_needed');
    if (!/^\S+@\S+\.\S+$/.test(v.email.trim())) errs.email = t('field.email');
    if (v.password.length < 6) errs.password = t('auth.password_short');
    if (Object.keys(errs).length) return f.setErrors(errs);
    f.submit(async () => {
      const body = { code: v.code.trim(), email: v.email.trim(), password: v.password, ...(v.username.trim() ? { username: v.username.trim() } : {}) };
      await post('/api/vega/join', { body });
      await afterSignIn('/');
    });
  };
  return (
    <AuthFrame title={t('auth.join_title')}>
      <p>{t('auth.join_intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        {!code && <Field label={t('auth.invite_code')} required {...f.field('code')} />}
        {code && f.errors.code && <p class="error" role="alert">{f.errors.code}</p>}
        <Field label={t('auth.email')} type="email" autocomplete="email" required {...f.field('email')} />
        <Field label={t('auth.password')} type="password" autocomplete="new-password" required hint={t('auth.at_least_6')} {...f.field('password')} />
        <Field label={t('auth.your_name')} hint={t('auth.your_name_hint')} {...f.field('username')} />
        <FormError error={f.formError} />
        <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? t('auth.joining') : t('auth.join')}</button>
      </form>
      <p class="alt">{t('auth.have_account')} <a href="/login" onClick={linkClick}>{t('auth.sign_in')}</a></p>
    </AuthFrame>
  );
}
