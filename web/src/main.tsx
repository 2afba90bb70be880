import { render } from 'preact';
import { App } from './app';
import { flushQueue } from './lib/log-queue';
import { onSessionChange } from './lib/session';
import './styles.css';

render(<App />, document.getElementById('app')!);

// Send anything queued while the app was closed offline, once we know who is signed in.
onSessionChange((s) => {
  if (s.status === 'signed-in') void flushQueue();
});

// The service worker caches the app shell so the app opens without a connection.
if ('serviceWorker' in navigator && location.protocol !== 'file:' && !import.meta.env.DEV) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* no worker (e.g. not served): the app still works online */
    });
  });
}
