import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { App } from './app';
import { languageVersion, onLanguageChange } from './i18n/core';
import { startLanguage, syncPreferences } from './i18n/preferences';
import { flushQueue } from './lib/log-queue';
import { onSessionChange } from './lib/session';
import './styles.css';

/** The app, drawn afresh in the new words when the caregiver's language or formats change. */
function Root() {
  const [version, setVersion] = useState(languageVersion());
  useEffect(() => onLanguageChange(() => setVersion(languageVersion())), []);
  return <App key={version} />;
}

// The catalogue first (this phone's last choice, else the browser's language): nothing is drawn
// in a language the caregiver did not choose.
// Drawn even when no catalogue could be loaded at all (then the keys show): a blank page helps no one.
void startLanguage().catch(() => undefined).then(() => render(<Root />, document.getElementById('app')!));

let synced = '';
onSessionChange((s) => {
  // Send anything queued while the app was closed offline, once we know who is signed in.
  if (s.status === 'signed-in') void flushQueue();
  // The caregiver's saved language and formats, once per caregiver and family region.
  const who = s.status === 'signed-in' ? `${s.me?.user ?? ''}/${s.profile?.region ?? ''}` : '';
  if (who && who !== synced) {
    synced = who;
    void syncPreferences(s.profile?.region ?? null);
  }
  if (!who) synced = '';
});

// The service worker caches the app shell so the app opens without a connection.
if ('serviceWorker' in navigator && location.protocol !== 'file:' && !import.meta.env.DEV) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* no worker (e.g. not served): the app still works online */
    });
  });
}
