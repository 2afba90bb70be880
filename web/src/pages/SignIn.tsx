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
    <AuthFrame title="Sign in">
      {flash && <p class="banner" role="alert" data-testid="signin-flash">{flash}</p>}
      <form onSubmit={onSubmit} noValidate>
        <Field label="Email" type="email" autocomplete="email" required {...f.field('email')} />
        <Field label="Password" type="password" autocomplete="current-password" required {...f.field('password')} />
        <FormError error={f.formError} />
        <button class="btn primary wide" type="submit" disabled={f.busy}>{f.busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <p class="alt">New here? <a href="/signup" onClick={linkClick}>Create a family</a></p>
      <p class="alt small">Invited by a parent? Open the link they sent you.</p>
    </AuthFrame>
  );
}

export function AuthFrame({ title, children }: { title: string; children: ComponentChildren }) {
  document.title = `${title} · Baby Tracker`;
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
