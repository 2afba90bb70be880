// Sign in: POST /login {email, password}. The server sets the session cookie.
import { Field, FormError } from '../components/Field';
import { ThemeToggle } from '../components/Layout';
import { post } from '../lib/api';
import { linkClick, navigate } from '../lib/router';
import { loadSession } from '../lib/session';
import { useForm } from '../lib/use-form';

export function afterSignIn(next?: string | null) {
  return loadSession().then(() => navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', true));
}

export function SignIn({ next }: { next?: string | null }) {
  const f = useForm({ email: '', password: '' });
  const onSubmit = (e: Event) => {
    e.preventDefault();
    f.submit(async () => {
      await post('/login', { email: f.values.email.trim(), password: f.values.password });
      await afterSignIn(next);
    });
  };
  return (
    <AuthFrame title="Sign in">
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

export function AuthFrame({ title, children }: { title: string; children: any }) {
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
