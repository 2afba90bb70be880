// The app shell: decides which page a path shows and keeps signed-out visitors on the
// sign-in pages. Chart-heavy pages load on demand.
import { Fragment } from 'preact';
import { useEffect } from 'preact/hooks';
import { Layout } from './components/Layout';
import { setChildGoneHandler, setUnauthorizedHandler } from './lib/api';
import { lazyPage } from './lib/lazy';
import { navigate, useLocation } from './lib/router';
import { getSession, loadSession, recheckChildren, signedOut, useSession } from './lib/session';
import { Home } from './pages/Home';
import { Join } from './pages/Join';
import { Reset } from './pages/Reset';
import { SignIn } from './pages/SignIn';
import { SignUp } from './pages/SignUp';
import { Timeline } from './pages/Timeline';
import { Settings } from './pages/Settings';
import { Ask } from './pages/Ask';
import { Report } from './pages/Report';
import { t, tx, type MessageKey } from './i18n/core';

const Insights = lazyPage(() => import('./pages/Insights').then((m) => m.Insights));
const Growth = lazyPage(() => import('./pages/Growth').then((m) => m.Growth));
const Solids = lazyPage(() => import('./pages/Solids').then((m) => m.Solids));

// [title, page, about one child: started afresh when another child is picked]
const PAGES: Record<string, [MessageKey, () => any, boolean]> = {
  '/': ['nav.home', () => <Home />, true],
  '/timeline': ['nav.timeline', () => <Timeline />, true],
  '/insights': ['nav.insights', () => <Insights />, true],
  '/growth': ['nav.growth', () => <Growth />, true],
  '/solids': ['nav.solids', () => <Solids />, true],
  '/ask': ['nav.ask', () => <Ask />, false],
  '/settings': ['nav.settings', () => <Settings />, false],
  '/report': ['nav.report', () => null, true],
};
const PUBLIC = new Set(['/login', '/signup', '/join', '/reset']);

// A child archived or deleted on another phone: read the children again (back to the primary).
setChildGoneHandler(() => void recheckChildren());

setUnauthorizedHandler(() => {
  signedOut();
  if (!PUBLIC.has(location.pathname)) navigate(`/login?next=${encodeURIComponent(location.pathname)}`, true);
});

function NotFound({ signedIn, path }: { signedIn: boolean; path: string }) {
  useEffect(() => {
    document.title = t('notfound.doc_title');
  }, []);
  const body = (
    <div data-testid="not-found">
      <h1>{t('notfound.title')}</h1>
      <p>{tx('notfound.text', { path: <code>{path}</code> })}</p>
      <p><a class="btn primary" href="/">{t('notfound.home')}</a></p>
    </div>
  );
  return signedIn ? <Layout path={path} title={t('notfound.short')}>{body}</Layout> : <main class="auth-card" style={{ margin: '2rem auto', padding: '0 1rem' }}>{body}</main>;
}

export function App() {
  const { path, query } = useLocation();
  const s = useSession();
  useEffect(() => {
    void loadSession();
    // A child added, archived or renamed on another phone shows here when the app is looked at again.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && getSession().status === 'signed-in') void recheckChildren();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (s.status === 'signed-out' && PAGES[path]) navigate(path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`, true);
  }, [s.status, path]);

  // An unknown address: the app's own page, signed in or not (the server answers it with 404).
  if (!PAGES[path] && !PUBLIC.has(path)) return <NotFound signedIn={s.status === 'signed-in'} path={path} />;
  if (path === '/login') return <SignIn next={query.get('next')} />;
  if (path === '/signup') return <SignUp />;
  if (path === '/join') return <Join code={query.get('code') ?? ''} />;
  if (path === '/reset') return <Reset code={query.get('code') ?? ''} />;
  if (s.status !== 'signed-in') return <p class="muted center" aria-busy="true">{t('common.loading')}</p>;

  // The printable report stands alone: no navigation chrome. A page about one child is keyed
  // by the selected child, so picking another starts it afresh with that child's data (nothing
  // stale on screen); settings keeps its place and messages (archiving the child on screen
  // there moves the app to the primary child).
  if (path === '/report') return <Report key={s.child ?? ''} query={query} />;
  const page = PAGES[path];
  return (
    <Layout path={path} title={t(page[0])}>
      <Fragment key={page[2] ? s.child ?? '' : path}>{page[1]()}</Fragment>
    </Layout>
  );
}
