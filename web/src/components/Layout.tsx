// Page frame: top bar with the baby's name (the selected child's), night-mode toggle and sign
// out; under it the child switcher when there are children to pick from; a bottom tab bar on
// phones (reachable with a thumb) that becomes a side list on wide screens.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { linkClick, navigate } from '../lib/router';
import { useTheme } from '../lib/theme';
import { post } from '../lib/api';
import { signedOut, useSession } from '../lib/session';
import { onQueueChange, pendingCount } from '../lib/log-queue';
import { Icon } from './Icon';
import { ChildSwitcher } from './ChildSwitcher';
import { t, type MessageKey } from '../i18n/core';

const TABS: [string, MessageKey, string][] = [
  ['/', 'nav.home', 'home'],
  ['/timeline', 'nav.timeline', 'list'],
  ['/insights', 'nav.insights', 'chart'],
  ['/growth', 'nav.growth', 'growth'],
  ['/solids', 'nav.solids', 'solids'],
  ['/ask', 'nav.ask', 'ask'],
  ['/settings', 'nav.settings', 'settings'],
];

export function ThemeToggle() {
  const [theme, toggle] = useTheme();
  return (
    <button type="button" class="btn small ghost" onClick={toggle} aria-pressed={theme === 'dark'} id="night-toggle">
      <Icon name={theme === 'dark' ? 'moon' : 'sun'} size={20} /> {theme === 'dark' ? t('layout.night_on') : t('layout.night_off')}
    </button>
  );
}

function Pending() {
  const [n, setN] = useState(pendingCount());
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    // A delivered log also proves the connection is back, even if the 'online' event was missed
    // (a page reopened while offline may not see it).
    const off = onQueueChange(() => {
      setN(pendingCount());
      setOnline(navigator.onLine);
    });
    const on = () => setOnline(navigator.onLine);
    addEventListener('online', on);
    addEventListener('offline', on);
    return () => {
      off();
      removeEventListener('online', on);
      removeEventListener('offline', on);
    };
  }, []);
  if (online && !n) return null;
  return (
    <p class="banner" role="status" data-testid="offline-banner">
      {online ? '' : `${t('layout.offline')} `}
      {n ? t('layout.waiting', { n }) : t('layout.will_send')}
    </p>
  );
}

export function Layout({ path, title, children }: { path: string; title: string; children: ComponentChildren }) {
  const s = useSession();
  const signOut = async () => {
    try {
      await post('/logout');
    } catch {
      /* even if the server can't be reached, forget the session here */
    }
    signedOut();
    navigate('/login');
  };
  useEffect(() => {
    document.title = `${title} · ${s.profile?.baby_name ?? 'Baby Tracker'}`;
  }, [title, s.profile?.baby_name]);
  return (
    <div class="shell">
      <a class="skip" href="#main">{t('layout.skip')}</a>
      <header class="topbar">
        <span class="brand" data-testid="brand">{s.profile?.baby_name ?? 'Baby Tracker'}</span>
        <span class="topbar-actions">
          <ThemeToggle />
          <button type="button" class="btn small ghost" onClick={signOut}>{t('layout.sign_out')}</button>
        </span>
      </header>
      {/* Not sticky: the top bar keeps the child's name on screen while the page scrolls. */}
      <ChildSwitcher />
      <nav class="tabs" aria-label={t('layout.main')}>
        <ul>
          {TABS.map(([href, label, icon]) => {
            // Ask is a paid feature: on the free plan the tab says so rather than opening a broken page.
            const locked = href === '/ask' && s.me?.plan === 'free';
            return (
              <li key={href}>
                <a href={href} onClick={linkClick} aria-current={path === href ? 'page' : undefined} data-testid={locked ? 'tab-ask-locked' : undefined}>
                  <span class="tab-icon" aria-hidden="true"><Icon name={locked ? 'lock' : icon} size={22} /></span>
                  <span class="tab-label">{locked ? t('layout.tab_paid', { label: t(label) }) : t(label)}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Pending />
        {children}
      </main>
    </div>
  );
}
