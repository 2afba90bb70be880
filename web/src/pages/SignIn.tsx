// Sign in: POST /login {email, password}. The server sets the session cookie.
import type { ComponentChildren } from 'preact';
import { Field, FormError } from '../components/Field';
import { ThemeToggle } from '../components/Layout';
import { post } from '../lib/api';
import { linkClick, navigate } from '../lib/router';
import { loadSession } from '../lib/session';
import { useForm } from '../lib/use-form';
import { SIGNED_OUT_FLASH } from '../lib/log-queue';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/core';

/** Read once: why the parent landed here (a log tapped after the session expired). */
function takeFlash(): string | null {
  try {
    const m = sessionStorage.getItem(SIGNED_OUT_FLASH);
    sessionStorage.removeItem(SIGNED_OUT_FLASH);
    return m;
  } catch {
    return null;
  }
}

export function afterSignIn(next?: string | null) {
  return loadSession().then(() => navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', true));
}

export function SignIn({ next }: { next?: string | null }) {
  const f = useForm({ email: '', password: '' });
  const [flash, setFlash] = useState(takeFlash);
  useEffect(() => {
    // The log that hit the expired session may report after this page is already showing.
    const on = () => setFlash((cur) => takeFlash() ?? cur);
    on();
    addEventListener(SIGNED_OUT_FLASH, on);
    return () => removeEventListener(SIGNED_OUT_FLASH, on);
  }, []);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    f.submit(async () => {
      await post('/login', { body: { email: f.values.email.trim(), password: f.values.password } });
      await afterSignIn(next);
    });
  };
  return (
    <AuthFrame title={t('auth.sign_in')}>
      {flash && <p class="banner" role="alert" data-testid="signin-flash">{flash}</p>}
      <form onSubmit={onSubmit} noValidate>
        <Field label={t('auth.email')} type="email" autocomplete="email" required {...f.field('email')} />
        <Field label={t('auth.password')} type="password" autocomplete="current-password" required {...f.field('password')} />
        <FormError error={f.formError} />
        <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? t('auth.signing_in') : t('auth.sign_in')}</button>
      </form>
      <p class="alt">{t('auth.new_here')} <a href="/signup" onClick={linkClick}>{t('auth.create_family_link')}</a></p>
      <p class="alt small">{t('auth.invited')}</p>
    </AuthFrame>
  );
}

export function AuthFrame({ title, children }: { title: string; children: ComponentChildren }) {
  document.title = t('auth.doc_title', { title });
  return (
    <div class="auth">
      <header class="auth-top">
        <span class="brand">Baby Tracker</span>
        <ThemeToggle />
      </header>
      <main id="main" class="auth-card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
